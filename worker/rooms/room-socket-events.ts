// A room's socket events, the same for a ride's room and a group's (worker/ride-room/,
// worker/group-room/): the upgrade the worker already authorized, each frame parsed and handed to
// the part that answers it, and the closing handshake.
import { parseClientMessage } from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";
import { ROOM_HEADERS } from "./headers.ts";
import type { RoomSocketState } from "./room-part.ts";
import type { RoomParts } from "./room-parts.ts";
import { closeQuietly, send, socketState } from "./room-sockets.ts";

/** Accepts the upgrade the worker forwarded with her identity (ROOM_HEADERS), tagged by user. */
export function acceptRoomSocket(ctx: DurableObjectState, request: Request): Response {
  if (request.headers.get("Upgrade") !== "websocket") {
    return new Response("Expected a websocket upgrade", { status: 426 });
  }
  const state: RoomSocketState = {
    rideId: request.headers.get(ROOM_HEADERS.rideId) ?? "",
    userId: request.headers.get(ROOM_HEADERS.userId) ?? "",
    sessionId: request.headers.get(ROOM_HEADERS.sessionId) ?? "",
  };
  if (!state.rideId || !state.userId || !state.sessionId) {
    return new Response("Missing identity", { status: 400 });
  }
  const pair = new WebSocketPair();
  const [client, server] = Object.values(pair) as [WebSocket, WebSocket];
  ctx.acceptWebSocket(server, [state.userId]);
  server.serializeAttachment(state);
  return new Response(null, { status: 101, webSocket: client });
}

/** One frame of an open socket: parsed, then answered by its part (or refused). */
export async function roomSocketMessage(
  ws: WebSocket,
  raw: string | ArrayBuffer,
  parts: RoomParts,
) {
  if (raw === "ping") {
    ws.send("pong");
    return;
  }
  const state = socketState(ws);
  if (!state) {
    ws.close(1011, "no state");
    return;
  }
  if (typeof raw !== "string") {
    send(ws, { type: "error", code: "validation_error", message: MSG.invalidInput });
    return;
  }
  const parsed = parseClientMessage(raw);
  if (!parsed.ok) {
    send(ws, { type: "error", code: parsed.code, message: parsed.message });
    return;
  }
  await parts.frame(ws, state, parsed.msg);
}

/** The client closed: the handshake is answered (1005/1006 are not codes one may send). */
export function roomSocketClosed(ws: WebSocket, code: number) {
  closeQuietly(ws, code === 1005 || code === 1006 ? 1000 : code);
}
