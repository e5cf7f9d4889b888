// Per-user notification frames (UserHub Durable Object → browser) for live badges, the
// 'Conversación en curso' toast and open screens that would otherwise go stale. Checked by hand
// rather than with zod: every signed-in screen opens this channel at start-up, and zod's module
// set-up is the heaviest script the first screen would otherwise run (measured with Lighthouse;
// see docs/benchmarks.md).
import type { ErrorCode } from "./errors.ts";
import { SHELL_MSG } from "./texts/app.ts";

/** Frames above this size are refused before JSON.parse (a 2000-character text fits easily). */
export const MAX_FRAME_BYTES = 8 * 1024;

export type NotificationFrame =
  /** Sent once the channel is accepted: anything stored from now on will be announced. */
  | { type: "ready" }
  | {
      type: "unread";
      rideId: string;
      rideTitle: string;
      count: number;
      lastMessage?: { text: string; createdAt: string; kind?: "user" | "system" };
    }
  /**
   * Her unread count in a group's chat ('Charla del grupo') after a new message: the app's badge
   * and the group page's entry read it again.
   */
  | { type: "group-unread"; groupId: string; slug: string; count: number }
  /**
   * Her place on a ride's waiting list changed (docs/product.md#ride-waiting-list): a freed place
   * is hers ('promoted'), or the ride was cancelled and its list emptied ('closed').
   */
  | {
      type: "waiting-list";
      event: WaitingListEvent;
      rideId: string;
      rideTitle: string;
    }
  /**
   * Something she sees of this ride changed outside the tab showing it: her place in its waiting
   * list moved, she is no longer in it (taken out by the organizer, or she left from another
   * tab), or it was edited while she waits for it. Her open screens of it read it again through
   * the API (which applies its own rules, blocks included), so the frame carries the id only.
   */
  | { type: "ride-changed"; rideId: string };

export const WAITING_LIST_EVENTS = ["promoted", "closed"] as const;
export type WaitingListEvent = (typeof WAITING_LIST_EVENTS)[number];

export type ParseResult<T> = { ok: true; msg: T } | { ok: false; code: ErrorCode; message: string };

/** UTF-8 size of a string without TextEncoder (not in the ESNext lib). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The size check every frame parser starts with; null when the frame may be parsed. */
function frameSizeProblem(raw: unknown): ParseResult<never> | null {
  if (typeof raw !== "string") {
    return { ok: false, code: "validation_error", message: SHELL_MSG.invalidInput };
  }
  // Every UTF-16 unit is at least one UTF-8 byte, so a long string is oversized without counting.
  if (raw.length > MAX_FRAME_BYTES || utf8ByteLength(raw) > MAX_FRAME_BYTES) {
    return { ok: false, code: "payload_too_large", message: SHELL_MSG.messageTooLong };
  }
  return null;
}

/** A frame's JSON, once it is a string within the size limit and parses; what it holds is unchecked. */
export function readJsonFrame(raw: unknown): ParseResult<unknown> {
  const problem = frameSizeProblem(raw);
  if (problem) return problem;
  try {
    return { ok: true, msg: JSON.parse(raw as string) as unknown };
  } catch {
    return { ok: false, code: "validation_error", message: SHELL_MSG.invalidInput };
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === "string";

function isLastMessage(
  v: unknown,
): v is NonNullable<Extract<NotificationFrame, { type: "unread" }>["lastMessage"]> {
  return (
    isRecord(v) &&
    isString(v.text) &&
    isString(v.createdAt) &&
    (v.kind === undefined || v.kind === "user" || v.kind === "system")
  );
}

const isRideId = (v: unknown): v is string => isString(v) && v.length >= 1 && v.length <= 100;
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

function isNotificationFrame(v: unknown): v is NotificationFrame {
  if (!isRecord(v)) return false;
  if (v.type === "ready") return true;
  if (v.type === "ride-changed") return isRideId(v.rideId);
  if (v.type === "group-unread") {
    return isRideId(v.groupId) && isRideId(v.slug) && isCount(v.count);
  }
  if (v.type === "waiting-list") {
    return (
      (WAITING_LIST_EVENTS as readonly unknown[]).includes(v.event) &&
      isRideId(v.rideId) &&
      isString(v.rideTitle)
    );
  }
  return (
    v.type === "unread" &&
    isString(v.rideId) &&
    v.rideId.length >= 1 &&
    v.rideId.length <= 100 &&
    isString(v.rideTitle) &&
    isCount(v.count) &&
    (v.lastMessage === undefined || isLastMessage(v.lastMessage))
  );
}

export function parseNotificationFrame(raw: unknown): ParseResult<NotificationFrame> {
  const json = readJsonFrame(raw);
  if (!json.ok) return json;
  return isNotificationFrame(json.msg)
    ? { ok: true, msg: json.msg }
    : { ok: false, code: "validation_error", message: SHELL_MSG.invalidInput };
}
