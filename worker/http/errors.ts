import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { ERROR_TEXT } from "../../domain/error-text.ts";
import { type ApiErrorBody, DomainError, type ErrorCode } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { isTransientD1Error } from "../db/client.ts";
import type { AppEnv } from "../env.ts";

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>) {
  const body: ApiErrorBody = { error: { code, message, ...(fields ? { fields } : {}) } };
  return body;
}

/** First message per field, for forms that show errors next to inputs. */
export function zodFields(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationResponse(c: Context, error: ZodError) {
  const fields = zodFields(error);
  const message = error.issues[0]?.message ?? MSG.invalidInput;
  return c.json(errorBody("validation_error", message, fields), 400);
}

/** Seconds a client should wait before retrying after a transient database failure. */
const RETRY_AFTER_SECONDS = "2";

/**
 * The one error handler: known errors become `{ error: { code, message } }` with their status;
 * a transient D1 failure is a 503 asking her to try again in a moment; anything else is logged
 * with the request id and answered with a generic 500 (no stack).
 */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof DomainError) {
    // `fields` names each refused field for the forms (create/edit ride shows them in place).
    return c.json(errorBody(err.code, err.message, err.fields), err.status as ContentfulStatusCode);
  }
  if (err instanceof ZodError) return validationResponse(c, err);
  if (err instanceof HTTPException) {
    const status = err.status;
    const code: ErrorCode =
      status === 413
        ? "payload_too_large"
        : status === 401
          ? "unauthenticated"
          : "validation_error";
    return c.json(errorBody(code, ERROR_TEXT[code]), status as ContentfulStatusCode);
  }
  if (isTransientD1Error(err)) {
    console.error(`[${c.get("requestId")}] database unavailable`, err);
    c.header("Retry-After", RETRY_AFTER_SECONDS);
    return c.json(errorBody("unavailable", ERROR_TEXT.unavailable), 503);
  }
  console.error(`[${c.get("requestId")}] unhandled error`, err);
  return c.json(errorBody("internal", ERROR_TEXT.internal), 500);
}
