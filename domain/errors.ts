// Error codes shared by the API (JSON bodies, HTTP statuses) and the browser (what to show).

export const ERROR_CODES = [
  "validation_error",
  "unauthenticated",
  "not_authorized",
  "not_found",
  "conflict",
  "username_taken",
  "rate_limited",
  "ride_full",
  "ride_not_full",
  "ride_started",
  "ride_cancelled",
  "already_joined",
  "organizer_cannot_leave",
  "ride_has_participants",
  "chat_closed",
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
  ride_not_full: 409,
  ride_started: 409,
  ride_cancelled: 409,
  already_joined: 409,
  organizer_cannot_leave: 409,
  ride_has_participants: 409,
  chat_closed: 409,
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

/** True when a parsed JSON body has the ApiErrorBody shape (used by the browser's API client). */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null) return false;
  const error = (value as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return isErrorCode(code) && typeof message === "string";
}
