// The approximate area of an approval ride's meeting point (docs/decisions/0036-join-by-approval.md):
// kept while a moved pin stays well inside it, so small edits draw no new areas to average.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MEETING_AREA_KEEP_MARGIN_KM,
  MEETING_AREA_OFFSET_KM,
  MEETING_AREA_RADIUS_KM,
} from "../../domain/constants.ts";
import { approximateCentre, areaStillHolds } from "../../domain/meeting-area.ts";
import { distanceKm } from "../../domain/near.ts";
import { movedBy } from "../support/moved-pin.ts";

const SOL = { lat: 40.4168, lon: -3.7038 };

describe("a moved pin keeps its area", () => {
  it("while it is within radius minus margin (1.25 km) of the centre, and not beyond", () => {
    expect(MEETING_AREA_RADIUS_KM - MEETING_AREA_KEEP_MARGIN_KM).toBe(1.25);
    expect(areaStillHolds(SOL, movedBy(SOL, 1.24, 40))).toBe(true);
    expect(areaStillHolds(SOL, movedBy(SOL, 1.26, 40))).toBe(false);
    expect(areaStillHolds(SOL, movedBy(SOL, 1.6, 200))).toBe(false);
  });

  it("the margin leaves room for moves: more than 0, less than the radius minus the largest offset", () => {
    expect(MEETING_AREA_KEEP_MARGIN_KM).toBeGreaterThan(0);
    expect(MEETING_AREA_KEEP_MARGIN_KM).toBeLessThan(
      MEETING_AREA_RADIUS_KM - MEETING_AREA_OFFSET_KM.max,
    );
  });

  it("the worst case holds: the largest offset, rounded, and a 240 m move straight away from the centre", () => {
    const centre = approximateCentre(SOL, () => 0.999_999);
    const away =
      (Math.atan2(
        (SOL.lon - centre.lon) * Math.cos((SOL.lat * Math.PI) / 180),
        SOL.lat - centre.lat,
      ) *
        180) /
      Math.PI;
    const moved = movedBy(SOL, 0.24, away);
    expect(distanceKm(centre, moved)).toBeGreaterThan(1.23);
    expect(areaStillHolds(centre, moved)).toBe(true);
  });

  it("any area drawn for a pin holds every pin within 240 m of it (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 27.6, max: 43.8, noNaN: true }),
        fc.double({ min: -18.2, max: 4.4, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
          minLength: 2,
          maxLength: 2,
        }),
        fc.double({ min: 0, max: 0.24, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (lat, lon, draws, km, bearing) => {
          const pin = { lat, lon };
          const queue = [...draws];
          const centre = approximateCentre(pin, () => queue.shift()!);
          const moved = movedBy(pin, km, bearing);
          expect(distanceKm(pin, moved)).toBeLessThan(0.241);
          expect(areaStillHolds(centre, moved)).toBe(true);
        },
      ),
    );
  });
});
