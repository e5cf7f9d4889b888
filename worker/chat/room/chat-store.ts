// Where a chat room keeps its conversation and who may read it (docs/decisions/0058-the-group-chat.md).
// The chat's part (chat-room.ts) and its write path, fan-out and pushes are the same for a ride's
// room and a group's; only this differs: which D1 table holds the messages, who is a member, when
// one may write, where her read state lives and what her push says. A ride's chat is the store
// below; a group's is worker/groups/chat-store.ts. `roomId` is the ride's or the group's id.
import type { ChatMessage, NotificationFrame } from "../../../domain/chat-protocol.ts";
import { type PushPayload, pushTexts } from "../../../domain/push.ts";
import type { Database } from "../../env.ts";
import { type RoomAccess, socketAccess } from "../../ride-core/access.ts";
import {
  historyPage,
  loadMessage,
  messagesAfter,
  type StoreResult,
  storeSystemMessage,
  storeUserMessages,
  type UserMessageInput,
} from "../messages.ts";
import { markRead, unreadByParticipant } from "../unread.ts";

/** A member of the room with her unread count, for the badges and the pushes. */
export interface ChatReader {
  userId: string;
  /** The room's name: the ride's title, the group's name. */
  title: string;
  /** The group's address, for its push. */
  slug?: string;
  /** The ride's organizer (notices of her own doing are never unread for her). */
  isOrganizer: boolean;
  unread: number;
  /** Those of the burst's authors she and they blocked each other. */
  blockedAuthors: Set<string>;
}

/** The room a push is about: its id, name, and its address when that is not the id. */
export interface ChatRoomName {
  id: string;
  title: string;
  slug?: string;
}

export interface ChatStore {
  /** Re-checks the room's open sockets (sessions) in one query; see RoomAccess. */
  access(
    db: Database,
    roomId: string,
    sessionIds: string[],
    now: number,
    authorIds?: readonly string[],
  ): Promise<RoomAccess>;
  /** Members' sends stored exactly once, in one D1 batch with the room's check. */
  storeUserMessages(
    db: Database,
    inputs: UserMessageInput[],
    openSessions: string[],
  ): Promise<{ results: StoreResult[]; access: RoomAccess }>;
  storeSystemMessage(
    db: Database,
    input: { id: string; rideId: string; text: string; now: number },
  ): Promise<ChatMessage | null>;
  loadMessage(db: Database, roomId: string, messageId: string): Promise<ChatMessage | null>;
  historyPage: typeof historyPage;
  messagesAfter: typeof messagesAfter;
  /** Her read state; false when she is not (or no longer) a member. */
  markRead(
    db: Database,
    roomId: string,
    userId: string,
    now: number,
    sessionId?: string,
  ): Promise<boolean>;
  /** Every member with her unread count (one query). */
  readers(db: Database, roomId: string, authorIds?: readonly string[]): Promise<ChatReader[]>;
  /**
   * What her UserHub is told of new messages for her (`latest`: the newest of the burst she may
   * read): the app's badge, and for a ride's chat the 'Conversación en curso' toast.
   */
  unreadFrame(roomId: string, reader: ChatReader, latest: ChatMessage): NotificationFrame;
  /** What a member with the chat closed is pushed: how many messages wait for her. */
  push(room: ChatRoomName, unread: number): PushPayload;
}

/** A ride's chat: ride_messages, its participants, its write window (ADR 0011). */
export const rideChatStore: ChatStore = {
  access: socketAccess,
  storeUserMessages,
  storeSystemMessage,
  loadMessage,
  historyPage,
  messagesAfter,
  markRead,
  readers: unreadByParticipant,
  unreadFrame: (rideId, reader, latest) => ({
    type: "unread",
    rideId,
    rideTitle: reader.title,
    count: reader.unread,
    lastMessage: { text: latest.text, createdAt: latest.createdAt, kind: latest.kind },
  }),
  push: (room, unread) => pushTexts.chat(room, unread),
};
