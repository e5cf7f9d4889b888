// A position moved a given distance in a given direction, for tests that move a meeting pin by a
// few metres (flat-earth steps: exact to well under a metre at these distances).
import type { Position } from "../../domain/near.ts";

const KM_PER_DEGREE = (Math.PI / 180) * 6371;

/** `pin` moved `km` towards `bearingDeg` (0 north, 90 east), rounded as the API stores pins. */
export function movedBy(pin: Position, km: number, bearingDeg: number): Position {
  const bearing = (bearingDeg * Math.PI) / 180;
  const lonScale = Math.cos((pin.lat * Math.PI) / 180);
  const round = (n: number) => Math.round(n * 1e7) / 1e7;
  return {
    lat: round(pin.lat + (km * Math.cos(bearing)) / KM_PER_DEGREE),
    lon: round(pin.lon + (km * Math.sin(bearing)) / (KM_PER_DEGREE * lonScale)),
  };
}
