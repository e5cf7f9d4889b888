// "He rodado con ella" (docs/product.md#connections) on D1. Each read is one query or one batch,
// whatever the number of rides or companions.

import { and, asc, desc, eq, exists, gte, lte, ne, not, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Companion, PendingConnection } from "../../domain/api/connections.ts";
import {
  CONNECTIONS_CLOSE_AFTER_MS,
  CONNECTIONS_OPEN_AFTER_MS,
  DEFAULT_AVATAR_KEY,
  type RideStatus,
} from "../../domain/constants.ts";
import { participantName } from "../../domain/display.ts";
import { allSql, batchList } from "../db/client.ts";
import { profiles, rideLevelAnswers, rideParticipants, rides, rodeWith } from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { blockedBetween, rideHiddenFrom } from "../ride-core/block-sql.ts";

const others = alias(rideParticipants, "p2");

/**
 * Her pending rides, in ONE query: participant, not the organizer, published, start + 30 min ≤
 * now ≤ start + 48 h, at least one other participant she could record (not one she and they
 * blocked each other: docs/product.md#blocking), no rode_with record of hers for that ride
 * (the SQL form of domain/time.ts `isPendingConnection`). Most recent ride first. The time
 * window is a range of ride_participants_user_start_idx (ADR 0015): only rides in it are read.
 */
export async function pendingConnections(
  db: Database,
  userId: string,
  now: number,
): Promise<PendingConnection[]> {
  return db
    .select({ rideId: rides.id, title: rides.title, startTime: rides.startTime })
    .from(rideParticipants)
    .crossJoin(rides)
    .where(
      and(
        eq(rides.id, rideParticipants.rideId),
        eq(rideParticipants.userId, userId),
        eq(rideParticipants.rideStatus, "published"),
        lte(rideParticipants.rideStartTime, now - CONNECTIONS_OPEN_AFTER_MS),
        gte(rideParticipants.rideStartTime, now - CONNECTIONS_CLOSE_AFTER_MS),
        sql`${rides.organizerId} is not ${userId}`,
        exists(
          db
            .select({ one: sql`1` })
            .from(others)
            .where(
              and(
                eq(others.rideId, rides.id),
                ne(others.userId, userId),
                not(blockedBetween(userId, others.userId)),
              ),
            ),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(rodeWith)
            .where(and(eq(rodeWith.rideId, rides.id), eq(rodeWith.userId, userId))),
        ),
      ),
    )
    .orderBy(desc(rides.startTime))
    .all();
}

export interface RideConnectionsState {
  ride: { id: string; startTime: number; status: RideStatus; organizerId: string | null };
  participantIds: string[];
  isParticipant: boolean;
  /** Companions already recorded by her for this ride. */
  savedForRide: Set<string>;
  /** Every other participant she may record, with her running count for the pair. */
  companions: Companion[];
  /**
   * She answered the two questions about this ride (honest levels,
   * docs/product.md#trust-signals-and-honest-levels).
   */
  answeredLevels: boolean;
}

/**
 * Everything the card and the save rules need, in one batch. null when the ride does not exist
 * or a block hides it from her; a companion she and they blocked each other is not offered.
 */
export async function loadRideConnections(
  db: Database,
  rideId: string,
  userId: string,
): Promise<RideConnectionsState | null> {
  const [[ride], participants, saved, answered] = await db.batch([
    db
      .select({
        id: rides.id,
        startTime: rides.startTime,
        status: rides.status,
        organizerId: rides.organizerId,
      })
      .from(rides)
      .where(and(eq(rides.id, rideId), not(rideHiddenFrom(rides.id, userId)))),
    db
      .select({
        userId: rideParticipants.userId,
        username: profiles.username,
        avatarKey: profiles.avatarKey,
        times: subquery<number | null>`select max(${rodeWith.timesRodeWith}) from ${rodeWith}
          where ${rodeWith.userId} = ${userId} and ${rodeWith.otherUserId} = ${rideParticipants.userId}`,
        hidden: blockedBetween(userId, rideParticipants.userId).mapWith(Boolean),
      })
      .from(rideParticipants)
      .leftJoin(profiles, eq(profiles.userId, rideParticipants.userId))
      .where(eq(rideParticipants.rideId, rideId))
      .orderBy(asc(rideParticipants.joinedAt), asc(rideParticipants.userId)),
    db
      .select({ otherUserId: rodeWith.otherUserId })
      .from(rodeWith)
      .where(and(eq(rodeWith.rideId, rideId), eq(rodeWith.userId, userId))),
    db
      .select({ one: sql`1` })
      .from(rideLevelAnswers)
      .where(and(eq(rideLevelAnswers.rideId, rideId), eq(rideLevelAnswers.userId, userId))),
  ]);
  if (!ride) return null;
  const participantIds = participants.map((p) => p.userId);
  return {
    ride,
    participantIds,
    isParticipant: participantIds.includes(userId),
    savedForRide: new Set(saved.map((r) => r.otherUserId)),
    companions: participants
      .filter((p) => p.userId !== userId && !p.hidden)
      .map((p) => ({
        userId: p.userId,
        username: participantName(p.username),
        avatarKey: p.avatarKey ?? DEFAULT_AVATAR_KEY,
        timesRodeWith: p.times ?? 0,
      })),
    answeredLevels: answered.length > 0,
  };
}

/**
 * One rode_with row per companion, times_rode_with = her previous count for the pair + 1
 * (1 the first time), all in one batch (a transaction). A companion already recorded for this
 * ride is skipped (unique ride+user+other), and so is one she and they blocked each other, in
 * the writing statement itself. Returns the rows actually inserted.
 */
export async function saveConnections(
  db: Database,
  input: { rideId: string; userId: string; otherUserIds: string[]; now: number },
): Promise<{ otherUserId: string; times: number }[]> {
  const results = await batchList(
    db,
    input.otherUserIds.map((otherUserId) =>
      allSql<{ otherUserId: string; times: number }>(
        db,
        sql`insert into ${rodeWith} (${columnNames(
          rodeWith.rideId,
          rodeWith.userId,
          rodeWith.otherUserId,
          rodeWith.timesRodeWith,
          rodeWith.createdAt,
        )})
        select ${input.rideId}, ${input.userId}, ${otherUserId},
          coalesce(${subquery`select max(${rodeWith.timesRodeWith}) from ${rodeWith}
            where ${rodeWith.userId} = ${input.userId} and ${rodeWith.otherUserId} = ${otherUserId}`}, 0) + 1,
          ${input.now}
        where not ${blockedBetween(input.userId, otherUserId)}
        on conflict (${columnNames(rodeWith.rideId, rodeWith.userId, rodeWith.otherUserId)}) do nothing
        returning ${rodeWith.otherUserId} as "otherUserId", ${rodeWith.timesRodeWith} as "times"`,
      ),
    ),
  );
  return results.flat();
}
