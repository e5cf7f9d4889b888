import { app } from "./app.ts";
import { createDb } from "./db/client.ts";
import type { Bindings } from "./env.ts";
import { pruneSearchIndex } from "./rides/search-index.ts";

export type { AppType } from "./app.ts";
export { RideRoom } from "./ride-room/ride-room.ts";
export { UserHub } from "./user-hub/user-hub.ts";

export default {
  fetch: app.fetch,
  /** The daily cron of wrangler.toml: started rides leave the search index. */
  scheduled(controller, env, ctx) {
    ctx.waitUntil(
      pruneSearchIndex(createDb(env.DB), controller.scheduledTime).then((removed) => {
        console.log(JSON.stringify({ cron: controller.cron, searchIndexPruned: removed }));
      }),
    );
  },
} satisfies ExportedHandler<Bindings>;
