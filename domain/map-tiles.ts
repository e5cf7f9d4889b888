// The basemap's tiles (docs/maps.md): where they are served, which zooms the archive holds, and
// the tiles of a saved route's corridor. Pure: the worker, the browser and the bench share it.

/** The worker serves one vector tile per address: /tiles/{z}/{x}/{y}.mvt. */
export const TILE_PATH = "/tiles";
export const tileUrl = (z: number, x: number, y: number) => `${TILE_PATH}/${z}/${x}/${y}.mvt`;
/** The deepest zoom a Protomaps build holds; closer views draw these tiles larger (overzoom). */
export const MAX_DATA_ZOOM = 15;

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** A saved map covers this far each side of the route, and around the meeting pin. */
export const CORRIDOR_KM = 2;
/** The most a ride's saved map may take on her phone. */
export const SAVED_MAP_BUDGET_BYTES = 15 * 1024 * 1024;
/** A saved map is dropped this long after the ride's start: the ride day is over. */
export const SAVED_MAP_KEPT_MS = 24 * 60 * 60_000;

/**
 * What a tile of a Protomaps build of Spain weighs on average at each zoom, for the estimate she
 * sees before saving (rural roads weigh less, city centres more). Deep zooms are where a route's
 * tiles are, and what the budget trims.
 */
const AVERAGE_TILE_BYTES = [
  80_000, 80_000, 80_000, 80_000, 80_000, 80_000, 70_000, 60_000, 50_000, 45_000, 40_000, 40_000,
  40_000, 35_000, 30_000, 25_000,
];

const KM_PER_DEGREE = 111.32;

export function tileX(lon: number, z: number): number {
  const n = 2 ** z;
  return Math.min(n - 1, Math.max(0, Math.floor(((lon + 180) / 360) * n)));
}

export function tileY(lat: number, z: number): number {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.asinh(Math.tan(r)) / Math.PI) / 2) * n);
  return Math.min(n - 1, Math.max(0, y));
}

/** Points along `line` ([lat, lon]) no further apart than `stepKm`. */
function densify(line: [number, number][], stepKm: number): [number, number][] {
  const out: [number, number][] = [];
  line.forEach((point, i) => {
    const next = line[i + 1];
    out.push(point);
    if (!next) return;
    const dLat = (next[0] - point[0]) * KM_PER_DEGREE;
    const dLon = (next[1] - point[1]) * KM_PER_DEGREE * Math.cos((point[0] * Math.PI) / 180);
    const steps = Math.floor(Math.hypot(dLat, dLon) / stepKm);
    for (let s = 1; s <= steps; s++) {
      const t = s / (steps + 1);
      out.push([point[0] + t * (next[0] - point[0]), point[1] + t * (next[1] - point[1])]);
    }
  });
  return out;
}

/**
 * The tiles, zooms 0 to `maxZoom`, of the route's corridor (`CORRIDOR_KM` each side of every
 * line) and of the area around each pin: what Modo ruta needs to draw the ride without signal.
 * Sorted by zoom, so the overview is saved first.
 */
export function corridorTiles(
  lines: [number, number][][],
  pins: [number, number][],
  maxZoom = MAX_DATA_ZOOM,
): TileAddress[] {
  // A point every half corridor: the squares around them leave no gap along the line.
  const points = [...lines.flatMap((line) => densify(line, CORRIDOR_KM / 2)), ...pins];
  const tiles: TileAddress[] = [];
  for (let z = 0; z <= maxZoom; z++) {
    const seen = new Set<string>();
    for (const [lat, lon] of points) {
      const dLat = CORRIDOR_KM / KM_PER_DEGREE;
      const dLon = CORRIDOR_KM / (KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
      const [x0, x1] = [tileX(lon - dLon, z), tileX(lon + dLon, z)];
      const [y0, y1] = [tileY(lat + dLat, z), tileY(lat - dLat, z)];
      for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1; y++) {
          const key = `${x}/${y}`;
          if (seen.has(key)) continue;
          seen.add(key);
          tiles.push({ z, x, y });
        }
      }
    }
  }
  return tiles;
}

export function estimatedBytes(tiles: TileAddress[]): number {
  return tiles.reduce((sum, t) => sum + AVERAGE_TILE_BYTES[Math.min(t.z, MAX_DATA_ZOOM)]!, 0);
}

/**
 * The map to save for a ride: the corridor at the deepest zoom whose estimate fits the budget
 * (closer views draw that zoom's tiles larger). Null when there is nothing to centre on.
 */
export function savedMapPlan(lines: [number, number][][], pins: [number, number][]) {
  if (!lines.some((line) => line.length > 0) && pins.length === 0) return null;
  for (let maxZoom = MAX_DATA_ZOOM; ; maxZoom--) {
    const tiles = corridorTiles(lines, pins, maxZoom);
    const bytes = estimatedBytes(tiles);
    if (bytes <= SAVED_MAP_BUDGET_BYTES || maxZoom === 0) return { tiles, bytes, maxZoom };
  }
}
