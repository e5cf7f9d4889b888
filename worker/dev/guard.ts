import type { MiddlewareHandler } from "hono";
import { MSG } from "../../domain/messages.ts";
import type { AppEnv } from "../env.ts";
import { errorBody } from "../http/errors.ts";

/** /dev/* exists only in local development (ENVIRONMENT=development): 404 everywhere else. */
export const developmentOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.env.ENVIRONMENT !== "development") {
    return c.json(errorBody("not_found", MSG.notFound), 404);
  }
  await next();
};
