// One mapping of a refused join for the ride card and the chat (web/ride-core/join-errors.ts).
import { describe, expect, it } from "vitest";
import { ERROR_TEXT } from "../../domain/error-text.ts";
import { ApiError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { joinFailure } from "../../web/ride-core/join-errors.ts";

describe("joinFailure", () => {
  it("tells her she is in already when the API says already_joined", () => {
    expect(joinFailure(new ApiError("already_joined", MSG.alreadyJoined, 409))).toEqual({
      kind: "already_joined",
      title: MSG.alreadyJoinedTitle,
      description: MSG.alreadyJoined,
    });
  });

  it.each([
    ["ride_full", 409],
    ["ride_started", 409],
    ["ride_cancelled", 409],
    ["unauthenticated", 401],
  ] as const)("gives the API's own text for %s", (code, status) => {
    const error = new ApiError(code, ERROR_TEXT[code], status);
    expect(joinFailure(error)).toEqual({ kind: "refused", reason: ERROR_TEXT[code] });
  });

  it("is a failure with the refusal's text for another 4xx", () => {
    const error = new ApiError("not_found", ERROR_TEXT.not_found, 404);
    expect(joinFailure(error)).toEqual({ kind: "failed", reason: ERROR_TEXT.not_found });
  });

  it("is a failure with the generic text when the server failed or she is offline", () => {
    expect(joinFailure(new ApiError("internal", ERROR_TEXT.internal, 500))).toEqual({
      kind: "failed",
      reason: ERROR_TEXT.internal,
    });
    expect(joinFailure(new ApiError("network_error", ERROR_TEXT.network_error, 0))).toEqual({
      kind: "failed",
      reason: ERROR_TEXT.network_error,
    });
  });

  it("has no reason for an error that is not the API's", () => {
    expect(joinFailure(new TypeError("boom"))).toEqual({ kind: "failed", reason: undefined });
  });
});
