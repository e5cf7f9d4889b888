// What the cards and the ride detail read of a ride's waiting list, and the cancel batch's
// statement that empties it: SQL pieces the rides queries put inside their own statements.
// (The landing's sign-ups for the app's launch are worker/launch-signups/.)
import { asc, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { RidePerson } from "../../domain/api/rides.ts";
import { DEFAULT_AVATAR_KEY } from "../../domain/constants.ts";
import { participantName } from "../../domain/display.ts";
import { profiles, rideParticipants, rides, rideWaitingList } from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { isVerifiedSql } from "./verified-sql.ts";

const wc = alias(rideWaitingList, "wc");
const wp = alias(rideWaitingList, "wp");
const wv = alias(rideWaitingList, "wv");
const w = alias(rideWaitingList, "w");
const o = alias(rideWaitingList, "o");

/** Length of a ride's list: one range of ride_waiting_list_ride_idx. */
export function waitingCountSql(rideId: SQLWrapper) {
  return subquery<number>`select count(*) from ${rideWaitingList} ${wc} where ${wc.rideId} = ${rideId}`;
}

/** Her place in the ride's list (1 = next in), 0 when she is not on it. */
export function waitingPositionSql(rideId: SQLWrapper, viewerId: string) {
  return subquery<number>`select count(*) from ${rideWaitingList} ${wp} where ${wp.rideId} = ${rideId}
    and ${wp.id} <= ${subquery`select ${wv.id} from ${rideWaitingList} ${wv}
      where ${wv.userId} = ${viewerId} and ${wv.rideId} = ${rideId}`}`;
}

/** The list in order, with each rider's profile (the ride detail: her place, the organizer's list). */
export function waitingListQuery(db: Database, rideId: string) {
  return db
    .select({
      userId: rideWaitingList.userId,
      username: profiles.username,
      avatarKey: profiles.avatarKey,
      avatarUrl: profiles.avatarUrl,
      verified: isVerifiedSql(rideWaitingList.userId),
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
    verified: Boolean(row.verified),
  };
}

/**
 * For a cancel batch: empties the lists of the given rides that are now cancelled, returning
 * who was waiting where (they are told). Nothing for a ride the batch did not cancel.
 */
export function clearWaitingListsOfCancelled(rideIds: SQL) {
  const w = rideWaitingList;
  return sql`delete from ${w}
    where ${w.rideId} in ${rideIds}
      and exists ${subquery`select 1 from ${rides} where ${rides.id} = ${w.rideId} and ${eq(rides.status, "cancelled")}`}
    returning ${w.rideId} as "rideId", ${w.userId} as "userId"`;
}

export function clearedEntries(result: D1Result | undefined) {
  return (result?.results ?? []) as { rideId: string; userId: string }[];
}

/**
 * For the block's batch (docs/product.md#blocking and #ride-waiting-list): a blocked pair is never
 * on each other's ride list. Whoever of the two waits for a ride the other rides leaves its list;
 * when both wait for the same ride, the later arrival leaves (the earlier one keeps her place:
 * blocking never moves anyone up). Silent, like the block itself: returns the rides whose list
 * changed, so the others who see them are told (never the pair).
 */
export function separateBlockedOnWaitingLists(a: string, b: string) {
  const other = sql`(case when ${w.userId} = ${a} then ${b} else ${a} end)`;
  return sql`delete from ${rideWaitingList} as ${w}
    where ${w.userId} in (${a}, ${b})
      and (exists ${subquery`select 1 from ${rideParticipants}
          where ${rideParticipants.rideId} = ${w.rideId} and ${rideParticipants.userId} = ${other}`}
        or exists ${subquery`select 1 from ${rideWaitingList} ${o}
          where ${o.rideId} = ${w.rideId} and ${o.id} < ${w.id} and ${o.userId} = ${other}`})
    returning ${columnNames(rideWaitingList.rideId)} as "rideId"`;
}
