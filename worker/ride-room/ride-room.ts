// Over 400 lines and kept whole: the chat is still the class's own part here (its frames, the
// write queue, the fan-out), sharing the class's in-memory state. The ride day
// (worker/ride-day/room/), the reminders and the roster push (here), the share image
// (worker/share/stored-image.ts) and the forecast (worker/weather/forecast.ts) are parts this
// class builds; its socket handlers hand each frame to the part that answers it, its alarm each
// due job to the part that owns it (room-alarms.ts), and its RPC methods, which must stay on the
// class for the stubs' types, delegate.
import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import {
  CHAT_PACE_MEMORY_MS,
  type ChatMessage,
  CLOSE_CODES,
  type ClientMessage,
  HISTORY_PAGE_DEFAULT,
  type NotificationFrame,
  parseClientMessage,
  type ServerMessage,
  SYNC_PAGE_MAX,
  withinChatPace,
} from "../../domain/chat-protocol.ts";
import type { ErrorCode } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import {
  historyPage,
  loadMessage,
  messagesAfter,
  type StoreResult,
  storeSystemMessage,
  storeUserMessages,
  type UserMessageInput,
} from "../chat/messages.ts";
import { type ChatJob, ChatPush } from "../chat/room/chat-push.ts";
import { chatPace, chatPaceStatements } from "../chat/room/storage.ts";
import { markRead, unreadByParticipant } from "../chat/unread.ts";
import { migrateOnStart, objectDb, writtenOnFirstUse } from "../db/durable-storage.ts";
import type { Bindings } from "../env.ts";
import { type RoomAccess, socketAccess } from "../ride-core/access.ts";
import { RideDay, type RideDayAnswer, type RideDayCommand } from "../ride-day/room/ride-day.ts";
import type { RideDayJob } from "../ride-day/room/safety-timer.ts";
import { ROOM_HEADERS } from "../rooms/headers.ts";
import {
  type RoomContext,
  type RoomPart,
  type RoomSocketState,
  roomContext,
} from "../rooms/room-part.ts";
import {
  closeFor,
  closeQuietly,
  openSessions,
  send,
  sendError,
  socketState,
  trySend,
} from "../rooms/room-sockets.ts";
import { type CurrentPreviewImage, PreviewImageDrawer } from "../share/stored-image.ts";
import { type ForecastRide, RideForecasts } from "../weather/forecast.ts";
import { Reminders } from "./reminders.ts";
import { RoomAlarms } from "./room-alarms.ts";
import { RoomParts } from "./room-parts.ts";
import { RosterPush } from "./roster-push.ts";
import roomMigrations from "./storage/migrations/migrations.js";

/** What the write path hands each send: her outcome and the room check of her group's batch. */
interface StoredSend {
  result: StoreResult;
  access: RoomAccess;
}

/** At most this many sends share one D1 batch (3 statements each + one room check). */
const WRITE_GROUP_MAX = 25;

/** Sends whose D1 write failed are remembered (see `unconfirmed`) up to this many. */
const UNCONFIRMED_MAX = 1000;

/**
 * New messages are announced to the other riders' UserHubs (their badges, their pushes) in
 * bursts: the first 100 ms after a quiet room's message, then at most once a second while the
 * room keeps talking. Each burst costs a D1 query and one RPC per rider, on the thread that also
 * stores and fans out the next message (docs/benchmarks.md, the fan-out's anatomy).
 */
const NOTIFY_DELAY_MS = 100;
const NOTIFY_INTERVAL_MS = 1000;

/** "Try again later" (RFC 6455's 1013): the app reconnects after any code but its final ones. */
const RECHECK_FAILED = 1013;

/**
 * The worker authenticates a socket's upgrade and checks membership before forwarding it here.
 * D1 is the system of record (docs/decisions/0011-ride-chat.md), so evicting this object loses
 * nothing.
 */
