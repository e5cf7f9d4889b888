// iCalendar (RFC 5545) for rides (docs/product.md#calendar), written with ical-generator. Each ride
// is one event whose UID never changes; an edit raises its SEQUENCE and DTSTAMP, so a calendar
// that imported it updates it in place, and a cancellation keeps the event with STATUS:CANCELLED.
// Times are on the ride's own clock (its stored IANA zone, with the VTIMEZONE included).
// Only the ride itself goes in: never its organizer's or riders' names.
import ical, {
  type ICalCalendar,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalTemporalZonedDateTimeStub,
} from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { ridePath } from "../../domain/share.ts";
import { intlWallClock } from "../../domain/zones.ts";
import { titleSlug } from "../http/download-name.ts";

/** Rides have no end time: a calendar shows them this long. */
export const RIDE_CALENDAR_DURATION_MS = 3 * 60 * 60 * 1000;

export interface CalendarRide {
  id: string;
  title: string;
  description: string | null;
  city: string;
  /** null: an approval ride's point, kept for its group (the event names the city only). */
  meetingPoint: string | null;
  startTime: number;
  /** Its stored clock (docs/decisions/0042-a-rides-zone-is-stored.md). */
  timeZone: string;
  status: string;
  createdAt: number;
  updatedAt: number | null;
}

/** The same for every copy of a ride's event, whichever server wrote it. */
export function rideEventUid(rideId: string): string {
  return `ride-${rideId}@rodamos.app`;
}

/**
 * Grows with every change of the ride (edits and the cancellation set updated_at): 0 as
 * created, then 1 + the seconds from creation to the last change, so no counter column is
 * needed (two changes within one second share a number; DTSTAMP still tells them apart).
 */
export function rideSequence(ride: Pick<CalendarRide, "createdAt" | "updatedAt">): number {
  if (!ride.updatedAt) return 0;
  return 1 + Math.max(0, Math.floor(ride.updatedAt / 1000) - Math.floor(ride.createdAt / 1000));
}

function vtimezone(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) ? (block[0] ?? null) : null;
}

/**
 * The instant as a Temporal.ZonedDateTime-like value on `zone`'s clock, which ical-generator
 * writes as `TZID=zone:local time`. (A plain Date would be written on the server's own clock;
 * Workers has no Temporal yet.)
 */
export function zonedDateTime(ms: number, zone: string): ICalTemporalZonedDateTimeStub {
  const wall = intlWallClock(ms, zone);
  const text = () => new Date(ms).toISOString();
  const instant = {
    epochMilliseconds: ms,
    toJSON: text,
    toString: text,
    toZonedDateTimeISO: (other: string) => zonedDateTime(ms, other),
  };
  const zoned: ICalTemporalZonedDateTimeStub = {
    ...wall,
    timeZoneId: zone,
    toInstant: () => instant,
    toJSON: text,
    toString: text,
    withTimeZone: (other: string) => (other === zone ? zoned : zonedDateTime(ms, other)),
    toPlainDateTime: () => ({
      ...wall,
      toJSON: text,
      toString: text,
      toPlainDate: () => ({
        year: wall.year,
        month: wall.month,
        day: wall.day,
        toJSON: text,
        toString: text,
      }),
      toZonedDateTime: (other: string) => zonedDateTime(ms, other),
    }),
  };
  return zoned;
}

/**
 * A TEXT value as RFC 5545 (section 3.3.11) writes it: backslash, semicolon and comma escaped,
 * a line break as `\n`, no other control character (TEXT allows none but the tab).
 * ical-generator escapes the event's texts itself but writes the calendar's name (`NAME`,
 * `X-WR-CALNAME`) as given: a ride title with line breaks once made one ride three events in a
 * lenient reader. Long lines are folded by ical-generator at 75 octets, between characters.
 */
export function escapeText(text: string): string {
  return plainText(text)
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\n/g, "\\n");
}

/**
 * Line feeds and tabs only (a CR LF or lone CR becomes LF): the event's texts, which
 * ical-generator escapes, may come from rows stored before control characters were refused,
 * and some readers take a NEL or a form feed for a line break.
 */
function plainText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/(?![\t\n])\p{Cc}/gu, "");
}

export function rideCalendar(options: { name: string }): ICalCalendar {
  return ical({
    name: escapeText(options.name),
    prodId: { company: "Rodamos", product: "Rodamos", language: "ES" },
    method: ICalCalendarMethod.PUBLISH,
  });
}

export function addRideEvent(calendar: ICalCalendar, ride: CalendarRide, origin: string) {
  const zone = ride.timeZone;
  const link = `${origin}${ridePath(ride.id)}`;
  const changedAt = ride.updatedAt ?? ride.createdAt;
  calendar.createEvent({
    id: rideEventUid(ride.id),
    sequence: rideSequence(ride),
    stamp: new Date(changedAt),
    created: new Date(ride.createdAt),
    lastModified: new Date(changedAt),
    start: zonedDateTime(ride.startTime, zone),
    end: zonedDateTime(ride.startTime + RIDE_CALENDAR_DURATION_MS, zone),
    timezone: zone,
    summary: plainText(ride.status === "cancelled" ? `Cancelada: ${ride.title}` : ride.title),
    location: plainText(placeWithCity(ride.meetingPoint, ride.city)),
    description: plainText(
      [ride.description?.trim(), `Ver la salida en Rodamos: ${link}`].filter(Boolean).join("\n\n"),
    ),
    url: link,
    status: ride.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

/** The calendar as text, with a VTIMEZONE for each zone its events use. */
export function calendarText(calendar: ICalCalendar): string {
  calendar.timezone({ name: null, generator: vtimezone });
  return calendar.toString();
}

/** 'Puerta del Sol, Madrid'; the city once, when the meeting point already names it. */
function placeWithCity(meetingPoint: string | null, city: string): string {
  const place = meetingPoint?.trim() ?? "";
  if (!place) return city;
  return place.toLowerCase().includes(city.trim().toLowerCase()) ? place : `${place}, ${city}`;
}

/** 'salida-gravel-al-alba.ics' */
export function icsFileName(title: string): string {
  return `salida-${titleSlug(title) || "rodamos"}.ics`;
}
