// Shared material for the property-based bad-input tests (HTTP in fuzz.test.ts, websockets in
// fuzz-sockets.test.ts): one fixed seed so a failure replays, and the strings attackers and
// unusual keyboards actually produce.
import fc from "fast-check";

export const FUZZ_SEED = 20261122;

export const HOSTILE_STRINGS: readonly string[] = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "'; DROP TABLE rides; --",
  '" OR 1=1 --',
  // Right-to-left override: reads as 'exe.png'.
  "\u202Egnp.exe",
  // Zero-width space, non-joiner, joiner.
  "a\u200Bb\u200Cc\u200D",
  "👩‍🚴‍♀️🚲💨",
  // Stacked combining accents.
  "Ána\u0301\u0301\u0301",
  "\u0000\u0001\u0002",
  // NUL inside text (cut the search index's query short once), terminal escapes, C1 controls.
  "abc\u0000def",
  "Ruta\u0007\u001B[2J\u009B31m",
  "línea\r\nsiguiente\rúltima",
  "x".repeat(100_000),
  "ﷺ".repeat(500),
  "null",
  "{}",
];

export const hostileStrings = fc.constantFrom(...HOSTILE_STRINGS);

/** Any control character (Unicode Cc: C0, DEL, C1), NUL included. */
export const controlCharacter = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((code) => String.fromCharCode(code));

/**
 * Any code point, lone surrogates included: what fast-check's `unit: "binary"` draws, without the
 * second of CPU that unit spends (once per isolate) indexing all 1.1 million of them for shrinking.
 * Use it as a string's unit: `fc.string({ unit: anyCodePoint })`.
 */
export const anyCodePoint = fc
  .integer({ min: 0, max: 0x10ffff })
  .map((codePoint) => String.fromCodePoint(codePoint));

/** Ordinary text with control characters mixed in. */
export const textWithControls = fc
  .array(fc.oneof(controlCharacter, fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 })), {
    minLength: 1,
    maxLength: 12,
  })
  .map((parts) => parts.join(""));

/** Any JSON-ish value, hostile strings and random Unicode included. */
export const anyValue = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  hostileStrings,
  textWithControls,
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.double(),
  fc.integer(),
  fc.constant(null),
);
