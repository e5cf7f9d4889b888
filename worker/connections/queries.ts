// "He rodado con ella" (spec 02 §4) on D1. Each read is one query or one batch, whatever the
// number of rides or companions.

import type { Companion, PendingConnection } from "../../domain/api/connections.ts";
import {
  CONNECTIONS_CLOSE_AFTER_MS,
  CONNECTIONS_OPEN_AFTER_MS,
  type RideStatus,
} from "../../domain/constants.ts";
import { blockedBetweenSql, rideHiddenFromSql } from "../blocks/sql.ts";

/**
 * Her pending rides, in ONE query: participant, not the organizer, published, start + 30 min ≤
 * now ≤ start + 48 h, at least one other participant she could record (not one she and they
 * blocked each other: DESIGN.md decision 16), no rode_with record of hers for that ride
 * (the SQL form of domain/time.ts `isPendingConnection`). Most recent ride first. The time
 * window is a range of ride_participants_user_start_idx (ADR 0015): only rides in it are read.
 */
export async function pendingConnections(
  d1: D1Database,
  userId: string,
  now: number,
): Promise<PendingConnection[]> {
  const { results } = await d1
    .prepare(
      `SELECT r.id, r.title, r.start_time
      FROM ride_participants p CROSS JOIN rides r ON r.id = p.ride_id
      WHERE p.user_id = ?1
        AND p.ride_status = 'published'
        AND p.ride_start_time <= ?2 AND p.ride_start_time >= ?3
        AND r.organizer_id IS NOT ?1
        AND EXISTS (SELECT 1 FROM ride_participants p2 WHERE p2.ride_id = r.id
          AND p2.user_id <> ?1 AND NOT ${blockedBetweenSql("?1", "p2.user_id")})
        AND NOT EXISTS (SELECT 1 FROM rode_with w WHERE w.ride_id = r.id AND w.user_id = ?1)
      ORDER BY r.start_time DESC`,
    )
    .bind(userId, now - CONNECTIONS_OPEN_AFTER_MS, now - CONNECTIONS_CLOSE_AFTER_MS)
    .all<{ id: string; title: string; start_time: number }>();
  return results.map((r) => ({ rideId: r.id, title: r.title, startTime: r.start_time }));
}

export interface RideConnectionsState {
  ride: { id: string; startTime: number; status: RideStatus; organizerId: string | null };
  participantIds: string[];
  isParticipant: boolean;
  /** Companions already recorded by her for this ride. */
  savedForRide: Set<string>;
  /** Every other participant she may record, with her running count for the pair. */
  companions: Companion[];
  /** She answered the two questions about this ride (honest levels, DESIGN.md decision 24). */
  answeredLevels: boolean;
}

/**
 * Everything the card and the save rules need, in one batch. null when the ride does not exist
 * or a block hides it from her; a companion she and they blocked each other is not offered.
 */
export async function loadRideConnections(
  d1: D1Database,
  rideId: string,
  userId: string,
): Promise<RideConnectionsState | null> {
  const [rideResult, participantsResult, savedResult, answeredResult] = await d1.batch([
    d1
      .prepare(
        `SELECT id, start_time, status, organizer_id FROM rides r
        WHERE r.id = ?1 AND NOT ${rideHiddenFromSql("r.id", "?2")}`,
      )
      .bind(rideId, userId),
    d1
      .prepare(
        `SELECT p.user_id, pr.username, pr.avatar_key,
          (SELECT max(w.times_rode_with) FROM rode_with w
            WHERE w.user_id = ?2 AND w.other_user_id = p.user_id) AS times,
          ${blockedBetweenSql("?2", "p.user_id")} AS hidden
        FROM ride_participants p LEFT JOIN profiles pr ON pr.user_id = p.user_id
        WHERE p.ride_id = ?1 ORDER BY p.joined_at, p.user_id`,
      )
      .bind(rideId, userId),
    d1
      .prepare("SELECT other_user_id FROM rode_with WHERE ride_id = ? AND user_id = ?")
      .bind(rideId, userId),
    d1
      .prepare("SELECT 1 FROM ride_level_answers WHERE ride_id = ? AND user_id = ?")
      .bind(rideId, userId),
  ]);
  const ride = rideResult?.results[0] as
    | { id: string; start_time: number; status: RideStatus; organizer_id: string | null }
    | undefined;
  if (!ride) return null;
  const participants = (participantsResult?.results ?? []) as {
    user_id: string;
    username: string | null;
    avatar_key: string | null;
    times: number | null;
    hidden: number;
  }[];
  const participantIds = participants.map((p) => p.user_id);
  return {
    ride: {
      id: ride.id,
      startTime: ride.start_time,
      status: ride.status,
      organizerId: ride.organizer_id,
    },
    participantIds,
    isParticipant: participantIds.includes(userId),
    savedForRide: new Set(
      ((savedResult?.results ?? []) as { other_user_id: string }[]).map((r) => r.other_user_id),
    ),
    companions: participants
      .filter((p) => p.user_id !== userId && p.hidden !== 1)
      .map((p) => ({
        userId: p.user_id,
        username: p.username ?? "Usuario",
        avatarKey: p.avatar_key ?? "ava01",
        timesRodeWith: p.times ?? 0,
      })),
    answeredLevels: (answeredResult?.results.length ?? 0) > 0,
  };
}

/**
 * One rode_with row per companion, times_rode_with = her previous count for the pair + 1
 * (1 the first time), all in one batch (a transaction). A companion already recorded for this
 * ride is skipped (unique ride+user+other), and so is one she and they blocked each other, in
 * the writing statement itself. Returns the rows actually inserted.
 */
export async function saveConnections(
  d1: D1Database,
  input: { rideId: string; userId: string; otherUserIds: string[]; now: number },
): Promise<{ otherUserId: string; times: number }[]> {
  const results = await d1.batch(
    input.otherUserIds.map((otherUserId) =>
      d1
        .prepare(
          `INSERT INTO rode_with (ride_id, user_id, other_user_id, times_rode_with, created_at)
          SELECT ?1, ?2, ?3,
            COALESCE((SELECT max(times_rode_with) FROM rode_with WHERE user_id = ?2 AND other_user_id = ?3), 0) + 1,
            ?4
          WHERE NOT ${blockedBetweenSql("?2", "?3")}
          ON CONFLICT (ride_id, user_id, other_user_id) DO NOTHING
          RETURNING other_user_id, times_rode_with`,
        )
        .bind(input.rideId, input.userId, otherUserId, input.now),
    ),
  );
  return results.flatMap((r) =>
    (r.results as { other_user_id: string; times_rode_with: number }[]).map((row) => ({
      otherUserId: row.other_user_id,
      times: row.times_rode_with,
    })),
  );
}
