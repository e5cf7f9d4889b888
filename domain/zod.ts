// The one place zod is configured; every domain schema imports `z` from here so the settings
// hold whichever module loads first (the browser loads schemas and the chat protocol lazily).
import { z } from "zod";
// Spanish alone: the "zod/locales" index would load every language's module, which a test
// worker evaluates in full on start-up (no bundler drops the rest there).
import es from "zod/v4/locales/es.js";

z.config({
  // Any message a schema does not set explicitly (a wrong type, say) comes out in Spanish.
  ...es(),
  // No `new Function` probing: our CSP forbids eval in the browser, and Workers refuse it too.
  jitless: true,
});

export { z };

// Only a lone surrogate is a code point of category Cs under the u flag: a pair reads as one.
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * Text as a UTF-8 encoder writes it: each lone surrogate (ill-formed UTF-16, which JSON carries
 * escaped, e.g. half an emoji as "\ud83d") becomes U+FFFD. `String.prototype.toWellFormed` does
 * the same but is newer than the browsers we support.
 */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, "\uFFFD");
}

// Control characters (Unicode category Cc: C0, DEL, C1) other than tab and line feed.
const CONTROL_CHARACTERS = /(?![\t\n])\p{Cc}/gu;

/**
 * Text without control characters: a NUL cut the search index's query short (a 500), and none
 * of them shows anything. Tabs and line breaks stay; CR LF and a lone CR become LF.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(CONTROL_CHARACTERS, "");
}

/** Whether a text has any control character, tab and line feed included. */
export function hasControlCharacter(text: string): boolean {
  return /\p{Cc}/u.test(text);
}

/** What every text a rider sends becomes before any other rule reads it. */
export function cleanText(text: string): string {
  return withoutControlCharacters(wellFormed(text));
}

/**
 * A string a rider typed, and the one helper every text schema starts from (titles, cities,
 * descriptions, reasons, chat, searches). Made well-formed (D1 would otherwise keep bytes that
 * are not UTF-8 and read each lone surrogate back as three U+FFFD, so the text would no longer be
 * what was accepted, nor fit the limit it passed) and stripped of control characters.
 */
export const userText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(cleanText);

/**
 * Whether a text shows anything: not only spaces and invisible format characters (zero-width
 * space and joiner, word joiner, BOM, direction marks), which `trim()` leaves in place.
 */
export function hasVisibleCharacter(text: string): boolean {
  return /[^\s\p{Cf}]/u.test(text);
}
