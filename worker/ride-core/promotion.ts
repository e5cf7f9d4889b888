// A freed place goes to the first in line, inside the D1 batch that frees it
// (docs/product.md#ride-waiting-list, docs/decisions/0024-waiting-list-promotion.md). Whoever frees
// a place (a rider leaving, the organizer raising the cap or taking out a rider she blocked, an
// account deleted or suspended) appends these three statements to her own write: D1 runs a batch as
// one transaction and never interleaves another writer, so the places counted here are the places
// left after that write, and two freeings can never promote twice for one place, nor anyone out of
// turn.
//
// (This is a ride's waiting list; the landing's sign-ups for the app's launch are in
// worker/launch-signups/.)
import { eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { DEFAULT_MAX_PARTICIPANTS } from "../../domain/constants.ts";
import { FALLBACK_USER_NAME } from "../../domain/display.ts";
import { WAITING_LIST_PROMOTED_NOTICE } from "../../domain/messages.ts";
import { runSql } from "../db/client.ts";
import { profiles, rideMessages, rideParticipants, rides, rideWaitingList } from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { INSERT_MESSAGE, MESSAGE_KIND } from "./message-insert.ts";

/**
 * Which rides a batch may have freed places in: one ride, or (account deletion) every upcoming
 * ride the leaving rider is in. `leaving` is a rider whose participations the same batch deletes
 * only after these statements run; she is not counted.
 */
export interface PromotionScope {
  /** A parenthesised list or subquery of ride ids, for `ride_id in …`. */
  rideIds: SQL;
  leaving: string | null;
}

export function oneRide(rideId: string): PromotionScope {
  return { rideIds: sql`(${rideId})`, leaving: null };
}

const mine = alias(rideParticipants, "mine");
const p = alias(rideParticipants, "p");
const w = alias(rideWaitingList, "w");
const a = alias(rideWaitingList, "a");
const r = alias(rides, "r");
const m = alias(rideMessages, "m");
const pr = alias(profiles, "pr");

/** Every upcoming published ride she is in (her index range, ADR 0015), before she goes. */
export function ridesOfLeavingRider(userId: string, now: number): PromotionScope {
  return {
    rideIds: subquery`select ${mine.rideId} from ${rideParticipants} ${mine}
      where ${mine.userId} = ${userId} and ${mine.rideStartTime} > ${now}
        and ${eq(mine.rideStatus, "published")}`,
    leaving: userId,
  };
}

/** Entry `entry` is someone already riding (a stale entry: never counted, never promoted). */
const inRide = (entry: typeof w | typeof a) =>
  sql`exists ${subquery`select 1 from ${rideParticipants} ${p}
    where ${p.rideId} = ${entry.rideId} and ${p.userId} = ${entry.userId}`}`;

/** How many waiting riders are ahead of `w` in its list (a promotion's rank). */
const ahead = subquery`select count(*) from ${rideWaitingList} ${a}
  where ${a.rideId} = ${w.rideId} and ${a.id} < ${w.id} and not ${inRide(a)}`;

/** When her promotion notice is written: after the freeing write's, in list order. */
const noticeTime = (now: number) =>
  sql`${now} + 1 + ${subquery`select count(*) from ${rideWaitingList} ${a}
    where ${a.rideId} = ${w.rideId} and ${a.id} < ${w.id}`}`;

/**
 * Places the ride of `w` can still give: its capacity minus its riders (without `leaving`);
 * NULL, so nothing compares true, unless it is published and has not started.
 */
function freePlaces(scope: PromotionScope, now: number) {
  return subquery`select coalesce(${r.maxParticipants}, ${DEFAULT_MAX_PARTICIPANTS})
      - ${subquery`select count(*) from ${rideParticipants} ${p}
          where ${p.rideId} = ${r.id} and ${p.userId} is not ${scope.leaving}`}
    from ${rides} ${r} where ${r.id} = ${w.rideId} and ${eq(r.status, "published")} and ${r.startTime} > ${now}`;
}

/**
 * 1. The first `free places` of each list become riders (ride start and status copied by the
 * participations trigger, ADR 0015). As after a join, a chat that has messages is all unread
 * for her (last_seen_at null); in an empty one her own arrival's notice is not news to her (she
 * is told apart, by the waiting list's frame and push): seen up to it.
 * SQLite computes the SELECT before inserting (it reads the table it fills), so every row is
 * ranked against the places as they were before this statement.
 */
function promote(scope: PromotionScope, now: number) {
  const rp = rideParticipants;
  return sql`insert into ${rp} (${columnNames(rp.rideId, rp.userId, rp.joinedAt, rp.lastSeenAt)})
    select ${w.rideId}, ${w.userId}, ${now},
      case when exists ${subquery`select 1 from ${rideMessages} ${m} where ${m.rideId} = ${w.rideId}`} then null
        else ${noticeTime(now)} end
    from ${rideWaitingList} ${w}
    where ${w.rideId} in ${scope.rideIds} and ${w.userId} is not ${scope.leaving}
      and not ${inRide(w)}
      and ${ahead} < ${freePlaces(scope, now)}
    returning ${rp.rideId} as "rideId", ${rp.userId} as "userId"`;
}

/**
 * 2. The chat notice for each rider just promoted (she is both in the ride and still listed),
 * in list order a millisecond apart, after any notice the freeing write posted at `now`.
 */
function notices(scope: PromotionScope, now: number) {
  return sql`${INSERT_MESSAGE}
    select lower(hex(randomblob(16))), ${w.rideId}, null, ${MESSAGE_KIND.system},
      replace(${WAITING_LIST_PROMOTED_NOTICE}, '{name}', coalesce(${pr.username}, ${FALLBACK_USER_NAME})),
      ${noticeTime(now)}
    from ${rideWaitingList} ${w} left join ${profiles} ${pr} on ${pr.userId} = ${w.userId}
    where ${w.rideId} in ${scope.rideIds} and ${inRide(w)}
    returning ${rideMessages.id} as "messageId", ${rideMessages.rideId} as "rideId"`;
}

/** 3. The promoted leave the list: nobody is ever both riding and waiting. */
function clearPromoted(scope: PromotionScope) {
  return sql`delete from ${rideWaitingList} as ${w}
    where ${w.rideId} in ${scope.rideIds} and ${inRide(w)}`;
}

/** The three statements to append, in this order, to the batch that frees places. */
export function promotionStatements(scope: PromotionScope, now: number): [SQL, SQL, SQL] {
  return [promote(scope, now), notices(scope, now), clearPromoted(scope)];
}

/** The same three, ready for the freeing write's `db.batch`. */
export function promotionQueries(db: Database, scope: PromotionScope, now: number) {
  const [promoteThem, noticesForThem, clearThem] = promotionStatements(scope, now);
  return [runSql(db, promoteThem), runSql(db, noticesForThem), runSql(db, clearThem)] as const;
}

export interface Promotion {
  /** Riders who got a place, by ride. */
  promoted: { rideId: string; userId: string }[];
  /** The chat notices stored for them, to announce to open chats. */
  notices: { rideId: string; messageId: string }[];
  /**
   * Rides whose list moved up in this write (someone promoted, or a leaving rider's own place in
   * line gone): whoever still waits there has a new place to be told.
   */
  moved: string[];
}

export const NO_PROMOTION: Promotion = { promoted: [], notices: [], moved: [] };

/** Reads what promotionStatements did from their three results (in the batch's order). */
export function promotionOf(results: D1Result[]): Promotion {
  const [promotedResult, stored] = results;
  const promoted = (promotedResult?.results ?? []) as Promotion["promoted"];
  return {
    promoted,
    notices: (stored?.results ?? []) as Promotion["notices"],
    moved: [...new Set(promoted.map((p) => p.rideId))],
  };
}
