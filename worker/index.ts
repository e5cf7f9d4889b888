import { app } from "./app.ts";
import type { Bindings } from "./env.ts";

export type { AppType } from "./app.ts";
export { RideRoom } from "./chat/ride-room.ts";
export { UserHub } from "./chat/user-hub.ts";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Bindings>;
