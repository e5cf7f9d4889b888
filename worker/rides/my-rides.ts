// Her rides ('Mis salidas'): a tab's page, the three tab counts and the page's participants in
// ONE D1 batch, read from her participations outwards (docs/decisions/0015-her-rides-index.md);
// on the first page of 'En marcha', in the same batch, the rides she is waiting on ('A la espera
// de plaza': her pending requests and her places on waiting lists).
import { and, asc, desc, eq, gt, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { AWAITING_MAX, FEED_PAGE_SIZE } from "../../domain/constants.ts";
import { rideVisibleTo } from "../blocks/sql.ts";
import { profiles, rideParticipants, rideRequests, rides, rideWaitingList } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { pendingRequestCountSql } from "../ride-requests/sql.ts";
import { waitingCountSql } from "../waiting-list/sql.ts";
import { cardOf, cardsQuery } from "./listing.ts";
import { groupByRide, participantsQuery, rideColumns, summaryOf } from "./read-model.ts";

export type MyRidesTabName = "upcoming" | "past" | "cancelled";

/**
 * Which tab a participation belongs to, on the ride's start time and status as copied into
 * ride_participants (migration 0004): decided inside ride_participants_user_start_idx, so her
 * rides are read only for the page shown (docs/decisions/0015-her-rides-index.md).
 */
export function myRidesCondition(tab: MyRidesTabName, now: number): SQL {
  const status = rideParticipants.rideStatus;
  const startTime = rideParticipants.rideStartTime;
  switch (tab) {
    case "upcoming":
      return and(inArray(status, ["published", "closed"]), sql`${startTime} > ${now}`)!;
    case "past":
      return and(ne(status, "cancelled"), or(eq(status, "completed"), lte(startTime, now)))!;
    case "cancelled":
      return eq(status, "cancelled");
  }
}

function myRidesOrder(tab: MyRidesTabName) {
  const startTime = rideParticipants.rideStartTime;
  switch (tab) {
    case "upcoming":
      return [asc(startTime), asc(rideParticipants.rideId)];
    case "past":
      return [desc(startTime), asc(rideParticipants.rideId)];
    case "cancelled":
      return [desc(rides.cancelledAt), desc(startTime), asc(rideParticipants.rideId)];
  }
}

/**
 * Her rides, read from her participations outwards: the tab's rows come in order from
 * ride_participants_user_start_idx and only the page's rides are looked up. CROSS JOIN fixes
 * that loop order (SQLite has no statistics here to choose it).
 */
export function myRidesPageQuery(
  db: Database,
  userId: string,
  tab: MyRidesTabName,
  page: number,
  now: number,
) {
  return db
    .select({
      ...rideColumns,
      waitingCount: waitingCountSql(rides.id),
      pendingRequests: pendingRequestCountSql(rides.id),
    })
    .from(rideParticipants)
    .crossJoin(rides)
    .leftJoin(profiles, eq(profiles.userId, rides.organizerId))
    .where(and(myRidesWhere(userId, tab, now), eq(rides.id, rideParticipants.rideId)))
    .orderBy(...myRidesOrder(tab))
    .limit(FEED_PAGE_SIZE + 1)
    .offset(page * FEED_PAGE_SIZE);
}

/** The ids of the same page, as a subquery: her rides' participants come in the same batch. */
function myRidesPageIdsQuery(
  db: Database,
  userId: string,
  tab: MyRidesTabName,
  page: number,
  now: number,
) {
  const base = db.select({ id: rideParticipants.rideId }).from(rideParticipants).$dynamic();
  // Only the cancelled tab orders on a column of rides (cancelled_at); the others read no ride.
  const query =
    tab === "cancelled"
      ? base
          .crossJoin(rides)
          .where(and(myRidesWhere(userId, tab, now), eq(rides.id, rideParticipants.rideId)))
      : base.where(myRidesWhere(userId, tab, now));
  return query
    .orderBy(...myRidesOrder(tab))
    .limit(FEED_PAGE_SIZE + 1)
    .offset(page * FEED_PAGE_SIZE);
}

function myRidesWhere(userId: string, tab: MyRidesTabName, now: number) {
  return and(eq(rideParticipants.userId, userId), myRidesCondition(tab, now));
}

/** The three tab counts, read from her index entries alone (no ride is looked up). */
export function myRidesCountsQuery(db: Database, userId: string, now: number) {
  const countWhere = (condition: SQL) =>
    sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  return db
    .select({
      upcoming: countWhere(myRidesCondition("upcoming", now)),
      past: countWhere(myRidesCondition("past", now)),
      cancelled: countWhere(myRidesCondition("cancelled", now)),
    })
    .from(rideParticipants)
    .where(eq(rideParticipants.userId, userId));
}

/**
 * The upcoming rides she is waiting on, soonest first: those with her pending request (an approval
 * ride) and those whose waiting list she is on. Her two unique (user_id, ride_id) indexes give the
 * ids; each ride is then one primary-key lookup. Not started (requests expire at the start, lists
 * close then), not cancelled (that clears both), and still visible to her (a block hides it).
 */
export function awaitingPageQuery(db: Database, userId: string, now: number) {
  const herIds = subquery`select ${rideRequests.rideId} from ${rideRequests}
      where ${rideRequests.userId} = ${userId} and ${rideRequests.status} = 'pending'
    union select ${rideWaitingList.rideId} from ${rideWaitingList}
      where ${rideWaitingList.userId} = ${userId}`;
  return db
    .select({ ...rideColumns, nearDist: sql<number | null>`null`.as("near_dist") })
    .from(rides)
    .leftJoin(profiles, eq(profiles.userId, rides.organizerId))
    .where(
      and(
        sql`${rides.id} in ${herIds}`,
        eq(rides.status, "published"),
        gt(rides.startTime, now),
        rideVisibleTo(rides.id, userId),
      ),
    )
    .orderBy(asc(rides.startTime), asc(rides.id))
    .limit(AWAITING_MAX);
}

export async function myRides(
  db: Database,
  userId: string,
  tab: MyRidesTabName,
  page: number,
  now: number,
) {
  // One round trip: the page, the tab counts and the page's participants in one D1 batch (and the
  // rides she is waiting on, shown above the first page of 'En marcha').
  const pageQuery = myRidesPageQuery(db, userId, tab, page, now);
  const countsQuery = myRidesCountsQuery(db, userId, now);
  const membersQuery = participantsQuery(
    db,
    myRidesPageIdsQuery(db, userId, tab, page, now),
    userId,
  );
  const [rows, countRows, members, awaitingRows] =
    tab === "upcoming" && page === 0
      ? await db.batch([
          pageQuery,
          countsQuery,
          membersQuery,
          cardsQuery(db, awaitingPageQuery(db, userId, now).as("page"), userId),
        ])
      : [...(await db.batch([pageQuery, countsQuery, membersQuery])), []];
  const counts = countRows[0];
  const hasMore = rows.length > FEED_PAGE_SIZE;
  const pageRows = rows.slice(0, FEED_PAGE_SIZE);
  const byRide = groupByRide(members);
  return {
    // She rides each of them, so she is on none of their lists.
    rides: pageRows.map(({ waitingCount, pendingRequests, ...row }) =>
      summaryOf(
        row,
        byRide.get(row.id) ?? [],
        userId,
        { count: waitingCount, position: 0 },
        // Her requests to others' rides are not here: she rides each of them.
        { pending: pendingRequests, mine: null },
        now,
      ),
    ),
    hasMore,
    awaiting: awaitingRows.map((row) => cardOf(row, userId, now)),
    counts: {
      upcoming: Number(counts?.upcoming ?? 0),
      past: Number(counts?.past ?? 0),
      cancelled: Number(counts?.cancelled ?? 0),
    },
  };
}
