import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import {
  isPreloadableAsset,
  ME_PATH,
  matchAppRoute,
  type RoutePreloads,
  SHELL_NAV_ATTRIBUTE,
  signedInStartupData,
} from "../../domain/route-preloads.ts";
import type { AppEnv, Bindings } from "../env.ts";
import { allowShellInlineScripts } from "../http/security.ts";
import { SESSION_COOKIE } from "../sessions/session.ts";

/**
 * /app/* is the React SPA: a real file under /app (register-sw.js, the manifest…) is served
 * as is, any other path gets the app shell so the client router can take it. The shell names
 * the matching screen's code so it downloads alongside the app's entry
 * (docs/decisions/0014-app-first-load.md).
 */
export async function serveAppShell(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  const isShell = asset.status === 404 || url.pathname === "/app" || url.pathname === "/app/";
  if (!isShell) {
    const res = withNoIndex(asset);
    // The worker file lives in /app/ but also controls the page at exactly /app (the welcome
    // screen), so its scope is "/app", one level above its folder.
    if (url.pathname === "/app/sw.js") res.headers.set("Service-Worker-Allowed", "/app");
    return res;
  }
  const shell =
    asset.status === 404
      ? await c.env.ASSETS.fetch(new URL("/app", c.req.url))
      : new Response(asset.body, asset);
  if (shell.status !== 200) return withNoIndex(shell);
  const files = await screenCode(c.env, url);
  // The cookie is not checked here (that would hold the page back on D1); a stale one costs a
  // few 401s the app never reads, and the navigation on display until the app renders.
  const signedIn = Boolean(getCookie(c, SESSION_COOKIE));
  const preloaded = withPreloads(
    new Response(shell.body, { status: 200, headers: shell.headers }),
    {
      modules: files,
      // Every screen's guard or layout asks who she is first: the answer is on its way
      // before the app's code has even arrived (web/lib/api.ts makes the same request).
      // With a session cookie, the screen's own data too: without it, those requests would
      // wait for the code and then for /api/me.
      fetches: signedIn ? [ME_PATH, ...signedInStartupData(url.pathname)] : [ME_PATH],
    },
  );
  const page = withNoIndex(signedIn ? preloaded : withoutShellNav(preloaded));
  return c.env.ENVIRONMENT === "development" ? allowShellInlineScripts(page) : page;
}

/**
 * Adds, at the end of the shell's <head>, <link rel="modulepreload"> for the screen's modules
 * and <link rel="preload" as="fetch"> for API answers it will ask for at once.
 */
export function withPreloads(
  shell: Response,
  { modules, fetches = [] }: { modules: string[]; fetches?: string[] },
): Response {
  const links = [
    ...modules
      .filter(isPreloadableAsset)
      // At a low priority, as the shell's own module preloads (ADR 0057).
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${file}">`),
    // `crossorigin` (anonymous) is what a same-origin fetch() with default options matches.
    ...fetches
      .filter((path) => /^\/api\/[\w/-]+(\?[\w=-]+(&[\w=-]+)*)?$/.test(path))
      .map(
        (path) =>
          `<link rel="preload" as="fetch" crossorigin href="${path.replaceAll("&", "&amp;")}">`,
      ),
  ].join("");
  if (!links) return shell;
  return new HTMLRewriter()
    .on("head", {
      element(head) {
        head.append(links, { html: true });
      },
    })
    .transform(shell);
}

/**
 * The built shell paints the bottom navigation before the app's code arrives (ADR 0057); a
 * visitor without a session would see it vanish when the app renders, so she never gets it.
 */
export function withoutShellNav(shell: Response): Response {
  return new HTMLRewriter()
    .on(`[${SHELL_NAV_ATTRIBUTE}]`, {
      element(nav) {
        nav.remove();
      },
    })
    .transform(shell);
}

// Read once per isolate; a failed read is retried by the next request. Without a build
// (`npm run dev`, worker tests) the file is missing and the shell goes out unchanged.
let preloads: Promise<RoutePreloads> | undefined;

async function screenCode(env: Bindings, url: URL): Promise<string[]> {
  preloads ??= env.ASSETS.fetch(new URL("/app/route-preloads.json", url)).then((res) => {
    if (!res.ok) throw new Error(`route-preloads.json: ${res.status}`);
    return res.json<RoutePreloads>();
  });
  try {
    return matchAppRoute((await preloads).routes, url.pathname)?.files ?? [];
  } catch {
    preloads = undefined;
    return [];
  }
}

function withNoIndex(res: Response) {
  const out = new Response(res.body, res);
  out.headers.set("X-Robots-Tag", "noindex");
  return out;
}
