import { describe, expect, it } from "vitest";
import {
  type SeriesRule,
  seriesRuleOf,
  seriesStarts,
  validateRepeat,
} from "../../domain/series.ts";

const NOW = Date.UTC(2026, 10, 26, 12);

describe("a series' dates", () => {
  it("keep the wall-clock time across the spring change (09:00 stays 09:00 in Madrid)", () => {
    const rule = seriesRuleOf(Date.parse("2027-03-13T08:00:00Z"), "Europe/Madrid", {
      everyWeeks: 1,
      until: null,
      count: 4,
    })!;
    expect(rule).toMatchObject({ anchorDate: "2027-03-13", localTime: "09:00" });
    expect(seriesStarts(rule, NOW).map((ms) => new Date(ms).toISOString())).toEqual([
      "2027-03-13T08:00:00.000Z",
      "2027-03-20T08:00:00.000Z",
      "2027-03-27T08:00:00.000Z",
      "2027-04-03T07:00:00.000Z",
    ]);
  });

  it("keep it across the autumn change on the Canaries' clock, every two weeks until a date", () => {
    const rule: SeriesRule = {
      anchorDate: "2027-10-16",
      localTime: "18:30",
      zone: "Atlantic/Canary",
      everyWeeks: 2,
      until: "2027-11-13",
      count: null,
    };
    expect(seriesStarts(rule, NOW).map((ms) => new Date(ms).toISOString())).toEqual([
      "2027-10-16T17:30:00.000Z",
      "2027-10-30T17:30:00.000Z",
      "2027-11-13T18:30:00.000Z",
    ]);
  });

  it("stop at the 12-month limit of any ride", () => {
    const rule: SeriesRule = {
      anchorDate: "2027-10-02",
      localTime: "09:00",
      zone: "Europe/Madrid",
      everyWeeks: 1,
      until: null,
      count: 12,
    };
    // 26 November 2027 is the last day a ride may start.
    expect(seriesStarts(rule, NOW)).toHaveLength(8);
  });

  it("refuse an end date before the second date, and one past the limit", () => {
    const start = Date.parse("2027-01-09T08:00:00Z");
    const week = { everyWeeks: 1 as const, count: null };
    expect(validateRepeat(start, "Europe/Madrid", { ...week, until: "2027-01-09" }, NOW)).toMatch(
      /posterior/,
    );
    expect(validateRepeat(start, "Europe/Madrid", { ...week, until: "2027-01-12" }, NOW)).toMatch(
      /posterior/,
    );
    expect(
      validateRepeat(start, "Europe/Madrid", { ...week, until: "2027-01-16" }, NOW),
    ).toBeNull();
    expect(validateRepeat(start, "Europe/Madrid", { ...week, until: "2028-01-16" }, NOW)).toMatch(
      /12 meses/,
    );
  });
});
