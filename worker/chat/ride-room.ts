import { DurableObject } from "cloudflare:workers";
import {
  type ChatMessage,
  type ClientMessage,
  HISTORY_PAGE_DEFAULT,
  type NotificationFrame,
  parseClientMessage,
  type ServerMessage,
  SYNC_PAGE_MAX,
} from "../../domain/chat-protocol.ts";
import type { ErrorCode } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { isTransientD1Error } from "../db/client.ts";
import type { Bindings } from "../env.ts";
import {
  historyPage,
  loadMessage,
  markRead,
  messagesAfter,
  type StoreResult,
  storeSystemMessage,
  storeUserMessages,
  type UserMessageInput,
  unreadByParticipant,
} from "./queries.ts";

/** Identity the worker passes on the upgrade request (see routes.ts; clients cannot set these). */
export const ROOM_HEADERS = {
  rideId: "X-Rodamos-Ride-Id",
  userId: "X-Rodamos-User-Id",
} as const;

/** Per-socket state kept across hibernation (small: well under the 2 KiB attachment limit). */
interface SocketState {
  rideId: string;
  userId: string;
}

/** Close code when she stops being a participant (left the ride). */
export const CLOSE_NOT_PARTICIPANT = 4003;

/** At most this many sends share one D1 batch (3 statements each, well under D1's limits). */
const WRITE_GROUP_MAX = 25;

/** Sends whose D1 write failed are remembered (see `unconfirmed`) up to this many. */
const UNCONFIRMED_MAX = 1000;

/** New messages are announced to the other riders' UserHubs in bursts at most this often. */
const NOTIFY_DELAY_MS = 100;

const ERROR_TEXT: Record<string, string> = {
  not_found: MSG.rideGone,
  not_participant: MSG.notParticipant,
  ride_cancelled: MSG.rideCancelledJoin,
  chat_closed: MSG.chatClosed,
  conflict: MSG.messageSendFailed,
  internal: MSG.messageSendFailed,
  unavailable: MSG.messageSendFailed,
};

/**
 * One Durable Object per ride: hosts that ride's chat websockets (Hibernation API).
 * The worker authenticates the upgrade and checks membership before forwarding it here.
 * D1 is the system of record: a message is acknowledged and broadcast only after D1 stored it
 * (docs/decisions/0011-ride-chat.md), so evicting this object loses nothing.
 */
