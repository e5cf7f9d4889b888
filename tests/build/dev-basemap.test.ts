// The development basemap (scripts/tiles/dev-basemap.ts), read back with the pmtiles reader the
// worker uses: small, and with the layers protomaps-leaflet's theme draws where the demo rides are.
import { VectorTile } from "@mapbox/vector-tile";
import Pbf from "pbf";
import { PMTiles, type Source } from "pmtiles";
import { beforeAll, describe, expect, it } from "vitest";
import { buildDevBasemap } from "../../scripts/tiles/dev-basemap.ts";

function tileOf(lat: number, lon: number, z: number): [number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return [
    Math.floor(((lon + 180) / 360) * n),
    Math.floor(((1 - Math.asinh(Math.tan(r)) / Math.PI) / 2) * n),
  ];
}

let archive: Uint8Array;
let reader: PMTiles;

async function layers(z: number, lat: number, lon: number) {
  const [x, y] = tileOf(lat, lon, z);
  const tile = await reader.getZxy(z, x, y);
  if (!tile) return {};
  const vt = new VectorTile(new Pbf(new Uint8Array(tile.data)));
  return Object.fromEntries(Object.entries(vt.layers).map(([name, layer]) => [name, layer.length]));
}

beforeAll(async () => {
  archive = await buildDevBasemap();
  const source: Source = {
    getKey: () => "dev-basemap",
    getBytes: async (offset, length) => ({
      data: archive.slice(offset, offset + length).buffer,
    }),
  };
  reader = new PMTiles(source);
}, 120_000);

describe("the development basemap", () => {
  it("is a PMTiles v3 archive of vector tiles, zooms 0 to 15, under 2 MB", async () => {
    const header = await reader.getHeader();
    expect(header.specVersion).toBe(3);
    expect(header.tileType).toBe(1);
    expect([header.minZoom, header.maxZoom]).toEqual([0, 15]);
    expect(archive.length).toBeLessThan(2 * 1024 * 1024);
  });

  it("has land and sea over the peninsula, and the demo cities' streets up close", async () => {
    expect(await layers(6, 40.4168, -3.7038)).toMatchObject({ earth: expect.any(Number) });
    expect(await layers(6, 40.4168, -3.7038)).toHaveProperty("water");
    // Madrid's centre at the deepest zoom: streets on land.
    const madrid = await layers(15, 40.4168, -3.7038);
    expect(madrid.roads).toBeGreaterThan(2);
    expect(madrid).toHaveProperty("earth");
    // Off Valencia's beach: sea.
    expect(await layers(13, 39.4699, -0.3)).toHaveProperty("water");
    // Nothing is made up far from the demo cities at the deepest zoom.
    expect(await layers(15, 41.65, -0.88)).toEqual({});
  });
});
