// GET /tiles/{z}/{x}/{y}.mvt: one vector tile of the basemap, from our own origin
// (docs/decisions/0056-maps-from-our-own-origin.md). Public, like the map it draws: no session.
// A week of browser cache, revalidated by an ETag made of the archive's own and the address.
import { Hono } from "hono";
import { MAX_DATA_ZOOM } from "../../domain/map-tiles.ts";
import type { AppEnv } from "../env.ts";
import { ArchiveMissing, readTile } from "./archive.ts";

const CACHE = "public, max-age=604800, stale-while-revalidate=86400";
const TILE_TYPE = "application/vnd.mapbox-vector-tile";

function address(z: string, x: string, file: string) {
  const match = /^(\d{1,6})\.mvt$/.exec(file);
  if (!/^\d{1,2}$/.test(z) || !/^\d{1,6}$/.test(x) || !match) return null;
  const at = { z: Number(z), x: Number(x), y: Number(match[1]) };
  const side = 2 ** at.z;
  return at.z <= MAX_DATA_ZOOM && at.x < side && at.y < side ? at : null;
}

export const tileRoutes = new Hono<AppEnv>().get("/:z/:x/:file", async (c) => {
  const at = address(c.req.param("z"), c.req.param("x"), c.req.param("file"));
  if (!at) return c.body(null, 404, { "Cache-Control": "no-store" });
  try {
    const { tile, etag: archiveTag } = await readTile(c.env.TILES, at.z, at.x, at.y);
    const etag = `"${archiveTag.replaceAll('"', "")}-${at.z}-${at.x}-${at.y}"`;
    const headers = { "Cache-Control": CACHE, ETag: etag };
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
    // A tile the archive does not hold is empty land or sea: nothing to draw, not an error.
    if (!tile) return c.body(null, 204, headers);
    return c.body(tile, 200, { ...headers, "Content-Type": TILE_TYPE });
  } catch (error) {
    if (!(error instanceof ArchiveMissing)) throw error;
    // No basemap uploaded: the maps draw the route on a plain background.
    return c.body(null, 404, { "Cache-Control": "no-store" });
  }
});
