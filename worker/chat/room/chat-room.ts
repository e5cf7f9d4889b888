// The chat's part of a ride's room (ADR 0011, ADR 0052): the frames her chat sends (send,
// history, sync, read), the notices the rest of the worker posts or announces, and a moderator's
// hiding. D1 is the record: a message is acknowledged and broadcast only after D1 stored it
// (write-queue.ts), then fanned out (fan-out.ts). Its table is the chat pace (chat-pace.ts,
// storage.ts); its alarm job the held-back push (chat-push.ts).
import {
  type ChatMessage,
  type ClientMessage,
  HISTORY_PAGE_DEFAULT,
  type ServerMessage,
  SYNC_PAGE_MAX,
} from "../../../domain/chat-protocol.ts";
import type { ErrorCode } from "../../../domain/errors.ts";
import { MSG } from "../../../domain/messages.ts";
import type { RoomAccess } from "../../ride-core/access.ts";
import type {
  FrameHandlers,
  RoomContext,
  RoomPart,
  RoomScheduler,
  RoomSocketState,
} from "../../rooms/room-part.ts";
import { closeFor, openSessions, send, sendError } from "../../rooms/room-sockets.ts";
import { ChatPace } from "./chat-pace.ts";
import { type ChatJob, ChatPush } from "./chat-push.ts";
import { type ChatStore, rideChatStore } from "./chat-store.ts";
import { ChatFanOut } from "./fan-out.ts";
import { ChatWrites } from "./write-queue.ts";

export class ChatRoom implements RoomPart {
  readonly name = "chat";
  private readonly pace: ChatPace;
  private readonly writes: ChatWrites;
  private readonly push: ChatPush;
  private readonly fanOut: ChatFanOut;

  readonly frames: FrameHandlers = {
    send: (ws, state, frame) => this.send(ws, state, frame),
    history: async (ws, state, frame) => {
      // Read concurrently with the check (no extra round trip); sent only if she passes.
      const [allowed, page] = await Promise.all([
        this.stillAllowed(ws, state),
        this.store.historyPage(this.room.db, state.rideId, {
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
      const db = this.room.db;
      if (await this.store.markRead(db, state.rideId, state.userId, now, state.sessionId)) {
        send(ws, { type: "read-state", lastSeenAt: new Date(now).toISOString() });
      } else if (await this.stillAllowed(ws, state)) {
        sendError(ws, "not_participant");
      }
    },
  };

  constructor(
    private readonly room: RoomContext,
    scheduler: RoomScheduler,
    /** A ride's chat unless told otherwise (a group's: worker/groups/chat-store.ts). */
    private readonly store: ChatStore = rideChatStore,
  ) {
    const alarms = scheduler.register<ChatJob>(this.name, {
      // The pushes held back by their 5-minute pace.
      chat: (now) => this.push.sendHeld(now),
    });
    this.push = new ChatPush(room, alarms, store);
    this.pace = new ChatPace(room.ctx.storage);
    this.writes = new ChatWrites(room, store);
    this.fanOut = new ChatFanOut(room, this.push, store);
  }

  private async send(
    ws: WebSocket,
    state: RoomSocketState,
    frame: Extract<ClientMessage, { type: "send" }>,
  ) {
    if (!this.pace.within(state.userId, frame.clientId)) {
      // Nothing stored, broadcast or announced; her app shows the text beside the message.
      sendError(ws, "rate_limited", frame.clientId, MSG.chatTooFast);
      return;
    }
    const { result, access } = await this.writes.store({
      id: frame.clientId,
      rideId: state.rideId,
      userId: state.userId,
      sessionId: state.sessionId,
      text: frame.text,
      now: this.writes.nextTimestamp(),
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
    const unannounced = this.writes.confirm(frame.clientId);
    if (result.inserted || unannounced) this.fanOut.announce(result.message, access, ws);
  }

  frameFailed(ws: WebSocket, frame: ClientMessage, code: ErrorCode) {
    if (frame.type === "send") {
      // Her message shows "Error al enviar el mensaje" with "Reintentar", which resends its id.
      this.writes.rememberUnconfirmed(frame.clientId);
      sendError(ws, code, frame.clientId, MSG.messageSendFailed);
    } else {
      sendError(ws, code);
    }
  }

  private async syncAnswer(
    rideId: string,
    after: string | undefined,
    viewerId: string,
  ): Promise<ServerMessage> {
    const db = this.room.db;
    const page = after
      ? await this.store.messagesAfter(db, rideId, after, SYNC_PAGE_MAX, viewerId)
      : null;
    if (page) return { type: "synced", ...page };
    // No cursor, or one this ride does not know: start again from the latest page.
    const latest = await this.store.historyPage(db, rideId, {
      limit: HISTORY_PAGE_DEFAULT,
      viewerId,
    });
    return { type: "history", ...latest };
  }

  /** Her session and participation, checked again in D1; a socket that lost them is closed. */
  private async stillAllowed(ws: WebSocket, state: RoomSocketState): Promise<boolean> {
    const access = await this.store.access(
      this.room.db,
      state.rideId,
      [state.sessionId],
      Date.now(),
    );
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
    const sessions = openSessions(this.room.ctx.getWebSockets());
    return this.store.access(this.room.db, rideId, sessions, Date.now(), authorIds);
  }

  /** Stores and broadcasts a system notice (edit, cancellation). */
  async postSystemMessage(rideId: string, text: string): Promise<ChatMessage | null> {
    const [message, access] = await Promise.all([
      this.store.storeSystemMessage(this.room.db, {
        id: crypto.randomUUID(),
        rideId,
        text,
        now: this.writes.nextTimestamp(),
      }),
      this.checkRoom(rideId),
    ]);
    if (message) this.fanOut.announce(message, access);
    return message;
  }

  /** A message another transaction stored (the edit notice): broadcast, and the badges. */
  async announceStoredMessage(rideId: string, messageId: string): Promise<boolean> {
    const [message, access] = await Promise.all([
      this.store.loadMessage(this.room.db, rideId, messageId),
      this.checkRoom(rideId),
    ]);
    if (message) this.fanOut.announce(message, access);
    return message !== null;
  }

  /** A moderator hid one of its messages: open chats swap their copy. False: no such message. */
  async messageHidden(rideId: string, messageId: string): Promise<boolean> {
    const message = await this.store.loadMessage(this.room.db, rideId, messageId);
    if (!message) return false;
    const access = await this.checkRoom(rideId, message.userId ? [message.userId] : []);
    this.fanOut.announce(message, access, undefined, "hidden");
    return true;
  }

  /** Her chat pace stays when she leaves (ADR 0019); a deleted account's goes. */
  accountDeleted(userId: string) {
    this.pace.forget(userId);
  }
}
