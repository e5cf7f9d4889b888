// GPX files in R2: validated and parsed on upload, stored under a key the server chooses
// (rides/<rideId>/<random>.gpx) with the simplified route beside it for the map.
import { GPX_MAX_BYTES } from "../../domain/constants.ts";
import { DomainError } from "../../domain/errors.ts";
import { GpxError, type GpxResult, parseGpx } from "../../domain/gpx.ts";
import { MSG } from "../../domain/messages.ts";
import { generateToken } from "../auth/tokens.ts";

/** The map needs a shape, not every recorded point: at most this many are kept. */
export const ROUTE_MAX_POINTS = 1500;

export interface UploadedGpx {
  text: string;
  parsed: GpxResult;
}

/** Reads, size-checks and parses an uploaded file; spec messages on failure. */
export async function readGpxUpload(file: File): Promise<UploadedGpx> {
  if (file.size > GPX_MAX_BYTES) throw new DomainError("payload_too_large", MSG.payloadTooLarge);
  const text = await file.text();
  try {
    return { text, parsed: parseGpx(text) };
  } catch (error) {
    if (error instanceof GpxError) throw new DomainError("gpx_invalid", error.message);
    throw error;
  }
}

/** Keeps every n-th point (first and last always), enough for a polyline at any zoom we use. */
export function simplifyRoute(
  coordinates: [number, number][],
  max = ROUTE_MAX_POINTS,
): [number, number][] {
  if (coordinates.length <= max) return coordinates;
  const step = (coordinates.length - 1) / (max - 1);
  const out: [number, number][] = [];
  for (let i = 0; i < max; i++) out.push(coordinates[Math.round(i * step)]!);
  return out;
}

export function routeKeyOf(gpxKey: string): string {
  return gpxKey.replace(/\.gpx$/, ".route.json");
}

export interface StoredRoute {
  coordinates: [number, number][];
  distanceKm: number;
  elevationGain: number;
}

/** Stores the file and its simplified route; returns the GPX key. */
export async function storeGpx(bucket: R2Bucket, rideId: string, upload: UploadedGpx) {
  const key = `rides/${rideId}/${generateToken().slice(0, 24)}.gpx`;
  const route: StoredRoute = {
    coordinates: simplifyRoute(upload.parsed.coordinates),
    distanceKm: upload.parsed.distanceKm,
    elevationGain: upload.parsed.elevationGain,
  };
  await Promise.all([
    bucket.put(key, upload.text, { httpMetadata: { contentType: "application/gpx+xml" } }),
    bucket.put(routeKeyOf(key), JSON.stringify(route), {
      httpMetadata: { contentType: "application/json" },
    }),
  ]);
  return key;
}

export async function deleteGpx(bucket: R2Bucket, key: string | null) {
  if (!key) return;
  await bucket.delete([key, routeKeyOf(key)]);
}

/** R2 accepts at most this many keys per delete, and lists at most this many per page. */
const R2_KEYS_PER_CALL = 1000;
/** Rides whose folders are listed at once. */
const LISTS_IN_PARALLEL = 6;

/**
 * Every object of these rides: the files each row names, and anything else under the ride's
 * folder `rides/<id>/` (e.g. what an interrupted edit left behind), listed page by page.
 */
export async function deleteRideFiles(
  bucket: R2Bucket,
  rides: { rideId: string; gpxKey: string | null }[],
) {
  const keys = new Set<string>();
  for (const { gpxKey } of rides) {
    if (gpxKey) keys.add(gpxKey).add(routeKeyOf(gpxKey));
  }
  const queue = rides.map((ride) => ride.rideId);
  const listFolders = async () => {
    for (let rideId = queue.pop(); rideId !== undefined; rideId = queue.pop()) {
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ prefix: `rides/${rideId}/`, cursor });
        for (const object of page.objects) keys.add(object.key);
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
    }
  };
  await Promise.all(Array.from({ length: LISTS_IN_PARALLEL }, listFolders));
  const all = [...keys];
  for (let i = 0; i < all.length; i += R2_KEYS_PER_CALL) {
    await bucket.delete(all.slice(i, i + R2_KEYS_PER_CALL));
  }
}

export async function readRoute(bucket: R2Bucket, key: string): Promise<StoredRoute | null> {
  const object = await bucket.get(routeKeyOf(key));
  return object ? ((await object.json()) as StoredRoute) : null;
}

/** A download name from the title: lowercase ASCII words joined by dashes. */
export function gpxFileName(title: string): string {
  const slug = title
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "ruta"}.gpx`;
}
