import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import RouteMap from "../../web/maps/route-map.tsx";

const route: [number, number][] = [
  [40.41, -3.7],
  [40.42, -3.71],
  [40.43, -3.72],
];

describe("RouteMap (docs/product.md#route-and-gpx)", () => {
  it("labels its zoom buttons and its credit in Spanish", () => {
    render(<RouteMap segments={[route]} />);
    const map = screen.getByTestId("route-map");
    const zoomIn = map.querySelector(".leaflet-control-zoom-in");
    const zoomOut = map.querySelector(".leaflet-control-zoom-out");
    expect(zoomIn?.getAttribute("aria-label")).toBe("Acercar");
    expect(zoomIn?.getAttribute("title")).toBe("Acercar");
    expect(zoomOut?.getAttribute("aria-label")).toBe("Alejar");
    expect(zoomOut?.getAttribute("title")).toBe("Alejar");
    // One zoom control: Leaflet's English default is not there as well.
    expect(map.querySelectorAll(".leaflet-control-zoom")).toHaveLength(1);
    // Its credit link too, with the map data's.
    const credits = map.querySelectorAll(".leaflet-control-attribution");
    expect(credits).toHaveLength(1);
    expect(
      credits[0]?.querySelector('a[href="https://leafletjs.com"]')?.getAttribute("title"),
    ).toBe("Una biblioteca JavaScript para mapas interactivos");
    expect(credits[0]?.textContent).toContain("OpenStreetMap");
  });
});

describe("RouteMap's lines and markers", () => {
  it("draws each segment apart, marks start and finish, and the meeting pin", () => {
    const second: [number, number][] = [
      [40.5, -3.7],
      [40.51, -3.71],
    ];
    render(<RouteMap segments={[route, second]} pin={{ lat: 40.41, lon: -3.69 }} />);
    const map = screen.getByTestId("route-map");
    // Two polylines and the two end circles: no line joins the segments.
    const paths = map.querySelectorAll(".leaflet-overlay-pane path");
    expect(paths).toHaveLength(4);
    expect(map.querySelectorAll(".meeting-pin")).toHaveLength(1);
    expect(map.getAttribute("aria-label")).toBe(
      "Mapa de la ruta. Salida y llegada marcadas, con el punto de encuentro.",
    );
  });
});
