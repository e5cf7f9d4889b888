// What the cards and the ride detail read of a ride's waiting list, and the cancel batch's
// statement that empties it: SQL pieces the rides queries put inside their own statements.
// (The landing's waiting list for the app itself is worker/waitlist/.)
import { asc, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { RidePerson } from "../../domain/api/rides.ts";
import { DEFAULT_AVATAR_KEY } from "../../domain/constants.ts";
import { participantName } from "../../domain/display.ts";
import { profiles, rideWaitingList } from "../db/schema.ts";
import type { Database } from "../env.ts";

/** Length of a ride's list: one range of ride_waiting_list_ride_idx. */
export function waitingCountSql(rideId: SQLWrapper) {
  return sql<number>`(select count(*) from ${rideWaitingList} wc where wc.ride_id = ${rideId})`;
}

/** Her place in the ride's list (1 = next in), 0 when she is not on it. */
export function waitingPositionSql(rideId: SQLWrapper, viewerId: string) {
  return sql<number>`(select count(*) from ${rideWaitingList} wp where wp.ride_id = ${rideId}
    and wp.id <= (select wv.id from ${rideWaitingList} wv
      where wv.user_id = ${viewerId} and wv.ride_id = ${rideId}))`;
}

/** The list in order, with each rider's profile (the ride detail: her place, the organizer's list). */
export function waitingListQuery(db: Database, rideId: string) {
  return db
    .select({
      userId: rideWaitingList.userId,
      username: profiles.username,
      avatarKey: profiles.avatarKey,
      avatarUrl: profiles.avatarUrl,
    })
    .from(rideWaitingList)
    .leftJoin(profiles, eq(profiles.userId, rideWaitingList.userId))
    .where(eq(rideWaitingList.rideId, rideId))
    .orderBy(asc(rideWaitingList.id));
}

export type WaitingRow = Awaited<ReturnType<ReturnType<typeof waitingListQuery>["all"]>>[number];

export function waitingPersonOf(row: WaitingRow): RidePerson {
  return {
    id: row.userId,
    username: participantName(row.username),
    avatarKey: row.avatarKey ?? DEFAULT_AVATAR_KEY,
    avatarUrl: row.avatarUrl ?? null,
  };
}

/**
 * For a cancel batch: empties the lists of the given rides that are now cancelled, returning
 * who was waiting where (they are told). Nothing for a ride the batch did not cancel.
 */
export function clearWaitingListsOfCancelled(rideIds: SQL) {
  return sql`delete from ${rideWaitingList}
    where ride_id in ${rideIds}
      and exists (select 1 from rides r where r.id = ride_id and r.status = 'cancelled')
    returning ride_id, user_id`;
}

export function clearedEntries(result: D1Result | undefined) {
  return ((result?.results ?? []) as { ride_id: string; user_id: string }[]).map((r) => ({
    rideId: r.ride_id,
    userId: r.user_id,
  }));
}

/**
 * For the block's batch (DESIGN.md decisions 16 and 23): a blocked pair is never on each other's
 * ride list. Whoever of the two waits for a ride the other rides leaves its list; when both wait
 * for the same ride, the later arrival leaves (the earlier one keeps her place: blocking never
 * moves anyone up). Silent, like the block itself.
 */
export function separateBlockedOnWaitingLists(a: string, b: string) {
  const other = sql`(case when w.user_id = ${a} then ${b} else ${a} end)`;
  return sql`delete from ${rideWaitingList} as w
    where w.user_id in (${a}, ${b})
      and (exists (select 1 from ride_participants p where p.ride_id = w.ride_id and p.user_id = ${other})
        or exists (select 1 from ${rideWaitingList} o
          where o.ride_id = w.ride_id and o.id < w.id and o.user_id = ${other}))`;
}
