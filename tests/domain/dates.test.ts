import { describe, expect, it } from "vitest";
import {
  addDays,
  datePreset,
  localDayEndIso,
  localDayStartIso,
  parseIsoDate,
  toIsoDate,
} from "../../domain/dates.ts";

// Local dates: these tests hold in any time zone because they only use local getters.
const local = (y: number, m: number, d: number) => new Date(y, m - 1, d, 15, 30);

describe("toIsoDate / parseIsoDate", () => {
  it("formats the local calendar date", () => {
    expect(toIsoDate(local(2026, 1, 5))).toBe("2026-01-05");
    expect(toIsoDate(new Date(2026, 11, 31, 23, 59))).toBe("2026-12-31");
  });

  it("parses to local midnight and rejects invalid dates", () => {
    const d = parseIsoDate("2026-03-09");
    expect(d?.getFullYear()).toBe(2026);
    expect(d?.getMonth()).toBe(2);
    expect(d?.getDate()).toBe(9);
    expect(d?.getHours()).toBe(0);
    expect(parseIsoDate("2026-02-30")).toBeNull();
    expect(parseIsoDate("2026-13-01")).toBeNull();
    expect(parseIsoDate("2026-1-5")).toBeNull();
    expect(parseIsoDate("")).toBeNull();
    expect(parseIsoDate(null)).toBeNull();
    expect(parseIsoDate("2024-02-29")).not.toBeNull();
  });

  it("round-trips", () => {
    for (const s of ["2026-01-01", "2026-02-28", "2028-02-29", "2026-10-25", "2026-03-29"]) {
      expect(toIsoDate(parseIsoDate(s)!)).toBe(s);
    }
  });

  it("adds calendar days across months", () => {
    expect(toIsoDate(addDays(local(2026, 1, 30), 3))).toBe("2026-02-02");
    expect(toIsoDate(addDays(local(2026, 3, 1), -1))).toBe("2026-02-28");
  });
});

describe("datePreset", () => {
  it("today is a single day", () => {
    expect(datePreset("today", local(2026, 6, 7))).toEqual({
      from: "2026-06-07",
      to: "2026-06-07",
    });
  });

  it("week runs Monday to Sunday, also when today is Sunday", () => {
    // 2026-06-07 is a Sunday.
    expect(local(2026, 6, 7).getDay()).toBe(0);
    expect(datePreset("week", local(2026, 6, 7))).toEqual({ from: "2026-06-01", to: "2026-06-07" });
  });

  it("week when today is Monday starts today", () => {
    expect(local(2026, 6, 8).getDay()).toBe(1);
    expect(datePreset("week", local(2026, 6, 8))).toEqual({ from: "2026-06-08", to: "2026-06-14" });
  });

  it("week across a month and year boundary", () => {
    // Thursday 2026-12-31 → Monday 28 Dec to Sunday 3 Jan.
    expect(datePreset("week", local(2026, 12, 31))).toEqual({
      from: "2026-12-28",
      to: "2027-01-03",
    });
  });

  it("month runs from the first to the last day", () => {
    expect(datePreset("month", local(2026, 2, 14))).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(datePreset("month", local(2028, 2, 1))).toEqual({
      from: "2028-02-01",
      to: "2028-02-29",
    });
    expect(datePreset("month", local(2026, 12, 31))).toEqual({
      from: "2026-12-01",
      to: "2026-12-31",
    });
  });
});

describe("local day and time to instants", () => {
  it("gives the local day's first and last millisecond", () => {
    const start = localDayStartIso("2026-06-07")!;
    const end = localDayEndIso("2026-06-07")!;
    expect(new Date(start).getTime()).toBe(new Date(2026, 5, 7).getTime());
    expect(new Date(end).getTime()).toBe(new Date(2026, 5, 8).getTime() - 1);
    expect(localDayStartIso("nope")).toBeNull();
    expect(localDayEndIso("2026-02-31")).toBeNull();
  });
});
