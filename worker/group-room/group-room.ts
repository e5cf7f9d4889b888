// One Durable Object per group: 'Charla del grupo' (docs/decisions/0058-the-group-chat.md). The
// second kind of room beside RideRoom, made of one part: the ride chat's (worker/chat/room/), on
// the group's store (worker/groups/chat-store.ts), so messages, pace, unread counts, sync, hiding
// and pushes work as in a ride's chat. A socket's `rideId` is the group's id here.
import { DurableObject } from "cloudflare:workers";
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import { ChatRoom } from "../chat/room/chat-room.ts";
import { migrateOnStart } from "../db/durable-storage.ts";
import type { Bindings } from "../env.ts";
import { groupChatStore } from "../groups/chat-store.ts";
import { RoomAlarms } from "../rooms/room-alarms.ts";
import { type RoomContext, roomContext } from "../rooms/room-part.ts";
import { RoomParts } from "../rooms/room-parts.ts";
import {
  acceptRoomSocket,
  roomSocketClosed,
  roomSocketMessage,
} from "../rooms/room-socket-events.ts";
import {
  closeFor,
  closeQuietly,
  closeRiderSockets,
  recheckRiderSockets,
} from "../rooms/room-sockets.ts";
import roomMigrations from "./storage/migrations/migrations.js";

/** The worker authenticates a socket's upgrade and checks membership before forwarding it here. */
export class GroupRoom extends DurableObject<Bindings> {
  private readonly room: RoomContext = roomContext(this.ctx, () => this.env);
  private readonly alarms = new RoomAlarms(this.ctx.storage);
  private readonly chat = new ChatRoom(this.room, this.alarms, groupChatStore);
  private readonly parts = new RoomParts([this.chat]);

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    // Answered by the runtime without waking the object: keeps idle rooms hibernated.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    migrateOnStart(ctx, roomMigrations);
  }

  override async fetch(request: Request): Promise<Response> {
    return acceptRoomSocket(this.ctx, request);
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer) {
    await roomSocketMessage(ws, raw, this.parts);
  }

  override async alarm() {
    await this.alarms.run();
  }

  override async webSocketClose(ws: WebSocket, code: number) {
    roomSocketClosed(ws, code);
  }

  override async webSocketError(ws: WebSocket) {
    closeQuietly(ws, 1011);
  }

  // ---------- RPC for the rest of the worker ----------

  /**
   * They are no longer members (left, removed, suspended, account deleted): their sockets close
   * at once, with the code that tells the app she is out. Returns how many were closed.
   */
  async membersLeft(userIds: string[]): Promise<number> {
    let closed = 0;
    for (const userId of userIds) {
      for (const socket of this.ctx.getWebSockets(userId)) {
        closeFor(socket, "not_participant");
        closed++;
      }
      this.parts.riderLeft(userId);
    }
    return closed;
  }

  /** The group was suspended or archived: every socket closes. */
  async groupClosed(): Promise<number> {
    const sockets = this.ctx.getWebSockets();
    for (const socket of sockets) closeFor(socket, "not_participant");
    return sockets.length;
  }

  /**
   * Closes her sockets here at once, as a ride's room does: all of them, or those opened with
   * `sessionIds` (see worker/rooms/close-sockets.ts). Returns how many were closed.
   */
  async closeUserSockets(
    userId: string,
    reason: "session_ended" | "suspended",
    sessionIds?: string[],
  ): Promise<number> {
    return closeRiderSockets(this.ctx, userId, reason, sessionIds);
  }

  /**
   * Some of her sessions ended (logout, password change or reset): her sockets here are checked
   * again in D1 now, and closed if their session or her membership is gone. Returns how many of
   * hers stay open.
   */
  async recheckRider(userId: string): Promise<number> {
    return recheckRiderSockets(this.ctx, userId, (groupId, sessions) =>
      groupChatStore.access(this.room.db, groupId, sessions, Date.now()),
    );
  }

  /** Stores and broadcasts a notice (a new leader). */
  async postSystemMessage(groupId: string, text: string): Promise<ChatMessage | null> {
    return this.chat.postSystemMessage(groupId, text);
  }

  /** A moderator hid one of its messages (already marked in D1): open chats swap their copy. */
  async messageHidden(groupId: string, messageId: string): Promise<boolean> {
    return this.chat.messageHidden(groupId, messageId);
  }

  /** How many sockets are open (tests and diagnostics). */
  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }
}
