// Username rules (docs/product.md#usernames) shared by the profile forms and the API.

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

/**
 * Unicode's TR39 confusables (confusables.txt, as packaged by the `unhomoglyph` npm module) for
 * every character up to Armenian whose prototype is ASCII: the Latin, Greek, Cyrillic and
 * Armenian look-alikes of Latin letters and digits, plus ASCII's own ('I' → 'l', '0' → 'O',
 * 'm' → 'rn'). Case-sensitive, as TR39 is: 'I' looks like 'l' only as a capital. Characters NFKC
 * already maps (full-width letters, mathematical letters, ligatures) are not repeated. Usernames
 * only allow Latin letters, so the rest is defence in depth. The full table (6,000 entries, 100 KB)
 * is not needed for that alphabet.
 */
const CONFUSABLES: Readonly<Record<string, string>> = {
  "0": "O",
  "1": "l",
  I: "l",
  m: "rn",
  "|": "l",
  "\u00C6": "AE",
  "\u00E6": "ae",
  "\u0131": "i",
  "\u0152": "OE",
  "\u0153": "oe",
  "\u0184": "b",
  "\u018D": "g",
  "\u0196": "l",
  "\u01A6": "R",
  "\u01A7": "2",
  "\u01B7": "3",
  "\u01BC": "5",
  "\u01BD": "s",
  "\u01C0": "l",
  "\u01C1": "ll",
  "\u021C": "3",
  "\u0222": "8",
  "\u0223": "8",
  "\u0251": "a",
  "\u0261": "g",
  "\u0263": "y",
  "\u0269": "i",
  "\u026A": "i",
  "\u026F": "w",
  "\u028B": "u",
  "\u028F": "y",
  "\u02A3": "dz",
  "\u02A6": "ts",
  "\u02AA": "ls",
  "\u02AB": "lz",
  "\u037A": "i",
  "\u037F": "J",
  "\u0391": "A",
  "\u0392": "B",
  "\u0395": "E",
  "\u0396": "Z",
  "\u0397": "H",
  "\u0399": "l",
  "\u039A": "K",
  "\u039C": "M",
  "\u039D": "N",
  "\u039F": "O",
  "\u03A1": "P",
  "\u03A4": "T",
  "\u03A5": "Y",
  "\u03A7": "X",
  "\u03B1": "a",
  "\u03B3": "y",
  "\u03B9": "i",
  "\u03BD": "v",
  "\u03BF": "o",
  "\u03C1": "p",
  "\u03C3": "o",
  "\u03C5": "u",
  "\u03D2": "Y",
  "\u03DC": "F",
  "\u03E8": "2",
  "\u03F1": "p",
  "\u03F2": "c",
  "\u03F3": "j",
  "\u03F9": "C",
  "\u03FA": "M",
  "\u0405": "S",
  "\u0406": "l",
  "\u0408": "J",
  "\u0410": "A",
  "\u0412": "B",
  "\u0415": "E",
  "\u0417": "3",
  "\u041A": "K",
  "\u041C": "M",
  "\u041D": "H",
  "\u041E": "O",
  "\u0420": "P",
  "\u0421": "C",
  "\u0422": "T",
  "\u0423": "Y",
  "\u0425": "X",
  "\u042B": "bl",
  "\u042C": "b",
  "\u042E": "lO",
  "\u0430": "a",
  "\u0431": "6",
  "\u0433": "r",
  "\u0435": "e",
  "\u043E": "o",
  "\u0440": "p",
  "\u0441": "c",
  "\u0443": "y",
  "\u0445": "x",
  "\u0455": "s",
  "\u0456": "i",
  "\u0458": "j",
  "\u0461": "w",
  "\u0474": "V",
  "\u0475": "v",
  "\u04AE": "Y",
  "\u04AF": "y",
  "\u04BB": "h",
  "\u04BD": "e",
  "\u04C0": "l",
  "\u04CF": "i",
  "\u04D4": "AE",
  "\u04D5": "ae",
  "\u04E0": "3",
  "\u0501": "d",
  "\u050C": "G",
  "\u051B": "q",
  "\u051C": "W",
  "\u051D": "w",
  "\u054D": "U",
  "\u054F": "S",
  "\u0555": "O",
  "\u0561": "w",
  "\u0563": "q",
  "\u0566": "q",
  "\u0570": "h",
  "\u0578": "n",
  "\u057C": "n",
  "\u057D": "u",
  "\u0581": "g",
  "\u0584": "f",
  "\u0585": "o",
};

/**
 * Case folding merges what TR39 keeps apart: 'I' is 'l' (confusable) and 'i' (same letter), so
 * 'i' must read as 'l' too; 'M' folds to 'm', which reads 'rn'.
 */
const FOLDED_CONFUSABLES: Readonly<Record<string, string>> = { i: "l", m: "rn" };

const mapEach = (text: string, table: Readonly<Record<string, string>>) =>
  Array.from(text, (ch) => table[ch] ?? ch).join("");

/**
 * The look of a username (docs/product.md#look-alike-usernames): NFKC, TR39 confusables, accents
 * removed, case folded. Two names with the same skeleton are look-alikes ('EIenaChill' with a
 * capital i and 'ElenaChill'; 'Lucía_BTT' and 'Lucia_BTT'; Cyrillic 'а'; '0' and 'O'); a new name
 * whose skeleton another profile has is taken. Not for display: 'm' becomes 'rn'.
 */
export function usernameSkeleton(name: string): string {
  const mapped = mapEach(name.normalize("NFKC").normalize("NFD"), CONFUSABLES);
  const folded = mapped.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  return mapEach(folded, FOLDED_CONFUSABLES);
}

/** An exact reserved name (groups refuse them too: docs/product.md#grupos). */
export function isReserved(name: string): boolean {
  return RESERVED_USERNAMES.includes(normalizeText(name));
}

/** A banned word anywhere in it (group names share the rule: docs/product.md#grupos). */
export function containsBannedWord(name: string): boolean {
  const key = normalizeText(name);
  // Also check without underscores so 'hijo_puta' style separators do not slip through.
  const squeezed = key.replaceAll("_", "");
  return BANNED_USERNAME_WORDS.some((word) => key.includes(word) || squeezed.includes(word));
}

/**
 * Checks every rule of docs/product.md#usernames in order and returns the first failing message.
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

/**
 * 'user_' plus the first 8 usable characters of the account id
 * (docs/product.md#accounts-and-sign-in).
 */
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
