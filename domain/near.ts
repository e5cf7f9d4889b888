// "Cerca de mí" (docs/product.md#meeting-pin-and-near-me): her position, rounded to about a
// kilometre before it leaves the device (and again by the API), the area searched around it, and
// distances. The city centres stay out of it (domain/city-centres.ts): the feed's first screen
// reads NEAR_HEADER from here.
import { NEAR_RADIUS_KM } from "./constants.ts";

export interface Position {
  lat: number;
  lon: number;
}

/** Two decimals of a degree: 1.1 km of latitude, under 1 km of longitude in Spain. */
const ROUNDING = 100;

/** The mean Earth radius every distance of the app uses (here and a GPX route's, domain/gpx.ts). */
export const EARTH_RADIUS_KM = 6371;
/** A degree of latitude (or of longitude on the equator), in km. */
export const KM_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_KM;

/** Her position to about 1 km: what the app sends and the API uses, never more precise. */
export function roundPosition(position: Position): Position {
  return {
    lat: Math.round(position.lat * ROUNDING) / ROUNDING,
    lon: Math.round(position.lon * ROUNDING) / ROUNDING,
  };
}

/**
 * The request header that carries her position to the search. Never the query string: a URL is
 * what request logs keep (docs/decisions/0034-nothing-secret-in-a-logged-url.md).
 */
export const NEAR_HEADER = "x-near";

/** `lat,lon` for the X-Near header. */
export function positionParam(position: Position): string {
  const { lat, lon } = roundPosition(position);
  return `${lat},${lon}`;
}

/** Great-circle distance (haversine), in km. */
export function distanceKm(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The area around her that the search reads: a latitude/longitude box of `radiusKm` (what the
 * index narrows to), and the scale that turns a longitude difference into the same units as a
 * latitude difference at her latitude (an equirectangular distance, to order and trim the
 * candidates; exact to well under 1 % at 50 km).
 */
export function nearBox(center: Position, radiusKm = NEAR_RADIUS_KM) {
  const lonScale = Math.max(Math.cos((center.lat * Math.PI) / 180), 0.01);
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLon = dLat / lonScale;
  return {
    latMin: center.lat - dLat,
    latMax: center.lat + dLat,
    lonMin: center.lon - dLon,
    lonMax: center.lon + dLon,
    lonScale,
    /** The radius squared, in degrees of latitude. */
    radius2: dLat * dLat,
  };
}
