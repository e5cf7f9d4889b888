// One Durable Object per group: 'Charla del grupo' (docs/decisions/0058-the-group-chat.md). The
// second kind of room beside RideRoom, made of one part: the ride chat's (worker/chat/room/), on
// the group's store (worker/groups/chat-store.ts), so messages, pace, unread counts, sync, hiding
// and pushes work as in a ride's chat. A socket's `rideId` is the group's id here. The sockets, the
// alarm and the storage's migration are every room's (worker/rooms/room-object.ts).
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import { ChatRoom } from "../chat/room/chat-room.ts";
import type { Bindings } from "../env.ts";
import { groupChatStore } from "../groups/chat-store.ts";
import { RoomObject } from "../rooms/room-object.ts";
import { RoomParts } from "../rooms/room-parts.ts";
import { closeFor, closeRiderSockets, recheckRiderSockets } from "../rooms/room-sockets.ts";
import roomMigrations from "./storage/migrations/migrations.js";

export class GroupRoom extends RoomObject {
  private readonly chat = new ChatRoom(this.room, this.alarms, groupChatStore);
  protected readonly parts = new RoomParts([this.chat]);

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env, roomMigrations);
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
}
