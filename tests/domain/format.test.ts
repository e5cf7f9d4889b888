import { describe, expect, it, vi } from "vitest";
import {
  formatChatTime,
  formatDayMonth,
  formatDayMonthYear,
  formatKm,
  formatLongDate,
  formatMemberSince,
  formatMeters,
  formatTime,
} from "../../domain/format.ts";
import { googleMapsSearchUrl, inviteLink, ridePath, shareText } from "../../domain/share.ts";

const TZ = "Europe/Madrid";
// Saturday 14 November 2026, 09:05 in Madrid (UTC+1).
const INSTANT = "2026-11-14T08:05:00.000Z";

describe("format", () => {
  it("formats dates in es-ES", () => {
    expect(formatDayMonth(INSTANT, TZ)).toBe("14/11");
    expect(formatTime(INSTANT, TZ)).toBe("09:05");
    expect(formatTime("2026-11-13T23:05:00.000Z", TZ)).toBe("00:05");
    expect(formatLongDate(INSTANT, TZ)).toBe("sábado, 14 de noviembre");
    expect(formatMemberSince(INSTANT, TZ)).toBe("noviembre 2026");
    expect(formatDayMonth(Date.parse(INSTANT), "UTC")).toBe("14/11");
    expect(formatTime(new Date(INSTANT), "UTC")).toBe("08:05");
  });

  it("writes day and month with two digits each (dd/MM, docs/product.md#spanish-texts)", () => {
    expect(formatDayMonth("2026-01-05T10:00:00.000Z", "UTC")).toBe("05/01");
    // With its year (dd/MM/yyyy) on the zone's day: 23:30 UTC on New Year's Eve is 2027 in Madrid.
    expect(formatDayMonthYear("2026-12-31T23:30:00.000Z", TZ)).toBe("01/01/2027");
    expect(formatChatTime("2026-01-05T09:07:00.000Z", "2026-02-01T00:00:00.000Z", "UTC")).toBe(
      "05/01 09:07",
    );
  });

  it("follows the time zone across midnight", () => {
    expect(formatDayMonth("2026-11-14T23:30:00.000Z", TZ)).toBe("15/11");
    expect(formatDayMonth("2026-11-14T23:30:00.000Z", "UTC")).toBe("14/11");
  });

  it("shows the chat time alone today and with the date otherwise", () => {
    const now = "2026-11-14T20:00:00.000Z";
    expect(formatChatTime(INSTANT, now, TZ)).toBe("09:05");
    expect(formatChatTime("2026-11-12T17:45:00.000Z", now, TZ)).toBe("12/11 18:45");
  });

  it("agrees with Intl's es-ES patterns in the device's zone and in any zone, all year", () => {
    const intl = new Map<string, Intl.DateTimeFormat>();
    const reference = (options: Intl.DateTimeFormatOptions, instant: number, timeZone?: string) => {
      const key = JSON.stringify([options, timeZone]);
      if (!intl.has(key)) intl.set(key, new Intl.DateTimeFormat("es-ES", { ...options, timeZone }));
      return intl.get(key)!.format(instant);
    };
    // The device's zone: Madrid, with its DST changes in March and October.
    vi.stubEnv("TZ", "Europe/Madrid");
    try {
      for (const timeZone of [
        undefined,
        "UTC",
        "America/Mexico_City",
        "Pacific/Kiritimati",
        // Rides' zones are read from their written-out rule (domain/zones.ts), not Intl.
        "Atlantic/Canary",
        "Europe/Madrid",
      ]) {
        // Every 7 h 13 min through 2026: all hours, minutes and weekdays, both DST changes.
        for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 26_000_000) {
          // es-ES's own short pattern is 'd/M'; the spec asks for dd/MM.
          const [day, month] = reference({ day: "numeric", month: "numeric" }, t, timeZone).split(
            "/",
          );
          expect(formatDayMonth(t, timeZone)).toBe(
            `${day!.padStart(2, "0")}/${month!.padStart(2, "0")}`,
          );
          expect(formatTime(t, timeZone)).toBe(
            reference({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }, t, timeZone),
          );
          expect(formatLongDate(t, timeZone)).toBe(
            reference({ weekday: "long", day: "numeric", month: "long" }, t, timeZone),
          );
          expect(formatMemberSince(t, timeZone)).toBe(
            reference({ month: "long", year: "numeric" }, t, timeZone).replace(" de ", " "),
          );
        }
      }
    } finally {
      vi.unstubAllEnvs();
    }
    // About 30,000 formatted dates: well under a second alone, but past vitest's 5 s default when
    // the suite shares two cores with other work.
  }, 20_000);

  it("refuses an invalid date as Intl does", () => {
    expect(() => formatTime("not a date")).toThrow(RangeError);
    expect(() => formatDayMonth(Number.NaN, TZ)).toThrow(RangeError);
  });

  it("writes numbers as Intl's es-ES does: comma, grouping from five digits, halves up", () => {
    const km = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 });
    const m = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 0 });
    const values = [
      0, 0.04, 0.05, 0.25, 1e-7, 9.95, 12.35, 42.45, 999.95, 1234.5, 9999.96, 12345.65,
    ];
    // A seeded walk over many magnitudes and decimals.
    let seed = 7;
    for (let i = 0; i < 3000; i++) {
      seed = (seed * 16807) % 2147483647;
      const magnitude = 10 ** (i % 7);
      values.push(Math.round((seed / 2147483647) * magnitude * 1000) / 1000);
      values.push(Math.round((seed / 2147483647) * magnitude * 100) / 100 + 0.05);
    }
    for (const value of [...values, ...values.map((v) => -v)]) {
      // Intl writes a negative that rounds to zero as "-0"; we write "0".
      expect(formatKm(value), String(value)).toBe(`${km.format(value).replace(/^-0$/, "0")} km`);
      expect(formatMeters(value), String(value)).toBe(`${m.format(value).replace(/^-0$/, "0")} m`);
    }
  });

  it("formats distances and elevation", () => {
    expect(formatKm(42.5)).toBe("42,5 km");
    expect(formatKm(42)).toBe("42 km");
    expect(formatKm(12.34)).toBe("12,3 km");
    expect(formatMeters(600)).toBe("600 m");
    expect(formatMeters(12000)).toBe("12.000 m");
  });
});

