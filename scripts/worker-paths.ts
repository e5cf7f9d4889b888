// The paths the worker answers before any static file: wrangler.toml's [assets]
// run_worker_first. One reader, so the dev server and the test that keeps web/ module paths
// clear of them (tests/web/dev-server-paths.test.ts) agree with what workerd does.
import { readFileSync } from "node:fs";
import path from "node:path";

export function workerFirstPatterns(root: string): string[] {
  const toml = readFileSync(path.join(root, "wrangler.toml"), "utf8");
  const line = /^run_worker_first\s*=\s*\[(.*)\]\s*$/m.exec(toml);
  if (!line) throw new Error("wrangler.toml: no one-line run_worker_first list");
  return [...line[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

/** Cloudflare's rule syntax: "/api/*" is everything under /api/, "/app" only that path. */
export function isWorkerFirst(pathname: string, patterns: string[]): boolean {
  return patterns.some((p) =>
    p.endsWith("/*") ? pathname.startsWith(p.slice(0, -1)) : pathname === p,
  );
}
