import { encodeBase64 } from "@oslojs/encoding";
import type { MiddlewareHandler } from "hono";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import type { AppEnv } from "../env.ts";

/**
 * One CSP for the app and the public pages. Map tiles come from our own origin (/tiles,
 * docs/decisions/0056-maps-from-our-own-origin.md) and Google profile pictures from
 * googleusercontent; nothing else leaves our origin.
 * The same header is written for static assets in web/public/_headers.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.googleusercontent.com",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Every answer of the worker carries these, in every environment, and web/public/_headers
 * repeats them for the static assets (tests/build/site-build.test.ts keeps the two identical),
 * so a production page, API answer, share preview or calendar file never lacks one.
 * HSTS: browsers then refuse plain HTTP to the site and its subdomains for a year. A local
 * server on plain http:// is not pinned by it: browsers ignore the header over HTTP (RFC 6797
 * section 8.1).
 */
export const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(self)",
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
};

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // WebSocket upgrades carry an immutable 101 response.
  if (c.res.status === 101) return;
  // c.header copies responses whose headers are immutable (the assets binding's).
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!c.res.headers.has(name)) c.header(name, value);
  }
};

/** `<script>` elements without a src, and their text. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * Development only (ENVIRONMENT=development): Vite's dev server writes React's refresh preamble
 * inline into the app shell, which `script-src 'self'` would block. The shell's CSP then names
 * each inline script by its SHA-256, and nothing else inline runs. A build's shell has no inline
 * script, so `vite preview` and `wrangler dev` send the production CSP
 * (tests/e2e/security-headers.e2e.ts checks the build's /app).
 */
export async function allowShellInlineScripts(shell: Response): Promise<Response> {
  const html = await shell.text();
  const hashes: string[] = [];
  for (const [, code = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (!code.trim()) continue;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code));
    hashes.push(`'sha256-${encodeBase64(new Uint8Array(digest))}'`);
  }
  const res = new Response(html, shell);
  res.headers.delete("Content-Length");
  if (hashes.length > 0) {
    res.headers.set(
      "Content-Security-Policy",
      CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${hashes.join(" ")}`),
    );
  }
  return res;
}

/**
 * API answers are per person and change with every action: no browser, proxy or service worker
 * may keep them (a shared device must not show the last rider's data after logout).
 */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status !== 101 && !c.res.headers.has("Cache-Control")) {
    c.header("Cache-Control", "no-store");
  }
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin the app is served from: APP_ORIGIN when configured, else the request's own. */
export function expectedOrigin(url: string, configured: string | undefined): string {
  return configured || new URL(url).origin;
}

/**
 * CSRF defence: a state-changing request must come from our own origin. Browsers send Origin
 * on every cross-origin and same-origin POST/PUT/PATCH/DELETE made with fetch or a form.
 */
export const originCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("Origin");
    if (!origin || origin !== expectedOrigin(c.req.url, c.env.APP_ORIGIN)) {
      throw new DomainError("cross_origin", MSG.crossOrigin);
    }
  }
  await next();
};
