// Ride chat WebSocket protocol (RideRoom Durable Object ↔ browser) and the per-user
// notification frames for live badges.

import { CHAT_PACE, MESSAGE_MAX_LENGTH } from "./constants.ts";
import { ERROR_CODES } from "./errors.ts";
import { MSG } from "./messages.ts";
import { type ParseResult, readJsonFrame } from "./notification-frame.ts";
import { rideDayClientFrames, rideDayServerFrames } from "./ride-day-live.ts";
import { hasVisibleCharacter, userText, z } from "./zod.ts";

// Shared with the notification frames (a zod-free module the first screen can load).
export {
  MAX_FRAME_BYTES,
  type NotificationFrame,
  type ParseResult,
  parseNotificationFrame,
  utf8ByteLength,
} from "./notification-frame.ts";
export const HISTORY_PAGE_MAX = 50;
/** Default history page (first paint and each scroll-up). */
export const HISTORY_PAGE_DEFAULT = 30;
/** Backfill answers carry at most this many messages; the client asks again while `hasMore`. */
export const SYNC_PAGE_MAX = 200;
/**
 * A sync answer names at most this many hidden messages at or before its cursor, the newest:
 * hiding is rare, so the bound only keeps the frame small should a chat ever have more (older
 * copies she holds are then left as they are).
 */
export const SYNC_HIDDEN_MAX = 200;

/**
 * Close codes of the chat and notification sockets. `sessionEnded`: her session was revoked or
 * expired (logout, password change): reconnecting re-checks the cookie, so the client may retry.
 * `notParticipant`: she left the ride; reconnecting cannot help (web/chat/socket.ts stops).
 * `suspended`: a moderator suspended her account; the app signs her out (web/chat/notifications.tsx).
 */
export const CLOSE_CODES = { sessionEnded: 4001, notParticipant: 4003, suspended: 4004 } as const;

export { CHAT_PACE };

/** The longest pace window: a message older than this no longer counts. */
export const CHAT_PACE_MEMORY_MS = Math.max(...CHAT_PACE.map((rule) => rule.windowMs));

/**
 * Whether one more message keeps her within the chat pace, given when her earlier messages in
 * this ride were sent (any order). Above it the frame is refused: nothing is stored.
 */
export function withinChatPace(sentAt: readonly number[], now: number): boolean {
  return CHAT_PACE.every(
    ({ max, windowMs }) => sentAt.filter((at) => at > now - windowMs).length < max,
  );
}

const idString = z.string().min(1).max(100);

export const chatAuthorSchema = z.object({
  username: z.string(),
  avatarKey: z.string(),
  /** 'Verificada' beside her name (docs/product.md#verificada); absent when she is not. */
  verified: z.literal(true).optional(),
});

export const chatMessageSchema = z.object({
  id: idString,
  rideId: idString,
  /** null for system messages and for authors who deleted their account. */
  userId: z.string().nullable(),
  kind: z.enum(["user", "system"]),
  text: z.string(),
  /** ISO instant. */
  createdAt: z.string(),
  author: chatAuthorSchema.nullable().optional(),
  /** Hidden by a moderator: `text` is then 'Mensaje ocultado por moderación'. */
  hidden: z.literal(true).optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export type ChatAuthor = z.infer<typeof chatAuthorSchema>;

/** Chat text: trimmed, non-empty, at most 2000 characters. */
export const chatTextSchema = userText({ error: MSG.messageEmpty })
  .trim()
  .min(1, { error: MSG.messageEmpty, abort: true })
  .refine(hasVisibleCharacter, { error: MSG.messageEmpty, abort: true })
  .max(MESSAGE_MAX_LENGTH, { error: MSG.messageTooLong });

// ---------- Client → server ----------

export const clientMessageSchema = z.discriminatedUnion("type", [
  /** Send a message; `clientId` is echoed in the ack so the sender can match its optimistic copy. */
  z.object({ type: z.literal("send"), clientId: z.uuid(), text: chatTextSchema }),
  /** The chat is open and visible: update last_seen_at. */
  z.object({ type: z.literal("read") }),
  /** Older messages before a message id (latest page when absent). */
  z.object({
    type: z.literal("history"),
    before: idString.optional(),
    limit: z.number().int().min(1).max(HISTORY_PAGE_MAX).optional(),
  }),
  /** Everything after the last message id the client has (backfill after a reconnect). */
  z.object({ type: z.literal("sync"), after: idString.optional() }),
  /** Ride day: live positions, "Me he quedado atrás" (ride-day-live.ts). */
  ...rideDayClientFrames,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

// ---------- Server → client ----------

export const serverMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message"), message: chatMessageSchema }),
  z.object({ type: z.literal("ack"), clientId: z.string(), message: chatMessageSchema }),
  /** A page of older messages, oldest → newest; `hasMore`: older ones exist. */
  z.object({
    type: z.literal("history"),
    messages: z.array(chatMessageSchema),
    hasMore: z.boolean(),
  }),
  /**
   * Backfill after `sync {after}`, oldest → newest; `hasMore`: ask again after the last one.
   * `hidden`: ids of messages at or before `after` a moderator hid (the `hidden` frame reaches
   * only open sockets), so copies she held offline stop showing their text; absent when none.
   */
  z.object({
    type: z.literal("synced"),
    messages: z.array(chatMessageSchema),
    hasMore: z.boolean(),
    hidden: z.array(idString).max(SYNC_HIDDEN_MAX).optional(),
  }),
  z.object({
    type: z.literal("error"),
    code: z.enum(ERROR_CODES),
    message: z.string(),
    clientId: z.string().optional(),
  }),
  z.object({ type: z.literal("read-state"), lastSeenAt: z.string() }),
  z.object({
    type: z.literal("participant"),
    event: z.enum(["joined", "left"]),
    userId: z.string(),
  }),
  /** A moderator hid a message: it replaces the copy she has (its text says so). */
  z.object({ type: z.literal("hidden"), message: chatMessageSchema }),
  /** Ride day (ride-day-live.ts). */
  ...rideDayServerFrames,
  /**
   * The ride day changed for her (docs/product.md#check-in-and-arrivals): a check-in (organizer only), an
   * arrival or its undo (the group), the timer asking her, or telling the organizer and the escoba.
   */
  z.object({
    type: z.literal("ride-day"),
    event: z.enum(["check-in", "arrival", "arrival-undone", "asked", "overdue"]),
    userId: z.string(),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

// ---------- Parsing ----------

function parseFrame<T>(raw: unknown, schema: z.ZodType<T>): ParseResult<T> {
  const json = readJsonFrame(raw);
  if (!json.ok) return json;
  const result = schema.safeParse(json.msg, { error: () => MSG.invalidInput });
  if (!result.success) {
    return {
      ok: false,
      code: "validation_error",
      message: result.error.issues[0]?.message ?? MSG.invalidInput,
    };
  }
  return { ok: true, msg: result.data };
}

export function parseClientMessage(raw: string): ParseResult<ClientMessage> {
  return parseFrame(raw, clientMessageSchema);
}

export function parseServerMessage(raw: string): ParseResult<ServerMessage> {
  return parseFrame(raw, serverMessageSchema);
}
