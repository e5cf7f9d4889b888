import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
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
