// GPX files in R2: validated and parsed on upload, stored byte for byte under a key the server
// chooses (rides/<rideId>/<random>.gpx), with the route's segments and profile beside it.
import { GPX_MAX_BYTES } from "../../domain/constants.ts";
import { DomainError } from "../../domain/errors.ts";
import { GpxError, type GpxResult, type ProfilePoint, parseGpx } from "../../domain/gpx.ts";
import { MSG } from "../../domain/messages.ts";
import { titleSlug } from "../http/download-name.ts";
import { generateToken } from "../sessions/tokens.ts";

/** The map needs a shape, not every recorded point: at most this many are kept. */
export const ROUTE_MAX_POINTS = 1500;
const FILE_NAME_MAX = 120;

export interface UploadedGpx {
  /** The file exactly as uploaded: stored and served byte for byte. */
  bytes: Uint8Array;
  /** Her file's name, cleaned for display. */
  fileName: string;
  parsed: GpxResult;
}

/** The name her device gave the file, without folders or control characters, for display. */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim();
  return Array.from(clean).slice(0, FILE_NAME_MAX).join("") || "ruta.gpx";
}

/** Reads, size-checks and parses an uploaded file; Spanish messages on failure. */
export async function readGpxUpload(file: File): Promise<UploadedGpx> {
  if (file.size > GPX_MAX_BYTES) throw new DomainError("payload_too_large", MSG.payloadTooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return {
      bytes,
      fileName: cleanFileName(file.name),
      parsed: parseGpx(bytes, { maxPoints: ROUTE_MAX_POINTS }),
    };
  } catch (error) {
    if (error instanceof GpxError) throw new DomainError("gpx_invalid", error.message);
    throw error;
  }
}

export function routeKeyOf(gpxKey: string): string {
  return gpxKey.replace(/\.gpx$/, ".route.json");
}

/** What the map and the profile need, stored beside the file when it is uploaded. */
export interface StoredRoute {
  segments: [number, number][][];
  distanceKm: number;
  elevationGain: number;
  maxElevation: number | null;
  profile: ProfilePoint[];
}

/** Stores the file as uploaded and its route; returns the GPX key. */
export async function storeGpx(bucket: R2Bucket, rideId: string, upload: UploadedGpx) {
  const key = `rides/${rideId}/${generateToken().slice(0, 24)}.gpx`;
  const { segments, distanceKm, elevationGain, maxElevation, profile } = upload.parsed;
  const route: StoredRoute = { segments, distanceKm, elevationGain, maxElevation, profile };
  await Promise.all([
    bucket.put(key, upload.bytes, { httpMetadata: { contentType: "application/gpx+xml" } }),
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

/** The stored route; one stored before segments existed is one segment without a profile. */
export async function readRoute(bucket: R2Bucket, key: string): Promise<StoredRoute | null> {
  const object = await bucket.get(routeKeyOf(key));
  if (!object) return null;
  const stored = (await object.json()) as Partial<StoredRoute> & {
    coordinates?: [number, number][];
  };
  return {
    segments: stored.segments ?? (stored.coordinates ? [stored.coordinates] : []),
    distanceKm: stored.distanceKm ?? 0,
    elevationGain: stored.elevationGain ?? 0,
    maxElevation: stored.maxElevation ?? null,
    profile: stored.profile ?? [],
  };
}

/** A download name from the title: 'gravel-al-alba.gpx'. */
export function gpxFileName(title: string): string {
  return `${titleSlug(title) || "ruta"}.gpx`;
}