export class RideRoom extends DurableObject<Bindings> {
  /** Stored messages not yet announced to UserHubs (coalesced, see NOTIFY_DELAY_MS). */
  private pendingNotifications: ChatMessage[] = [];
  private notifyScheduled = false;
  /** When the last burst of notifications went out (see NOTIFY_INTERVAL_MS). */
  private lastNotifyAt = 0;
  private writeQueue: {
    input: UserMessageInput;
    resolve: (result: StoredSend) => void;
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
  /** The room's own tables (storage/schema.ts): the chat pace here, the ride day's elsewhere. */
  private readonly roomDb = objectDb(this.ctx.storage);
  /** The chat pace's statements, written on the first send (chat/room/storage.ts). */
  private readonly chatPaceSql = writtenOnFirstUse(() => chatPaceStatements(this.roomDb));
  /** What the parts read of the room: its state, and its bindings at the moment of use. */
  private readonly room: RoomContext = roomContext(this.ctx, () => this.env);
  /** The room's one alarm, shared by the parts' jobs. */
  private readonly alarms = new RoomAlarms(this.ctx.storage);

  /** The forecast at the start: one provider call per hour, however many ask at once. */
  private readonly forecasts = new RideForecasts(this.env);
  /** The ride's share image: one drawing per version, whoever asks. */
  private readonly previewImages = new PreviewImageDrawer(this.env);
  /** The chat's pushes for riders whose chat is closed (its "chat" alarm job). */
  private readonly chatPush: ChatPush = new ChatPush(
    this.room,
    this.alarms.register<ChatJob>("chat", { chat: (now) => this.chatPush.sendHeld(now) }),
  );
  /** The chat: this class's own part (its methods below). */
  private readonly chat: RoomPart = {
    name: "chat",
    frames: {
      send: (ws, state, frame) => this.send(ws, state, frame),
      history: async (ws, state, frame) => {
        // Read concurrently with the check (no extra round trip); sent only if she passes.
        const [allowed, page] = await Promise.all([
          this.stillAllowed(ws, state),
          historyPage(this.db, state.rideId, {
            before: frame.before,
            limit: frame.limit ?? HISTORY_PAGE_DEFAULT,
            viewerId: state.userId,
          }),
        ]);
        if (allowed) send(ws, { type: "history", ...page });
      },
      sync: async (ws, state, frame) => {
        const [allowed, answer] = await Promise.all([
          this.stillAllowed(ws, state),
          this.syncAnswer(state.rideId, frame.after, state.userId),
        ]);
        if (allowed) send(ws, answer);
      },
      read: async (ws, state) => {
        const now = Date.now();
        if (await markRead(this.db, state.rideId, state.userId, now, state.sessionId)) {
          send(ws, { type: "read-state", lastSeenAt: new Date(now).toISOString() });
        } else if (await this.stillAllowed(ws, state)) {
          sendError(ws, "not_participant");
        }
      },
    },
    frameFailed: (ws, frame, code) => this.chatFrameFailed(ws, frame, code),
    // A deleted account never writes again: her chat pace goes too.
    accountDeleted: (userId) => {
      this.roomDb.delete(chatPace).where(eq(chatPace.userId, userId)).run();
    },
  };
  private readonly reminders = new Reminders(this.room, this.alarms, this.forecasts);
  private readonly roster = new RosterPush(this.room, this.alarms);
  private readonly rideDay = new RideDay(this.room, this.alarms);
  /** In this order when a rider goes or the ride is called off. */
  private readonly parts = new RoomParts([this.chat, this.reminders, this.roster, this.rideDay]);

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    // Answered by the runtime without waking the object: keeps idle rooms hibernated.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    // The room's own tables (storage/schema.ts) at their newest version before anything else.
    migrateOnStart(ctx, roomMigrations);
  }

  override async fetch(request: Request): Promise<Response> {
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
    this.ctx.acceptWebSocket(server, [state.userId]);
    server.serializeAttachment(state);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
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
    await this.parts.frame(ws, state, parsed.msg);
  }

  override async alarm() {
    await this.alarms.run();
  }

  override async webSocketClose(ws: WebSocket, code: number) {
    closeQuietly(ws, code === 1005 || code === 1006 ? 1000 : code);
  }

  override async webSocketError(ws: WebSocket) {
    closeQuietly(ws, 1011);
  }

