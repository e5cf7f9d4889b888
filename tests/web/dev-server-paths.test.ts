// `npm run dev` serves web/ as Vite's root: web/<dir>/<file>.ts is the module /<dir>/<file>.ts. The
// worker answers some paths before any file (wrangler.toml run_worker_first), so a module there
// never reaches the browser: the API client, once in an api/ folder of web/, was served at
// /api/client.ts, got the API's 404, and the app never started.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  BROWSER_DEPENDENCIES,
  SERVER_ONLY_DEPENDENCIES,
  WORKER_TEST_DEPENDENCIES,
} from "../../scripts/app-dependencies.ts";
import { isDevPublicPage } from "../../scripts/prerender.ts";
import { isWorkerFirst, workerFirstPatterns } from "../../scripts/worker-paths.ts";

const root = path.resolve(import.meta.dirname, "../..");
const web = path.join(root, "web");
const patterns = workerFirstPatterns(root);

/**
 * The packages that files under `dir` import at run time (type-only imports left out), but those
 * under `skip`.
 */
function bareImports(dir: string, skip?: string): Set<string> {
  const found = new Set<string>();
  const sources = readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
    (e) => e.isFile() && /\.tsx?$/.test(e.name) && !(skip && e.parentPath.startsWith(skip)),
  );
  for (const entry of sources) {
    const text = readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    const statics = text.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+"([^".][^"]*)"/gm);
    const dynamics = text.matchAll(/\bimport\(\s*"([^".][^"]*)"\s*\)/g);
    for (const [, spec] of [...statics, ...dynamics]) {
      if (!spec!.startsWith("virtual:") && !spec!.endsWith(".css")) found.add(spec!);
    }
  }
  return found;
}

/** Every file under web/ as the dev server's URL for it (web/public/* is served from /). */
function devUrls(): string[] {
  const files = readdirSync(web, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(web, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
  return files.filter((f) => !f.startsWith("public/")).map((f) => `/${f}`);
}

describe("npm run dev: module paths vs the worker's paths", () => {
  it("reads the worker-first list from wrangler.toml", () => {
    expect(patterns).toEqual(expect.arrayContaining(["/api/*", "/app", "/app/*"]));
  });

  it("no module under web/ sits at a path the worker answers first (but the /app entry page)", () => {
    const colliding = devUrls().filter(
      (url) => url !== "/app/index.html" && isWorkerFirst(url, patterns),
    );
    expect(colliding).toEqual([]);
  });

  it("matches Cloudflare's rule syntax", () => {
    expect(isWorkerFirst("/api/client.ts", ["/api/*"])).toBe(true);
    expect(isWorkerFirst("/apis.ts", ["/api/*"])).toBe(false);
    expect(isWorkerFirst("/app", ["/app"])).toBe(true);
    expect(isWorkerFirst("/app.ts", ["/app"])).toBe(false);
  });

  it("renders public pages only where neither Vite nor the worker answers", () => {
    for (const page of ["/", "/about", "/blog", "/blog/una-ruta", "/no-existe"]) {
      expect(isDevPublicPage(page, patterns), page).toBe(true);
    }
    for (const other of [
      "/@vite/client",
      "/@react-refresh",
      "/@fs/work/node_modules/react/index.js",
      "/@id/virtual:pwa-register",
      "/node_modules/.vite/deps/react.js",
      "/__vite_ping",
      "/main.tsx",
      "/api/health",
      "/app",
      "/app/feed",
      "/dev/outbox",
    ]) {
      expect(isDevPublicPage(other, patterns), other).toBe(false);
    }
  });
});

describe("npm run dev: dependencies pre-bundled at start", () => {
  it("lists every package the browser code imports, so no lazy screen triggers a reload", () => {
    const imported = new Set([...bareImports(web), ...bareImports(path.join(root, "domain"))]);
    const missing = [...imported].filter(
      (spec) => !BROWSER_DEPENDENCIES.includes(spec) && !SERVER_ONLY_DEPENDENCIES.includes(spec),
    );
    expect(missing).toEqual([]);
    expect(imported).toContain("leaflet");
    // And nothing stale (a removed package would stop the dev server): the JSX runtimes and
    // react-dom come in through the React plugin and react-dom/client.
    const implicit = ["react/jsx-runtime", "react/jsx-dev-runtime", "react-dom"];
    const unused = BROWSER_DEPENDENCIES.filter((d) => !imported.has(d) && !implicit.includes(d));
    expect(unused).toEqual([]);
  });
});

describe("the worker tests: dependencies bundled for workerd", () => {
  it("lists every package worker/, domain/ and tests/worker/ import, and nothing stale", () => {
    const imported = new Set(
      ["worker", "domain", "tests/worker"].flatMap((dir) => [
        // Bundled by esbuild as a Worker of its own (vitest.config.ts), never loaded through Vite.
        ...bareImports(path.join(root, dir), path.join(root, "worker/share-image")),
      ]),
    );
    // The runtime's own modules and the test runner are not packages to bundle.
    const packages = [...imported].filter(
      (spec) => !/^(cloudflare|node):/.test(spec) && spec !== "vitest",
    );
    expect(packages.sort()).toEqual([...WORKER_TEST_DEPENDENCIES].sort());
  });
});
