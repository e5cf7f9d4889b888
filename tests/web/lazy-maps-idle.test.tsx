import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LazyPinMap } from "../../web/maps/lazy-route-map.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

// Leaflet and the basemap's code are evaluated once the page is idle, not with the screen's
// first render: together they were a long task of the ride page (docs/benchmarks.md).
describe("the maps' code (web/maps/lazy-route-map.tsx)", () => {
  it("loads once the page is idle, and the map then shows", async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal(
      "requestIdleCallback",
      vi.fn((callback: () => void) => {
        idle.push(callback);
        return idle.length;
      }),
    );
    render(<LazyPinMap pin={{ lat: 40.41, lon: -3.7 }} label="Punto de encuentro" />);
    await vi.waitFor(() => expect(idle).toHaveLength(1), { timeout: 5000 });
    // Asked for, not yet loaded: the placeholder holds the map's place.
    expect(screen.queryByTestId("meeting-pin-map")).toBeNull();
    for (const callback of idle) callback();
    const map = await screen.findByTestId("meeting-pin-map", {}, { timeout: 10_000 });
    expect(map.getAttribute("aria-label")).toBe("Punto de encuentro");
    expect(map.querySelectorAll(".meeting-pin")).toHaveLength(1);
  });
});
