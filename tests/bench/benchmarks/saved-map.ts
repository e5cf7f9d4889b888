// A saved route's map (docs/maps.md): the tiles and bytes "Guardar el mapa para ir sin cobertura"
// keeps for a 60 km loop out of Madrid, against the 15 MB budget. The estimate is the one she is
// shown (domain/map-tiles.ts, averages for a Protomaps build of Spain); the measured bytes are
// those tiles read from the development basemap (scripts/tiles/dev-basemap.ts), which is far
// lighter than a real build: a floor, not a forecast.
import { readFileSync } from "node:fs";
import { PMTiles, type Source } from "pmtiles";
import { MAX_DATA_ZOOM, SAVED_MAP_BUDGET_BYTES, savedMapPlan } from "../../../domain/map-tiles.ts";
import { ensureDevBasemap } from "../../../scripts/tiles/local.ts";

const MB = 2 ** 20;

/** A loop of about 60 km: out west from Madrid's centre to the Casa de Campo and Pozuelo, and back. */
function loop60km(): [number, number][] {
  const centre: [number, number] = [40.4168, -3.7038];
  const radiusKm = 60 / (2 * Math.PI);
  const kmLat = 1 / 111.32;
  const kmLon = kmLat / Math.cos((centre[0] * Math.PI) / 180);
  return Array.from({ length: 241 }, (_, i) => {
    const a = (i / 240) * 2 * Math.PI;
    return [
      centre[0] + radiusKm * Math.sin(a) * kmLat,
      centre[1] - radiusKm * (1 - Math.cos(a)) * kmLon,
    ];
  });
}

export async function savedMapReport() {
  const route = loop60km();
  const plan = savedMapPlan([route], [route[0]!])!;
  const archive = readFileSync(await ensureDevBasemap());
  const source: Source = {
    getKey: () => "dev-basemap",
    getBytes: async (offset, length) => ({
      data: new Uint8Array(archive.subarray(offset, offset + length)).buffer,
    }),
  };
  const reader = new PMTiles(source);
  let devBytes = 0;
  const started = performance.now();
  for (const tile of plan.tiles) {
    devBytes += (await reader.getZxy(tile.z, tile.x, tile.y))?.data.byteLength ?? 0;
  }
  const readMs = performance.now() - started;
  const byZoom = new Map<number, number>();
  for (const tile of plan.tiles) byZoom.set(tile.z, (byZoom.get(tile.z) ?? 0) + 1);
  const ok = plan.bytes <= SAVED_MAP_BUDGET_BYTES;
  const markdown = [
    "| Route | Zooms | Tiles | Estimate shown (Protomaps build) | Development basemap, measured | Budget |",
    "|---|---|---|---|---|---|",
    `| 60 km loop, corridor 2 km each side | 0–${plan.maxZoom} (of ${MAX_DATA_ZOOM}) | ${plan.tiles.length} | ${(plan.bytes / MB).toFixed(1)} MB | ${(devBytes / MB).toFixed(2)} MB, read in ${readMs.toFixed(0)} ms | 15 MB: ${ok ? "within" : "OVER"} |`,
    "",
    `Tiles per zoom: ${[...byZoom].map(([z, n]) => `z${z} ${n}`).join(", ")}.`,
  ].join("\n");
  return { markdown, ok };
}
