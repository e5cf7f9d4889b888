import { describe, expect, it } from "vitest";
import { cityPosition } from "../../domain/city-centres.ts";
import { NEAR_RADIUS_KM } from "../../domain/constants.ts";
import { formatDistance } from "../../domain/format.ts";
import { MSG } from "../../domain/messages.ts";
import {
  distanceKm,
  NEAR_HEADER,
  nearBox,
  positionParam,
  roundPosition,
} from "../../domain/near.ts";
import { rideListHeadersSchema, rideListQuerySchema } from "../../domain/schemas.ts";

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
    // An Earth radius of 6371 km, as a GPX route's distance (domain/gpx.ts).
    expect(distanceKm({ lat: 40, lon: -3.7 }, { lat: 41, lon: -3.7 })).toBeCloseTo(
      (6371 * Math.PI) / 180,
      9,
    );
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

  it("reads X-Near: lat,lon from the search's headers, rounded again", () => {
    const header = (value: string) => rideListHeadersSchema.safeParse({ [NEAR_HEADER]: value });
    expect(header("40.416812,-3.703765").data).toEqual({ lat: 40.42, lon: -3.7 });
    expect(header("-33.9,+151.2").data).toEqual({ lat: -33.9, lon: 151.2 });
    expect(header("90,-180").data).toEqual({ lat: 90, lon: -180 });
    expect(rideListHeadersSchema.parse({})).toBeUndefined();
    for (const bad of ["40", "a,b", "91,1", "1,181", "1,2,3", ""]) {
      expect(header(bad).success, bad).toBe(false);
    }
  });

  it("takes plain decimal degrees only: no hex, exponents, infinities or blanks", () => {
    for (const bad of [
      "0x10,1",
      "40,0x10",
      "4e1,-3.7",
      "40.4,-3.7e0",
      "Infinity,1",
      "40,-Infinity",
      "NaN,1",
      " 40.4,-3.7",
      "40.4, -3.7",
      "40.4 ,-3.7",
      ".5,1",
      "40.,1",
      "+-1,1",
      "--1,1",
      "1_0,1",
      "0b1,1",
      "0o7,1",
      "40٫4,1",
      "٤٠,1",
      "１,1",
      "1234,1",
      "40.4,-3.7\n",
    ]) {
      const parsed = rideListHeadersSchema.safeParse({ [NEAR_HEADER]: bad });
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(MSG.nearInvalid);
    }
  });

  it("refuses a position in the query string: it goes in the header", () => {
    const parsed = rideListQuerySchema.safeParse({ near: "40.42,-3.7" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(MSG.nearInvalid);
    expect(rideListQuerySchema.parse({})).not.toHaveProperty("near");
  });
});
