// A rider and a regular grupeta (docs/product.md#regular-grupetas): whom it counts as following,
// her place on each date, and what 'Apuntarme a las próximas' and 'Dejar la serie' write. The
// series itself and its dates are in queries.ts.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  rideParticipants,
  rideRequests,
  rideSeriesMembers,
  rides,
  rideWaitingList,
  users,
} from "../db/schema.ts";
import type { Database } from "../env.ts";
import type { Promotion } from "../ride-core/promotion.ts";
import { isVerifiedSql } from "../ride-core/verified-sql.ts";
import { joinRideAtomically } from "../ride-core/writes.ts";
import { requestPlace } from "../ride-requests/queries.ts";
import { generateId } from "../sessions/tokens.ts";
import { joinWaitingList } from "../waiting-list/queries.ts";

/**
 * Her place in each of these rides: a participant, on the waiting list, her request on a 'Con
 * aprobación' date, or none. One batch of three statements whatever the number of rides.
 */
export async function placesOf(db: Database, rideIds: string[], userId: string) {
  if (rideIds.length === 0) {
    return {
      joined: new Set<string>(),
      waiting: new Set<string>(),
      requests: new Map<string, "pending" | "declined">(),
    };
  }
  const [joined, waiting, requests] = await db.batch([
    db
      .select({ rideId: rideParticipants.rideId })
      .from(rideParticipants)
      .where(and(eq(rideParticipants.userId, userId), inArray(rideParticipants.rideId, rideIds))),
    db
      .select({ rideId: rideWaitingList.rideId })
      .from(rideWaitingList)
      .where(and(eq(rideWaitingList.userId, userId), inArray(rideWaitingList.rideId, rideIds))),
    db
      .select({ rideId: rideRequests.rideId, status: rideRequests.status })
      .from(rideRequests)
      .where(and(eq(rideRequests.userId, userId), inArray(rideRequests.rideId, rideIds))),
  ]);
  return {
    joined: new Set(joined.map((r) => r.rideId)),
    waiting: new Set(waiting.map((r) => r.rideId)),
    requests: new Map(requests.map((r) => [r.rideId, r.status])),
  };
}

export async function isFollowing(db: Database, seriesId: string, userId: string) {
  const row = await db
    .select({ one: sql<number>`1` })
    .from(rideSeriesMembers)
    .where(and(eq(rideSeriesMembers.seriesId, seriesId), eq(rideSeriesMembers.userId, userId)))
    .get();
  return Boolean(row);
}

export function followSeries(db: Database, seriesId: string, userId: string, now: number) {
  return db
    .insert(rideSeriesMembers)
    .values({ seriesId, userId, createdAt: now })
    .onConflictDoNothing()
    .run();
}

/** Who follows the series and is not suspended, with whether she holds the badge. */
export function membersOf(db: Database, seriesId: string) {
  return db
    .select({
      userId: rideSeriesMembers.userId,
      email: users.email,
      verified: isVerifiedSql(rideSeriesMembers.userId),
    })
    .from(rideSeriesMembers)
    .innerJoin(users, eq(users.id, rideSeriesMembers.userId))
    .where(and(eq(rideSeriesMembers.seriesId, seriesId), isNull(users.suspendedAt)))
    .all();
}

export type DateJoin =
  | { outcome: "joined" }
  | { outcome: "waiting"; promotion: Promotion }
  | { outcome: "requested" }
  | { outcome: "none" };

/**
 * One date of a series for a rider who follows it: a place while there is one, else its waiting
 * list. Every rule of a single join holds (published, not started, capacity, blocks), checked by
 * the statement that writes. A date that admits riders by request ("Con aprobación") gets her
 * request instead (no note), which its organizer accepts or declines as any other.
 */
export async function joinSeriesDate(
  db: Database,
  rideId: string,
  userId: string,
  now: number,
): Promise<DateJoin> {
  // Each statement checks the ride's mode itself: the join and the waiting list take open dates
  // only, a request "Con aprobación" dates only.
  if (await joinRideAtomically(db, rideId, userId, now)) return { outcome: "joined" };
  const { added, promotion } = await joinWaitingList(db, rideId, userId, now);
  if (added) return { outcome: "waiting", promotion };
  const requested = await requestPlace(db, { id: generateId(), rideId, userId, note: null, now });
  return requested ? { outcome: "requested" } : { outcome: "none" };
}

/** 'Dejar la serie': she no longer follows it (her dates are left one by one by the route). */
export function unfollowSeries(db: Database, seriesId: string, userId: string) {
  return db
    .delete(rideSeriesMembers)
    .where(and(eq(rideSeriesMembers.seriesId, seriesId), eq(rideSeriesMembers.userId, userId)))
    .run();
}

/** The ids of the series' dates that have not started, as a subquery. */
function datesNotStarted(seriesId: string, now: number) {
  return sql`(select ${rides.id} from ${rides}
    where ${rides.seriesId} = ${seriesId} and ${rides.startTime} > ${now})`;
}

/** Her waiting-list places on the series' dates that have not started, taken away at once. */
export async function leaveSeriesWaitingLists(
  db: Database,
  seriesId: string,
  userId: string,
  now: number,
) {
  const result = await db.run(sql`delete from ${rideWaitingList}
    where ${rideWaitingList.userId} = ${userId}
      and ${rideWaitingList.rideId} in ${datesNotStarted(seriesId, now)}`);
  return result.meta.changes;
}

/**
 * Her pending requests on the series' dates that have not started, withdrawn at once: the
 * organizer can no longer accept her onto a date she left. A declined one stays (she cannot ask
 * again).
 */
export async function withdrawSeriesRequests(
  db: Database,
  seriesId: string,
  userId: string,
  now: number,
) {
  const result = await db.run(sql`delete from ${rideRequests}
    where ${rideRequests.userId} = ${userId} and ${eq(rideRequests.status, "pending")}
      and ${rideRequests.rideId} in ${datesNotStarted(seriesId, now)}`);
  return result.meta.changes;
}
