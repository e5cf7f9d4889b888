import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { gzip, writeArchive } from "../../scripts/tiles/pmtiles-writer.ts";
import { BASEMAP_KEY } from "../../worker/tiles/archive.ts";
import { Browser } from "./helpers/http.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

/** An archive of the given tiles (each tile's bytes: its text), gzipped as Protomaps stores them. */
async function putArchive(
  tiles: { z: number; x: number; y: number; text: string }[],
  gzipTiles = true,
) {
  const archive = await writeArchive({
    tiles: await Promise.all(
      tiles.map(async (t) => ({
        ...t,
        data: gzipTiles ? await gzip(bytes(t.text)) : bytes(t.text),
      })),
    ),
    metadata: { name: "prueba" },
    bounds: [-10, 35, 5, 44],
    gzipTiles,
  });
  await env.TILES.put(BASEMAP_KEY, archive);
  return archive;
}

const text = async (res: Response) => new TextDecoder().decode(await res.arrayBuffer());

describe("GET /tiles/{z}/{x}/{y}.mvt", () => {
  it("answers 404, not kept, while no basemap is uploaded", async () => {
    await env.TILES.delete(BASEMAP_KEY);
    const res = await new Browser().get("/tiles/0/0/0.mvt");
    expect(res.status).toBe(404);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("serves a tile of the archive, unzipped, with a week of cache and an ETag it honours", async () => {
    await putArchive([
      { z: 0, x: 0, y: 0, text: "mundo" },
      { z: 14, x: 8024, y: 6193, text: "madrid" },
    ]);
    const browser = new Browser();
    const res = await browser.get("/tiles/14/8024/6193.mvt");
    expect(res.status).toBe(200);
    expect(await text(res)).toBe("madrid");
    expect(res.headers.get("Content-Type")).toBe("application/vnd.mapbox-vector-tile");
    expect(res.headers.get("Cache-Control")).toBe(
      "public, max-age=604800, stale-while-revalidate=86400",
    );
    const etag = res.headers.get("ETag")!;
    expect(etag).toMatch(/^"[^"]+-14-8024-6193"$/);
    const again = await browser.fetch("/tiles/14/8024/6193.mvt", {
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    expect(await text(await browser.get("/tiles/0/0/0.mvt"))).toBe("mundo");
  });

  it("answers 204 for a tile the archive does not hold (nothing to draw there)", async () => {
    await putArchive([{ z: 0, x: 0, y: 0, text: "mundo" }]);
    const res = await new Browser().get("/tiles/9/250/190.mvt");
    expect(res.status).toBe(204);
    expect(res.headers.get("Cache-Control")).toContain("max-age=604800");
  });

  it("refuses addresses outside the tile grid", async () => {
    await putArchive([{ z: 0, x: 0, y: 0, text: "mundo" }]);
    const browser = new Browser();
    for (const path of [
      "/tiles/16/0/0.mvt",
      "/tiles/1/2/0.mvt",
      "/tiles/1/0/2.mvt",
      "/tiles/a/0/0.mvt",
      "/tiles/0/0/0.png",
      "/tiles/0/0/-1.mvt",
    ]) {
      expect((await browser.get(path)).status, path).toBe(404);
    }
  });

  it("reads archives whose directory needs leaf directories, and follows a replaced archive", async () => {
    // 20,000 tiles scattered over zoom 15: the root alone would pass the format's 16 KB.
    const many = Array.from({ length: 20_000 }, (_, i) => ({
      z: 15,
      x: (i * 7919) % 32_768,
      y: (i * 104_729) % 32_768,
      text: `t${i}`.repeat(1 + (i % 5)),
    }));
    const archive = await putArchive(many, false);
    const rootLength = Number(new DataView(archive.buffer).getBigUint64(16, true));
    const leavesLength = Number(new DataView(archive.buffer).getBigUint64(48, true));
    expect(rootLength + 127).toBeLessThanOrEqual(16_384);
    expect(leavesLength).toBeGreaterThan(0);
    const browser = new Browser();
    for (const i of [0, 12_345, 19_999]) {
      const t = many[i]!;
      expect(await text(await browser.get(`/tiles/15/${t.x}/${t.y}.mvt`))).toBe(t.text);
    }
    // An operator uploads a new basemap: the isolate's cached directories give way to it.
    await putArchive([{ z: 15, x: 0, y: 0, text: "nuevo" }]);
    expect(await text(await browser.get("/tiles/15/0/0.mvt"))).toBe("nuevo");
    const gone = many[12_345]!;
    expect((await browser.get(`/tiles/15/${gone.x}/${gone.y}.mvt`)).status).toBe(204);
  });

  it("the CSP names no tile server: maps come from our own origin", async () => {
    const res = await new Browser().get("/tiles/0/0/0.mvt");
    const csp = res.headers.get("Content-Security-Policy")!;
    expect(csp).not.toMatch(/openstreetmap|tile\./);
    expect(csp).toContain("img-src 'self' data: blob: https://*.googleusercontent.com;");
    expect(csp).toContain("connect-src 'self';");
  });
});
