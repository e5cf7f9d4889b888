// Writes dist/client/app/route-preloads.json: for each /app route, the JavaScript its screen
// needs beyond the app's entry. The worker adds those files to the shell it serves as
// <link rel="modulepreload">, so a screen's code downloads alongside the entry instead of after
// it has run (docs/decisions/0014-app-first-load.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import type { RoutePreloads } from "../domain/route-preloads.ts";

export const ROUTE_PRELOADS_FILE = "app/route-preloads.json";

/**
 * The screens of web/router.tsx, read from its `screen("path", () => import("./module"), …)`
 * calls. The build test fails if a route ends up without files, so a change to that shape
 * cannot go unnoticed.
 */
export function routerScreens(routerSource: string): { path: string; module: string }[] {
  const calls = routerSource.matchAll(/screen\(\s*"([^"]*)",\s*\(\)\s*=>\s*import\("([^"]+)"\)/g);
  return [...calls].map(([, routePath, module]) => ({ path: routePath!, module: module! }));
}

interface ChunkInfo {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

function staticClosure(
  bundle: Record<string, { type: string }>,
  fileName: string,
  seen = new Set<string>(),
) {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName] as ChunkInfo | undefined;
  for (const imported of chunk?.imports ?? []) staticClosure(bundle, imported, seen);
  return seen;
}

export function routePreloads(webRoot: string): Plugin {
  return {
    name: "rodamos:route-preloads",
    apply: "build",
    // After Vite has dropped the empty chunks of CSS-only imports.
    enforce: "post",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (o): o is typeof o & ChunkInfo => o.type === "chunk",
      );
      const appEntry = chunks.find((c) => c.isEntry && c.fileName.startsWith("assets/app-"));
      if (!appEntry) this.error("route-preloads: the /app entry chunk was not found");
      // Already in the shell's own <script>/<link rel=modulepreload> tags.
      const inEntry = staticClosure(bundle, appEntry.fileName);
      const routerFile = path.join(webRoot, "router.tsx");
      const routes = routerScreens(readFileSync(routerFile, "utf8")).map(
        ({ path: routePath, module }) => {
          const moduleId = path.resolve(webRoot, module);
          const chunk = chunks.find((c) => c.facadeModuleId === moduleId);
          if (!chunk) this.error(`route-preloads: no chunk for ${module} (route "${routePath}")`);
          const files = [...staticClosure(bundle, chunk.fileName)].filter(
            (f) => f in bundle && !inEntry.has(f),
          );
          return { path: routePath, files: files.map((f) => `/${f}`) };
        },
      );
      const manifest: RoutePreloads = { routes };
      this.emitFile({
        type: "asset",
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(manifest),
      });
    },
  };
}
