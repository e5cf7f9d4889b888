// The development basemap in the local R2 (docs/maps.md): built once into .cache/ (again when its
// script changes), then put in the bucket the worker reads, so `npm run dev`, the E2E runs and
// the benchmarks draw real vector tiles with no extra step.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { toolEnv } from "../tool-env.ts";
import { buildDevBasemap } from "./dev-basemap.ts";

const root = path.resolve(import.meta.dirname, "../..");
export const DEV_BASEMAP_FILE = path.join(root, ".cache/tiles/dev-basemap.pmtiles");
/** Where the worker reads the basemap: wrangler.toml's TILES bucket, this key. */
export const BASEMAP_OBJECT = "rodamos-tiles/basemap.pmtiles";
const SOURCES = ["dev-basemap.ts", "pmtiles-writer.ts"].map((f) =>
  path.join(import.meta.dirname, f),
);

/** Builds the archive into `file` unless it is there and newer than the scripts that make it. */
export async function ensureDevBasemap(file = DEV_BASEMAP_FILE): Promise<string> {
  const built = existsSync(file) ? statSync(file).mtimeMs : 0;
  if (SOURCES.every((source) => statSync(source).mtimeMs < built)) return file;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, await buildDevBasemap());
  return file;
}

/** The development basemap in the local R2 (`persistTo`: wrangler's --persist-to, if any). */
export async function putLocalBasemap(persistTo: string[] = []) {
  const file = await ensureDevBasemap();
  execFileSync(
    path.join(root, "node_modules/.bin/wrangler"),
    ["r2", "object", "put", BASEMAP_OBJECT, "--file", file, "--local", ...persistTo],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: toolEnv },
  );
}
