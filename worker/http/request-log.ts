// Our one line per request, in place of the platform's automatic invocation logs, which keep the
// full URL and the headers and are off in wrangler.toml (docs/decisions/0034-nothing-secret-in-a-logged-url.md).
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";

/**
 * `GET /api/rides/:id 200 12ms`: the method, the pattern of the route that answered, the status,
 * the time. The pattern, not the path: the calendar feed's path is its secret, and other paths
 * name rides and riders. Never a query string, a header or a body (her position, tokens, texts).
 */
export function requestLine(c: Context, ms: number): string {
  return `${c.req.method} ${routePath(c) || "(no route)"} ${c.res.status} ${ms}ms`;
}

export const requestLog: MiddlewareHandler = async (c, next) => {
  const started = Date.now();
  await next();
  console.log(requestLine(c, Date.now() - started));
};
