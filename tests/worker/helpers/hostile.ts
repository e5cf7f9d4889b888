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
  "x".repeat(100_000),
  "ﷺ".repeat(500),
  "null",
  "{}",
];

export const hostileStrings = fc.constantFrom(...HOSTILE_STRINGS);

/** Any JSON-ish value, hostile strings and random Unicode included. */
export const anyValue = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  hostileStrings,
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.double(),
  fc.integer(),
  fc.constant(null),
);
