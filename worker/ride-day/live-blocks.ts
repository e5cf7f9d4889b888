// A block during a ride day (docs/product.md#ride-day): in every ride both riders are in whose
// window is open, the room erases both live positions at once (each next fix reaches everyone
// but the other: the room checks blocks on every fix).
import { and, eq, gte, lte } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { RIDE_DAY_CLOSES_AFTER_MS, RIDE_DAY_OPENS_BEFORE_MS } from "../../domain/constants.ts";
import { rideParticipants } from "../db/schema.ts";
import type { Bindings, Database } from "../env.ts";
import { rideRoomStub } from "../rooms/location-hint.ts";

const other = alias(rideParticipants, "other");

export async function eraseLivePositionsOnBlock(
  env: Bindings,
  db: Database,
  a: string,
  b: string,
  now: number,
): Promise<void> {
  const shared = await db
    .select({ rideId: rideParticipants.rideId })
    .from(rideParticipants)
    .innerJoin(other, and(eq(other.rideId, rideParticipants.rideId), eq(other.userId, b)))
    .where(
      and(
        eq(rideParticipants.userId, a),
        gte(rideParticipants.rideStartTime, now - RIDE_DAY_CLOSES_AFTER_MS),
        lte(rideParticipants.rideStartTime, now + RIDE_DAY_OPENS_BEFORE_MS),
      ),
    )
    .all();
  await Promise.all(
    shared.map(({ rideId }) => rideRoomStub(env.RIDE_ROOM, rideId).ridersBlocked(a, b)),
  );
}
