// Chat and unread API: ride ids and response shapes shared by the worker and the web (request
// schemas live in ../schemas.ts, so the first screen of the app does not load zod for these).
import type { ChatMessage } from "../chat-protocol.ts";
import type { RideStatus } from "../constants.ts";

/** Ride ids are server-generated tokens; anything else is refused before touching D1. */
export const RIDE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function isRideId(value: string | undefined | null): value is string {
  return typeof value === "string" && RIDE_ID_PATTERN.test(value);
}

/** GET /api/rides/:id/chat — what anyone signed in may know about a ride's chat. */
export interface ChatInfoResponse {
  ride: {
    id: string;
    title: string;
    /** Epoch ms. */
    startTime: number;
    status: RideStatus;
    /** As on the ride card (domain/api/rides.ts): who the closed chat says cancelled it. */
    cancelledByOrganizer: boolean;
    organizerId: string | null;
  };
  /** Shown to non-participants in the banner; participants see it in the header. */
  messageCount: number;
  isParticipant: boolean;
  /** Participant, ride not cancelled, until start + 12 h. */
  canWrite: boolean;
  /**
   * Not a participant of an open ride, not cancelled and not started (full rides: the join API
   * says so).
   */
  canJoin: boolean;
  /**
   * Only to a rider outside a 'Con aprobación' ride (docs/product.md#join-by-approval): she never
   * joins from the chat, she asks for a place on the ride's page. `canRequest`: not cancelled,
   * not started and no request of hers yet; `request`: hers, null before she asks.
   */
  approval?: { canRequest: boolean; request: "pending" | "declined" | null };
}

/** GET /api/rides/:id/chat/messages — a history page, oldest → newest. */
export interface ChatMessagesResponse {
  messages: ChatMessage[];
  hasMore: boolean;
}

export interface ChatLastMessage {
  text: string;
  /** ISO instant. */
  createdAt: string;
  kind: "user" | "system";
}

export interface ChatListItem {
  rideId: string;
  title: string;
  /** Epoch ms. */
  startTime: number;
  /** The ride's clock (IANA): the list shows each conversation's date on it. */
  timeZone: string;
  /** Messages by others newer than her last_seen_at (all of them when she never looked). */
  unread: number;
  lastMessage: ChatLastMessage | null;
}

/** A group's chat ('Charla del grupo') with messages waiting for her. */
export interface GroupChatListItem {
  groupId: string;
  slug: string;
  name: string;
  /** Messages by others since she last read it (or joined). */
  unread: number;
}

/** GET /api/chats — her chat candidates (started within the last 24 h or later), last message first. */
export interface ChatsResponse {
  chats: ChatListItem[];
  /** Her groups' chats with unread messages (the app's badge counts them too). */
  groupChats: GroupChatListItem[];
}

/** POST /api/rides/:id/chat/read */
export interface ReadStateResponse {
  /** ISO instant now stored as her last_seen_at. */
  lastSeenAt: string;
}

/** Window event that tells badges to refetch after the read state changed. */
export const CHAT_READ_STATE_EVENT = "chatReadStateUpdated";
export interface ChatReadStateDetail {
  rideId: string;
}
