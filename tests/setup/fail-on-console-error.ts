import { afterEach, beforeEach, vi } from "vitest";

// An unexpected console.error is a bug: fail the test that caused it.
// Tests that expect one spy on console.error themselves (vi.spyOn(...).mockImplementation).
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    const first = errors[0]?.map((a) => (a instanceof Error ? a.stack : String(a))).join(" ");
    throw new Error(`Unexpected console.error in test: ${first}`);
  }
});
