import { describe, expect, it } from "vitest";
import {
  formatChatTime,
  formatDayMonth,
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

  it("follows the time zone across midnight", () => {
    expect(formatDayMonth("2026-11-14T23:30:00.000Z", TZ)).toBe("15/11");
    expect(formatDayMonth("2026-11-14T23:30:00.000Z", "UTC")).toBe("14/11");
  });

  it("shows the chat time alone today and with the date otherwise", () => {
    const now = "2026-11-14T20:00:00.000Z";
    expect(formatChatTime(INSTANT, now, TZ)).toBe("09:05");
    expect(formatChatTime("2026-11-12T17:45:00.000Z", now, TZ)).toBe("12/11 18:45");
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
