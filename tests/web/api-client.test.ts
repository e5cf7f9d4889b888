// userMessage: a deliberate refusal keeps the API's Spanish text; any failure on our side (or
// on the way) gives the screen's own text from the spec.
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { ApiError, api, apiMessage, userMessage } from "../../web/lib/api.ts";

const FALLBACK = MSG.signupFailed;

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The error api.post throws when fetch answers (or fails) like `answer`. */
async function failureFrom(answer: () => Promise<Response>): Promise<unknown> {
  vi.stubGlobal("fetch", vi.fn(answer));
  return api.post("/auth/signup", {}).then(
    () => {
      throw new Error("expected the call to fail");
    },
    (err: unknown) => err,
  );
}

const apiError = (code: string, message: string, status: number) => async () =>
  Response.json({ error: { code, message } }, { status });

describe("userMessage", () => {
  it.each([
    ["validation (400)", apiError("validation_error", MSG.passwordTooShort, 400)],
    ["email taken (409)", apiError("conflict", MSG.emailTaken, 409)],
    ["rate limited (429)", apiError("rate_limited", MSG.rateLimited, 429)],
    ["signed out (401)", apiError("unauthenticated", MSG.profileUnauthenticated, 401)],
  ])("keeps the API's message for a deliberate refusal: %s", async (_, answer) => {
    const err = await failureFrom(answer);
    const sent = (err as ApiError).message;
    expect(userMessage(err, FALLBACK)).toBe(sent);
    expect(apiMessage(err)).toBe(sent);
  });

  it.each([
    ["a 500", apiError("internal", MSG.internal, 500)],
    ["a 503 while the database is down", apiError("unavailable", MSG.unavailable, 503)],
    ["a proxy's HTML page", async () => new Response("<h1>Bad gateway</h1>", { status: 502 })],
    ["a 4xx that is not our JSON", async () => new Response("Forbidden", { status: 403 })],
    [
      "a network failure",
      async () => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])("gives the screen's text for %s", async (_, answer) => {
    const err = await failureFrom(answer);
    expect(err).toBeInstanceOf(ApiError);
    expect(userMessage(err, FALLBACK)).toBe(FALLBACK);
    expect(apiMessage(err)).toBeUndefined();
  });

  it("gives the screen's text for something that is not an API error", () => {
    expect(userMessage(new SyntaxError("Unexpected token"), FALLBACK)).toBe(FALLBACK);
    expect(userMessage(undefined, FALLBACK)).toBe(FALLBACK);
  });
});
