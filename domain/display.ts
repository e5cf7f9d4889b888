// How people and counters are shown (docs/product.md#words-and-values and #unread-messages).
import { AVATAR_KEYS, avatarKeyOrDefault, BADGE_CAP, PREVIEW_MAX_CHARS } from "./constants.ts";
import { lazily } from "./lazily.ts";

export const FALLBACK_USER_NAME = "Usuario";
export const FALLBACK_ORGANIZER_NAME = "Organizadora";

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** First letter of every word in upper case, the rest untouched ('maría josé' → 'María José'). */
export function capitalizeWords(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map((word) => (word ? word.charAt(0).toLocaleUpperCase("es") + word.slice(1) : word))
    .join(" ");
}

/** Username, else the capitalised full name, else the email, else 'Usuario'. */
export function displayName(who: {
  username?: string | null;
  fullName?: string | null;
  email?: string | null;
}): string {
  const username = present(who.username);
  if (username) return username;
  const fullName = present(who.fullName);
  if (fullName) return capitalizeWords(fullName);
  return present(who.email) ?? FALLBACK_USER_NAME;
}

export function organizerName(username?: string | null): string {
  return present(username) ?? FALLBACK_ORGANIZER_NAME;
}

export function participantName(username?: string | null): string {
  return present(username) ?? FALLBACK_USER_NAME;
}

/** Initials shown when an avatar image fails: 'A1' for ava01 … 'A12' for ava12. */
export function avatarInitials(key: string | null | undefined): string {
  const safeKey = avatarKeyOrDefault(key);
  return `A${AVATAR_KEYS.indexOf(safeKey) + 1}`;
}

/** Unread badge text: '' when nothing to show, '99+' above 99. */
export function formatBadge(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return "";
  const whole = Math.floor(count);
  return whole > BADGE_CAP ? `${BADGE_CAP}+` : String(whole);
}

const graphemes = lazily(() => new Intl.Segmenter("es", { granularity: "grapheme" }));

/** Last-message preview: 50 characters plus an ellipsis when longer. Characters are
 * graphemes, so an emoji such as 🚴‍♀️ is never cut in half. */
export function truncatePreview(text: string): string {
  if (text.length <= PREVIEW_MAX_CHARS) return text;
  const chars = Array.from(graphemes().segment(text), (s) => s.segment);
  return chars.length > PREVIEW_MAX_CHARS ? `${chars.slice(0, PREVIEW_MAX_CHARS).join("")}…` : text;
}
