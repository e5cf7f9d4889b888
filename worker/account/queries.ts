import { MSG } from "../../domain/messages.ts";
import { d1Of } from "../db/client.ts";
import type { Database } from "../env.ts";
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
}

export interface CancelledRide {
  rideId: string;
  noticeId: string;
}

const OTHERS_JOINED = `exists (select 1 from ride_participants p
    where p.ride_id = r.id and p.user_id <> ?1)`;

/**
 * Her upcoming published rides that others joined (?1 her id, ?2 now): a cancellation notice in
 * each chat, then the cancellation, as two statements for a batch (a D1 transaction), the
 * notices first so they see the rides before the update. Shared by account deletion
 * (DESIGN.md decision 14) and suspension (decision 17): "cancelled with the usual notice".
 * Read the notices' result with `cancelledRides`.
 */
export function cancelHerRidesWithOthers(
  d1: D1Database,
  userId: string,
  now: number,
): [D1PreparedStatement, D1PreparedStatement] {
  const toCancel = `r.organizer_id = ?1 and r.status = 'published' and r.start_time > ?2
    and ${OTHERS_JOINED}`;
  return [
    d1
      .prepare(
        `insert into ride_messages (id, ride_id, user_id, kind, body, created_at)
        select lower(hex(randomblob(16))), r.id, null, 'system', ?3, ?2
        from rides r where ${toCancel}
        returning id, ride_id`,
      )
      .bind(userId, now, MSG.systemCancelNotice()),
    d1
      .prepare(
        `update rides as r set status = 'cancelled', cancelled_at = ?2, updated_at = ?2
        where ${toCancel}`,
      )
      .bind(userId, now),
  ];
}

/** The rides cancelled by cancelHerRidesWithOthers, from its first statement's result. */
export function cancelledRides(notices: D1Result | undefined): CancelledRide[] {
  return ((notices?.results ?? []) as { id: string; ride_id: string }[]).map((row) => ({
    rideId: row.ride_id,
    noticeId: row.id,
  }));
}

/**
 * DESIGN.md decision 14 in one batch (a D1 transaction), every choice made by the statement that
 * writes it, so a rider joining or leaving meanwhile is never lost between a read and a write:
 * her upcoming published rides that others joined get a notice and are cancelled, their waiting
 * lists emptied; the places she frees in others' upcoming rides go to their first in line
 * (DESIGN.md decision 23); the rides nobody else joined are deleted; then the user row, whose
 * foreign keys cascade sessions, reset tokens, profile, participations, waiting-list entries,
 * messages, rode_with and her referrals (claimed ones lose her id). Past or cancelled rides with others stay, their organizer_id set to null and without her
 * route file (the caller deletes every file of her rides from R2). Set-based,
 * whatever the number of her rides (no id lists against D1's 100 bound parameters).
 */
export async function deleteAccount(
  db: Database,
  user: { id: string; email: string },
  now: number,
): Promise<DeletionOutcome> {
  const d1 = d1Of(db);
  const results = await d1.batch([
    d1.prepare("select id, route_gpx_key from rides where organizer_id = ?").bind(user.id),
    ...cancelHerRidesWithOthers(d1, user.id, now),
    ...leavingRiderStatements(d1, user.id, now),
    d1
      .prepare(`delete from rides as r where r.organizer_id = ?1 and not ${OTHERS_JOINED}`)
      .bind(user.id),
    d1
      .prepare(
        "update rides set route_gpx_key = null where organizer_id = ? and route_gpx_key is not null",
      )
      .bind(user.id),
    d1.prepare("delete from email_outbox where to_email = ?").bind(user.email),
    d1.prepare("delete from users where id = ?").bind(user.id),
  ]);
  const [organized, notices] = results;
  return {
    cancelled: cancelledRides(notices),
    waitingLists: leavingRiderOutcome(results.slice(3, 3 + LEAVING_RIDER_STATEMENTS)),
    rideFiles: ((organized?.results ?? []) as { id: string; route_gpx_key: string | null }[]).map(
      (row) => ({ rideId: row.id, gpxKey: row.route_gpx_key }),
    ),
  };
}
