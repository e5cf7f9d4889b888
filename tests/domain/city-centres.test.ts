import { describe, expect, it } from "vitest";
import { CITIES } from "../../domain/cities.ts";
import { cityCentre } from "../../domain/city-centres.ts";

describe("cityCentre (the meeting pin's start without a GPX)", () => {
  it("knows every city of the list, within Spain, the Canaries or Andorra", () => {
    for (const city of CITIES) {
      const centre = cityCentre(city);
      expect(centre, city).not.toBeNull();
      const [lat, lon] = centre!;
      const peninsulaOrIslands = lat > 35 && lat < 44 && lon > -9.5 && lon < 4.5;
      const canaries = lat > 27.5 && lat < 29.5 && lon > -18.2 && lon < -13.3;
      expect(peninsulaOrIslands || canaries, city).toBe(true);
    }
  });

  it("ignores accents and case, and knows no other place", () => {
    expect(cityCentre("cadiz")).toEqual(cityCentre("Cádiz"));
    expect(cityCentre("  MADRID ")).toEqual([40.4168, -3.7038]);
    expect(cityCentre("Atlantis")).toBeNull();
  });
});
