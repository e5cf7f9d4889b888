// Username rules (spec 01 §5) shared by the profile forms and the API.

import { normalizeText } from "./cities.ts";
import { USERNAME_MAX, USERNAME_MIN } from "./constants.ts";
import { MSG } from "./messages.ts";

export const USERNAME_HINT = "3-20 caracteres. Solo letras, números y guiones bajos.";

/** Exact names (compared case- and accent-insensitively) that nobody may take. */
export const RESERVED_USERNAMES: readonly string[] = [
  "admin",
  "moderator",
  "support",
  "root",
  "api",
  "www",
  "mail",
  "test",
  "demo",
  "user",
  "rodamos",
  "system",
  "null",
  "true",
  "false",
];

/**
 * Substrings (accent-free, lowercase) refused anywhere in a name: insults in Spanish and
 * English and words that impersonate the team. Short words with many innocent containing
 * words are left out on purpose (e.g. 'culo' in 'película', 'coño' → 'cono' in 'icono').
 */
export const BANNED_USERNAME_WORDS: readonly string[] = [
  // Team impersonation
  "admin",
  "adm1n",
  "moderador",
  "moderator",
  "staff",
  "soporte",
  "support",
  "superuser",
  "webmaster",
  "oficial",
  "official",
  // Spanish insults
  "puta",
  "puto",
  "putero",
  "mierda",
  "cabron",
  "gilipollas",
  "zorra",
  "polla",
  "joder",
  "follar",
  "maricon",
  "subnormal",
  "imbecil",
  "idiota",
  "pendej",
  "capullo",
  "guarra",
  "furcia",
  "ramera",
  "cojon",
  "mamon",
  "malparid",
  "tonta",
  "estupid",
  "retrasad",
  "bollera",
  "travelo",
  // English insults and slurs
  "fuck",
  "shit",
  "bitch",
  "cunt",
  "whore",
  "slut",
  "asshole",
  "bastard",
  "retard",
  "pussy",
  "faggot",
  "nigger",
  "nigga",
  "rapist",
  "porn",
  "nazi",
  "hitler",
  "kkk",
];

// Latin letters with the accents of Spain's languages (Spanish, Catalan, Galician, Basque),
// digits and underscore. Deliberately not \p{L}: look-alike scripts would allow 'аdmin'.
const ALLOWED_CHARS = /^[A-Za-z0-9_ÁÉÍÓÚÜÑÀÈÌÒÙÏÇáéíóúüñàèìòùïç]+$/u;

export type UsernameCheck = { ok: true } | { ok: false; message: string };

function codePointLength(s: string): number {
  return [...s].length;
}

/** Key for the case-insensitive unique index (SQLite's lower() only folds ASCII). */
export function normalizeUsernameKey(name: string): string {
  return name.normalize("NFC").trim().toLowerCase();
}

function isReserved(name: string): boolean {
  return RESERVED_USERNAMES.includes(normalizeText(name));
}

function containsBannedWord(name: string): boolean {
  const key = normalizeText(name);
  // Also check without underscores so 'hijo_puta' style separators do not slip through.
  const squeezed = key.replaceAll("_", "");
  return BANNED_USERNAME_WORDS.some((word) => key.includes(word) || squeezed.includes(word));
}

/**
 * Checks every rule of spec 01 §5 in order and returns the first failing message.
 * Reserved names are checked before banned words so 'admin' says 'Este nombre está reservado'.
 * Uniqueness is not checked here (it needs the database).
 */
export function validateUsername(name: string | null | undefined): UsernameCheck {
  const value = (name ?? "").normalize("NFC");
  if (value.trim() === "") return { ok: false, message: MSG.usernameRequired };
  const length = codePointLength(value);
  if (length < USERNAME_MIN || length > USERNAME_MAX) {
    return { ok: false, message: MSG.usernameLength };
  }
  if (!ALLOWED_CHARS.test(value)) return { ok: false, message: MSG.usernameChars };
  if (value.startsWith("_") || value.endsWith("_")) {
    return { ok: false, message: MSG.usernameEdgeUnderscore };
  }
  if (value.includes("__")) return { ok: false, message: MSG.usernameConsecutiveUnderscores };
  if (isReserved(value)) return { ok: false, message: MSG.usernameReserved };
  if (containsBannedWord(value)) return { ok: false, message: MSG.usernameBanned };
  return { ok: true };
}

export function isValidUsername(name: string | null | undefined): boolean {
  return validateUsername(name).ok;
}

// Too-short names get this suffix (e.g. 'Bo' → 'Bo_bici').
const SHORT_NAME_SUFFIX = "_bici";

function cutToLength(name: string, max: number): string {
  return [...name].slice(0, max).join("").replace(/_+$/, "");
}

/**
 * Turns a provider full name or an email local part into a valid-looking username, keeping
 * accents: invalid characters become '_', runs collapse, edges are trimmed, the result is
 * cut to 20 and padded when shorter than 3. Returns null when nothing valid remains.
 */
export function sanitizeUsername(base: string | null | undefined): string | null {
  let name = (base ?? "")
    .normalize("NFC")
    .replace(/[^A-Za-z0-9_ÁÉÍÓÚÜÑÀÈÌÒÙÏÇáéíóúüñàèìòùïç]/gu, "_")
    .replace(/_+/g, "_")
    .replace(/^_+|_+$/g, "");
  name = cutToLength(name, USERNAME_MAX);
  if (name === "") return null;
  if (codePointLength(name) < USERNAME_MIN) name = `${name}${SHORT_NAME_SUFFIX}`;
  return isValidUsername(name) ? name : null;
}

/** 'user_' plus the first 8 usable characters of the account id (spec 01 §3). */
export function fallbackUsername(id: string): string | null {
  const tail = id.replace(/[^A-Za-z0-9]/g, "").slice(0, 8);
  if (tail === "") return null;
  const name = `user_${tail}`;
  return isValidUsername(name) ? name : null;
}

function numberedVariant(name: string, n: number): string {
  const suffix = `_${n}`;
  return `${cutToLength(name, USERNAME_MAX - suffix.length)}${suffix}`;
}

const NUMBERED_VARIANTS = 20;
const FALLBACK_VARIANTS = 5;

/**
 * Candidate usernames in order of preference for a new social-login profile: the sanitized
 * name, then name_2, name_3 … (always ≤ 20 characters), then 'user_' + id and its variants.
 * The server picks the first one that is free. All candidates are valid and distinct.
 */
export function usernameCandidates(base: string | null | undefined, id: string): string[] {
  const out: string[] = [];
  const add = (candidate: string) => {
    if (isValidUsername(candidate) && !out.includes(candidate)) out.push(candidate);
  };
  const main = sanitizeUsername(base);
  if (main) {
    add(main);
    for (let n = 2; n <= NUMBERED_VARIANTS + 1; n++) add(numberedVariant(main, n));
  }
  const fallback = fallbackUsername(id);
  if (fallback) {
    add(fallback);
    for (let n = 2; n <= FALLBACK_VARIANTS + 1; n++) add(numberedVariant(fallback, n));
  }
  return out;
}

/**
 * First candidate from usernameCandidates that `isTaken` does not report as taken
 * (the first candidate when no check is given); null only when every candidate is taken.
 */
export function suggestUsername(
  base: string | null | undefined,
  id: string,
  isTaken?: (candidate: string) => boolean,
): string | null {
  const candidates = usernameCandidates(base, id);
  if (!isTaken) return candidates[0] ?? null;
  return candidates.find((candidate) => !isTaken(candidate)) ?? null;
}
