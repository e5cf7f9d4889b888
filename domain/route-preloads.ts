// The /app routes' code lists that the build writes (scripts/route-preloads.ts) and the worker
// reads to preload a screen's JavaScript with the shell (docs/decisions/0014-app-first-load.md).

/** Route patterns as in web/router.tsx (relative to /app, ":name" for one segment, "*" for any). */
export interface RoutePreloads {
  routes: { path: string; files: string[] }[];
}

/**
 * The route React Router would pick for an /app path: the pattern that matches with the most
 * literal segments wins (so "profile/edit" beats "profile/:username"), "*" only when nothing
 * else matches. Returns undefined for paths outside /app.
 */
export function matchAppRoute<T extends { path: string }>(
  routes: T[],
  pathname: string,
): T | undefined {
  const match = /^\/app(?:\/(.*))?$/.exec(pathname);
  if (!match) return undefined;
  const segments = (match[1] ?? "").split("/").filter(Boolean);
  let best: { route: T; literals: number } | undefined;
  for (const route of routes) {
    if (route.path === "*") continue;
    const pattern = route.path.split("/").filter(Boolean);
    if (pattern.length !== segments.length) continue;
    let literals = 0;
    const fits = pattern.every((part, i) => {
      if (part.startsWith(":")) return true;
      literals += 1;
      return part === segments[i];
    });
    if (fits && (!best || literals > best.literals)) best = { route, literals };
  }
  return best?.route ?? routes.find((r) => r.path === "*");
}

/** Only hashed files under /assets/ go into the page (the manifest is ours, but still). */
export function isPreloadableAsset(file: string): boolean {
  return /^\/assets\/[\w.-]+\.js$/.test(file);
}

/** Every screen asks who she is first (the guards and the layout). */
export const ME_PATH = "/api/me";

/**
 * Marks the navigation prerendered into the built shell (ADR 0057): the worker drops it for a
 * visitor without a session cookie, who would not see it once the app renders.
 */
export const SHELL_NAV_ATTRIBUTE = "data-shell-nav";

/** What every signed-in screen's layout shows at once: chat badges and 'He rodado con ella'. */
const LAYOUT_DATA = ["/api/chats", "/api/connections/pending"];

/** Each screen's own first data, for the screens people open the app on (start_url: the feed). */
const SCREEN_DATA: Record<string, string[]> = {
  "/app/feed": ["/api/my-rides?tab=upcoming&page=0", "/api/referrals/mine", "/api/groups/mine"],
  "/app/my-rides": ["/api/my-rides?tab=upcoming&page=0"],
};

/**
 * The API answers a rider with a profile needs at once on `pathname`, after /api/me. The worker
 * preloads them in the shell when a session cookie comes with the request, and the app's
 * start-up prefetch (web/startup-prefetch.ts) asks for exactly these, so it picks the
 * preloaded answers up; a test holds the two together.
 */
export function signedInStartupData(pathname: string): string[] {
  return [...LAYOUT_DATA, ...(SCREEN_DATA[pathname.replace(/\/+$/, "")] ?? [])];
}
