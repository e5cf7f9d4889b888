import { describe, expect, it } from "vitest";
import {
  CORRIDOR_KM,
  corridorTiles,
  SAVED_MAP_BUDGET_BYTES,
  savedMapPlan,
  tileUrl,
  tileX,
  tileY,
} from "../../domain/map-tiles.ts";
import { OFFLINE_MAP_TEXT } from "../../domain/texts/maps-offline.ts";

const KM_LAT = 1 / 111.32;

/** A straight line east from `from`, `km` long, with a point every kilometre. */
function eastward(from: [number, number], km: number): [number, number][] {
  const kmLon = KM_LAT / Math.cos((from[0] * Math.PI) / 180);
  return Array.from({ length: km + 1 }, (_, i) => [from[0], from[1] + i * kmLon]);
}

const has = (tiles: { z: number; x: number; y: number }[], z: number, lat: number, lon: number) =>
  tiles.some((t) => t.z === z && t.x === tileX(lon, z) && t.y === tileY(lat, z));

describe("tile addresses", () => {
  it("are the usual web-map tiles", () => {
    expect([tileX(-3.7038, 14), tileY(40.4168, 14)]).toEqual([8023, 6177]);
    expect([tileX(0, 0), tileY(0, 0)]).toEqual([0, 0]);
    expect(tileUrl(14, 8023, 6177)).toBe("/tiles/14/8023/6177.mvt");
  });
});

describe("a saved route's corridor", () => {
  const line = eastward([40.4, -3.9], 20);

  it("covers every point up to 2 km each side of the route, at every zoom to 15", () => {
    const tiles = corridorTiles([line], []);
    for (const z of [0, 8, 12, 15]) {
      for (const [lat, lon] of line) {
        expect(has(tiles, z, lat + 1.9 * KM_LAT, lon), `z${z} north`).toBe(true);
        expect(has(tiles, z, lat - 1.9 * KM_LAT, lon), `z${z} south`).toBe(true);
      }
    }
  });

  it("leaves out what is far from the route, and holds each tile once, overview first", () => {
    const tiles = corridorTiles([line], []);
    expect(has(tiles, 15, line[10]![0] + 5 * KM_LAT, line[10]![1])).toBe(false);
    const keys = tiles.map((t) => `${t.z}/${t.x}/${t.y}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(tiles.map((t) => t.z)).toEqual([...tiles.map((t) => t.z)].sort((a, b) => a - b));
    expect(Math.max(...tiles.map((t) => t.z))).toBe(15);
  });

  it("covers the meeting area around a pin with no route", () => {
    const pin: [number, number] = [37.3891, -5.9845];
    const tiles = corridorTiles([], [pin]);
    expect(has(tiles, 15, pin[0] + (CORRIDOR_KM - 0.1) * KM_LAT, pin[1])).toBe(true);
    expect(has(tiles, 15, pin[0] + 4 * KM_LAT, pin[1])).toBe(false);
  });
});

describe("the saved map's plan", () => {
  it("keeps a 60 km route within the 15 MB budget, trimming the deepest zoom if it must", () => {
    const plan = savedMapPlan([eastward([40.4, -4.2], 60)], [[40.4, -4.2]])!;
    expect(plan.bytes).toBeLessThanOrEqual(SAVED_MAP_BUDGET_BYTES);
    expect(plan.maxZoom).toBeGreaterThanOrEqual(13);
    expect(plan.tiles.every((t) => t.z <= plan.maxZoom)).toBe(true);
  });

  it("saves a short route at zoom 15, and nothing without a route or a pin", () => {
    expect(savedMapPlan([eastward([40.4, -3.9], 8)], [])!.maxZoom).toBe(15);
    expect(savedMapPlan([[]], [])).toBeNull();
  });

  it("tells her the size before, rounded to whole megabytes", () => {
    expect(OFFLINE_MAP_TEXT.about(8.3 * 1024 * 1024)).toBe("Unos 8 MB");
    expect(OFFLINE_MAP_TEXT.about(200_000)).toBe("Unos 1 MB");
    expect(OFFLINE_MAP_TEXT.offlineAge("hace 12 min")).toBe("hace 12 min, sin conexión");
  });
});
