// Public profile and its stats (docs/product.md#public-profile; honest levels,
// docs/product.md#trust-signals-and-honest-levels). Four small queries in one batch.
import { and, desc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { HistoryEntry } from "../../domain/api/users.ts";
import { DEFAULT_AVATAR_KEY } from "../../domain/constants.ts";
import { participantName } from "../../domain/display.ts";
import { profiles, rideParticipants, rides, rodeWith, users } from "../db/schema.ts";
import type { Database } from "../env.ts";
import { organizerLevelsOf, organizerLevelsQuery } from "../level-answers/queries.ts";
import { blockedBetween } from "../ride-core/block-sql.ts";
import { isVerifiedSql } from "../ride-core/verified-sql.ts";
import { myRidesCondition } from "../rides/my-rides.ts";

/** Usernames are unique case-insensitively through a JS-lowercased key. */
export function usernameKeyOf(username: string): string {
  return username.normalize("NFC").toLowerCase();
}

/**
 * Her profile as `viewerId` may see it: null when there is none, her account is suspended or
 * she and the viewer blocked each other — one answer for all three (docs/product.md#blocking and
 * #suspension).
 */
export async function findProfileByUsername(db: Database, username: string, viewerId: string) {
  const row = await db
    .select({ profile: profiles, verified: isVerifiedSql(profiles.userId) })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        eq(profiles.usernameKey, usernameKeyOf(username)),
        isNull(users.suspendedAt),
        sql`not ${blockedBetween(viewerId, profiles.userId)}`,
      ),
    )
    .get();
  return row ? { ...row.profile, verified: row.verified } : null;
}

/** Rides she took part in, organised by someone else, that took place (not cancelled). */
export function completedRidesQuery(db: Database, userId: string, now: number) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(rideParticipants)
    .crossJoin(rides)
    .where(
      and(
        eq(rideParticipants.userId, userId),
        // The rides of her "Ya rodadas" tab, minus those she organised.
        myRidesCondition("past", now),
        eq(rides.id, rideParticipants.rideId),
        or(isNull(rides.organizerId), ne(rides.organizerId, userId)),
      ),
    );
}

export function connectionsCountQuery(db: Database, userId: string) {
  return db
    .select({ n: sql<number>`count(distinct ${rodeWith.otherUserId})` })
    .from(rodeWith)
    .where(eq(rodeWith.userId, userId));
}

/**
 * Top 3 companions: times_rode_with carries the running count, so its max is the total. A
 * companion the viewer and she blocked each other is left out (her name would lead nowhere).
 */
export function historyQuery(db: Database, userId: string, viewerId: string) {
  const times = sql<number>`max(${rodeWith.timesRodeWith})`;
  return db
    .select({
      userId: rodeWith.otherUserId,
      username: profiles.username,
      avatarKey: profiles.avatarKey,
      times,
    })
    .from(rodeWith)
    .leftJoin(profiles, eq(profiles.userId, rodeWith.otherUserId))
    .where(
      and(eq(rodeWith.userId, userId), sql`not ${blockedBetween(viewerId, rodeWith.otherUserId)}`),
    )
    .groupBy(rodeWith.otherUserId)
    .orderBy(desc(times), profiles.usernameKey)
    .limit(3);
}

export async function profileStats(db: Database, userId: string, viewerId: string, now: number) {
  const [completed, connections, history, levels] = await db.batch([
    completedRidesQuery(db, userId, now),
    connectionsCountQuery(db, userId),
    historyQuery(db, userId, viewerId),
    organizerLevelsQuery(db, userId),
  ]);
  return {
    completedRides: Number(completed[0]?.n ?? 0),
    connections: Number(connections[0]?.n ?? 0),
    history: history.map(
      (h): HistoryEntry => ({
        userId: h.userId,
        username: participantName(h.username),
        avatarKey: h.avatarKey ?? DEFAULT_AVATAR_KEY,
        times: Number(h.times),
      }),
    ),
    levels: organizerLevelsOf(levels[0]),
  };
}
