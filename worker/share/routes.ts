// /salida/<id>: the public preview of a shared ride (docs/product.md#share-preview), and its image.
// The image URL carries a version made from what it shows, so an edit, a join that fills the
// ride or a cancellation gives a new URL (chat apps fetch it afresh). Each version is drawn once
// and kept in R2 (stored-image.ts); nothing about it depends on the request's Host.

import { type Context, Hono } from "hono";
import { isRideId } from "../../domain/api/chat.ts";
import { ridePath, ridePreviewPath } from "../../domain/share.ts";
import { sharePageNote, sharePreview } from "../../domain/share-preview.ts";
import type { AppEnv } from "../env.ts";
import { expectedOrigin } from "../http/security.ts";
import { rideRoomStub } from "../rooms/location-hint.ts";
import { groupRidePage, notFoundPage, previewPage } from "./page.ts";
import { publicRideFacts } from "./queries.ts";
import { previewVersion, storedPreviewImage } from "./stored-image.ts";

async function loadPreview(c: Context<AppEnv>, id: string) {
  const ride = isRideId(id) ? await publicRideFacts(c.var.db, id) : null;
  // A 'Solo el grupo' ride shows nothing of itself, nor draws an image.
  if (!ride || ride.groupOnly) return null;
  const preview = sharePreview(ride, Date.now());
  return { preview, note: sharePageNote(ride, preview.state) };
}

function html(c: Context<AppEnv>, body: string, status: 200 | 404) {
  c.header("X-Robots-Tag", "noindex, nofollow");
  c.header("Cache-Control", "public, max-age=60");
  return c.html(body, status);
}

export const shareRoutes = new Hono<AppEnv>()
  .get("/:id", async (c) => {
    const id = c.req.param("id");
    const loaded = await loadPreview(c, id);
    if (!loaded) {
      const groupOnly = isRideId(id) && (await publicRideFacts(c.var.db, id))?.groupOnly;
      return groupOnly ? html(c, groupRidePage(ridePath(id)), 200) : html(c, notFoundPage(), 404);
    }
    const origin = expectedOrigin(c.req.url, c.env.APP_ORIGIN);
    const page = `${origin}${ridePreviewPath(id)}`;
    return html(
      c,
      previewPage(loaded.preview, loaded.note, {
        page,
        image: `${page}/imagen.png?v=${await previewVersion(loaded.preview)}`,
        app: ridePath(id),
      }),
      200,
    );
  })
  .get("/:id/imagen.png", async (c) => {
    const id = c.req.param("id");
    const preview = (await loadPreview(c, id))?.preview;
    if (!preview) return html(c, notFoundPage(), 404);
    const version = await previewVersion(preview);
    const current = (v: string) =>
      `${expectedOrigin(c.req.url, c.env.APP_ORIGIN)}${ridePreviewPath(id)}/imagen.png?v=${v}`;
    // An older version's URL (a preview made before an edit) leads to today's picture.
    if (c.req.query("v") !== version) return c.redirect(current(version), 302);
    const stored = await storedPreviewImage(c.env.GPX, id, version);
    if (stored) return png(stored);
    // Not drawn yet: the ride's room draws it once, however many ask at the same time.
    const room = rideRoomStub(c.env.RIDE_ROOM, id);
    const drawn = await room.sharePreviewImage(id);
    if (!drawn) return html(c, notFoundPage(), 404);
    // The ride changed in between: its newer picture.
    if (drawn.version !== version) return c.redirect(current(drawn.version), 302);
    return png(drawn.png);
  });

function png(body: ReadableStream | Uint8Array) {
  return new Response(body, {
    headers: {
      "Content-Type": "image/png",
      // A URL names one picture for good: the version changes with what it shows.
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Robots-Tag": "noindex",
    },
  });
}
