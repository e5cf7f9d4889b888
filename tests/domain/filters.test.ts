import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LEVELS, MODALITIES } from "../../domain/constants.ts";
import {
  DATE_TYPES,
  defaultFilters,
  filtersFromSearchParams,
  filtersToApiQuery,
  filtersToSearchParams,
  type RideFilters,
  resolveDateRange,
  selectDateType,
  setCustomRange,
} from "../../domain/filters.ts";

// The runtime's URLSearchParams; this project's type-check has no DOM or Node types.
type Params = { get(name: string): string | null; toString(): string };
const URLSearchParams = (
  globalThis as unknown as {
    URLSearchParams: new (init?: string | Record<string, string>) => Params;
  }
).URLSearchParams;

const TODAY = "2026-06-03"; // a Wednesday
const todayDate = new Date(2026, 5, 3, 12, 0);

const roundTrip = (f: RideFilters) =>
  filtersFromSearchParams(new URLSearchParams(filtersToSearchParams(f, TODAY)), TODAY);

describe("filtersToSearchParams", () => {
  it("writes nothing for the defaults", () => {
    expect(filtersToSearchParams(defaultFilters(TODAY), TODAY)).toEqual({});
  });

  it("writes every set filter with comma lists", () => {
    const f: RideFilters = {
      q: "costa",
      city: "Valencia",
      modalities: ["road", "btt"],
      levels: ["chill", "cañero"],
      from: "2026-06-05",
      to: "2026-06-20",
      dateType: "custom",
    };
    const params = filtersToSearchParams(f, TODAY);
    expect(params).toEqual({
      q: "costa",
      city: "Valencia",
      m: "road,btt",
      level: "chill,cañero",
      from: "2026-06-05",
      to: "2026-06-20",
      dateType: "custom",
    });
    expect(Object.keys(params)).toEqual(["q", "city", "m", "level", "from", "to", "dateType"]);
    expect(new URLSearchParams(params).toString()).toBe(
      "q=costa&city=Valencia&m=road%2Cbtt&level=chill%2Cca%C3%B1ero&from=2026-06-05&to=2026-06-20&dateType=custom",
    );
  });

  it("omits from when it is today and dateType when it is 'week'", () => {
    const params = filtersToSearchParams({ ...defaultFilters(TODAY), to: "2026-06-07" }, TODAY);
    expect(params).toEqual({ to: "2026-06-07" });
    expect(filtersToSearchParams({ ...defaultFilters(TODAY), dateType: "today" }, TODAY)).toEqual({
      dateType: "today",
    });
  });

  it("writes a cleared date type as 'none'", () => {
    expect(filtersToSearchParams({ ...defaultFilters(TODAY), dateType: null }, TODAY)).toEqual({
      dateType: "none",
    });
  });
});

