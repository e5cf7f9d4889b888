// `npm run tiles:build [-- file]`: writes the development basemap (scripts/tiles/dev-basemap.ts)
// to `file`, by default where `npm run dev` and the tests take it from.
import { writeFileSync } from "node:fs";
import { buildDevBasemap } from "./dev-basemap.ts";
import { DEV_BASEMAP_FILE, ensureDevBasemap } from "./local.ts";

const target = process.argv[2];
if (target) writeFileSync(target, await buildDevBasemap());
else await ensureDevBasemap(DEV_BASEMAP_FILE);
console.log(`Mapa de desarrollo: ${target ?? DEV_BASEMAP_FILE}`);
