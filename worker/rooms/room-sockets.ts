// Sending to and closing a ride room's sockets, for the room and each of its parts
// (worker/rooms/room-part.ts). A socket may close under any send: a failed send is dropped, and
// the app reconnects, syncs or asks again.
import { CLOSE_CODES, type ServerMessage } from "../../domain/chat-protocol.ts";
import { ERROR_TEXT } from "../../domain/error-text.ts";
import type { ErrorCode } from "../../domain/errors.ts";
import type { RoomAccess, SocketAccess } from "../ride-core/access.ts";
import type { RoomSocketState } from "./room-part.ts";

/** The identity the room gave the socket when it opened (null: none, which never happens). */
export function socketState(ws: WebSocket): RoomSocketState | null {
  return ws.deserializeAttachment() as RoomSocketState | null;
}

/** The distinct sessions of these sockets (what a broadcast to them must re-check). */
export function openSessions(sockets: WebSocket[]): string[] {
  const ids = new Set<string>();
  for (const socket of sockets) {
    const state = socketState(socket);
    if (state?.sessionId) ids.add(state.sessionId);
  }
  return [...ids];
}

export function trySend(ws: WebSocket, data: string) {
  try {
    ws.send(data);
  } catch {
    // A socket closing under us: it will reconnect and sync.
  }
}

export function send(ws: WebSocket, frame: ServerMessage) {
  trySend(ws, JSON.stringify(frame));
}

/** An error frame: the code's text (ERROR_TEXT), or the one the situation calls for. */
export function sendError(
  ws: WebSocket,
  code: ErrorCode,
  clientId?: string,
  message = ERROR_TEXT[code],
) {
  send(ws, { type: "error", code, message, ...(clientId ? { clientId } : {}) });
}

/** Closes a socket that lost its access, with the code the client acts on (CLOSE_CODES). */
export function closeFor(ws: WebSocket, verdict: Exclude<SocketAccess, "ok">) {
  if (verdict === "not_participant") closeQuietly(ws, CLOSE_CODES.notParticipant, verdict);
  else closeQuietly(ws, CLOSE_CODES.sessionEnded, verdict);
}

export function closeQuietly(ws: WebSocket, code: number, reason = "closing") {
  try {
    ws.close(code, reason);
  } catch {
    // already closed
  }
}

/**
 * Closes a rider's sockets in a room at once: all of them, or those opened with `sessionIds`
 * (see worker/rooms/close-sockets.ts). `suspended` tells the app to sign her out for good.
 * Returns how many were closed.
 */
export function closeRiderSockets(
  ctx: DurableObjectState,
  userId: string,
  reason: "session_ended" | "suspended",
  sessionIds?: string[],
): number {
  let closed = 0;
  for (const socket of ctx.getWebSockets(userId)) {
    const state = socketState(socket);
    if (sessionIds && !(state && sessionIds.includes(state.sessionId))) continue;
    closeQuietly(
      socket,
      reason === "suspended" ? CLOSE_CODES.suspended : CLOSE_CODES.sessionEnded,
      reason,
    );
    closed++;
  }
  return closed;
}

/**
 * Some of her sessions ended: her sockets in a room are checked in D1 now (`access`: the room's
 * one-statement check of these sessions) and those that lost their access close. Returns how many
 * stay open.
 */
export async function recheckRiderSockets(
  ctx: DurableObjectState,
  userId: string,
  access: (roomId: string, sessionIds: string[]) => Promise<RoomAccess>,
): Promise<number> {
  const sockets = ctx.getWebSockets(userId);
  const states = sockets.map(socketState);
  const roomId = states.find(Boolean)?.rideId;
  if (!roomId) return 0;
  const sessions = [...new Set(states.flatMap((s) => (s?.sessionId ? [s.sessionId] : [])))];
  const verdicts = await access(roomId, sessions);
  let open = 0;
  for (const [i, socket] of sockets.entries()) {
    const verdict = verdicts.verdict(states[i]?.sessionId ?? "", "session_ended");
    if (verdict === "ok") open++;
    else closeFor(socket, verdict);
  }
  return open;
}
