// The approximate area of an approval ride's meeting point (docs/product.md#join-by-approval):
// what everyone outside the group sees instead of the pin. Its centre is the pin moved by a random
// distance in a random direction, drawn once when the pin is set and stored with the ride, so the
// circle never moves between views (redrawing it per view would let anyone average the pin out).
// A moved pin keeps it while the pin stays well inside it (areaStillHolds), so a run of small
// edits cannot be averaged out either.
import {
  MEETING_AREA_KEEP_MARGIN_KM,
  MEETING_AREA_OFFSET_KM,
  MEETING_AREA_RADIUS_KM,
} from "./constants.ts";
import { distanceKm, KM_PER_DEGREE, type Position } from "./near.ts";

export interface MeetingArea {
  lat: number;
  lon: number;
  radiusKm: number;
}

/**
 * The area's centre for `pin`; `random` returns numbers in [0, 1) (crypto-backed in the worker,
 * fixed in tests). Rounded to 4 decimals (~10 m): nothing finer is needed to draw a 1.5 km circle.
 */
export function approximateCentre(pin: Position, random: () => number): Position {
  const { min, max } = MEETING_AREA_OFFSET_KM;
  const distance = min + (max - min) * random();
  const bearing = 2 * Math.PI * random();
  const dLat = (distance * Math.cos(bearing)) / KM_PER_DEGREE;
  const lonScale = Math.max(Math.cos((pin.lat * Math.PI) / 180), 0.01);
  const dLon = (distance * Math.sin(bearing)) / (KM_PER_DEGREE * lonScale);
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  return { lat: round(pin.lat + dLat), lon: round(pin.lon + dLon) };
}

export function meetingAreaOf(centre: Position): MeetingArea {
  return { ...centre, radiusKm: MEETING_AREA_RADIUS_KM };
}

/**
 * Whether the area around `centre` still describes a pin moved to `pin`: the pin at least
 * MEETING_AREA_KEEP_MARGIN_KM inside its circle. A new area for every small move would hand out
 * a new random offset each time, and their average closes in on the pin.
 */
export function areaStillHolds(centre: Position, pin: Position): boolean {
  return distanceKm(centre, pin) <= MEETING_AREA_RADIUS_KM - MEETING_AREA_KEEP_MARGIN_KM;
}
