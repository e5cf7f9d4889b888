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
