// The share image's own Worker (docs/decisions/0044-the-share-image-in-its-own-worker.md): the
// only code that loads the drawing's WebAssembly (~950 KB gzip), so the API's isolates start
// without it. The API worker calls `draw` through its SHARE_IMAGE service binding, only when R2
// does not hold the ride's current picture; the version, the storage and the one-drawing-per-
// version rule stay there (worker/share/stored-image.ts). Nothing routes here from the internet:
// the worker has no route, and its fetch answers 404.
import { WorkerEntrypoint } from "cloudflare:workers";
import type { GroupSharePreview } from "../../domain/group-preview.ts";
import type { SharePreview } from "../../domain/share-preview.ts";
import { renderGroupPreviewPng, renderPreviewPng } from "./image.ts";

export default class ShareImage extends WorkerEntrypoint {
  override fetch(): Response {
    return new Response(null, { status: 404 });
  }

  /** The 1200×630 PNG of `preview` (~300 ms of CPU). */
  draw(preview: SharePreview): Promise<Uint8Array> {
    return renderPreviewPng(preview);
  }

  /** A group's 1200×630 PNG (/grupo/<slug>, worker/groups/preview-image.ts). */
  drawGroup(preview: GroupSharePreview): Promise<Uint8Array> {
    return renderGroupPreviewPng(preview);
  }
}
