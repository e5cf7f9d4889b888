import { app } from "./app.ts";
import { createDb } from "./db/client.ts";
import type { Bindings } from "./env.ts";
import { pruneSearchIndex } from "./rides/search-index.ts";
import { materializeSeries } from "./series/materialize.ts";

export type { AppType } from "./app.ts";
export { GroupRoom } from "./group-room/group-room.ts";
export { RideRoom } from "./ride-room/ride-room.ts";
export { UserHub } from "./user-hub/user-hub.ts";

export default {
  fetch: app.fetch,
  /**
   * The daily cron of wrangler.toml: started rides leave the search index, and every regular
   * grupeta gets its dates of the next 12 weeks (worker/series/materialize.ts).
   */
  scheduled(controller, env, ctx) {
    ctx.waitUntil(
      pruneSearchIndex(createDb(env.DB), controller.scheduledTime).then((removed) => {
        console.log(JSON.stringify({ cron: controller.cron, searchIndexPruned: removed }));
      }),
    );
    ctx.waitUntil(
      materializeSeries(env, controller.scheduledTime).then((created) => {
        console.log(JSON.stringify({ cron: controller.cron, seriesDatesCreated: created }));
      }),
    );
  },
} satisfies ExportedHandler<Bindings>;
