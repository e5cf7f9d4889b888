// 'Solicitar plaza' on D1 (docs/product.md#join-by-approval): asking, withdrawing, and the
// organizer's answer. Every rule (an approval ride, published, not started, hers, within the cap,
// nobody in it and the rider blocked each other) is checked by the statement that writes, so two
// accepts at once can never overbook (docs/decisions/0036-join-by-approval.md).
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { RideRequestView } from "../../domain/api/rides.ts";
import {
  DEFAULT_AVATAR_KEY,
  DEFAULT_MAX_PARTICIPANTS,
  isLevel,
  LEVELS,
  type Level,
} from "../../domain/constants.ts";
import { participantName } from "../../domain/display.ts";
import { rideHiddenFrom } from "../blocks/sql.ts";
import {
  profiles,
  rideMessages,
  rideParticipants,
  rideRequests,
  rides,
  rodeWith,
  users,
} from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { requestShownSql } from "./sql.ts";

const p = rideParticipants;
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

/**
 * 'Solicitar plaza': stored only while the ride asks for approval, is published, has not started,
 * she is not in it and it is not hidden from her by a block. A second tap stores nothing (the
 * unique index). Returns whether her request was stored.
 */
export async function requestPlace(
  db: Database,
  request: { id: string; rideId: string; userId: string; note: string | null; now: number },
): Promise<boolean> {
  const result = await db.run(sql`insert into ${q}
      (${columnNames(q.id, q.rideId, q.userId, q.note, q.status, q.createdAt)})
    select ${request.id}, ${rides.id}, ${request.userId}, ${request.note}, 'pending', ${request.now}
    from ${rides}
    where ${rides.id} = ${request.rideId} and ${eq(rides.joinMode, "approval")}
      and ${eq(rides.status, "published")} and ${rides.startTime} > ${request.now}
      and not exists ${subquery`select 1 from ${p} where ${p.rideId} = ${rides.id} and ${p.userId} = ${request.userId}`}
      and not ${rideHiddenFrom(rides.id, request.userId)}
    on conflict do nothing`);
  return result.meta.changes > 0;
}

/** Withdraws her pending request; true when there was one. */
export async function withdrawRequest(db: Database, rideId: string, userId: string) {
  const result = await db
    .delete(q)
    .where(and(eq(q.rideId, rideId), eq(q.userId, userId), eq(q.status, "pending")))
    .run();
  return result.meta.changes > 0;
}

/**
 * 'Aceptar': the rider joins, and her request goes with that insert (the trigger that ends a
 * request whenever she becomes a participant, migration 0026). The insert is one conditional
 * INSERT … SELECT: the request is pending, the ride is the organizer's, published, not started and
 * below its cap, and not hidden from the rider by a block. D1 runs statements one at a time, so
 * parallel accepts each count the places left after the others: never overbooked. Returns the
 * accepted rider's id, or null when nothing changed.
 */
export async function acceptRequest(
  db: Database,
  change: { rideId: string; requestId: string; organizerId: string; now: number },
): Promise<string | null> {
  const rows = await db.all<{ userId: string }>(
    sql`insert into ${p} (${columnNames(p.rideId, p.userId, p.joinedAt, p.lastSeenAt)})
    select ${rides.id}, ${q.userId}, ${change.now},
      case when exists ${subquery`select 1 from ${rideMessages} where ${rideMessages.rideId} = ${rides.id}`}
        then null else ${change.now} end
    from ${q} join ${rides} on ${rides.id} = ${q.rideId}
      join ${users} on ${users.id} = ${q.userId}
    where ${q.id} = ${change.requestId} and ${q.rideId} = ${change.rideId}
      and ${eq(q.status, "pending")} and ${users.suspendedAt} is null
      and ${rides.organizerId} = ${change.organizerId}
      and ${eq(rides.status, "published")} and ${rides.startTime} > ${change.now}
      and ${subquery`select count(*) from ${p} where ${p.rideId} = ${rides.id}`}
        < coalesce(${rides.maxParticipants}, ${DEFAULT_MAX_PARTICIPANTS})
      and not ${rideHiddenFrom(rides.id, q.userId)}
    on conflict do nothing
    returning ${p.userId} as "userId"`,
  );
  return rows[0]?.userId ?? null;
}

/**
 * 'Rechazar': the request stays as declined (she is told kindly, and cannot ask again), only while
 * it is pending and the ride is the organizer's and has not started. Returns the rider's id, or
 * null when nothing changed.
 */
export async function declineRequest(
  db: Database,
  change: { rideId: string; requestId: string; organizerId: string; now: number },
): Promise<string | null> {
  const rows = await db
    .update(q)
    .set({ status: "declined", decidedAt: change.now })
    .where(
      and(
        eq(q.id, change.requestId),
        eq(q.rideId, change.rideId),
        eq(q.status, "pending"),
        sql`exists ${subquery`select 1 from ${rides} where ${rides.id} = ${q.rideId}
          and ${rides.organizerId} = ${change.organizerId} and ${rides.startTime} > ${change.now}`}`,
      ),
    )
    .returning({ userId: q.userId });
  return rows[0]?.userId ?? null;
}

/** The request of the ride with this id, whatever its status (to say why nothing changed). */
export async function findRequest(db: Database, rideId: string, requestId: string) {
  return (
    (await db
      .select({ userId: q.userId, status: q.status })
      .from(q)
      .where(and(eq(q.id, requestId), eq(q.rideId, rideId)))
      .get()) ?? null
  );
}

/**
 * Suspension (docs/product.md#suspension) clears her pending requests: a statement for its batch.
 * A declined one stays, so after the suspension is lifted she still cannot ask that ride again.
 */
export function clearPendingRequestsOf(db: Database, userId: string) {
  return db.delete(q).where(and(eq(q.userId, userId), eq(q.status, "pending")));
}
