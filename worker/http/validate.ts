import { zValidator } from "@hono/zod-validator";
import type { Context, Input, MiddlewareHandler, ValidationTargets } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { validationError } from "../../domain/schemas.ts";
import type { AppEnv } from "../env.ts";

/**
 * Validates one part of the request with a shared zod schema; a failure becomes a 400
 * `validation_error` with the first Spanish message and every field's message.
 * Handlers read the parsed value with `c.req.valid(target)`. A `json` route takes JSON only.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error as unknown as z.ZodError);
  });
  if (target !== "json") return validator;
  // zod-validator reads a body of another type as {}: a text/plain `{"reason":…}` would have
  // cancelled a ride with no reason instead of being refused.
  return (async (c, next) => {
    if (hasBody(c.req.raw) && mediaType(c.req.raw) !== JSON_TYPE) throw unsupportedMediaType();
    return validator(c, next);
  }) as typeof validator;
}

/**
 * Declares for the typed client (web/lib/api.ts) a body that the handler reads and checks itself:
 * ride create and edit take JSON, or multipart with the same JSON in `data` and a GPX in `gpx`.
 */
export function bodyOf<In extends Input["in"]>(): MiddlewareHandler<
  AppEnv,
  string,
  { in: In; out: In }
> {
  return async (_c, next) => {
    await next();
  };
}

export const JSON_TYPE = "application/json";
export const MULTIPART_TYPE = "multipart/form-data";

/** The media type of the body, lowercased, without parameters ('' when none is declared). */
export function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Whether the request carries a body (a declared length above 0, or a stream of unknown length). */
function hasBody(request: Request): boolean {
  const length = request.headers.get("Content-Length");
  return length === null ? request.body !== null : Number(length) > 0;
}

function unsupportedMediaType() {
  return new DomainError("unsupported_media_type", MSG.unsupportedMediaType);
}

/**
 * Every body the API reads is plain JSON, or multipart on the two routes that take a GPX (ride
 * create and edit; `validate("json")` refuses it everywhere else). Anything else — text/plain
 * (what a cross-site form can send without a preflight), no type at all, a compressed body — is
 * a 415 before a handler reads it. A request without a body (a beacon, a join) needs no type.
 */
export const bodyContentType: MiddlewareHandler = async (c, next) => {
  const request = c.req.raw;
  if (hasBody(request)) {
    const encoding = request.headers.get("Content-Encoding")?.trim().toLowerCase();
    const type = mediaType(request);
    if ((encoding && encoding !== "identity") || (type !== JSON_TYPE && type !== MULTIPART_TYPE)) {
      throw unsupportedMediaType();
    }
  }
  await next();
};

/** The form data of a multipart body; one that does not parse is her 400, not our 500. */
export async function readFormData(c: Context): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch {
    throw new DomainError("validation_error", MSG.formUnreadable);
  }
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
