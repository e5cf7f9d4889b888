import { sql } from "drizzle-orm";
import { MSG } from "../../domain/messages.ts";
import { d1Of, prepareSql } from "../db/client.ts";
import type { Database } from "../env.ts";
import type { WaitingEntry } from "../waiting-list/notify.ts";
import {
  type Promotion,
  promotionOf,
  promotionStatements,
  ridesOfLeavingRider,
} from "../waiting-list/promotion.ts";
import { clearedEntries, clearWaitingListsOfCancelled } from "../waiting-list/sql.ts";

/** What the deletion did to her rides, for the work that follows it (chat notices, R2). */
export interface DeletionOutcome {
  /** Upcoming rides others had joined: cancelled, each with its chat notice. */
  cancelled: { rideId: string; noticeId: string }[];
  /** Route files of the rides nobody else had joined, which were deleted. */
  gpxKeys: string[];
  /** Who was waiting for the cancelled rides (their lists are emptied; they are told). */
  waitingCleared: WaitingEntry[];
  /** The places she freed in others' rides, given to the first in line (DESIGN.md decision 23). */
  promotion: Promotion;
}

/**
 * DESIGN.md decision 14 in one batch (a D1 transaction), every choice made by the statement that
 * writes it, so a rider joining or leaving meanwhile is never lost between a read and a write:
 * her upcoming published rides that others joined get a notice and are cancelled (their waiting
 * lists emptied); the rides nobody else joined are deleted; the places she frees in others'
 * upcoming rides go to their first in line; then the user row, whose foreign keys cascade
 * sessions, reset tokens, profile, participations, waiting-list entries, messages, rode_with and
 * her referrals (claimed ones lose her id). Past or cancelled rides with others stay, their organizer_id set to null. Set-based,
 * whatever the number of her rides (no id lists against D1's 100 bound parameters).
 */
export async function deleteAccount(
  db: Database,
  user: { id: string; email: string },
  now: number,
): Promise<DeletionOutcome> {
  const d1 = d1Of(db);
  const others = `exists (select 1 from ride_participants p
    where p.ride_id = r.id and p.user_id <> ?1)`;
  const toCancel = `r.organizer_id = ?1 and r.status = 'published' and r.start_time > ?2
    and ${others}`;
  const [notices, , cleared, removed, ...rest] = await d1.batch([
    d1
      .prepare(
        `insert into ride_messages (id, ride_id, user_id, kind, body, created_at)
        select lower(hex(randomblob(16))), r.id, null, 'system', ?3, ?2
        from rides r where ${toCancel}
        returning id, ride_id`,
      )
      .bind(user.id, now, MSG.systemCancelNotice()),
    d1
      .prepare(
        `update rides as r set status = 'cancelled', cancelled_at = ?2, updated_at = ?2
        where ${toCancel}`,
      )
      .bind(user.id, now),
    prepareSql(
      d1,
      clearWaitingListsOfCancelled(sql`(select r.id from rides r
        where r.organizer_id = ${user.id} and r.status = 'cancelled' and r.cancelled_at = ${now})`),
    ),
    d1
      .prepare(
        `delete from rides as r where r.organizer_id = ?1 and not ${others}
        returning route_gpx_key`,
      )
      .bind(user.id),
    // Her places in others' upcoming rides go to their first in line, counted without her,
    // before the user row's cascade takes her participations (and her own waiting entries).
    ...promotionStatements(ridesOfLeavingRider(user.id, now), now).map((q) => prepareSql(d1, q)),
    d1.prepare("delete from email_outbox where to_email = ?").bind(user.email),
    d1.prepare("delete from users where id = ?").bind(user.id),
  ]);
  return {
    cancelled: ((notices?.results ?? []) as { id: string; ride_id: string }[]).map((row) => ({
      rideId: row.ride_id,
      noticeId: row.id,
    })),
    gpxKeys: ((removed?.results ?? []) as { route_gpx_key: string | null }[]).flatMap((row) =>
      row.route_gpx_key ? [row.route_gpx_key] : [],
    ),
    waitingCleared: clearedEntries(cleared),
    promotion: promotionOf(rest),
  };
}
