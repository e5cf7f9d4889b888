// /salida/<id>: the public preview of a shared ride (DESIGN.md decision 22), and its image.
// The image URL carries a version made from what it shows, so an edit, a join that fills the
// ride or a cancellation gives a new URL (chat apps fetch it afresh) and a new cache entry.

import { encodeHexLowerCase } from "@oslojs/encoding";
import { type Context, Hono } from "hono";
import { isRideId } from "../../domain/api/chat.ts";
import { ridePath, ridePreviewPath } from "../../domain/share.ts";
import { type SharePreview, sharePreview } from "../../domain/share-preview.ts";
import type { AppEnv } from "../env.ts";
import { expectedOrigin } from "../http/security.ts";
import { renderPreviewPng } from "./image.ts";
import { notFoundPage, previewPage } from "./page.ts";
import { publicRideFacts } from "./queries.ts";

export async function previewVersion(preview: SharePreview): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(JSON.stringify(preview)),
  );
  return encodeHexLowerCase(new Uint8Array(digest)).slice(0, 16);
}

async function loadPreview(c: Context<AppEnv>, id: string) {
  const ride = isRideId(id) ? await publicRideFacts(c.var.db, id) : null;
  return ride ? sharePreview(ride, Date.now()) : null;
}

function html(c: Context<AppEnv>, body: string, status: 200 | 404) {
  c.header("X-Robots-Tag", "noindex, nofollow");
  c.header("Cache-Control", "public, max-age=60");
  return c.html(body, status);
}

export const shareRoutes = new Hono<AppEnv>()
  .get("/:id", async (c) => {
    const id = c.req.param("id");
    const preview = await loadPreview(c, id);
    if (!preview) return html(c, notFoundPage(), 404);
    const origin = expectedOrigin(c.req.url, c.env.APP_ORIGIN);
    const page = `${origin}${ridePreviewPath(id)}`;
    return html(
      c,
      previewPage(preview, {
        page,
        image: `${page}/imagen.png?v=${await previewVersion(preview)}`,
        app: ridePath(id),
      }),
      200,
    );
  })
  .get("/:id/imagen.png", async (c) => {
    const id = c.req.param("id");
    const preview = await loadPreview(c, id);
    if (!preview) return html(c, notFoundPage(), 404);
    const version = await previewVersion(preview);
    const origin = new URL(c.req.url).origin;
    const current = `${origin}${ridePreviewPath(id)}/imagen.png?v=${version}`;
    // An older version's URL (a preview made before an edit) leads to today's picture.
    if (c.req.query("v") !== version) return c.redirect(current, 302);
    const key = new Request(current);
    const cache = await caches.open("share-previews");
    const cached = await cache.match(key);
    if (cached) return cached;
    const png = await renderPreviewPng(preview);
    const headers = {
      "Content-Type": "image/png",
      // A URL names one picture for good: the version changes with what it shows.
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Robots-Tag": "noindex",
    };
    const stored = cache.put(key, new Response(png, { headers }));
    try {
      c.executionCtx.waitUntil(stored);
    } catch {
      await stored;
    }
    return new Response(png, { headers });
  });
