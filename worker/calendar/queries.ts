// drizzle queries of the calendar: a ride as an event, her upcoming rides for her feed, and
// her feed's secret (only its SHA-256 is stored).
import { and, asc, eq, gt, inArray, isNull, not, type SQLWrapper, sql } from "drizzle-orm";
import { calendarFeeds, rideParticipants, rides, users } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { rideHiddenFrom } from "../ride-core/block-sql.ts";
import { hashToken } from "../sessions/tokens.ts";

const eventColumns = {
  id: rides.id,
  title: rides.title,
  description: rides.description,
  city: rides.city,
  meetingPoint: rides.meetingPoint,
  startTime: rides.startTime,
  timeZone: rides.timeZone,
  status: rides.status,
  createdAt: rides.createdAt,
  updatedAt: rides.updatedAt,
};

/**
 * The ride as one event for `viewerId`, or null: unknown, or hidden from her by a block (the
 * same condition as the ride's page, so the file never tells more than the page does).
 */
export async function rideForCalendar(db: Database, rideId: string, viewerId: string) {
  return (
    (await db
      .select({
        ...eventColumns,
        // An approval ride's meeting point is for its group only (docs/product.md#join-by-approval):
        // for anyone else the file says the city, and the text never leaves D1.
        meetingPoint: sql<string | null>`case when ${eq(rides.joinMode, "open")}
          or exists ${subquery`select 1 from ${rideParticipants} where ${rideParticipants.rideId} = ${rides.id}
            and ${rideParticipants.userId} = ${viewerId}`}
          then ${rides.meetingPoint} else null end`,
      })
      .from(rides)
      .where(and(eq(rides.id, rideId), not(rideHiddenFrom(rides.id, viewerId))))
      .get()) ?? null
  );
}

/** Her feed holds this many upcoming rides at most. */
const FEED_MAX = 100;

/**
 * Her rides that have not started, cancelled ones included (a subscribed calendar then shows
 * them cancelled instead of silently dropping them). Read from her participations
 * (ride_participants_user_start_idx, ADR 0015).
 */
export function feedRides(db: Database, userId: string, now: number) {
  return db
    .select(eventColumns)
    .from(rideParticipants)
    .innerJoin(rides, eq(rides.id, rideParticipants.rideId))
    .where(
      and(
        eq(rideParticipants.userId, userId),
        gt(rideParticipants.rideStartTime, now),
        inArray(rideParticipants.rideStatus, ["published", "closed", "cancelled"]),
      ),
    )
    .orderBy(asc(rideParticipants.rideStartTime))
    .limit(FEED_MAX)
    .all();
}

export type FeedState =
  | { status: "none" }
  | { status: "active"; createdAt: number }
  /**
   * Stopped by a password change or reset, 'Cerrar sesión en todos los dispositivos' or a
   * suspension (docs/security.md): she makes a new one.
   */
  | { status: "stopped"; stoppedAt: number };

export async function feedState(db: Database, userId: string): Promise<FeedState> {
  const row = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).get();
  if (!row) return { status: "none" };
  if (row.tokenHash) return { status: "active", createdAt: row.createdAt };
  return { status: "stopped", stoppedAt: row.stoppedAt ?? row.createdAt };
}

/** Her new feed secret replaces any earlier one (that URL stops working at once). */
export async function replaceFeedToken(db: Database, userId: string, token: string, now: number) {
  const values = { tokenHash: hashToken(token), createdAt: now, stoppedAt: null };
  await db
    .insert(calendarFeeds)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: values });
}

export async function revokeFeed(db: Database, userId: string) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * Ends her feed's URL, as a statement for the batch that shuts others out of her account: a
 * password change or reset, 'Cerrar sesión en todos los dispositivos', a suspension. Settings
 * then offers a new one. `who`: her id, or a subquery of it (a reset knows her by its token).
 */
export function stopFeed(db: Database, who: string | SQLWrapper, now: number) {
  return db
    .update(calendarFeeds)
    .set({ tokenHash: null, stoppedAt: now })
    .where(
      typeof who === "string" ? eq(calendarFeeds.userId, who) : inArray(calendarFeeds.userId, who),
    );
}

/** Whose feed this secret opens: nobody's once stopped, revoked, or her account suspended. */
export async function feedOwner(db: Database, token: string): Promise<string | null> {
  const row = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), isNull(users.suspendedAt)))
    .get();
  return row?.userId ?? null;
}
