import { describe, expect, test } from "vitest";
import {
  arrivalOpen,
  checkInOpen,
  estimatedMinutes,
  formatDuration,
  rideEstimatedMinutes,
  riderAskAt,
  safetyAskAt,
} from "../../domain/ride-day.ts";

const MIN = 60_000;
const HOUR = 60 * MIN;

describe("'Duración estimada'", () => {
  test("is the distance at the level's speed, rounded to 5 minutes", () => {
    expect(estimatedMinutes(40, "chill")).toBe(160);
    expect(estimatedMinutes(40, "intermedio")).toBe(120);
    expect(estimatedMinutes(40, "cañero")).toBe(95);
    expect(estimatedMinutes(1, "cañero")).toBe(15);
    expect(estimatedMinutes(1000, "chill")).toBe(24 * 60);
  });

  test("a stored ride uses hers when she set one", () => {
    expect(rideEstimatedMinutes({ estimatedMinutes: 200, routeKm: 40, level: "chill" })).toBe(200);
    expect(rideEstimatedMinutes({ estimatedMinutes: null, routeKm: 40, level: "chill" })).toBe(160);
  });

  test("reads in hours and minutes", () => {
    expect(formatDuration(160)).toBe("2 h 40 min");
    expect(formatDuration(45)).toBe("45 min");
    expect(formatDuration(180)).toBe("3 h");
  });
});

describe("the ride day's times", () => {
  const start = Date.UTC(2026, 5, 6, 8, 0);
  test("check-in from 30 min before the start to 6 h after", () => {
    expect(checkInOpen(start, start - 31 * MIN)).toBe(false);
    expect(checkInOpen(start, start - 30 * MIN)).toBe(true);
    expect(checkInOpen(start, start + 6 * HOUR)).toBe(true);
    expect(checkInOpen(start, start + 6 * HOUR + 1)).toBe(false);
  });

  test("arrival opens at the start and counts until the ride day is erased, 24 h after the window", () => {
    expect(arrivalOpen(start, start - 20 * MIN)).toBe(false);
    expect(arrivalOpen(start, start - 1)).toBe(false);
    expect(arrivalOpen(start, start)).toBe(true);
    expect(arrivalOpen(start, start + 29 * HOUR)).toBe(true);
    expect(arrivalOpen(start, start + 30 * HOUR)).toBe(false);
  });

  test("the timer asks at start + duration + 1 h", () => {
    expect(safetyAskAt(start, 160)).toBe(start + 160 * MIN + HOUR);
  });

  test("asks whoever started within its last hour, or after it, an hour after she started", () => {
    const rideAsk = safetyAskAt(start, 160);
    // Checked in at the meeting point, or on the way: the ride's time.
    expect(riderAskAt(rideAsk, start - 30 * MIN)).toBe(rideAsk);
    expect(riderAskAt(rideAsk, rideAsk - HOUR)).toBe(rideAsk);
    // Later than that: her own hour.
    expect(riderAskAt(rideAsk, rideAsk - 30 * MIN)).toBe(rideAsk + 30 * MIN);
    expect(riderAskAt(rideAsk, rideAsk + 2 * HOUR)).toBe(rideAsk + 3 * HOUR);
  });
});
