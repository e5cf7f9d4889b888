// The ride room's parts as the room meets them (worker/rooms/room-part.ts): who answers each
// socket frame, and every part told when a rider goes or the ride is called off.
import type { ClientMessage } from "../../domain/chat-protocol.ts";
import type { ErrorCode } from "../../domain/errors.ts";
import { isTransientD1Error } from "../db/client.ts";
import type { RoomPart, RoomSocketState } from "./room-part.ts";
import { sendError } from "./room-sockets.ts";

type Handler = (ws: WebSocket, state: RoomSocketState, frame: ClientMessage) => Promise<void>;

export class RoomParts {
  /** Each frame type with the part that answers it. */
  private readonly answers = new Map<string, { part: RoomPart; handle: Handler }>();

  constructor(private readonly parts: RoomPart[]) {
    for (const part of parts) {
      for (const [type, handle] of Object.entries(part.frames ?? {})) {
        const owner = this.answers.get(type)?.part.name;
        if (owner) throw new Error(`frame ${type} is answered by ${owner}, not ${part.name} too`);
        this.answers.set(type, { part, handle: handle as Handler });
      }
    }
  }

  /** A parsed frame to its part; if it fails, the part's answer or the room's error frame. */
  async frame(ws: WebSocket, state: RoomSocketState, frame: ClientMessage): Promise<void> {
    const answer = this.answers.get(frame.type);
    if (!answer) return;
    try {
      await answer.handle(ws, state, frame);
    } catch (err) {
      console.error("ride room: frame failed", err);
      const code: ErrorCode = isTransientD1Error(err) ? "unavailable" : "internal";
      if (answer.part.frameFailed) answer.part.frameFailed(ws, frame, code);
      else sendError(ws, code);
    }
  }

  riderLeft(userId: string) {
    for (const part of this.parts) part.riderLeft?.(userId);
  }

  accountDeleted(userId: string) {
    for (const part of this.parts) part.accountDeleted?.(userId);
  }

  /** One after another, in the parts' order. */
  async rideCalledOff(rideId: string) {
    for (const part of this.parts) await part.rideCalledOff?.(rideId);
  }
}
