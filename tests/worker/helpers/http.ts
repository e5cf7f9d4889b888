import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { app } from "../../../worker/app.ts";

export const ORIGIN = "http://localhost";

let browsers = 0;

/**
 * A cookie jar for one simulated browser: keeps what Set-Cookie sends back. Each browser has
 * its own client IP (CF-Connecting-IP) so tests do not share one per-IP rate-limit bucket.
 */
export class Browser {
  cookies = new Map<string, string>();
  /** Vars to override for this browser's requests (e.g. GOOGLE_CLIENT_ID, SIGNUP_MODE). */
  private readonly envOverride: Partial<Env> | undefined;

  constructor(options: { env?: Partial<Env> } = {}) {
    this.envOverride = options.env;
  }

  /**
   * The worker's fetch handler (its default export is `app.fetch`), called in this isolate, or
   * the same app with overridden vars. Not through the worker's own service binding: that round
   * trip through workerd's HTTP machinery cost about 4 ms a request, most of an average request's
   * time in this suite. Background work (waitUntil) still runs after the answer, as in
   * production: the context registers it with the pool, and tests/worker/setup.ts waits for it at
   * the end of each file.
   */
  private async send(request: Request): Promise<Response> {
    if (!this.envOverride) return app.fetch(request, env, createExecutionContext());
    const ctx = createExecutionContext();
    const res = await app.fetch(request, { ...env, ...this.envOverride }, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }
  readonly ip =
    `10.${browsers++ % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

  async fetch(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const method = (init.method ?? "GET").toUpperCase();
    if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", this.ip);
    if (!headers.has("Origin") && method !== "GET" && method !== "HEAD") {
      headers.set("Origin", ORIGIN);
    }
    if (this.cookies.size > 0) {
      headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers.set("Content-Type", "application/json");
    }
    const res = await this.send(new Request(`${ORIGIN}${path}`, { ...init, headers, body }));
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const expired = attrs.some(
        (a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === "") this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return res;
  }

  get(path: string) {
    return this.fetch(path);
  }

  post(path: string, json?: unknown) {
    return this.fetch(path, { method: "POST", json: json ?? {} });
  }

  put(path: string, json?: unknown) {
    return this.fetch(path, { method: "PUT", json: json ?? {} });
  }

  patch(path: string, json?: unknown) {
    return this.fetch(path, { method: "PATCH", json: json ?? {} });
  }

  delete(path: string) {
    return this.fetch(path, { method: "DELETE" });
  }
}

export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/**
 * Sends requests until one is refused (429) and returns it; the first `limit` must not be (the
 * caller checks what they answer). Rate limit windows are aligned to the wall clock (Cloudflare's
 * and miniflare's simulation), so a minute may roll over mid-test: within 2·limit + 1 requests a
 * refusal must come.
 */
export async function sendUntilLimited(
  limit: number,
  send: (i: number) => Promise<Response>,
): Promise<Response> {
  for (let i = 0; i < 2 * limit + 1; i++) {
    const res = await send(i);
    if (res.status === 429) {
      expect(i).toBeGreaterThanOrEqual(limit);
      return res;
    }
  }
  throw new Error("never rate limited");
}
