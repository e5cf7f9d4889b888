// Who in the room hears of a ride-day event (docs/product.md#check-in-and-arrivals): only open sockets whose
// session is live and whose rider still participates (checked in D1 at the moment of sending),
// never a rider who and the event's rider blocked each other, and among those only the recipients
// the event is for (the organizer for a check-in, the group for an arrival…).
import type { ServerMessage } from "../../../domain/chat-protocol.ts";
import type { Database } from "../../env.ts";
import { socketAccess } from "../../ride-core/access.ts";

type RideDayFrame = Extract<ServerMessage, { type: "ride-day" }>;

interface SocketIdentity {
  rideId: string;
  userId: string;
  sessionId: string;
}

export async function deliverRideDay(
  sockets: WebSocket[],
  db: Database,
  rideId: string,
  frame: RideDayFrame,
  isRecipient: (userId: string) => boolean,
): Promise<number> {
  const chosen = sockets.flatMap((socket) => {
    const state = socket.deserializeAttachment() as SocketIdentity | null;
    return state?.sessionId && state.rideId === rideId && isRecipient(state.userId)
      ? [{ socket, state }]
      : [];
  });
  if (chosen.length === 0) return 0;
  const sessions = [...new Set(chosen.map((c) => c.state.sessionId))];
  const access = await socketAccess(db, rideId, sessions, Date.now(), [frame.userId]);
  const data = JSON.stringify(frame);
  let sent = 0;
  for (const { socket, state } of chosen) {
    if (access.verdict(state.sessionId, "session_ended") !== "ok") continue;
    if (access.hides(state.sessionId, frame.userId)) continue;
    try {
      socket.send(data);
      sent++;
    } catch {
      // Closing: her panel reloads the state when it reconnects.
    }
  }
  return sent;
}
