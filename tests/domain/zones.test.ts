import { afterEach, describe, expect, it, vi } from "vitest";
import { CITIES, cityTimeZone } from "../../domain/cities.ts";
import { formatDayMonth, formatLongDate, formatTime } from "../../domain/format.ts";
import { rideStartTexts, zoneLabelFor } from "../../domain/ride-time.ts";
import { shareText } from "../../domain/share.ts";
import {
  fromZonedDateTime,
  isKnownTimeZone,
  RIDE_TIME_ZONES,
  type RideTimeZone,
  toZonedDateTime,
  zoneLabel,
  zoneOffsetMinutes,
} from "../../domain/zones.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Intl's offset of `zone` at `ms`, in minutes east of UTC: the reference the rule must match. */
const intlFormats = new Map<string, Intl.DateTimeFormat>();
function intlOffset(ms: number, zone: string): number {
  let format = intlFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    intlFormats.set(zone, format);
  }
  const part = (type: string) =>
    Number(format.formatToParts(ms).find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return (wall - Math.floor(ms / MINUTE) * MINUTE) / MINUTE;
}

afterEach(() => vi.unstubAllEnvs());

describe("ride zones' clocks", () => {
  it.each(RIDE_TIME_ZONES)("%s agrees with Intl every hour of 2026", (zone) => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3 * HOUR + 7 * MINUTE) {
      expect(zoneOffsetMinutes(t, zone), new Date(t).toISOString()).toBe(intlOffset(t, zone));
    }
  });

  it.each(RIDE_TIME_ZONES)("%s agrees with Intl at every change from 1996 to 2040", (zone) => {
    // The last Sunday of March and October falls on the 25th or later; each of those days is
    // checked on both sides of 01:00 UTC, and at noon.
    const times = [30 * MINUTE, HOUR - 1, HOUR, HOUR + 30 * MINUTE, 12 * HOUR];
    for (let year = 1996; year <= 2040; year++) {
      for (const month of [2, 9]) {
        for (let day = 25; day <= 31; day++) {
          for (const time of times) {
            const t = Date.UTC(year, month, day) + time;
            expect(zoneOffsetMinutes(t, zone), new Date(t).toISOString()).toBe(intlOffset(t, zone));
          }
        }
      }
    }
  });

  it("turns a form's date and time on the ride's clock into the instant, and back", () => {
    const madrid = fromZonedDateTime("2026-06-05", "19:55", "Europe/Madrid");
    expect(new Date(madrid!).toISOString()).toBe("2026-06-05T17:55:00.000Z");
    // The same clock time in Canarias is an hour later.
    expect(fromZonedDateTime("2026-06-05", "19:55", "Atlantic/Canary")).toBe(madrid! + HOUR);
    expect(new Date(fromZonedDateTime("2026-12-05", "19:55", "Africa/Ceuta")!).toISOString()).toBe(
      "2026-12-05T18:55:00.000Z",
    );
    for (const zone of RIDE_TIME_ZONES) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 5 * HOUR + 11 * MINUTE) {
        const { date, time } = toZonedDateTime(t, zone)!;
        const minute = Math.floor(t / MINUTE) * MINUTE;
        // The repeated autumn hour reads as its first occurrence.
        const back = fromZonedDateTime(date, time, zone)!;
        expect(back === minute || back === minute - HOUR).toBe(true);
        expect(toZonedDateTime(back, zone)).toEqual({ date, time });
      }
    }
  });

  it("reads the skipped spring hour as the next one and the repeated autumn hour as the first", () => {
    const spring = fromZonedDateTime("2026-03-29", "02:30", "Europe/Madrid")!;
    expect(toZonedDateTime(spring, "Europe/Madrid")).toEqual({ date: "2026-03-29", time: "03:30" });
    const autumn = fromZonedDateTime("2026-10-25", "02:30", "Europe/Madrid")!;
    expect(new Date(autumn).toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("refuses malformed dates and times", () => {
    expect(fromZonedDateTime("2026-06-31", "08:30", "Europe/Madrid")).toBeNull();
    expect(fromZonedDateTime("2026-06-07", "24:00", "Europe/Madrid")).toBeNull();
    expect(fromZonedDateTime("2026-06-07", "8:30", "Europe/Madrid")).toBeNull();
    expect(fromZonedDateTime("", "", "Europe/Madrid")).toBeNull();
    expect(toZonedDateTime("nope", "Europe/Madrid")).toBeNull();
  });
});

describe("cityTimeZone", () => {
  it("gives each city its IANA zone: mainland and Balearics Madrid, Canarias, Ceuta and Melilla", () => {
    const cases: [string, RideTimeZone][] = [
      ["Madrid", "Europe/Madrid"],
      ["Palma", "Europe/Madrid"],
      ["Mahón", "Europe/Madrid"],
      ["Las Palmas de Gran Canaria", "Atlantic/Canary"],
      ["Santa Cruz de Tenerife", "Atlantic/Canary"],
      ["Arrecife", "Atlantic/Canary"],
      ["Ceuta", "Africa/Ceuta"],
      ["Melilla", "Africa/Ceuta"],
      ["Andorra la Vella", "Europe/Andorra"],
    ];
    for (const [city, zone] of cases) expect(cityTimeZone(city), city).toBe(zone);
    for (const city of CITIES) expect(RIDE_TIME_ZONES).toContain(cityTimeZone(city));
  });

  it("matches any case and accents, knows towns named with their island, defaults to Madrid", () => {
    expect(cityTimeZone("  LAS PALMAS de gran canaria ")).toBe("Atlantic/Canary");
    expect(cityTimeZone("Mogán, Gran Canaria")).toBe("Atlantic/Canary");
    expect(cityTimeZone("Los Llanos de Aridane (La Palma)")).toBe("Atlantic/Canary");
    expect(cityTimeZone("La Palma del Condado")).toBe("Europe/Madrid");
    expect(cityTimeZone("Villaconejos")).toBe("Europe/Madrid");
    expect(cityTimeZone("")).toBe("Europe/Madrid");
  });
});

describe("a ride's start as she reads it", () => {
  // Friday 5 June 2026, 19:55 in Madrid.
  const madridRide = {
    city: "Madrid",
    timeZone: "Europe/Madrid",
    startTime: Date.parse("2026-06-05T17:55:00.000Z"),
  };
  // 19:55 in Las Palmas: an hour later than Madrid's 19:55.
  const canaryRide = {
    city: "Las Palmas de Gran Canaria",
    timeZone: "Atlantic/Canary",
    startTime: madridRide.startTime + HOUR,
  };

  it("a Madrid ride at 19:55 reads 19:55 in New York, labelled 'hora de Madrid'", () => {
    vi.stubEnv("TZ", "America/New_York");
    expect(rideStartTexts(madridRide)).toEqual({
      zone: "Europe/Madrid",
      dayMonth: "05/06",
      longDate: "viernes, 5 de junio",
      time: "19:55",
      zoneLabel: "hora de Madrid",
    });
  });

  it("in Madrid (and Paris, same clock) a Madrid ride has no label; a Canarias one says 'hora canaria'", () => {
    for (const tz of ["Europe/Madrid", "Europe/Paris"]) {
      vi.stubEnv("TZ", tz);
      expect(rideStartTexts(madridRide)).toMatchObject({ time: "19:55", zoneLabel: null });
      expect(rideStartTexts(canaryRide)).toMatchObject({
        time: "19:55",
        zoneLabel: "hora canaria",
      });
    }
  });

  it("in Canarias a Canarias ride has no label; a Madrid or Melilla one is named", () => {
    vi.stubEnv("TZ", "Atlantic/Canary");
    expect(rideStartTexts(canaryRide)).toMatchObject({ time: "19:55", zoneLabel: null });
    expect(rideStartTexts(madridRide)).toMatchObject({
      time: "19:55",
      zoneLabel: "hora de Madrid",
    });
    expect(rideStartTexts({ ...madridRide, timeZone: "Africa/Ceuta" }).zoneLabel).toBe(
      "hora de Ceuta y Melilla",
    );
  });

  it("labels by the clocks at the ride's instant, given her offset", () => {
    expect(zoneLabelFor(madridRide.startTime, "Europe/Madrid", 120)).toBeNull();
    expect(zoneLabelFor(madridRide.startTime, "Europe/Madrid", 60)).toBe("hora de Madrid");
    // In winter Madrid is UTC+1.
    expect(zoneLabelFor(Date.parse("2026-12-05T18:55:00.000Z"), "Europe/Madrid", 60)).toBeNull();
  });

  it("a ride stored on Lisbon time reads its own clock, labelled 'hora de Lisboa' elsewhere", () => {
    // Saturday 5 December 2026, 10:00 in Lisbon (UTC in winter).
    const lisbonRide = { timeZone: "Europe/Lisbon", startTime: Date.UTC(2026, 11, 5, 10) };
    vi.stubEnv("TZ", "Europe/Madrid");
    expect(rideStartTexts(lisbonRide)).toEqual({
      zone: "Europe/Lisbon",
      dayMonth: "05/12",
      longDate: "sábado, 5 de diciembre",
      time: "10:00",
      zoneLabel: "hora de Lisboa",
    });
    vi.stubEnv("TZ", "Europe/Lisbon");
    expect(rideStartTexts(lisbonRide).zoneLabel).toBeNull();
    // Canarias keeps Lisbon's clock all year: no label there either.
    vi.stubEnv("TZ", "Atlantic/Canary");
    expect(rideStartTexts(lisbonRide).zoneLabel).toBeNull();
  });

  it("shares the ride on its own clock", () => {
    vi.stubEnv("TZ", "America/New_York");
    expect(shareText({ title: "Pantano", ...canaryRide }, cityTimeZone(canaryRide.city))).toBe(
      "Únete a esta salida: Pantano en Las Palmas de Gran Canaria — viernes, 5 de junio, 19:55",
    );
  });
});

describe("zones off the city list", () => {
  it("keep their labels for the list's zones, verbatim", () => {
    expect(zoneLabel("Europe/Madrid")).toBe("hora de Madrid");
    expect(zoneLabel("Atlantic/Canary")).toBe("hora canaria");
    expect(zoneLabel("Africa/Ceuta")).toBe("hora de Ceuta y Melilla");
    expect(zoneLabel("Europe/Andorra")).toBe("hora de Andorra");
  });

  it("name any other zone's place in Spanish where it has a Spanish name", () => {
    expect(zoneLabel("Europe/Lisbon")).toBe("hora de Lisboa");
    expect(zoneLabel("Europe/London")).toBe("hora de Londres");
    expect(zoneLabel("America/New_York")).toBe("hora de Nueva York");
    expect(zoneLabel("America/Argentina/Buenos_Aires")).toBe("hora de Buenos Aires");
    expect(zoneLabel("Atlantic/Madeira")).toBe("hora de Madeira");
    expect(zoneLabel("UTC")).toBe("hora UTC");
  });

  it.each(["Europe/Lisbon", "America/New_York", "Asia/Kathmandu", "Australia/Lord_Howe"])(
    "%s reads Intl's clock, and a date and time round-trip through it",
    (zone) => {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 5 * HOUR + 11 * MINUTE) {
        expect(zoneOffsetMinutes(t, zone), new Date(t).toISOString()).toBe(intlOffset(t, zone));
      }
      const start = Date.UTC(2026, 11, 5, 10, 0);
      const local = toZonedDateTime(start, zone);
      expect(local).not.toBeNull();
      expect(fromZonedDateTime(local!.date, local!.time, zone)).toBe(start);
    },
  );

  it("10:00 on a winter day in Lisbon is 10:00 UTC; in summer 09:00 UTC", () => {
    expect(fromZonedDateTime("2026-12-05", "10:00", "Europe/Lisbon")).toBe(
      Date.UTC(2026, 11, 5, 10),
    );
    expect(fromZonedDateTime("2026-07-04", "10:00", "Europe/Lisbon")).toBe(Date.UTC(2026, 6, 4, 9));
  });

  it("formats dates on any zone's clock", () => {
    const at = Date.UTC(2026, 11, 5, 23, 30);
    expect(formatTime(at, "Europe/Lisbon")).toBe("23:30");
    expect(formatLongDate(at, "Europe/Madrid")).toBe("domingo, 6 de diciembre");
    expect(formatTime(at, "America/New_York")).toBe("18:30");
    expect(formatDayMonth(at, "Asia/Tokyo")).toBe("06/12");
  });

  it("tells a known IANA zone from a made-up one", () => {
    expect(isKnownTimeZone("Europe/Lisbon")).toBe(true);
    expect(isKnownTimeZone("Europe/Madrid")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});
