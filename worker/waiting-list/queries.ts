// A full ride's waiting list on D1 (docs/product.md#ride-waiting-list): joining and leaving it. The
// reads are in ride-core/waiting-list-sql.ts, the promotion of the first in line in
// ride-core/promotion.ts.
// (The landing's sign-ups for the app's launch are worker/launch-signups/.)
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { DEFAULT_MAX_PARTICIPANTS } from "../../domain/constants.ts";
import { runSql } from "../db/client.ts";
import { rideParticipants, rides, rideWaitingList } from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { blockedBetween, rideHiddenFrom } from "../ride-core/block-sql.ts";
import { oneRide, type Promotion, promotionOf, promotionQueries } from "../ride-core/promotion.ts";

/**
 * Puts her at the end of the ride's list, only while the ride is open (an approval ride's requests
 * are its queue), published, has not started,
 * she is not riding it and it is full (or others already wait: a place is never taken past
 * them), and nobody riding it or waiting for it and she blocked each other
 * (docs/product.md#blocking). The promotion statements follow in the same batch: if a place is free
 * after all, the first in line gets it at once. Returns whether she was added, and who got a place.
 */
export async function joinWaitingList(
  db: Database,
  rideId: string,
  userId: string,
  now: number,
): Promise<{ added: boolean; promotion: Promotion }> {
  const waiting = alias(rideWaitingList, "bw");
  const p = rideParticipants;
  const w = rideWaitingList;
  const [added, ...promotion] = await db.batch([
    runSql(
      db,
      sql`insert into ${w} (${columnNames(w.rideId, w.userId, w.createdAt)})
        select ${rides.id}, ${userId}, ${now} from ${rides}
        where ${rides.id} = ${rideId} and ${eq(rides.status, "published")} and ${rides.startTime} > ${now}
          and ${eq(rides.joinMode, "open")}
          and not exists ${subquery`select 1 from ${p} where ${p.rideId} = ${rides.id} and ${p.userId} = ${userId}`}
          and not ${rideHiddenFrom(rides.id, userId)}
          and not exists ${subquery`select 1 from ${w} ${waiting}
            where ${waiting.rideId} = ${rides.id} and ${blockedBetween(waiting.userId, userId)}`}
          and (${subquery`select count(*) from ${p} where ${p.rideId} = ${rides.id}`}
                >= coalesce(${rides.maxParticipants}, ${DEFAULT_MAX_PARTICIPANTS})
            or exists ${subquery`select 1 from ${w} where ${w.rideId} = ${rides.id}`})
        on conflict do nothing`,
    ),
    ...promotionQueries(db, oneRide(rideId), now),
  ]);
  return { added: added.meta.changes > 0, promotion: promotionOf(promotion) };
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
