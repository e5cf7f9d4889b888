// Stands between the API worker and the share image's Worker in the worker tests
// (vitest.config.ts): every drawing the API asks for through its SHARE_IMAGE binding passes here
// on to the real Worker, counted; told to, it fails instead, as the binding does when that
// Worker is down. The tests reach it through SHARE_IMAGE_PROBE (tests/worker/env.d.ts).
import { WorkerEntrypoint } from "cloudflare:workers";
import type { GroupSharePreview } from "../../../domain/group-preview.ts";
import type { SharePreview } from "../../../domain/share-preview.ts";
import type ShareImage from "../../../worker/share-image/index.ts";

// One workerd per vitest worker, whose test files follow one another: they count from where
// the count stands.
const state = {
  drawings: 0,
  groupDrawings: 0,
  failing: false,
  last: null as SharePreview | null,
  lastGroup: null as GroupSharePreview | null,
};

export default class ShareImageProbe extends WorkerEntrypoint<{ DRAWER: Service<ShareImage> }> {
  override fetch(): Response {
    return new Response(null, { status: 404 });
  }

  async draw(preview: SharePreview): Promise<Uint8Array> {
    state.drawings++;
    state.last = preview;
    if (state.failing) throw new Error("the share image's Worker is unavailable");
    return this.env.DRAWER.draw(preview);
  }

  async drawGroup(preview: GroupSharePreview): Promise<Uint8Array> {
    state.groupDrawings++;
    state.lastGroup = preview;
    if (state.failing) throw new Error("the share image's Worker is unavailable");
    return this.env.DRAWER.drawGroup(preview);
  }

  /** Drawings asked for so far, and the last preview sent. */
  seen() {
    return {
      drawings: state.drawings,
      last: state.last,
      groupDrawings: state.groupDrawings,
      lastGroup: state.lastGroup,
    };
  }

  setFailing(failing: boolean): void {
    state.failing = failing;
  }
}
