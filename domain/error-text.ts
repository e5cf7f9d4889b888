// The one table from an error code to its Spanish text. Apart from domain/errors.ts, which the
// first screen loads: the table names most of MSG, which it does not.
import type { ClientErrorCode } from "./errors.ts";
import { MSG } from "./messages.ts";
import { RIDE_DAY_MSG } from "./ride-day.ts";

/**
 * The one table from an error code to the Spanish text she reads, for a code that travels without
 * a text of its own: a framework refusal in the API's error handler, a refused chat message (a
 * ride that is gone is what the chat cannot find), the browser's own failures. A DomainError
 * names its text where it is raised.
 */
export const ERROR_TEXT: Record<ClientErrorCode, string> = {
  validation_error: MSG.invalidInput,
  unauthenticated: MSG.unauthenticated,
  not_authorized: MSG.notAuthorized,
  not_found: MSG.rideGone,
  conflict: MSG.internal,
  username_taken: MSG.usernameTaken,
  rate_limited: MSG.rateLimited,
  ride_full: MSG.rideFull,
  request_needed: MSG.requestNeeded,
  ride_not_full: MSG.waitingListNotFull,
  ride_started: MSG.rideStarted,
  ride_cancelled: MSG.rideCancelledJoin,
  already_joined: MSG.alreadyJoined,
  organizer_cannot_leave: MSG.organizerCannotLeave,
  ride_has_participants: MSG.deleteHasParticipants,
  chat_closed: MSG.chatClosed,
  ride_day_closed: RIDE_DAY_MSG.checkInClosed,
  not_participant: MSG.notParticipant,
  invalid_credentials: MSG.loginFailed,
  reset_token_invalid: MSG.resetTokenInvalid,
  cross_origin: MSG.crossOrigin,
  invitation_required: MSG.invitationRequired,
  account_suspended: MSG.accountSuspended,
  gpx_invalid: MSG.gpxInvalidFormat,
  payload_too_large: MSG.payloadTooLarge,
  unsupported_media_type: MSG.unsupportedMediaType,
  internal: MSG.internal,
  unavailable: MSG.unavailable,
  network_error: MSG.networkError,
};