export class RideRoom extends DurableObject<Bindings> {
  /** Stored messages not yet announced to UserHubs (coalesced, see NOTIFY_DELAY_MS). */
  private pendingNotifications: ChatMessage[] = [];
  private notifyScheduled = false;
  private writeQueue: {
    input: UserMessageInput;
    resolve: (result: StoreResult) => void;
    reject: (error: unknown) => void;
  }[] = [];
  private writing = false;
  /** Last created_at this instance handed out: keeps the room's order strictly increasing. */
  private lastCreatedAt = 0;
  /**
   * Client ids whose write failed in this instance. A failed write may still have committed
   * (D1's answer was lost), in which case the resend finds it stored but nobody was told yet.
   */
  private unconfirmed = new Set<string>();

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    // Answered by the runtime without waking the object: keeps idle rooms hibernated.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") {
      return new Response("Expected a websocket upgrade", { status: 426 });
    }
    const state: SocketState = {
      rideId: request.headers.get(ROOM_HEADERS.rideId) ?? "",
      userId: request.headers.get(ROOM_HEADERS.userId) ?? "",
    };
    if (!state.rideId || !state.userId) {
      return new Response("Missing identity", { status: 400 });
    }
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [state.userId]);
    server.serializeAttachment(state);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    if (raw === "ping") {
      ws.send("pong");
      return;
    }
    const state = ws.deserializeAttachment() as SocketState | null;
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
    try {
      await this.handle(ws, state, parsed.msg);
    } catch (err) {
      console.error("ride room: frame failed", err);
      const code: ErrorCode = isTransientD1Error(err) ? "unavailable" : "internal";
      if (parsed.msg.type === "send") {
        // Her message shows "Error al enviar el mensaje" with "Reintentar", which resends its id.
        this.rememberUnconfirmed(parsed.msg.clientId);
        sendError(ws, code, parsed.msg.clientId);
      } else {
        send(ws, {
          type: "error",
          code,
          message: code === "unavailable" ? MSG.unavailable : MSG.internal,
        });
      }
    }
  }

  override async webSocketClose(ws: WebSocket, code: number) {
    closeQuietly(ws, code === 1005 || code === 1006 ? 1000 : code);
  }

  override async webSocketError(ws: WebSocket) {
    closeQuietly(ws, 1011);
  }

  private async handle(ws: WebSocket, state: SocketState, msg: ClientMessage) {
    const d1 = this.env.DB;
    switch (msg.type) {
      case "send": {
        const result = await this.store({
          id: msg.clientId,
          rideId: state.rideId,
          userId: state.userId,
          text: msg.text,
          now: this.nextTimestamp(),
        });
        if (!result.ok) {
          sendError(ws, result.code, msg.clientId);
          return;
        }
        send(ws, { type: "ack", clientId: msg.clientId, message: result.message });
        // A resend of a stored message: the others already have it, unless the first attempt
        // failed here after D1 had committed it.
        const unannounced = this.unconfirmed.delete(msg.clientId);
        if (result.inserted || unannounced) this.announce(result.message, ws);
        return;
      }
      case "history": {
        const page = await historyPage(d1, state.rideId, {
          before: msg.before,
          limit: msg.limit ?? HISTORY_PAGE_DEFAULT,
        });
        send(ws, { type: "history", ...page });
        return;
      }
      case "sync": {
        const page = msg.after
          ? await messagesAfter(d1, state.rideId, msg.after, SYNC_PAGE_MAX)
          : null;
        if (page) {
          send(ws, { type: "synced", ...page });
        } else {
          // No cursor, or one this ride does not know: start again from the latest page.
          const latest = await historyPage(d1, state.rideId, { limit: HISTORY_PAGE_DEFAULT });
          send(ws, { type: "history", ...latest });
        }
        return;
      }
      case "read": {
        const now = Date.now();
        if (await markRead(d1, state.rideId, state.userId, now)) {
          send(ws, { type: "read-state", lastSeenAt: new Date(now).toISOString() });
        } else {
          sendError(ws, "not_participant");
        }
        return;
      }
    }
  }

  /**
   * Group commit: sends that arrive while a D1 write is in flight are stored together in the
   * next batch (one round trip for the group). Each sender still gets her ack only after D1
   * stored her message; with one send at a time this is exactly one batch per message.
   */
  private store(input: UserMessageInput): Promise<StoreResult> {
    return new Promise((resolve, reject) => {
      this.writeQueue.push({ input, resolve, reject });
      if (!this.writing) void this.drainWrites();
    });
  }

  private async drainWrites() {
    this.writing = true;
    try {
      while (this.writeQueue.length > 0) {
        const group = this.writeQueue.splice(0, WRITE_GROUP_MAX);
        try {
          const results = await storeUserMessages(
            this.env.DB,
            group.map((w) => w.input),
          );
          for (const [i, w] of group.entries()) w.resolve(results[i]!);
        } catch (error) {
          for (const w of group) w.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  private rememberUnconfirmed(clientId: string) {
    if (this.unconfirmed.size >= UNCONFIRMED_MAX) {
      const oldest = this.unconfirmed.values().next().value;
      if (oldest !== undefined) this.unconfirmed.delete(oldest);
    }
    this.unconfirmed.add(clientId);
  }

  /**
   * Messages sorted by (created_at, id) must read in the order they arrived: two sends in the
   * same millisecond get consecutive timestamps instead of falling back to random id order.
   */
  private nextTimestamp(): number {
    this.lastCreatedAt = Math.max(Date.now(), this.lastCreatedAt + 1);
    return this.lastCreatedAt;
  }

  /** Broadcasts a stored message to the room (the sender got her ack) and queues the badges. */
  private announce(message: ChatMessage, except?: WebSocket) {
    const frame = JSON.stringify({ type: "message", message } satisfies ServerMessage);
    for (const socket of this.ctx.getWebSockets()) {
      if (socket === except) continue;
      try {
        socket.send(frame);
      } catch {
        // A socket closing under us: it will reconnect and sync.
      }
    }
    this.pendingNotifications.push(message);
    if (!this.notifyScheduled) {
      this.notifyScheduled = true;
      // Not awaited by the send path: the sender's ack never waits for the fan-out.
      this.ctx.waitUntil(this.flushNotifications());
    }
  }

  /** One D1 query for every participant's unread count, then one RPC per rider to notify. */
  private async flushNotifications() {
    await new Promise((resolve) => setTimeout(resolve, NOTIFY_DELAY_MS));
    const batch = this.pendingNotifications;
    this.pendingNotifications = [];
    this.notifyScheduled = false;
    const rideId = batch[0]?.rideId;
    if (!rideId) return;
    try {
      const riders = await unreadByParticipant(this.env.DB, rideId);
      await Promise.all(
        riders.map(async (rider) => {
          // The newest message of this burst that is not hers (for the organizer, not a notice
          // of her own doing either, see UNREAD_FOR_PARTICIPANT); none → nothing new for her.
          const latest = batch
            .filter((m) => m.userId !== rider.userId)
            .filter((m) => !(rider.isOrganizer && m.kind === "system"))
            .at(-1);
          if (!latest) return;
          const frame: NotificationFrame = {
            type: "unread",
            rideId,
            rideTitle: rider.title,
            count: rider.unread,
            lastMessage: { text: latest.text, createdAt: latest.createdAt, kind: latest.kind },
          };
          const hub = this.env.USER_HUB.get(this.env.USER_HUB.idFromName(rider.userId));
          await hub.notify(frame);
        }),
      );
    } catch (err) {
      // Badges also refresh on focus and on the next message: a lost notification is not data loss.
      console.error("ride room: notifications failed", err);
    }
  }

  // ---------- RPC for the rest of the worker ----------

  /** Stores and broadcasts a system notice (edit, cancellation). */
  async postSystemMessage(rideId: string, text: string): Promise<ChatMessage | null> {
    const message = await storeSystemMessage(this.env.DB, {
      id: crypto.randomUUID(),
      rideId,
      text,
      now: this.nextTimestamp(),
    });
    if (message) this.announce(message);
    return message;
  }

  /**
   * A message already stored in D1 by someone else's transaction (the rides API writes the
   * edit notice in the same batch as the edit): broadcast it and update the badges.
   */
  async announceStoredMessage(rideId: string, messageId: string): Promise<boolean> {
    const message = await loadMessage(this.env.DB, rideId, messageId);
    if (message) this.announce(message);
    return message !== null;
  }

  /** She left the ride: close her sockets and tell the room. */
  async participantLeft(userId: string): Promise<void> {
    for (const socket of this.ctx.getWebSockets(userId)) {
      closeQuietly(socket, CLOSE_NOT_PARTICIPANT, "not_participant");
    }
    this.broadcast({ type: "participant", event: "left", userId });
  }

  /** She joined the ride: tell the room. */
  async participantJoined(userId: string): Promise<void> {
    this.broadcast({ type: "participant", event: "joined", userId });
  }

  /** How many sockets are open (tests and diagnostics). */
  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  private broadcast(frame: ServerMessage) {
    const data = JSON.stringify(frame);
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(data);
      } catch {
        // closing socket
      }
    }
  }
}

function send(ws: WebSocket, frame: ServerMessage) {
  try {
    ws.send(JSON.stringify(frame));
  } catch {
    // The socket closed meanwhile; the client resends or syncs on reconnect.
  }
}

function sendError(ws: WebSocket, code: ErrorCode, clientId?: string) {
  send(ws, {
    type: "error",
    code,
    message: ERROR_TEXT[code] ?? MSG.internal,
    ...(clientId ? { clientId } : {}),
  });
}

function closeQuietly(ws: WebSocket, code: number, reason = "closing") {
  try {
    ws.close(code, reason);
  } catch {
    // already closed
  }
}
