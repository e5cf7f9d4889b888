// "Bloquear" on D1 (DESIGN.md decision 16). The rule itself, as a condition every other
// statement embeds, is in ./sql.ts; this file writes and lists the blocks.
import type { BlockedUser, SharedRide } from "../../domain/api/safety.ts";
import { DEFAULT_AVATAR_KEY } from "../../domain/constants.ts";
import { prepareSql } from "../db/client.ts";
import {
  oneRide,
  type Promotion,
  promotionOf,
  promotionStatements,
} from "../waiting-list/promotion.ts";
import { separateBlockedOnWaitingLists } from "../waiting-list/sql.ts";

/** A rider who may be blocked: she exists, has a profile and is not suspended. */
export async function findBlockable(d1: D1Database, userId: string) {
  return d1
    .prepare(
      `SELECT u.id, u.email, p.username FROM users u JOIN profiles p ON p.user_id = u.id
      WHERE u.id = ? AND u.suspended_at IS NULL`,
    )
    .bind(userId)
    .first<{ id: string; email: string; username: string }>();
}

/**
 * Blocks `blockedId` (again is a no-op) and returns, in the same batch, her upcoming rides that
 * the blocked rider is in: those she may remove her from.
 */
export async function block(
  d1: D1Database,
  blockerId: string,
  blockedId: string,
  now: number,
): Promise<SharedRide[]> {
  const [, shared] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?1, ?2, ?3)
        ON CONFLICT (blocker_id, blocked_id) DO NOTHING`,
      )
      .bind(blockerId, blockedId, now),
    sharedUpcomingRides(d1, blockerId, blockedId, now),
    prepareSql(d1, separateBlockedOnWaitingLists(blockerId, blockedId)),
  ]);
  return ((shared?.results ?? []) as { id: string; title: string; start_time: number }[]).map(
    (r) => ({ id: r.id, title: r.title, startTime: r.start_time }),
  );
}

/** Her upcoming, not cancelled rides (organizer) that `otherId` has joined, soonest first. */
function sharedUpcomingRides(d1: D1Database, organizerId: string, otherId: string, now: number) {
  return d1
    .prepare(
      `SELECT r.id, r.title, r.start_time FROM rides r
      JOIN ride_participants p ON p.ride_id = r.id AND p.user_id = ?2
      WHERE r.organizer_id = ?1 AND r.status IN ('published', 'closed') AND r.start_time > ?3
      ORDER BY r.start_time`,
    )
    .bind(organizerId, otherId, now);
}

export async function unblock(d1: D1Database, blockerId: string, blockedId: string) {
  await d1
    .prepare("DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?")
    .bind(blockerId, blockedId)
    .run();
}

/** 'Usuarias bloqueadas': the riders she blocked, newest first. */
export async function listBlocked(d1: D1Database, blockerId: string): Promise<BlockedUser[]> {
  const { results } = await d1
    .prepare(
      `SELECT b.blocked_id, b.created_at, p.username, p.avatar_key, p.avatar_url
      FROM blocks b LEFT JOIN profiles p ON p.user_id = b.blocked_id
      WHERE b.blocker_id = ? ORDER BY b.created_at DESC`,
    )
    .bind(blockerId)
    .all<{
      blocked_id: string;
      created_at: number;
      username: string | null;
      avatar_key: string | null;
      avatar_url: string | null;
    }>();
  return results.map((r) => ({
    userId: r.blocked_id,
    username: r.username ?? "Usuario",
    avatarKey: r.avatar_key ?? DEFAULT_AVATAR_KEY,
    avatarUrl: r.avatar_url,
    blockedAt: r.created_at,
  }));
}

export type RemovalOutcome =
  | { removed: true; email: string | null; title: string; promotion: Promotion }
  | {
      removed: false;
      why: "not_found" | "not_organizer" | "not_blocked" | "cancelled" | "started" | "not_in_ride";
    };

/**
 * "Quitarla de la salida": the organizer removes a rider she blocked from her upcoming ride. The
 * rules are in the DELETE itself (her ride, not cancelled, not started, she blocked that rider,
 * never herself); the same batch reads why it did nothing, and the removed rider's e-mail for
 * the neutral notice.
 */
export async function removeBlockedParticipant(
  d1: D1Database,
  input: { rideId: string; organizerId: string; userId: string; now: number },
): Promise<RemovalOutcome> {
  const { rideId, organizerId, userId, now } = input;
  const [removed, state, ...promotion] = await d1.batch([
    d1
      .prepare(
        `DELETE FROM ride_participants WHERE ride_id = ?1 AND user_id = ?2 AND ?2 <> ?3
          AND EXISTS (SELECT 1 FROM rides r WHERE r.id = ?1 AND r.organizer_id = ?3
            AND r.status <> 'cancelled' AND r.start_time > ?4)
          AND EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ?3 AND blocked_id = ?2)
        RETURNING user_id`,
      )
      .bind(rideId, userId, organizerId, now),
    d1
      .prepare(
        `SELECT r.title, r.organizer_id, r.status, r.start_time,
          (SELECT email FROM users WHERE id = ?2) AS email,
          EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ?3 AND blocked_id = ?2) AS blocked
        FROM rides r WHERE r.id = ?1`,
      )
      .bind(rideId, userId, organizerId),
    // The place she frees goes to the first in line (DESIGN.md decision 23).
    ...promotionStatements(oneRide(rideId), now).map((q) => prepareSql(d1, q)),
  ]);
  const ride = state?.results[0] as
    | {
        title: string;
        organizer_id: string | null;
        status: string;
        start_time: number;
        email: string | null;
        blocked: number;
      }
    | undefined;
  if (!ride) return { removed: false, why: "not_found" };
  if ((removed?.results.length ?? 0) > 0) {
    return {
      removed: true,
      email: ride.email,
      title: ride.title,
      promotion: promotionOf(promotion),
    };
  }
  if (ride.organizer_id !== organizerId) return { removed: false, why: "not_organizer" };
  if (ride.blocked !== 1) return { removed: false, why: "not_blocked" };
  if (ride.status === "cancelled") return { removed: false, why: "cancelled" };
  if (ride.start_time <= now) return { removed: false, why: "started" };
  return { removed: false, why: "not_in_ride" };
}
