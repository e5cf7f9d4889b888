// What a ride's screen reads of an approval ride's requests (docs/product.md#join-by-approval):
// her own request, and the organizer's list of pending ones with what she weighs. Part of the
// ride's detail batch (read-model.ts); the requests' writes are the ride-requests feature's.
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { RideRequestView } from "../../domain/api/rides.ts";
import { DEFAULT_AVATAR_KEY, isLevel, LEVELS, type Level } from "../../domain/constants.ts";
import { participantName } from "../../domain/display.ts";
import { profiles, rideParticipants, rideRequests, rides, rodeWith, users } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { requestShownSql } from "./request-sql.ts";
import { isVerifiedSql } from "./verified-sql.ts";

const q = rideRequests;
const hers = alias(rideParticipants, "hers");
const done = alias(rides, "done");
const grp = alias(rideParticipants, "grp");
const rw = alias(rodeWith, "rw");

/** Her request for the ride (ride_requests_user_ride_unique), if any. */
export function myRequestQuery(db: Database, rideId: string, userId: string) {
  return db
    .select({ status: q.status })
    .from(q)
    .where(and(eq(q.userId, userId), eq(q.rideId, rideId)));
}

/**
 * Her rides that took place, organised by someone else (the public profile's 'salidas
 * completadas'), read from her participations (ride_participants_user_start_idx).
 */
const completedBy = (now: number) => sql`from ${rideParticipants} ${hers}
    join ${rides} ${done} on ${done.id} = ${hers.rideId}
    where ${hers.userId} = ${q.userId} and ${hers.rideStatus} != 'cancelled'
      and (${hers.rideStatus} = 'completed' or ${hers.rideStartTime} <= ${now})
      and (${done.organizerId} is null or ${done.organizerId} != ${q.userId})`;

/**
 * The ride's pending requests in arrival order, with what the organizer weighs: the rider's
 * profile, her completed rides and their levels, and how many of the ride's participants have
 * ridden with her (either of them recorded it). A rider the ride is hidden from by a block
 * (docs/product.md#blocking) is left out, as a suspended one. `now` null: nobody's list (the
 * batch keeps its shape for a viewer who is not the organizer). Once the ride starts, none.
 */
export function requestsQuery(db: Database, rideId: string, now: number | null) {
  const live =
    now === null
      ? sql`0`
      : sql`exists ${subquery`select 1 from ${rides} where ${rides.id} = ${q.rideId} and ${rides.startTime} > ${now}`}`;
  const at = now ?? 0;
  return db
    .select({
      id: q.id,
      userId: q.userId,
      note: q.note,
      createdAt: q.createdAt,
      username: profiles.username,
      avatarKey: profiles.avatarKey,
      avatarUrl: profiles.avatarUrl,
      verified: isVerifiedSql(q.userId),
      city: profiles.city,
      modalities: profiles.modalities,
      completedRides: sql<number>`${subquery`select count(*) ${completedBy(at)}`}`,
      levels: sql<string>`${subquery`select json_group_array(distinct ${done.level}) ${completedBy(at)}`}`,
      rodeWithGroup: sql<number>`${subquery`select count(*) from ${rideParticipants} ${grp}
        where ${grp.rideId} = ${q.rideId} and ${grp.userId} != ${q.userId}
          and (exists ${subquery`select 1 from ${rodeWith} ${rw} where ${rw.userId} = ${grp.userId} and ${rw.otherUserId} = ${q.userId}`}
            or exists ${subquery`select 1 from ${rodeWith} ${rw} where ${rw.userId} = ${q.userId} and ${rw.otherUserId} = ${grp.userId}`})`}`,
    })
    .from(q)
    .innerJoin(profiles, eq(profiles.userId, q.userId))
    .innerJoin(users, eq(users.id, q.userId))
    .where(
      and(
        eq(q.rideId, rideId),
        eq(q.status, "pending"),
        sql`${users.suspendedAt} is null`,
        requestShownSql(q),
        live,
      ),
    )
    .orderBy(asc(q.createdAt), asc(q.id));
}

export type RequestRow = Awaited<ReturnType<ReturnType<typeof requestsQuery>["all"]>>[number];

export function requestViewOf(row: RequestRow): RideRequestView {
  const levels = (JSON.parse(row.levels) as unknown[]).filter(isLevel) as Level[];
  return {
    id: row.id,
    rider: {
      id: row.userId,
      username: participantName(row.username),
      avatarKey: row.avatarKey ?? DEFAULT_AVATAR_KEY,
      avatarUrl: row.avatarUrl ?? null,
      verified: Boolean(row.verified),
    },
    city: row.city,
    modalities: row.modalities,
    levels: LEVELS.filter((level) => levels.includes(level)),
    completedRides: Number(row.completedRides),
    rodeWithGroup: Number(row.rodeWithGroup),
    note: row.note,
    createdAt: row.createdAt,
  };
}

/** Who asked for a place on the ride and waits for the answer (a ride a block hides: not told). */
export function pendingRequestersQuery(db: Database, rideId: string) {
  return db
    .select({ userId: q.userId })
    .from(q)
    .where(and(eq(q.rideId, rideId), eq(q.status, "pending"), requestShownSql(q)));
}
