import { describe, expect, it } from "vitest";
import { cleanFileName, gpxFileName, routeKeyOf } from "../../worker/gpx/storage.ts";

describe("GPX storage helpers", () => {
  it("cleans her file's name for display: no folders, no control characters, 120 at most", () => {
    expect(cleanFileName("../../Mi ruta\u0000.gpx")).toBe("Mi ruta.gpx");
    expect(cleanFileName("C:\\Users\\ana\\ruta.gpx")).toBe("ruta.gpx");
    expect(cleanFileName("\u0007")).toBe("ruta.gpx");
    expect(cleanFileName(`${"ñ".repeat(200)}.gpx`)).toHaveLength(120);
  });

  it("makes a safe download name from the title", () => {
    expect(gpxFileName('Café "y" Casa/de\\Campo')).toBe("cafe-y-casa-de-campo.gpx");
    expect(gpxFileName("¡¡!!")).toBe("ruta.gpx");
  });

  it("stores the route beside the file", () => {
    expect(routeKeyOf("rides/abc/xyz.gpx")).toBe("rides/abc/xyz.route.json");
  });
});
