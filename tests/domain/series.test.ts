import { describe, expect, it } from "vitest";
import {
  SERIES_TEXTS,
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

describe("what 'Apuntarme a las próximas' says", () => {
  it("names only what happened, each count with the word its number takes", () => {
    expect(SERIES_TEXTS.joinedNext(1, 0)).toBe("Te has apuntado a 1 fecha de la grupeta");
    expect(SERIES_TEXTS.joinedNext(3, 1)).toBe(
      "Te has apuntado a 3 fechas y estás en la lista de espera de 1 fecha",
    );
    expect(SERIES_TEXTS.joinedNext(0, 2)).toBe(
      "Estás en la lista de espera de 2 fechas de la grupeta",
    );
    expect(SERIES_TEXTS.joinedNext(0, 0, 4)).toBe("Has solicitado plaza en 4 fechas de la grupeta");
    expect(SERIES_TEXTS.joinedNext(2, 1, 1)).toBe(
      "Te has apuntado a 2 fechas, estás en la lista de espera de 1 fecha y has solicitado plaza en 1 fecha",
    );
  });

  it("never says '0 fechas': with no date taken she hears that she follows the grupeta", () => {
    expect(SERIES_TEXTS.joinedNext(0, 0, 0)).toBe(
      "Sigues la grupeta. Ahora no había ninguna fecha a la que apuntarte",
    );
  });
});
