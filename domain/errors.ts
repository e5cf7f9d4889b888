// Error codes shared by the API (JSON bodies, HTTP statuses) and the browser (what to show), and
// the one path from a failed call to the screen. The table from a code to its Spanish text is
// domain/error-text.ts: this module loads with the first screen, that table with MSG.

export const ERROR_CODES = [
  "validation_error",
  "unauthenticated",
  "not_authorized",
  "not_found",
  "conflict",
  "username_taken",
  "rate_limited",
  "ride_full",
  "request_needed",
  "ride_not_full",
  "ride_started",
  "ride_cancelled",
  "already_joined",
  "organizer_cannot_leave",
  "ride_has_participants",
  "chat_closed",
  "ride_day_closed",
  "not_participant",
  "invalid_credentials",
  "reset_token_invalid",
  "cross_origin",
  "invitation_required",
  "account_suspended",
  "gpx_invalid",
  "payload_too_large",
  "unsupported_media_type",
  "internal",
  "unavailable",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const DEFAULT_STATUS: Record<ErrorCode, number> = {
  validation_error: 400,
  unauthenticated: 401,
  not_authorized: 403,
  not_found: 404,
  conflict: 409,
  username_taken: 409,
  rate_limited: 429,
  ride_full: 409,
  request_needed: 409,
  ride_not_full: 409,
  ride_started: 409,
  ride_cancelled: 409,
  already_joined: 409,
  organizer_cannot_leave: 409,
  ride_has_participants: 409,
  chat_closed: 409,
  ride_day_closed: 409,
  not_participant: 403,
  invalid_credentials: 401,
  reset_token_invalid: 400,
  cross_origin: 403,
  invitation_required: 403,
  account_suspended: 403,
  gpx_invalid: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal: 500,
  unavailable: 503,
};

/** The codes a failure can carry in the browser: the API's, and a request that never reached it. */
export type ClientErrorCode = ErrorCode | "network_error";

export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}

/** A rule violation with a user-facing Spanish message; the API turns it into ApiErrorBody. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Per-field messages for forms (field name → message). */
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message: string, status?: number, fields?: Record<string, string>) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.status = status ?? DEFAULT_STATUS[code];
    if (fields) this.fields = fields;
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}

/** A failed API call as the browser holds it: the stable code, its Spanish message, the status. */
export class ApiError extends Error {
  readonly code: ClientErrorCode;
  readonly status: number;
  /** Per-field messages for forms (field name → message). */
  readonly fields?: Record<string, string>;

  // Plain fields, not parameter properties: Node runs this file directly (tsconfig.node.json).
  constructor(
    code: ClientErrorCode,
    message: string,
    status: number,
    fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
    if (fields) this.fields = fields;
  }
}

/**
 * The one path from a failed call to the text she reads. A deliberate refusal (a 4xx with the
 * API's body) says the API's own message. Anything else — our server failing, no connection, a
 * proxy's page, a bug — says `otherwise`, the screen's own text from the spec; `null` when the
 * screen shows only refusals. Without `otherwise`, a failed call says its own text (the code's,
 * ERROR_TEXT) and anything that is not an API error says nothing.
 */
export function errorText(error: unknown, otherwise: string): string;
export function errorText(error: unknown, otherwise?: null): string | undefined;
export function errorText(error: unknown, otherwise?: string | null): string | undefined {
  if (!(error instanceof ApiError)) return otherwise ?? undefined;
  // A 4xx without our JSON body (a proxy's page) arrives as "internal" with the generic text.
  const refusal = error.status >= 400 && error.status < 500 && error.code !== "internal";
  if (refusal) return error.message;
  return otherwise === undefined ? error.message : (otherwise ?? undefined);
}

/** True when a parsed JSON body has the ApiErrorBody shape (the browser's API client, `call`). */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null) return false;
  const error = (value as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return isErrorCode(code) && typeof message === "string";
}
