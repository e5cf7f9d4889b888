// A ride's map saved for a road without signal (docs/maps.md): the tiles of its corridor
// (domain/map-tiles.ts) fetched once and put in a cache of their own, which the service worker
// (web/public/app/sw-maps.js) answers tile requests from. The cache's name carries the ride and
// when it is dropped; a marker entry, written last, says the save finished.
import {
  SAVED_MAP_BUDGET_BYTES,
  SAVED_MAP_KEPT_MS,
  TILE_PATH,
  type TileAddress,
  tileUrl,
} from "../../domain/map-tiles.ts";

const PREFIX = "rodamos-map:";
const DONE_MARKER = `${TILE_PATH}/saved`;
/** Tiles fetched at once: enough to fill the line, few enough not to starve the app's own calls. */
const PARALLEL = 6;

const cacheName = (rideId: string, startMs: number) =>
  `${PREFIX}${rideId}:${startMs + SAVED_MAP_KEPT_MS}`;

function storage(): CacheStorage | null {
  return typeof caches === "undefined" ? null : caches;
}

/** Whether this ride's map is saved (and not yet past its day). */
export async function isMapSaved(rideId: string, startMs: number): Promise<boolean> {
  const store = storage();
  if (!store || !(await store.has(cacheName(rideId, startMs)))) return false;
  const cache = await store.open(cacheName(rideId, startMs));
  return Boolean(await cache.match(DONE_MARKER));
}

export interface SaveProgress {
  done: number;
  total: number;
  bytes: number;
}

/**
 * Fetches and keeps `tiles` for the ride. Stops when the budget's bytes are reached (the tiles
 * come overview first: what is left out is the deepest zoom, drawn larger from the one above).
 * Rejects when cancelled (AbortError) or when a tile cannot be had; what was saved stays.
 */
export async function saveMap(
  rideId: string,
  startMs: number,
  tiles: TileAddress[],
  options: { signal?: AbortSignal; onProgress?: (progress: SaveProgress) => void } = {},
): Promise<SaveProgress> {
  const store = storage();
  if (!store) throw new Error("Cache Storage is not available");
  const name = cacheName(rideId, startMs);
  // An earlier save for another start time of the same ride (the ride was moved) goes.
  for (const other of await store.keys()) {
    if (other.startsWith(`${PREFIX}${rideId}:`) && other !== name) await store.delete(other);
  }
  const cache = await store.open(name);
  const progress: SaveProgress = { done: 0, total: tiles.length, bytes: 0 };
  let next = 0;
  let full = false;
  const worker = async () => {
    while (next < tiles.length && !full) {
      options.signal?.throwIfAborted();
      const tile = tiles[next++]!;
      const url = tileUrl(tile.z, tile.x, tile.y);
      let saved = await cache.match(url);
      if (!saved) {
        const res = await fetch(url, { signal: options.signal });
        if (!res.ok) throw new Error(`tile ${url}: ${res.status}`);
        const body = await res.arrayBuffer();
        if (progress.bytes + body.byteLength > SAVED_MAP_BUDGET_BYTES) {
          full = true;
          return;
        }
        saved = new Response(res.status === 204 ? null : body, {
          status: res.status,
          headers: { "Content-Type": res.headers.get("Content-Type") ?? "" },
        });
        await cache.put(url, saved.clone());
      }
      progress.bytes += (await saved.arrayBuffer()).byteLength;
      progress.done += 1;
      options.onProgress?.({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  options.signal?.throwIfAborted();
  await cache.put(DONE_MARKER, Response.json(progress));
  return progress;
}
