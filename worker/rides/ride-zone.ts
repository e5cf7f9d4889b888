// A ride's clock, chosen by the server (docs/decisions/0042-a-rides-zone-is-stored.md): the IANA
// zone of its meeting pin, else its city's (domain/cities.ts), else mainland Spain's. The client
// never chooses it: a zone in the request is not read.
import tzLookup from "@photostructure/tz-lookup";
import { cityTimeZone } from "../../domain/cities.ts";
import { DomainError } from "../../domain/errors.ts";
import { type RideInput, validateRideStart } from "../../domain/schemas.ts";
import { fromZonedDateTime, isKnownTimeZone } from "../../domain/zones.ts";

type Pin = { lat: number; lon: number } | null;

/** The zone at `pin`, or null without a pin or where the lookup names no place's clock. */
export function pinTimeZone(pin: Pin): string | null {
  if (!pin) return null;
  let zone: string;
  try {
    zone = tzLookup(pin.lat, pin.lon);
  } catch {
    return null;
  }
  // Open sea answers 'Etc/GMT+1' and the like: a nautical clock no rider reads; the city's then.
  return zone.startsWith("Etc/") || !isKnownTimeZone(zone) ? null : zone;
}

/** The zone a ride with this pin (or none) in this city stores. */
export function rideTimeZone(pin: Pin, city: string): string {
  return pinTimeZone(pin) ?? cityTimeZone(city);
}

/**
 * The zone the ride will store, and her input with its start on that clock: the date and time she
 * entered (startLocal) are read there, so a ride pinned in Lisboa at 10:00 starts at 10:00 Lisbon
 * time whatever clock her app assumed. `stored`: the ride before an edit, whose pin stays when the
 * edit leaves the pin out.
 */
export function onRideClock<T extends RideInput>(
  input: T,
  stored: { meetingLat: number | null; meetingLon: number | null } | null,
  now: number,
): { input: T; timeZone: string } {
  const pin =
    input.meetingPin !== undefined
      ? input.meetingPin
      : stored?.meetingLat != null && stored.meetingLon != null
        ? { lat: stored.meetingLat, lon: stored.meetingLon }
        : null;
  const timeZone = rideTimeZone(pin, input.city);
  if (!input.startLocal) return { input, timeZone };
  const start =
    fromZonedDateTime(input.startLocal.date, input.startLocal.time, timeZone) ?? Number.NaN;
  // The future-start rule again, on the instant that will be stored.
  const problem = validateRideStart(start, now);
  if (problem)
    throw new DomainError("validation_error", problem, undefined, { startTime: problem });
  return { input: { ...input, startTime: new Date(start).toISOString() }, timeZone };
}
