// The clocks rides keep (docs/product.md#times-and-time-zones): each ride stores its IANA zone
// (docs/decisions/0042-a-rides-zone-is-stored.md), and forms and screens read its start on that
// clock.
//
// The four zones of the city list follow the EU summer-time rule, written out here instead of
// asked of Intl.DateTimeFormat: the first Intl formatter of a page costs ~30 ms of main thread in
// Chromium (ICU's zone data), and the feed's first screen shows ride times (ADR 0014: no Intl
// constructors on the first screen). tests/domain/zones.test.ts holds the rule to Intl's answer
// for every hour of 2026 and every change from 1996 to 2040, in each zone. Any other zone (a ride
// whose pin is in Lisboa) is asked of Intl, one formatter per zone.

export const RIDE_TIME_ZONES = [
  "Europe/Madrid",
  "Atlantic/Canary",
  "Africa/Ceuta",
  "Europe/Andorra",
] as const;
export type RideTimeZone = (typeof RIDE_TIME_ZONES)[number];

/** Mainland Spain's: the zone of a city the list does not know. */
export const DEFAULT_RIDE_TIME_ZONE: RideTimeZone = "Europe/Madrid";

/** Next to a ride's time when the viewer's clock reads differently. */
export const ZONE_LABELS: Record<RideTimeZone, string> = {
  "Europe/Madrid": "hora de Madrid",
  "Atlantic/Canary": "hora canaria",
  "Africa/Ceuta": "hora de Ceuta y Melilla",
  "Europe/Andorra": "hora de Andorra",
};

/** Spanish names of the places other zones are named after, where Spanish names them differently. */
const PLACE_NAMES: Record<string, string> = {
  Amsterdam: "Ámsterdam",
  Athens: "Atenas",
  Berlin: "Berlín",
  Brussels: "Bruselas",
  Bucharest: "Bucarest",
  Copenhagen: "Copenhague",
  Dublin: "Dublín",
  Lisbon: "Lisboa",
  London: "Londres",
  Mexico_City: "Ciudad de México",
  Moscow: "Moscú",
  New_York: "Nueva York",
  Paris: "París",
  Prague: "Praga",
  Rome: "Roma",
  Sao_Paulo: "São Paulo",
  Stockholm: "Estocolmo",
  Tokyo: "Tokio",
  Vienna: "Viena",
  Warsaw: "Varsovia",
  Zurich: "Zúrich",
};

/**
 * The label of any zone: the list's own for the four zones of the city list, else 'hora de' and
 * the place the zone is named after ('Europe/Lisbon': 'hora de Lisboa';
 * 'America/Argentina/Buenos_Aires': 'hora de Buenos Aires').
 */
export function zoneLabel(zone: string): string {
  if (isRideTimeZone(zone)) return ZONE_LABELS[zone];
  const place = zone.slice(zone.lastIndexOf("/") + 1);
  if (place === "UTC" || place === "GMT") return "hora UTC";
  return `hora de ${PLACE_NAMES[place] ?? place.replace(/_/g, " ")}`;
}

/** Minutes east of UTC outside summer time. */
const STANDARD_OFFSET_MINUTES: Record<RideTimeZone, number> = {
  "Europe/Madrid": 60,
  "Atlantic/Canary": 0,
  "Africa/Ceuta": 60,
  "Europe/Andorra": 60,
};

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export function isRideTimeZone(zone: string | undefined): zone is RideTimeZone {
  return (RIDE_TIME_ZONES as readonly string[]).includes(zone ?? "");
}

/** 01:00 UTC of the last Sunday of a month (`monthIndex` 0–11). */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** EU summer time (since 1996): last Sunday of March to last Sunday of October, 01:00 UTC. */
function inEuSummerTime(ms: number): boolean {
  const year = new Date(ms).getUTCFullYear();
  return ms >= lastSundayAtOneUtc(year, 2) && ms < lastSundayAtOneUtc(year, 9);
}

const intlClocks = new Map<string, Intl.DateTimeFormat>();

export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * What `zone`'s clocks read at the instant `ms`, asked of Intl (one formatter per zone, kept):
 * for zones off the list, and for the calendar's events.
 */
export function intlWallClock(ms: number, zone: string): WallClock {
  let clock = intlClocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    intlClocks.set(zone, clock);
  }
  const parts = clock.formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
  };
}

/** A zone off the list: Intl's wall clock at `ms`, less the instant. */
function intlOffsetMinutes(ms: number, zone: string): number {
  const { year, month, day, hour, minute, second } = intlWallClock(ms, zone);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / MINUTE);
}

/** Minutes east of UTC that `zone`'s clocks read at the instant `ms`. */
export function zoneOffsetMinutes(ms: number, zone: string): number {
  if (!isRideTimeZone(zone)) return intlOffsetMinutes(ms, zone);
  return STANDARD_OFFSET_MINUTES[zone] + (inEuSummerTime(ms) ? 60 : 0);
}

/** Whether `zone` is an IANA zone this runtime knows (a stored zone is checked before use). */
export function isKnownTimeZone(zone: string): boolean {
  if (isRideTimeZone(zone)) return true;
  try {
    intlOffsetMinutes(0, zone);
    return true;
  } catch {
    return false;
  }
}

/** Minutes east of UTC of this device's clock at `ms`. */
export function deviceOffsetMinutes(ms: number): number {
  // `|| 0` turns getTimezoneOffset's -0 (UTC) into 0.
  return -new Date(ms).getTimezoneOffset() || 0;
}

/** The instant's calendar fields on `zone`'s clock, read from a shifted Date's UTC fields. */
export function zonedFields(ms: number, zone: string) {
  const shifted = new Date(ms + zoneOffsetMinutes(ms, zone) * MINUTE);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** 'YYYY-MM-DD' and 'HH:mm' of an instant on `zone`'s clock (to fill a form). */
export function toZonedDateTime(
  value: number | string,
  zone: string,
): { date: string; time: string } | null {
  const ms = typeof value === "number" ? value : Date.parse(value);
  if (!Number.isFinite(ms)) return null;
  const f = zonedFields(ms, zone);
  return {
    date: `${String(f.year).padStart(4, "0")}-${pad2(f.month)}-${pad2(f.day)}`,
    time: `${pad2(f.hour)}:${pad2(f.minute)}`,
  };
}

/**
 * The instant at which `zone`'s clock reads `isoDate` ('YYYY-MM-DD') at `time` ('HH:mm'); null
 * when either is malformed or not a real date. A time the spring change skips (02:30) is read as
 * the hour after it (03:30); one the autumn change repeats, as its first occurrence.
 */
export function fromZonedDateTime(isoDate: string, time: string, zone: string): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hour, minute] = [Number(t[1]), Number(t[2])];
  if (hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  // The offsets in force a day either side; at most one change happens in between.
  const before = zoneOffsetMinutes(wall - DAY, zone);
  const after = zoneOffsetMinutes(wall + DAY, zone);
  const readsWall = (ms: number) => ms + zoneOffsetMinutes(ms, zone) * MINUTE === wall;
  const candidates = [wall - before * MINUTE, wall - after * MINUTE].filter(readsWall);
  // None: the spring gap; the earlier offset lands just after it.
  return candidates.length > 0 ? Math.min(...candidates) : wall - before * MINUTE;
}
