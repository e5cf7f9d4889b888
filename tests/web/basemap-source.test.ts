// The basemap's tiles as protomaps-leaflet asks for them (web/maps/basemap.ts): from our own
// origin, a 204 is "nothing to draw", and a failure is drawn as the plain background and heard
// of, so the map can say "Mapa no disponible".
import { describe, expect, it, vi } from "vitest";
import { ownOrigin } from "../../web/maps/basemap.ts";
import { stubFetchEachTest } from "./helpers/fetch.ts";

const fetchMock = stubFetchEachTest();

describe("the basemap's tile source", () => {
  it("asks our own origin for the tile and hands back its bytes", async () => {
    fetchMock.mockResolvedValue(new Response(new Uint8Array([1, 2, 3]), { status: 200 }));
    const failed = vi.fn();
    const loaded = vi.fn();
    const tile = await ownOrigin(failed, loaded).getZxy(14, 8024, 6193);
    expect(fetchMock.mock.calls[0]![0]).toBe("/tiles/14/8024/6193.mvt");
    expect([...new Uint8Array(tile!.data)]).toEqual([1, 2, 3]);
    expect(failed).not.toHaveBeenCalled();
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it("takes a 204 as an empty tile, not a failure", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const failed = vi.fn();
    expect(await ownOrigin(failed).getZxy(9, 250, 190)).toBeUndefined();
    expect(failed).not.toHaveBeenCalled();
  });

  it("reports a missing archive or a lost connection, and draws the tile empty", async () => {
    const failed = vi.fn();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 404 }));
    expect(await ownOrigin(failed).getZxy(0, 0, 0)).toBeUndefined();
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    expect(await ownOrigin(failed).getZxy(0, 0, 0)).toBeUndefined();
    expect(failed).toHaveBeenCalledTimes(2);
  });

  it("lets a cancelled request stay cancelled (the map moved on), without a report", async () => {
    fetchMock.mockRejectedValue(new DOMException("The operation was aborted.", "AbortError"));
    const failed = vi.fn();
    await expect(ownOrigin(failed).getZxy(0, 0, 0)).rejects.toThrow("aborted");
    expect(failed).not.toHaveBeenCalled();
  });
});