describe("filtersFromSearchParams", () => {
  it("gives the defaults for an empty query", () => {
    expect(filtersFromSearchParams(new URLSearchParams(""), TODAY)).toEqual({
      q: "",
      city: "",
      modalities: [],
      levels: [],
      from: TODAY,
      to: null,
      dateType: "week",
    });
  });

  it("ignores unknown and malformed values", () => {
    const f = filtersFromSearchParams(
      new URLSearchParams(
        "m=road,mtb,,gravel,road&level=pro,chill&from=2026-02-30&to=x&dateType=year",
      ),
      TODAY,
    );
    expect(f.modalities).toEqual(["road", "gravel"]);
    expect(f.levels).toEqual(["chill"]);
    expect(f.from).toBe(TODAY);
    expect(f.to).toBeNull();
    expect(f.dateType).toBe("week");
  });

  it("reads 'none' as a cleared date type", () => {
    expect(
      filtersFromSearchParams(new URLSearchParams("dateType=none"), TODAY).dateType,
    ).toBeNull();
  });

  it("round-trips examples", () => {
    const examples: RideFilters[] = [
      defaultFilters(TODAY),
      { ...defaultFilters(TODAY), q: "Montseny & Tagamanent", city: "Sant Cugat del Vallès" },
      { ...defaultFilters(TODAY), dateType: null },
      { ...defaultFilters(TODAY), dateType: "month", from: "2026-06-01", to: "2026-06-30" },
      { ...defaultFilters(TODAY), modalities: ["btt"], levels: ["intermedio", "cañero"] },
    ];
    for (const f of examples) expect(roundTrip(f)).toEqual(f);
  });

  it("round-trips any normalised filters (property)", () => {
    const isoDate = fc
      .date({ min: new Date(2020, 0, 1), max: new Date(2035, 11, 31), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const filters = fc.record({
      q: fc.string({ maxLength: 20 }),
      city: fc.string({ maxLength: 20 }),
      modalities: fc.uniqueArray(fc.constantFrom(...MODALITIES)),
      levels: fc.uniqueArray(fc.constantFrom(...LEVELS)),
      from: isoDate,
      to: fc.option(isoDate, { nil: null }),
      dateType: fc.option(fc.constantFrom(...DATE_TYPES), { nil: null }),
    });
    fc.assert(
      fc.property(filters, (f) => {
        expect(roundTrip(f)).toEqual(f);
      }),
    );
  });
});

describe("date chips", () => {
  it("selects presets and clears on a second click", () => {
    const week = selectDateType({ ...defaultFilters(TODAY), dateType: null }, "week", todayDate);
    expect(week).toMatchObject({ dateType: "week", from: "2026-06-01", to: "2026-06-07" });
    const cleared = selectDateType(week, "week", todayDate);
    expect(cleared).toMatchObject({ dateType: null, from: TODAY, to: null });
    expect(selectDateType(cleared, "today", todayDate)).toMatchObject({
      dateType: "today",
      from: TODAY,
      to: TODAY,
    });
    expect(selectDateType(cleared, "month", todayDate)).toMatchObject({
      from: "2026-06-01",
      to: "2026-06-30",
    });
    expect(selectDateType(week, "custom", todayDate)).toMatchObject({
      dateType: "custom",
      from: "2026-06-01",
      to: "2026-06-07",
    });
  });

  it("sets a single-day custom range with to = from", () => {
    expect(setCustomRange(defaultFilters(TODAY), "2026-06-10")).toMatchObject({
      dateType: "custom",
      from: "2026-06-10",
      to: "2026-06-10",
    });
    expect(setCustomRange(defaultFilters(TODAY), "2026-06-10", "2026-06-12").to).toBe("2026-06-12");
  });
});

describe("resolveDateRange and API query", () => {
  it("ends the default week on Sunday", () => {
    expect(resolveDateRange(defaultFilters(TODAY))).toEqual({ from: TODAY, to: "2026-06-07" });
  });

  it("keeps explicit ends and leaves cleared or open custom ranges open", () => {
    expect(resolveDateRange({ ...defaultFilters(TODAY), to: "2026-07-01" }).to).toBe("2026-07-01");
    expect(resolveDateRange({ ...defaultFilters(TODAY), dateType: null }).to).toBeNull();
    expect(resolveDateRange({ ...defaultFilters(TODAY), dateType: "custom" }).to).toBeNull();
    expect(resolveDateRange({ ...defaultFilters(TODAY), dateType: "today" }).to).toBe(TODAY);
    expect(resolveDateRange({ ...defaultFilters(TODAY), dateType: "month" }).to).toBe("2026-06-30");
  });

  it("sends local day bounds as instants", () => {
    const query = filtersToApiQuery({
      ...defaultFilters(TODAY),
      q: "  costa ",
      modalities: ["gravel"],
      levels: ["chill"],
    });
    expect(query.q).toBe("costa");
    expect(query.city).toBeUndefined();
    expect(query.m).toBe("gravel");
    expect(query.level).toBe("chill");
    expect(Date.parse(query.from!)).toBe(new Date(2026, 5, 3).getTime());
    expect(Date.parse(query.to!)).toBe(new Date(2026, 5, 8).getTime() - 1);
    expect(filtersToApiQuery({ ...defaultFilters(TODAY), dateType: null }).to).toBeUndefined();
  });
});

describe("day bounds on the searched city's clock (ADR 0029)", () => {
  const bounds = (city: string, from: string, to: string) => {
    const query = filtersToApiQuery({ ...defaultFilters(from), city, dateType: "custom", to });
    return [query.from, query.to];
  };

  it("takes a named city's day, wherever the search is made from", () => {
    // June: Canary time is UTC+1, mainland UTC+2, whatever the device's zone.
    expect(bounds("Las Palmas de Gran Canaria", "2026-06-03", "2026-06-07")).toEqual([
      "2026-06-02T23:00:00.000Z",
      "2026-06-07T22:59:59.999Z",
    ]);
    expect(bounds("Madrid", "2026-06-03", "2026-06-03")).toEqual([
      "2026-06-02T22:00:00.000Z",
      "2026-06-03T21:59:59.999Z",
    ]);
    // Any case or accents name the same city and the same clock.
    expect(bounds("  las palmas de gran canaria ", "2026-06-03", "2026-06-03")[0]).toBe(
      "2026-06-02T23:00:00.000Z",
    );
  });

  it("keeps the 25 hours of the autumn change's day", () => {
    expect(bounds("Madrid", "2026-10-25", "2026-10-25")).toEqual([
      "2026-10-24T22:00:00.000Z",
      "2026-10-25T22:59:59.999Z",
    ]);
  });

  it("sends no bound for a malformed day", () => {
    const query = filtersToApiQuery({
      ...defaultFilters("2026-06-03"),
      city: "Madrid",
      from: "2026-02-31",
      to: "nope",
    });
    expect(query.from).toBeUndefined();
    expect(query.to).toBeUndefined();
  });
});
