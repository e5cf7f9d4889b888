// A group's share image (/grupo/<slug>/imagen.png): its 1200×630 PNG drawn by the share image's
// Worker (worker/share-image/, through SHARE_IMAGE, as a ride's is) and kept in R2 under the
// version of what it shows, so a group's link is drawn once per change of its name, city,
// modalities or member count. Unlike a ride's, no object serializes the drawing: a group's link
// is not opened by a whole chat at once as a ride's on its day, so two requests meeting on a new
// version may both draw it (the same picture, stored twice).
import type { GroupSharePreview } from "../../domain/group-preview.ts";
import type { Bindings } from "../env.ts";
import { previewVersion } from "../share/stored-image.ts";
import type ShareImage from "../share-image/index.ts";

/** In the group's folder; the newest version overwrites the one before. */
export const groupImageKey = (groupId: string) => `groups/${groupId}/share-preview.png`;

export const groupPreviewVersion = (preview: GroupSharePreview) => previewVersion(preview);

/** The PNG of `version`: from R2, or drawn and stored. A failing binding rejects, storing nothing. */
export async function groupPreviewPng(
  env: Bindings,
  groupId: string,
  preview: GroupSharePreview,
  version: string,
): Promise<ReadableStream | Uint8Array> {
  const key = groupImageKey(groupId);
  const stored = await env.GPX.get(key);
  if (stored?.customMetadata?.version === version) return stored.body;
  await stored?.body.cancel();
  const png = await (env.SHARE_IMAGE as Service<ShareImage>).drawGroup(preview);
  await env.GPX.put(key, png, {
    httpMetadata: { contentType: "image/png" },
    customMetadata: { version },
  });
  return png;
}
