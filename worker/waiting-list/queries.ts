// A full ride's waiting list on D1 (DESIGN.md decision 23): joining and leaving it. The reads
// are in sql.ts, the promotion of the first in line in promotion.ts.
// (The landing's waiting list for the app itself is worker/waitlist/.)
import { and, eq, sql } from "drizzle-orm";
import { DEFAULT_MAX_PARTICIPANTS } from "../../domain/constants.ts";
import { blockedBetween, rideHiddenFrom } from "../blocks/sql.ts";
import { rideWaitingList } from "../db/schema.ts";
import type { Database } from "../env.ts";
import { writeBatch } from "../rides/queries.ts";
import { oneRide, type Promotion, promotionOf, promotionStatements } from "./promotion.ts";

/**
 * Puts her at the end of the ride's list, only while the ride is published, has not started,
 * she is not riding it and it is full (or others already wait: a place is never taken past
 * them), and nobody riding it or waiting for it and she blocked each other (decision 16). The promotion statements follow in the same batch: if a place is free after all, the
 * first in line gets it at once. Returns whether she was added, and who got a place.
 */
export async function joinWaitingList(
  db: Database,
  rideId: string,
  userId: string,
  now: number,
): Promise<{ added: boolean; promotion: Promotion }> {
  const [added, ...promotion] = await writeBatch(db, [
    sql`insert into ${rideWaitingList} (ride_id, user_id, created_at)
      select r.id, ${userId}, ${now} from rides r
      where r.id = ${rideId} and r.status = 'published' and r.start_time > ${now}
        and not exists (select 1 from ride_participants p where p.ride_id = r.id and p.user_id = ${userId})
        and not ${rideHiddenFrom(sql`r.id`, userId)}
        and not exists (select 1 from ${rideWaitingList} bw
          where bw.ride_id = r.id and ${blockedBetween(sql`bw.user_id`, userId)})
        and ((select count(*) from ride_participants p where p.ride_id = r.id)
              >= coalesce(r.max_participants, ${DEFAULT_MAX_PARTICIPANTS})
          or exists (select 1 from ${rideWaitingList} w where w.ride_id = r.id))
      on conflict do nothing`,
    ...promotionStatements(oneRide(rideId), now),
  ]);
  return { added: (added?.meta.changes ?? 0) > 0, promotion: promotionOf(promotion) };
}

/** Takes her off the ride's list (allowed at any time); true when she was on it. */
export async function leaveWaitingList(db: Database, rideId: string, userId: string) {
  const result = await db
    .delete(rideWaitingList)
    .where(and(eq(rideWaitingList.rideId, rideId), eq(rideWaitingList.userId, userId)))
    .run();
  return result.meta.changes > 0;
}

export async function isOnWaitingList(db: Database, rideId: string, userId: string) {
  const row = await db
    .select({ one: sql<number>`1` })
    .from(rideWaitingList)
    .where(and(eq(rideWaitingList.userId, userId), eq(rideWaitingList.rideId, rideId)))
    .get();
  return Boolean(row);
}
