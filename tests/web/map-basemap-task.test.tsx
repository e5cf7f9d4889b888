import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

const basemapLayer = vi.hoisted(() => vi.fn((_failed: () => void, _loaded: () => void) => null));
vi.mock("../../web/maps/basemap.ts", () => ({ basemapLayer }));

const { PinMap } = await import("../../web/maps/route-map.tsx");
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const pin = { lat: 40.41, lon: -3.7 };

// The basemap's tiles are made in a task after the map's: on a phone the two together were one
// long task of the ride page (docs/benchmarks.md).
describe("a map's basemap (web/maps/route-map.tsx)", () => {
  it("is added in a task after the map's, which already shows its pin and controls", async () => {
    basemapLayer.mockClear();
    render(<PinMap pin={pin} label="Punto de encuentro" />);
    const map = screen.getByTestId("meeting-pin-map");
    expect(map.querySelectorAll(".meeting-pin")).toHaveLength(1);
    expect(map.querySelector(".leaflet-control-zoom-in")?.getAttribute("title")).toBe("Acercar");
    expect(basemapLayer).not.toHaveBeenCalled();
    await nextTask();
    expect(basemapLayer).toHaveBeenCalledTimes(1);
  });

  it("is never made for a map removed before its turn", async () => {
    basemapLayer.mockClear();
    const { unmount } = render(<PinMap pin={pin} label="Punto de encuentro" />);
    unmount();
    await nextTask();
    expect(basemapLayer).not.toHaveBeenCalled();
  });
});
