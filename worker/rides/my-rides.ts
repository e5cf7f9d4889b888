// Her rides ('Mis salidas'): a tab's page, the three tab counts and the page's participants in
// ONE D1 batch, read from her participations outwards (docs/decisions/0015-her-rides-index.md);
// on the first page of 'En marcha', in the same batch, the rides she is waiting on ('A la espera
// de plaza': her pending requests and her places on waiting lists).
import { and, asc, desc, eq, gt, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { AWAITING_MAX, FEED_PAGE_SIZE } from "../../domain/constants.ts";
import { profiles, rideParticipants, rideRequests, rides, rideWaitingList } from "../db/schema.ts";
import {
  offsetOf,
  StatementCache,
  type Viewer,
  viewerValue,
  withOffset,
} from "../db/statements.ts";
import type { Database } from "../env.ts";
import { rideVisibleTo } from "../ride-core/block-sql.ts";
import { groupByRide, participantsQuery, rideColumns, summaryOf } from "../ride-core/read-model.ts";
import { pendingRequestCountSql } from "../ride-core/request-sql.ts";
import { waitingCountSql } from "../ride-core/waiting-list-sql.ts";
import { cardOf, cardsQuery } from "./listing.ts";

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
 * What a My Rides page's statements bind (their placeholders: worker/db/statements.ts); the tab
 * and whether 'A la espera de plaza' comes along decide their text.
 */
interface MyRidesParams {
  viewer: string;
  now: number;
  /** Rides before the page (offsetOf). */
  offset?: number | undefined;
}

const myRidesParams = (userId: string, page: number, now: number): MyRidesParams => ({
  viewer: userId,
  now,
  offset: offsetOf(page, FEED_PAGE_SIZE),
});

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
  return myRidesPage(db, tab, myRidesParams(userId, page, now));
}

function myRidesPage(db: Database, tab: MyRidesTabName, p: MyRidesParams) {
  const query = db
    .select({
      ...rideColumns,
      waitingCount: waitingCountSql(rides.id),
      pendingRequests: pendingRequestCountSql(rides.id),
    })
    .from(rideParticipants)
    .crossJoin(rides)
    .leftJoin(profiles, eq(profiles.userId, rides.organizerId))
    .where(and(myRidesWhere(p, tab), eq(rides.id, rideParticipants.rideId)))
    .orderBy(...myRidesOrder(tab))
    .limit(FEED_PAGE_SIZE + 1)
    .$dynamic();
  return withOffset(query, p.offset);
}

/** The ids of the same page, as a subquery: her rides' participants come in the same batch. */
function myRidesPageIds(db: Database, tab: MyRidesTabName, p: MyRidesParams) {
  const base = db.select({ id: rideParticipants.rideId }).from(rideParticipants).$dynamic();
  // Only the cancelled tab orders on a column of rides (cancelled_at); the others read no ride.
  const query = (
    tab === "cancelled"
      ? base
          .crossJoin(rides)
          .where(and(myRidesWhere(p, tab), eq(rides.id, rideParticipants.rideId)))
      : base.where(myRidesWhere(p, tab))
  )
    .orderBy(...myRidesOrder(tab))
    .limit(FEED_PAGE_SIZE + 1);
  return withOffset(query, p.offset);
}

function myRidesWhere(p: MyRidesParams, tab: MyRidesTabName) {
  return and(eq(rideParticipants.userId, p.viewer), myRidesCondition(tab, p.now));
}

/** The three tab counts, read from her index entries alone (no ride is looked up). */
export function myRidesCountsQuery(db: Database, userId: string, now: number) {
  return myRidesCounts(db, { viewer: userId, now });
}

function myRidesCounts(db: Database, { viewer: userId, now }: MyRidesParams) {
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
 * ride) and those whose waiting list she is on. Read from her side outwards: her two unique
 * (user_id, ride_id) indexes give the ids, and CROSS JOIN keeps them the outer loop, each ride
 * then one primary-key lookup (otherwise SQLite walks every upcoming ride of the app checking each
 * id). Not started (requests expire at the start, lists close then), not cancelled (that clears
 * both), and still visible to her (a block hides it).
 */
export function awaitingPageQuery(db: Database, userId: string, now: number) {
  return awaitingPage(db, { viewer: userId, now });
}

function awaitingPage(db: Database, { viewer: userId, now }: MyRidesParams) {
  const her = db
    .select({ rideId: rideRequests.rideId })
    .from(rideRequests)
    .where(and(eq(rideRequests.userId, userId), eq(rideRequests.status, "pending")))
    .union(
      db
        .select({ rideId: rideWaitingList.rideId })
        .from(rideWaitingList)
        .where(eq(rideWaitingList.userId, userId)),
    )
    .as("her");
  return db
    .select({ ...rideColumns, nearDist: sql<number | null>`null`.as("near_dist") })
    .from(her)
    .crossJoin(rides)
    .leftJoin(profiles, eq(profiles.userId, rides.organizerId))
    .where(
      and(
        eq(rides.id, her.rideId),
        eq(rides.status, "published"),
        gt(rides.startTime, now),
        rideVisibleTo(rides.id, userId),
      ),
    )
    .orderBy(asc(rides.startTime), asc(rides.id))
    .limit(AWAITING_MAX);
}

/**
 * My Rides' statements, written once per isolate for each tab and page kind, for her id, her
 * session or her likely id (ADR 0045, ADR 0046).
 */
const myRidesStatements = new StatementCache<MyRidesParams>(12);

/** A page of her rides: `viewer` is her id, or her session to read in the same round trip. */
export async function myRides(
  db: Database,
  viewer: Viewer,
  tab: MyRidesTabName,
  page: number,
  now: number,
) {
  // One round trip: the page, the tab counts and the page's participants in one D1 batch (and the
  // rides she is waiting on, shown above the first page of 'En marcha').
  const awaiting = tab === "upcoming" && page === 0;
  const {
    viewerId: userId,
    results: [rows, countRows, members, awaitingRows],
  } = await myRidesStatements.batchFor(
    db,
    viewer,
    awaiting ? `${tab}+awaiting` : tab,
    myRidesParams(viewerValue(viewer), page, now),
    (template, p) => {
      const statements = [
        myRidesPage(template, tab, p),
        myRidesCounts(template, p),
        participantsQuery(template, myRidesPageIds(template, tab, p), p.viewer),
      ] as const;
      return awaiting
        ? [
            ...statements,
            // She waits on or asked for these rides, so she organizes none of them.
            cardsQuery(template, awaitingPage(template, p).as("page"), p.viewer, {
              pendingRequests: false,
            }),
          ]
        : statements;
    },
  );
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
    awaiting: (awaitingRows ?? []).map((row) => cardOf(row, userId, now)),
    counts: {
      upcoming: Number(counts?.upcoming ?? 0),
      past: Number(counts?.past ?? 0),
      cancelled: Number(counts?.cancelled ?? 0),
    },
  };
}