  /** Her message: within her pace, stored in D1, acknowledged, then broadcast. */
  private async send(
    ws: WebSocket,
    state: RoomSocketState,
    frame: Extract<ClientMessage, { type: "send" }>,
  ) {
    if (!this.withinPace(state.userId, frame.clientId)) {
      // Nothing stored, broadcast or announced; her app shows the text beside the message.
      sendError(ws, "rate_limited", frame.clientId, MSG.chatTooFast);
      return;
    }
    const { result, access } = await this.store({
      id: frame.clientId,
      rideId: state.rideId,
      userId: state.userId,
      sessionId: state.sessionId,
      text: frame.text,
      now: this.nextTimestamp(),
    });
    if (!result.ok) {
      // A clash of message ids is a send that failed, not a refusal she can act on.
      const failed = result.code === "conflict";
      sendError(ws, result.code, frame.clientId, failed ? MSG.messageSendFailed : undefined);
      if (result.code === "unauthenticated") closeFor(ws, "session_ended");
      if (result.code === "not_participant") closeFor(ws, "not_participant");
      return;
    }
    send(ws, { type: "ack", clientId: frame.clientId, message: result.message });
    // A resend of a stored message: the others already have it, unless the first attempt
    // failed here after D1 had committed it.
    const unannounced = this.unconfirmed.delete(frame.clientId);
    if (result.inserted || unannounced) this.announce(result.message, access, ws);
  }

  /** A chat frame failed: a send's message offers "Reintentar"; the rest get the error frame. */
  private chatFrameFailed(ws: WebSocket, frame: ClientMessage, code: ErrorCode) {
    if (frame.type === "send") {
      // Her message shows "Error al enviar el mensaje" with "Reintentar", which resends its id.
      this.rememberUnconfirmed(frame.clientId);
      sendError(ws, code, frame.clientId, MSG.messageSendFailed);
    } else {
      sendError(ws, code);
    }
  }

  /** D1 through drizzle, read from env each time: a test may swap the binding for a counting one. */
  private get db() {
    return this.room.db;
  }

  private async syncAnswer(
    rideId: string,
    after: string | undefined,
    viewerId: string,
  ): Promise<ServerMessage> {
    const db = this.db;
    const page = after ? await messagesAfter(db, rideId, after, SYNC_PAGE_MAX, viewerId) : null;
    if (page) return { type: "synced", ...page };
    // No cursor, or one this ride does not know: start again from the latest page.
    const latest = await historyPage(db, rideId, { limit: HISTORY_PAGE_DEFAULT, viewerId });
    return { type: "history", ...latest };
  }

  /** Her session and participation, checked again in D1; a socket that lost them is closed. */
  private async stillAllowed(ws: WebSocket, state: RoomSocketState): Promise<boolean> {
    const access = await socketAccess(this.db, state.rideId, [state.sessionId], Date.now());
    const verdict = access.verdict(state.sessionId, "session_ended");
    if (verdict === "ok") return true;
    closeFor(ws, verdict);
    return false;
  }

  /**
   * One D1 query re-checking every open socket of the room (system notices, stored notices,
   * hidden messages), and which of them must not see `authorIds`' messages (blocks).
   */
  private checkRoom(rideId: string, authorIds: string[] = []): Promise<RoomAccess> {
    return socketAccess(
      this.db,
      rideId,
      openSessions(this.ctx.getWebSockets()),
      Date.now(),
      authorIds,
    );
  }

