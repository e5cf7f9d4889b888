// The escoba (docs/product.md#ride-day): the organizer names one
// participant, who rides last; her dot stands out on the group map. Only the organizer, only a
// participant; migration 0021's trigger clears her when she leaves or is removed, whatever the path.
import { and, eq, ne, sql } from "drizzle-orm";
import { Hono } from "hono";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import {
  SWEEPER_TEXT,
  type SweeperResponse,
  sweeperBodySchema,
} from "../../domain/ride-day-live.ts";
import { rideIdParamSchema } from "../../domain/schemas.ts";
import { rides } from "../db/schema.ts";
import type { AppEnv, Database } from "../env.ts";
import { inBackground } from "../http/background.ts";
import { validate } from "../http/validate.ts";
import { participates } from "../ride-core/access.ts";
import { loadRide } from "../ride-core/load-ride.ts";
import { rideRoomStub } from "../rooms/location-hint.ts";
import { requireProfile } from "../sessions/session.ts";

/** Names `sweeperId` (or none) in ONE statement that checks she organizes and the escoba is in. */
async function nameSweeper(
  db: Database,
  rideId: string,
  organizerId: string,
  sweeperId: string | null,
): Promise<boolean> {
  const result = await db
    .update(rides)
    .set({ sweeperId })
    .where(
      and(
        eq(rides.id, rideId),
        eq(rides.organizerId, organizerId),
        ne(rides.status, "cancelled"),
        sweeperId === null ? undefined : sql`${participates(rides.id, sweeperId)}`,
      ),
    )
    .run();
  return result.meta.changes > 0;
}

/** /rides/:id/sweeper */
export const sweeperRoutes = new Hono<AppEnv>()
  .get("/", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c);
    const row = await loadRide(c, c.req.valid("param").id);
    const ride = await c.var.db
      .select({ sweeperId: rides.sweeperId, member: participates(rides.id, user.id) })
      .from(rides)
      .where(eq(rides.id, row.id))
      .get();
    if (ride?.member !== 1) throw new DomainError("not_participant", MSG.notParticipant);
    return c.json<SweeperResponse>({ sweeperId: ride.sweeperId });
  })
  .put(
    "/",
    validate("param", rideIdParamSchema),
    validate("json", sweeperBodySchema),
    async (c) => {
      const user = requireProfile(c);
      const rideId = c.req.valid("param").id;
      const { userId } = c.req.valid("json");
      const row = await loadRide(c, rideId);
      if (row.organizerId !== user.id) {
        throw new DomainError("not_authorized", SWEEPER_TEXT.onlyOrganizer);
      }
      if (!(await nameSweeper(c.var.db, rideId, user.id, userId))) {
        if (row.status === "cancelled") {
          throw new DomainError("ride_cancelled", MSG.rideCancelledJoin);
        }
        throw new DomainError("not_participant", SWEEPER_TEXT.onlyParticipant);
      }
      const room = rideRoomStub(c.env.RIDE_ROOM, rideId);
      inBackground(c, room.sweeperChanged(userId));
      return c.json<SweeperResponse>({ sweeperId: userId });
    },
  );