describe("share", () => {
  it("builds the share text", () => {
    expect(shareText({ title: "Vuelta al pantano", city: "Madrid", startTime: INSTANT }, TZ)).toBe(
      "Únete a esta salida: Vuelta al pantano en Madrid — sábado, 14 de noviembre, 09:05",
    );
  });

  it("builds the invite link", () => {
    expect(inviteLink("https://rodamos.app/", "abc-123")).toBe(
      "https://rodamos.app/app/signup?ref=abc-123&utm_source=app&utm_medium=referral&utm_campaign=beta",
    );
    expect(inviteLink("http://localhost:5173", "t")).toBe(
      "http://localhost:5173/app/signup?ref=t&utm_source=app&utm_medium=referral&utm_campaign=beta",
    );
  });

  it("builds a Google Maps search on meeting point and city", () => {
    expect(googleMapsSearchUrl("Puerta del Sol", "Madrid")).toBe(
      "https://www.google.com/maps/search/?api=1&query=Puerta%20del%20Sol%2C%20Madrid",
    );
    expect(googleMapsSearchUrl("Plaza Mayor, Madrid", "Madrid")).toBe(
      "https://www.google.com/maps/search/?api=1&query=Plaza%20Mayor%2C%20Madrid",
    );
    expect(googleMapsSearchUrl(" Café Ñam & Co ", null)).toBe(
      "https://www.google.com/maps/search/?api=1&query=Caf%C3%A9%20%C3%91am%20%26%20Co",
    );
  });

  it("builds ride paths", () => {
    expect(ridePath("r 1")).toBe("/app/ride/r%201");
  });
});
