// Public profile and its stats (spec 02 §2 "Public profile", §7; honest levels, DESIGN.md
// decision 24). Four small queries in one batch.
import { and, desc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { HistoryEntry } from "../../domain/api/users.ts";
import { DEFAULT_AVATAR_KEY } from "../../domain/constants.ts";
import { participantName } from "../../domain/display.ts";
import { profiles, rideParticipants, rides, rodeWith } from "../db/schema.ts";
import type { Database } from "../env.ts";
import { organizerLevelsOf, organizerLevelsQuery } from "../level-answers/queries.ts";
import { myRidesCondition } from "../rides/queries.ts";

/** Usernames are unique case-insensitively through a JS-lowercased key. */
export function usernameKeyOf(username: string): string {
  return username.normalize("NFC").toLowerCase();
}

export async function findProfileByUsername(db: Database, username: string) {
  return (
    (await db
      .select()
      .from(profiles)
      .where(eq(profiles.usernameKey, usernameKeyOf(username)))
      .get()) ?? null
  );
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

/** Top 3 companions: times_rode_with carries the running count, so its max is the total. */
export function historyQuery(db: Database, userId: string) {
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
    .where(eq(rodeWith.userId, userId))
    .groupBy(rodeWith.otherUserId)
    .orderBy(desc(times), profiles.usernameKey)
    .limit(3);
}

export async function profileStats(db: Database, userId: string, now: number) {
  const [completed, connections, history, levels] = await db.batch([
    completedRidesQuery(db, userId, now),
    connectionsCountQuery(db, userId),
    historyQuery(db, userId),
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
