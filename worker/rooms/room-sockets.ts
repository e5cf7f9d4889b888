// Sending to and closing a ride room's sockets, for the room and each of its parts
// (worker/rooms/room-part.ts). A socket may close under any send: a failed send is dropped, and
// the app reconnects, syncs or asks again.
import { CLOSE_CODES, type ServerMessage } from "../../domain/chat-protocol.ts";
import { ERROR_TEXT } from "../../domain/error-text.ts";
import type { ErrorCode } from "../../domain/errors.ts";
import type { SocketAccess } from "../ride-core/access.ts";
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
