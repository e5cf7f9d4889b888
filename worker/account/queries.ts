import { and, eq, exists, gt, isNotNull, ne, not, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  RIDE_DAY_CLOSES_AFTER_MS,
  RIDE_DAY_ERASED_AFTER_CLOSE_MS,
} from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { allSql } from "../db/client.ts";
import { emailOutbox, rideMessages, rideParticipants, rides, users } from "../db/schema.ts";
import type { Database } from "../env.ts";
import {
  type MembershipsEnded,
  membershipsEndedOutcome,
  membershipsEndingStatements,
} from "../groups/leaving.ts";
import { INSERT_MESSAGE, MESSAGE_KIND } from "../ride-core/message-insert.ts";
import { type RequestGoing, requestsGoingWith } from "../ride-requests/queries.ts";
import {
  LEAVING_RIDER_STATEMENTS,
  type LeavingRiderOutcome,
  leavingRiderOutcome,
  leavingRiderStatements,
} from "../waiting-list/leaving-rider.ts";

/** What the deletion did to her rides, for the work that follows it (chat notices, R2). */
export interface DeletionOutcome {
  /** Upcoming rides others had joined: cancelled, each with its chat notice. */
  cancelled: CancelledRide[];
  /**
   * Every ride she organized (deleted, cancelled or kept for the others) with the route file it
   * named: her files in R2 go, and the rides that stay no longer name one.
   */
  rideFiles: { rideId: string; gpxKey: string | null }[];
  /** Her cancelled rides' waiting lists, and her places given to others' first in line. */
  waitingLists: LeavingRiderOutcome;
  /**
   * The rides she is in whose room may still keep her ride day (not yet erased 24 h after its
   * window), read in the batch before the cascade removes her participations: those rooms erase
   * it at once. Older rides' rooms hold nothing of her any more.
   */
  rideIds: string[];
  /** The pending requests that went with her: hers, and others' on her upcoming rides. */
  requestsGone: RequestGoing[];
  /** Her groups, which she left, and the leaders the succession named (docs/product.md#grupos). */
  groups: MembershipsEnded;
}

export interface CancelledRide {
  rideId: string;
  noticeId: string;
}

const others = alias(rideParticipants, "p");

/** Someone other than `userId` participates in the ride. */
function othersJoined(db: Database, rideId: SQLWrapper, userId: string) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(others)
      .where(and(eq(others.rideId, rideId), ne(others.userId, userId))),
  );
}

/**
 * Her upcoming published rides that others joined: a cancellation notice in each chat, then the
 * cancellation, as two statements for a batch (a D1 transaction), the notices first so they see
 * the rides before the update. Shared by account deletion (docs/product.md#account-deletion) and
 * suspension (docs/product.md#suspension), each with its `notice`. Read the notices' result with
 * `cancelledRides`.
 */
export function cancelHerRidesWithOthers(
  db: Database,
  userId: string,
  now: number,
  notice: string,
) {
  const toCancel = and(
    eq(rides.organizerId, userId),
    eq(rides.status, "published"),
    gt(rides.startTime, now),
    othersJoined(db, rides.id, userId),
  );
  return [
    allSql<CancelledRide>(
      db,
      sql`${INSERT_MESSAGE}
        select lower(hex(randomblob(16))), ${rides.id}, null, ${MESSAGE_KIND.system},
          ${notice}, ${now}
        from ${rides} where ${toCancel}
        returning ${rideMessages.id} as "noticeId", ${rideMessages.rideId} as "rideId"`,
    ),
    db.update(rides).set({ status: "cancelled", cancelledAt: now, updatedAt: now }).where(toCancel),
  ] as const;
}

/**
 * docs/product.md#account-deletion in one batch (a D1 transaction), every choice made by the
 * statement that writes it, so a rider joining or leaving meanwhile is never lost between a read
 * and a write: her upcoming published rides that others joined get a notice and are cancelled,
 * their waiting lists emptied; the places she frees in others' upcoming rides go to their first in
 * line (docs/product.md#ride-waiting-list); the rides nobody else joined are deleted; then the user
 * row, whose foreign keys cascade sessions, reset tokens, profile, participations, waiting-list
 * entries, messages, rode_with and her referrals (claimed ones lose her id). Past or cancelled
 * rides with others stay, their organizer_id set to null and without her route file (the caller
 * deletes every file of her rides from R2). Set-based, whatever the number of her rides (no id
 * lists against D1's 100 bound parameters).
 */
export async function deleteAccount(
  db: Database,
  user: { id: string; email: string },
  now: number,
): Promise<DeletionOutcome> {
  const [hers, onHerRides, herRides, organized, cancelled, , ...rest] = await db.batch([
    ...requestsGoingWith(db, user.id, now),
    db
      .select({ rideId: rideParticipants.rideId })
      .from(rideParticipants)
      .where(
        and(
          eq(rideParticipants.userId, user.id),
          gt(
            rideParticipants.rideStartTime,
            now - RIDE_DAY_CLOSES_AFTER_MS - RIDE_DAY_ERASED_AFTER_CLOSE_MS,
          ),
        ),
      ),
    db
      .select({ rideId: rides.id, gpxKey: rides.routeGpxKey })
      .from(rides)
      .where(eq(rides.organizerId, user.id)),
    ...cancelHerRidesWithOthers(db, user.id, now, MSG.systemCancelNotice()),
    ...leavingRiderStatements(db, user.id, now),
    db
      .delete(rides)
      .where(and(eq(rides.organizerId, user.id), not(othersJoined(db, rides.id, user.id)))),
    db
      .update(rides)
      .set({ routeGpxKey: null })
      .where(and(eq(rides.organizerId, user.id), isNotNull(rides.routeGpxKey))),
    db.delete(emailOutbox).where(eq(emailOutbox.toEmail, user.email)),
    // Her memberships and requests end before the cascade would, so the successions are claimed.
    ...membershipsEndingStatements(db, user.id),
    db.delete(users).where(eq(users.id, user.id)),
  ]);
  return {
    cancelled,
    waitingLists: leavingRiderOutcome(rest.slice(0, LEAVING_RIDER_STATEMENTS) as D1Result[]),
    rideFiles: organized,
    rideIds: herRides.map((r) => r.rideId),
    requestsGone: [...hers, ...onHerRides],
    groups: membershipsEndedOutcome(user.id, rest.slice(-5, -1)),
  };
}
