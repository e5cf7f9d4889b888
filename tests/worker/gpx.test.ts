import { describe, expect, it } from "vitest";
import {
  gpxFileName,
  ROUTE_MAX_POINTS,
  routeKeyOf,
  simplifyRoute,
} from "../../worker/gpx/storage.ts";

describe("GPX storage helpers", () => {
  it("keeps short routes whole and thins long ones keeping both ends", () => {
    const short: [number, number][] = [
      [40, -3],
      [41, -4],
    ];
    expect(simplifyRoute(short)).toBe(short);
    const long = Array.from({ length: 10_000 }, (_, i): [number, number] => [40 + i / 1e4, -3]);
    const thin = simplifyRoute(long);
    expect(thin).toHaveLength(ROUTE_MAX_POINTS);
    expect(thin[0]).toEqual(long[0]);
    expect(thin.at(-1)).toEqual(long.at(-1));
  });

  it("makes a safe download name from the title", () => {
    expect(gpxFileName('Café "y" Casa/de\\Campo')).toBe("cafe-y-casa-de-campo.gpx");
    expect(gpxFileName("¡¡!!")).toBe("ruta.gpx");
  });

  it("stores the route beside the file", () => {
    expect(routeKeyOf("rides/abc/xyz.gpx")).toBe("rides/abc/xyz.route.json");
  });
});
