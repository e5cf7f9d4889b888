// `npm run tiles:upload -- <file.pmtiles>`: puts a production basemap (a Protomaps build, see
// docs/maps.md) where the deployed worker reads it. The worker's tiles carry the object's ETag,
// so browsers that revalidate get the new map; until then they keep the week they were given.
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { toolEnv } from "../tool-env.ts";
import { BASEMAP_OBJECT } from "./local.ts";

/** wrangler's own limit for one upload; larger files go through R2's S3 API (docs/maps.md). */
const WRANGLER_LIMIT = 300 * 1024 * 1024;

const file = process.argv[2];
if (!file?.endsWith(".pmtiles")) {
  console.error("Uso: npm run tiles:upload -- <archivo.pmtiles>");
  process.exit(1);
}
if (statSync(file).size > WRANGLER_LIMIT) {
  console.error(
    `${file} pasa de 300 MB, el límite de wrangler: súbelo con la API S3 de R2 como ${BASEMAP_OBJECT} (docs/maps.md).`,
  );
  process.exit(1);
}
execFileSync(
  "node_modules/.bin/wrangler",
  ["r2", "object", "put", BASEMAP_OBJECT, "--file", file, "--remote"],
  { stdio: "inherit", env: toolEnv },
);