  /**
   * Group commit: sends that arrive while a D1 write is in flight are stored together in the
   * next batch (one round trip for the group). Each sender still gets her ack only after D1
   * stored her message; with one send at a time this is exactly one batch per message. The
   * batch also re-checks the room's sockets, shared by the group (see announce).
   */
  private store(input: UserMessageInput): Promise<StoredSend> {
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
          const { results, access } = await storeUserMessages(
            this.db,
            group.map((w) => w.input),
            openSessions(this.ctx.getWebSockets()),
          );
          for (const [i, w] of group.entries()) w.resolve({ result: results[i]!, access });
        } catch (error) {
          for (const w of group) w.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  /**
   * The chat pace (docs/product.md#chat-pace) for one more send of hers, recorded when it passes. A
   * resend of an id she sent within the last minute (a lost ack, a reconnect, "Reintentar"
   * after a failed write) is the same message, not a new one. Kept in the room's own storage,
   * synchronously: two frames cannot both pass one check.
   */
  private withinPace(userId: string, clientId: string): boolean {
    const statements = this.chatPaceSql();
    const now = Date.now();
    statements.forgetBefore.run({ before: now - CHAT_PACE_MEMORY_MS });
    const sent = statements.sentBy.all({ userId });
    if (sent.some((row) => row.clientId === clientId)) return true;
    if (
      !withinChatPace(
        sent.map((row) => row.sentAt),
        now,
      )
    )
      return false;
    statements.add.run({ userId, clientId, sentAt: now });
    return true;
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

  /**
   * Broadcasts a stored message to the room (the sender got her ack) and queues the badges.
   * `access` was read from D1 alongside the message: a socket whose session ended or whose
   * owner left is closed instead of served, and a rider who and the author blocked each other
   * is skipped (docs/product.md#blocking). A socket opened after that read is checked on its own
   * first (see sendChecked). `type` "hidden": a moderator hid it (no badge then).
   */
  private announce(
    message: ChatMessage,
    access: RoomAccess,
    except?: WebSocket,
    type: "message" | "hidden" = "message",
  ) {
    const frame = JSON.stringify({ type, message } satisfies ServerMessage);
    const unchecked: WebSocket[] = [];
    for (const socket of this.ctx.getWebSockets()) {
      if (socket === except) continue;
      const state = socket.deserializeAttachment() as RoomSocketState | null;
      if (state?.sessionId && !access.covers(state.sessionId)) {
        unchecked.push(socket);
        continue;
      }
      const verdict = state?.sessionId ? access.verdict(state.sessionId, "ok") : "session_ended";
      if (verdict !== "ok") {
        closeFor(socket, verdict);
        continue;
      }
      if (state && access.hides(state.sessionId, message.userId)) continue;
      trySend(socket, frame);
    }
    if (unchecked.length > 0) this.ctx.waitUntil(this.sendChecked(unchecked, message, frame));
    if (type === "hidden") return;
    this.pendingNotifications.push(message);
    if (!this.notifyScheduled) {
      this.notifyScheduled = true;
      const wait = Math.max(NOTIFY_DELAY_MS, this.lastNotifyAt + NOTIFY_INTERVAL_MS - Date.now());
      // Not awaited by the send path: the sender's ack never waits for the fan-out.
      this.ctx.waitUntil(this.flushNotifications(wait));
    }
  }

  /**
   * Sockets opened while a broadcast's check was in flight: checked now (one query), then sent
   * the frame unless they lost access or must not see its author. If the check fails, none is
   * trusted (ADR 0018): each is closed with a code the app reconnects after, and its reconnection
   * reads the message through the checked read (sync), so nothing is lost and nothing leaks.
   */
  private async sendChecked(sockets: WebSocket[], message: ChatMessage, frame: string) {
    const states = sockets.map((socket) => socket.deserializeAttachment() as RoomSocketState);
    const sessions = [...new Set(states.map((state) => state.sessionId))];
    const access = await socketAccess(
      this.db,
      message.rideId,
      sessions,
      Date.now(),
      message.userId ? [message.userId] : [],
    ).catch(() => null);
    if (!access) {
      for (const socket of sockets) closeQuietly(socket, RECHECK_FAILED, "recheck_failed");
      return;
    }
    for (const [i, socket] of sockets.entries()) {
      const state = states[i]!;
      const verdict = access.verdict(state.sessionId, "session_ended");
      if (verdict !== "ok") {
        closeFor(socket, verdict);
        continue;
      }
      if (access.hides(state.sessionId, message.userId)) continue;
      trySend(socket, frame);
    }
  }

  /** One D1 query for every participant's unread count, then one RPC per rider to notify. */
  private async flushNotifications(wait: number) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    this.lastNotifyAt = Date.now();
    const batch = this.pendingNotifications;
    this.pendingNotifications = [];
    this.notifyScheduled = false;
    const rideId = batch[0]?.rideId;
    if (!rideId) return;
    let riders: Awaited<ReturnType<typeof unreadByParticipant>> = [];
    try {
      const authors = batch.flatMap((m) => (m.userId ? [m.userId] : []));
      riders = await unreadByParticipant(this.db, rideId, authors);
      await Promise.all(
        riders.map(async (rider) => {
          // The newest message of this burst that is not hers (for the organizer, not a notice
          // of her own doing either, see UNREAD_FOR_PARTICIPANT) nor by someone she and they
          // blocked each other; none → nothing new for her.
          const latest = batch
            .filter((m) => m.userId !== rider.userId)
            .filter((m) => !(rider.isOrganizer && m.kind === "system"))
            .filter((m) => !(m.userId && rider.blockedAuthors.has(m.userId)))
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
    // Riders with the chat closed hear about it by push (docs/product.md#web-push).
    const readers = riders.filter(
      (rider) =>
        rider.unread > 0 &&
        this.ctx.getWebSockets(rider.userId).length === 0 &&
        batch.some(
          (m) =>
            m.userId !== rider.userId &&
            !(rider.isOrganizer && m.kind === "system") &&
            !(m.userId && rider.blockedAuthors.has(m.userId)),
        ),
    );
    try {
      await this.chatPush.chatMessages(rideId, riders[0]?.title ?? "", readers, Date.now());
    } catch (err) {
      console.warn("ride room: chat push failed", String(err));
    }
  }

  // ---------- RPC for the rest of the worker ----------

  /** Stores and broadcasts a system notice (edit, cancellation). */
  async postSystemMessage(rideId: string, text: string): Promise<ChatMessage | null> {
    const [message, access] = await Promise.all([
      storeSystemMessage(this.db, {
        id: crypto.randomUUID(),
        rideId,
        text,
        now: this.nextTimestamp(),
      }),
      this.checkRoom(rideId),
    ]);
    if (message) this.announce(message, access);
    return message;
  }

  /**
   * A message already stored in D1 by someone else's transaction (the rides API writes the
   * edit notice in the same batch as the edit): broadcast it and update the badges.
   */
  async announceStoredMessage(rideId: string, messageId: string): Promise<boolean> {
    const [message, access] = await Promise.all([
      loadMessage(this.db, rideId, messageId),
      this.checkRoom(rideId),
    ]);
    if (message) this.announce(message, access);
    return message !== null;
  }

  /**
   * A moderator hid one of the room's messages (already marked in D1): every open chat swaps
   * its copy for 'Mensaje ocultado por moderación' at once. Returns whether the message exists.
   */
  async messageHidden(rideId: string, messageId: string): Promise<boolean> {
    const message = await loadMessage(this.db, rideId, messageId);
    if (!message) return false;
    const access = await this.checkRoom(rideId, message.userId ? [message.userId] : []);
    this.announce(message, access, undefined, "hidden");
    return true;
  }

  /** The ride's current share image, drawn here at most once per version; null: no such ride. */
  async sharePreviewImage(rideId: string): Promise<CurrentPreviewImage | null> {
    return this.previewImages.current(rideId);
  }

  /** The forecast at the ride's start (worker/weather/routes.ts); null when there is none. */
  async forecast(ride: ForecastRide) {
    return this.forecasts.forecast(ride, Date.now());
  }

  /** She joined the ride: tell the room (and, in a while, the organizer). */
  async participantJoined(userId: string, rideId?: string, startTime?: number): Promise<void> {
    this.broadcast({ type: "participant", event: "joined", userId });
    if (!rideId) return;
    await this.roster.changed(rideId, userId, "joined", Date.now());
    // Rides from before reminders existed get theirs with their first new rider.
    if (startTime !== undefined) await this.reminders.schedule(rideId, startTime, Date.now());
  }

  /** She left the ride: close her sockets and tell the room (and, in a while, the organizer). */
  async participantLeft(userId: string, rideId?: string): Promise<void> {
    for (const socket of this.ctx.getWebSockets(userId)) {
      closeFor(socket, "not_participant");
    }
    this.forgetRider(userId);
    if (rideId) await this.roster.changed(rideId, userId, "left", Date.now());
  }

  /**
   * Her account was deleted (worker/account/routes.ts): the room forgets her as when she leaves,
   * at once rather than when the window's or the ride day's erasure comes. No roster push: her
   * departure is the deletion's, not news for the organizer.
   */
  async accountDeleted(userId: string): Promise<void> {
    for (const socket of this.ctx.getWebSockets(userId)) {
      closeFor(socket, "session_ended");
    }
    this.forgetRider(userId);
    this.parts.accountDeleted(userId);
  }

  /**
   * Every part forgets her and open chats see her leave. Leaving, removal and account deletion
   * share it, so what one erases the others do too (ADR 0039, 0040). Her chat pace stays:
   * leaving and joining again must not buy a fresh minute of messages (ADR 0019).
   */
  private forgetRider(userId: string) {
    this.parts.riderLeft(userId);
    this.broadcast({ type: "participant", event: "left", userId });
  }

  /** The ride was created or its start changed: the reminder goes 2 hours before it. */
  async scheduleReminder(rideId: string, startTime: number): Promise<void> {
    await this.reminders.schedule(rideId, startTime, Date.now());
  }

  /** The ride was cancelled or deleted: no reminder, and no ride day (a cancelled ride has no window). */
  async rideCalledOff(rideId: string): Promise<void> {
    await this.parts.rideCalledOff(rideId);
  }

  /**
   * Some of her sessions ended (her UserHub asks, ADR 0020): her sockets here are checked again
   * in D1 now, and closed if their session or her participation is gone. Returns how many of
   * hers stay open.
   */
  async recheckRider(userId: string): Promise<number> {
    const sockets = this.ctx.getWebSockets(userId);
    const states = sockets.map(socketState);
    const rideId = states.find(Boolean)?.rideId;
    if (!rideId) return 0;
    const sessions = [...new Set(states.flatMap((s) => (s?.sessionId ? [s.sessionId] : [])))];
    const access = await socketAccess(this.room.db, rideId, sessions, Date.now());
    let open = 0;
    for (const [i, socket] of sockets.entries()) {
      const verdict = access.verdict(states[i]?.sessionId ?? "", "session_ended");
      if (verdict === "ok") open++;
      else closeFor(socket, verdict);
    }
    return open;
  }

  /**
   * Closes her sockets in this room at once: all of them, or those opened with `sessionIds`
   * (see worker/rooms/close-sockets.ts). Returns how many were closed.
   */
  async closeUserSockets(
    userId: string,
    reason: "session_ended" | "suspended",
    sessionIds?: string[],
  ): Promise<number> {
    let closed = 0;
    for (const socket of this.ctx.getWebSockets(userId)) {
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

  /** Two of the room's riders blocked each other: their live positions are erased. */
  async ridersBlocked(a: string, b: string): Promise<void> {
    this.rideDay.ridersBlocked(a, b);
  }

  /** The organizer named another escoba (or none): open group maps mark her. */
  async sweeperChanged(sweeperId: string | null): Promise<void> {
    this.rideDay.sweeperChanged(sweeperId);
  }

  /** What the ride day keeps here (tests prove every erasure with it). */
  async liveStored() {
    return this.rideDay.liveStored();
  }

  /** The ride day's check-ins, arrivals and timer switch (worker/ride-day/routes.ts). */
  async rideDayCommand(command: RideDayCommand): Promise<RideDayAnswer> {
    return this.rideDay.command(command, Date.now());
  }

  /** She started the ride (shared her position): her safety timer runs (docs/product.md#check-in-and-arrivals). */
  async markStarted(rideId: string, userId: string): Promise<void> {
    await this.rideDay.markStarted(rideId, userId);
  }

  /**
   * DEV ONLY (worker/dev/ride-day.ts): runs a ride-day alarm job as if its time had come: on the
   * room's clock at the job's due time when that is ahead (a rider's question comes an hour
   * after her late check-in, her organizer's word an hour after the question), else now.
   */
  async runRideDayJobNow(job: RideDayJob): Promise<void> {
    await this.alarms.runNow(job);
  }

  /** How many sockets are open (tests and diagnostics). */
  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  private broadcast(frame: ServerMessage) {
    const data = JSON.stringify(frame);
    for (const socket of this.ctx.getWebSockets()) trySend(socket, data);
  }
}
