// The share image's storage: one PNG per ride in R2, drawn once per version of what it shows,
// whatever arrives (docs/decisions/0032-one-share-image-per-version.md). The route serves a
// stored current picture itself; anything else asks the ride's RideRoom, the one place per ride
// where concurrent requests can wait on a single drawing. The drawing itself is another Worker's
// (worker/share-image/, through the SHARE_IMAGE binding), so this one never loads its
// WebAssembly (docs/decisions/0044-the-share-image-in-its-own-worker.md).
import { encodeHexLowerCase } from "@oslojs/encoding";
import { type SharePreview, sharePreview } from "../../domain/share-preview.ts";
import { createDb } from "../db/client.ts";
import type { Bindings } from "../env.ts";
import type ShareImage from "../share-image/index.ts";
import { publicRideFacts } from "./queries.ts";

/**
 * A hash of what the picture shows: an edit, a join that changes the places left, a cancellation
 * give a new one. A group's picture is versioned the same way.
 */
export async function previewVersion(preview: object): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(JSON.stringify(preview)),
  );
  return encodeHexLowerCase(new Uint8Array(digest)).slice(0, 16);
}

/**
 * In the ride's folder, so deleting the ride's files (account deletion) takes it too; the
 * newest version overwrites the one before. The bucket is private: only the worker serves it.
 */
export function previewImageKey(rideId: string): string {
  return `rides/${rideId}/share-preview.png`;
}

/** When the ride itself is deleted (an account deletion sweeps the ride's folder instead). */
export async function deletePreviewImage(bucket: R2Bucket, rideId: string) {
  await bucket.delete(previewImageKey(rideId));
}

/** The stored picture when it is of `version`. */
export async function storedPreviewImage(
  bucket: R2Bucket,
  rideId: string,
  version: string,
): Promise<ReadableStream | null> {
  const object = await bucket.get(previewImageKey(rideId));
  if (!object) return null;
  if (object.customMetadata?.version === version) return object.body;
  await object.body.cancel();
  return null;
}

/** The drawing Worker, typed by its entrypoint (`wrangler types` sees only this worker's config). */
const shareImage = (env: Bindings) => env.SHARE_IMAGE as Service<ShareImage>;

export interface CurrentPreviewImage {
  version: string;
  png: Uint8Array;
}

/**
 * Lives in the ride's RideRoom (one object per ride, so one per ride in the world): reads the
 * ride's current version from D1, and draws it only when R2 does not hold it. Drawings run one
 * after another, so a newer version's picture is never overwritten by an older one finishing
 * late, and callers wanting a version being drawn wait for that drawing.
 */
export class PreviewImageDrawer {
  private readonly env: Bindings;
  private readonly inFlight = new Map<string, Promise<Uint8Array>>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(env: Bindings) {
    this.env = env;
  }

  async current(rideId: string): Promise<CurrentPreviewImage | null> {
    const facts = await publicRideFacts(createDb(this.env.DB), rideId);
    if (!facts) return null;
    const preview = sharePreview(facts, Date.now());
    const version = await previewVersion(preview);
    // Checked and set with no await between: two callers of one version share one promise.
    let png = this.inFlight.get(version);
    if (!png) {
      const next = this.queue.then(() => this.readOrDraw(rideId, preview, version));
      png = next.finally(() => this.inFlight.delete(version));
      this.inFlight.set(version, png);
      this.queue = next.catch(() => undefined);
    }
    return { version, png: await png };
  }

  private async readOrDraw(rideId: string, preview: SharePreview, version: string) {
    const key = previewImageKey(rideId);
    const stored = await this.env.GPX.get(key);
    if (stored?.customMetadata?.version === version) {
      return new Uint8Array(await stored.arrayBuffer());
    }
    await stored?.body.cancel();
    // The binding's failure rejects this drawing (the request answers 500, nothing is stored, and
    // the next request for the version draws again).
    const png = await shareImage(this.env).draw(preview);
    await this.env.GPX.put(key, png, {
      httpMetadata: { contentType: "image/png" },
      customMetadata: { version },
    });
    return png;
  }
}
