import { describe, expect, it } from "vitest";
import { NEAR_RADIUS_KM } from "../../domain/constants.ts";
import { formatDistance } from "../../domain/format.ts";
import {
  cityPosition,
  distanceKm,
  nearBox,
  positionParam,
  roundPosition,
} from "../../domain/near.ts";
import { rideListQuerySchema } from "../../domain/schemas.ts";

const SOL = { lat: 40.4168, lon: -3.7038 };

describe("'Cerca de mí' rules", () => {
  it("rounds her position to two decimals of a degree (about 1 km), nothing finer", () => {
    expect(roundPosition({ lat: 40.416812345, lon: -3.703765432 })).toEqual({
      lat: 40.42,
      lon: -3.7,
    });
    expect(positionParam({ lat: 40.416812345, lon: -3.703765432 })).toBe("40.42,-3.7");
    // The rounding moves her by at most ~0.75 km here.
    const moved = distanceKm(SOL, roundPosition(SOL));
    expect(moved).toBeLessThan(0.8);
  });

  it("measures great-circle distances", () => {
    expect(distanceKm(SOL, SOL)).toBe(0);
    // Madrid to Barcelona, about 505 km.
    const km = distanceKm(SOL, { lat: 41.3874, lon: 2.1686 });
    expect(km).toBeGreaterThan(500);
    expect(km).toBeLessThan(510);
  });

  it("boxes the radius around her; its corners lie outside the circle", () => {
    const box = nearBox(SOL);
    const north = { lat: box.latMax, lon: SOL.lon };
    const east = { lat: SOL.lat, lon: box.lonMax };
    expect(distanceKm(SOL, north)).toBeCloseTo(NEAR_RADIUS_KM, 0);
    expect(distanceKm(SOL, east)).toBeCloseTo(NEAR_RADIUS_KM, 0);
    const corner = { lat: box.latMax, lon: box.lonMax };
    const d2 = (p: { lat: number; lon: number }) =>
      (p.lat - SOL.lat) ** 2 + ((p.lon - SOL.lon) * box.lonScale) ** 2;
    expect(d2(corner)).toBeGreaterThan(box.radius2);
    expect(d2(north)).toBeCloseTo(box.radius2, 10);
  });

  it("places her city when she keeps her position to herself", () => {
    expect(cityPosition("sevilla")).toEqual({ lat: 37.3891, lon: -5.9845 });
    expect(cityPosition("Villarriba del Norte")).toBeNull();
    expect(cityPosition(null)).toBeNull();
  });

  it("says 'a 3 km' on a card", () => {
    expect(formatDistance(2.6)).toBe("a 3 km");
    expect(formatDistance(0.4)).toBe("a menos de 1 km");
    expect(formatDistance(12.49)).toBe("a 12 km");
  });

  it("reads near=lat,lon from the search's query, rounded again", () => {
    expect(rideListQuerySchema.parse({ near: "40.416812,-3.703765" }).near).toEqual({
      lat: 40.42,
      lon: -3.7,
    });
    expect(rideListQuerySchema.parse({}).near).toBeUndefined();
    for (const bad of ["40", "a,b", "91,1", "1,181", "1,2,3", ""]) {
      expect(rideListQuerySchema.safeParse({ near: bad }).success, bad).toBe(false);
    }
  });
});
