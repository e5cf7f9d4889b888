import { zValidator } from "@hono/zod-validator";
import type { MiddlewareHandler, ValidationTargets } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { validationError } from "../../domain/schemas.ts";

/**
 * Validates one part of the request with a shared zod schema; a failure becomes a 400
 * `validation_error` with the first Spanish message and every field's message.
 * Handlers read the parsed value with `c.req.valid(target)`.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error as unknown as z.ZodError);
  });
}

const JSON_LIMIT = 64 * 1024;
const UPLOAD_LIMIT = 5 * 1024 * 1024 + 64 * 1024;

/** Request size caps: 64 KB for JSON, a GPX (5 MB) plus form fields for multipart uploads. */
export const requestSizeLimit = bodyLimit({
  maxSize: UPLOAD_LIMIT,
  onError: () => {
    throw new DomainError("payload_too_large", MSG.payloadTooLarge);
  },
});

export const jsonSizeLimit = bodyLimit({
  maxSize: JSON_LIMIT,
  onError: () => {
    throw new DomainError("payload_too_large", MSG.invalidInput, 413);
  },
});

/**
 * Reads whatever a handler left of the request body, once the answer is ready. A refusal that
 * comes before the body is read (cross-origin, 401, 403) left it on the connection, and the
 * local stack (Vite's proxy in front of workerd, `npm run dev` and the E2E server) then failed
 * the NEXT request on that connection with a 500 "fetch failed" (8 in 40 in a loop here). Only
 * bodies within the upload cap are read; the size limits above still refuse larger ones.
 */
export const drainUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  // After next(): the size limit may have swapped in its counting copy of the request.
  const request = c.req.raw;
  if (!request.body || request.bodyUsed) return;
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > UPLOAD_LIMIT) return;
  await request.arrayBuffer().catch(() => undefined);
};
