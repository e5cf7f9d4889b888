// Safe GPX parsing: distance, elevation gain and coordinates (spec 02 §5, §7, §8).
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { MSG } from "./messages.ts";

export type GpxResult = {
  /** Haversine distance over all points, km, rounded to 2 decimals. */
  distanceKm: number;
  /** Sum of positive elevation differences, metres, rounded. */
  elevationGain: number;
  /** [lat, lon] pairs in file order (Leaflet order). */
  coordinates: [number, number][];
};

/** Thrown with one of the spec's GPX messages as `message`. */
export class GpxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GpxError";
  }
}

export const EARTH_RADIUS_KM = 6371;

type Point = { lat: number; lon: number; ele: number | null };
type XmlNode = Record<string, unknown>;

const toRadians = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km between two [lat, lon] points. */
export function haversineKm(a: readonly [number, number], b: readonly [number, number]): number {
  const dLat = toRadians(b[0] - a[0]);
  const dLon = toRadians(b[1] - a[1]);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a[0])) * Math.cos(toRadians(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** fast-xml-parser gives one object for a single child and an array for several. */
function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function asNode(value: unknown): XmlNode | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as XmlNode)
    : null;
}

/** Text of a leaf that may carry attributes ({ '#text': … }) or be a bare value. */
function textOf(value: unknown): string | null {
  if (typeof value === "string" || typeof value === "number") return String(value);
  const node = asNode(value);
  if (node && node["#text"] !== undefined) return textOf(node["#text"]);
  return null;
}

function toNumber(value: unknown): number {
  const text = textOf(value);
  if (text === null || text.trim() === "") return Number.NaN;
  return Number(text.trim());
}

/** Valid points need finite, non-zero lat and lon within range (spec 02 §5). */
function readPoint(value: unknown): Point | null {
  const node = asNode(value);
  if (!node) return null;
  const lat = toNumber(node["@_lat"]);
  const lon = toNumber(node["@_lon"]);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (lat === 0 || lon === 0) return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const ele = toNumber(node.ele);
  return { lat, lon, ele: Number.isFinite(ele) ? ele : null };
}

function trackPoints(gpx: XmlNode): Point[] {
  const points: Point[] = [];
  for (const trk of asArray(gpx.trk)) {
    for (const seg of asArray(asNode(trk)?.trkseg)) {
      for (const pt of asArray(asNode(seg)?.trkpt)) {
        const point = readPoint(pt);
        if (point) points.push(point);
      }
    }
  }
  return points;
}

function routePoints(gpx: XmlNode): Point[] {
  const points: Point[] = [];
  for (const rte of asArray(gpx.rte)) {
    for (const pt of asArray(asNode(rte)?.rtept)) {
      const point = readPoint(pt);
      if (point) points.push(point);
    }
  }
  return points;
}

function summarize(points: Point[]): GpxResult {
  const coordinates = points.map((p): [number, number] => [p.lat, p.lon]);
  let distance = 0;
  for (let i = 1; i < coordinates.length; i++) {
    distance += haversineKm(coordinates[i - 1]!, coordinates[i]!);
  }
  // Gain compares each elevation with the last known one; points without <ele> are skipped.
  let gain = 0;
  let lastEle: number | null = null;
  for (const { ele } of points) {
    if (ele === null) continue;
    if (lastEle !== null && ele > lastEle) gain += ele - lastEle;
    lastEle = ele;
  }
  return {
    distanceKm: Math.round(distance * 100) / 100,
    elevationGain: Math.round(gain),
    coordinates,
  };
}

// A DOCTYPE can declare entities (billion laughs, external files): never accepted.
const DANGEROUS_DECLARATION = /<!\s*(DOCTYPE|ENTITY)/i;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  processEntities: false,
  htmlEntities: false,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/**
 * Parses GPX text. Tracks (every trk/trkseg/trkpt) are used first; routes (rte/rtept) only
 * when no valid track point exists. Throws GpxError with the spec's messages.
 */
export function parseGpx(xml: string): GpxResult {
  if (typeof xml !== "string" || xml.trim() === "") throw new GpxError(MSG.gpxEmpty);
  try {
    if (DANGEROUS_DECLARATION.test(xml)) throw new GpxError(MSG.gpxInvalidFormat);
    if (XMLValidator.validate(xml) !== true) throw new GpxError(MSG.gpxInvalidXml);
    const root = asNode(parser.parse(xml));
    if (!root || !("gpx" in root)) throw new GpxError(MSG.gpxInvalidFormat);
    // An empty <gpx/> parses to '' rather than an object: it simply has no points.
    const gpx = asNode(root.gpx) ?? {};
    let points = trackPoints(gpx);
    if (points.length === 0) points = routePoints(gpx);
    if (points.length === 0) throw new GpxError(MSG.gpxNoCoordinates);
    return summarize(points);
  } catch (error) {
    if (error instanceof GpxError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new GpxError(MSG.gpxProcessingError(detail));
  }
}
