// What a refused join means, mapped once for every place she can join from (the ride card, the
// chat of a ride she is not in): each place words the toast, none re-reads the error codes.
import { ApiError, errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";

/** Refusals whose own API text says it all: full, started, cancelled, signed out. */
const TOLD_REFUSALS = new Set(["ride_started", "ride_full", "ride_cancelled", "unauthenticated"]);

export type JoinFailure =
  /** She was in already: nothing failed, the screen only has to catch up. */
  | { kind: "already_joined"; title: string; description: string }
  /** The ride cannot take her; `reason` is the API's text. */
  | { kind: "refused"; reason: string }
  /** A 'Con aprobación' ride: she asks for a place instead (docs/product.md#join-by-approval). */
  | { kind: "request_needed"; reason: string }
  /** Anything else (no connection, a server error, another refusal); `reason` when there is one. */
  | { kind: "failed"; reason: string | undefined };

export function joinFailure(error: unknown): JoinFailure {
  if (error instanceof ApiError && error.code === "already_joined") {
    return {
      kind: "already_joined",
      title: MSG.alreadyJoinedTitle,
      description: MSG.alreadyJoined,
    };
  }
  if (error instanceof ApiError && error.code === "request_needed") {
    return { kind: "request_needed", reason: error.message };
  }
  if (error instanceof ApiError && TOLD_REFUSALS.has(error.code)) {
    return { kind: "refused", reason: error.message };
  }
  return { kind: "failed", reason: errorText(error) };
}
