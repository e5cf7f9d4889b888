import type { Context } from "hono";
import type { AppEnv } from "../env.ts";

/**
 * /app/* is the React SPA: a real file under /app (register-sw.js, the manifest…) is served
 * as is, any other path gets the app shell so the client router can take it.
 */
export async function serveAppShell(c: Context<AppEnv>) {
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  if (asset.status !== 404) {
    const res = withNoIndex(asset);
    // The worker file lives in /app/ but also controls the page at exactly /app (the welcome
    // screen), so its scope is "/app", one level above its folder.
    if (new URL(c.req.url).pathname === "/app/sw.js")
      res.headers.set("Service-Worker-Allowed", "/app");
    return res;
  }
  const shell = await c.env.ASSETS.fetch(new URL("/app", c.req.url));
  return withNoIndex(new Response(shell.body, { status: 200, headers: shell.headers }));
}

function withNoIndex(res: Response) {
  const out = new Response(res.body, res);
  out.headers.set("X-Robots-Tag", "noindex");
  return out;
}
