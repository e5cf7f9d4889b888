// A freed place goes to the first in line, inside the D1 batch that frees it (DESIGN.md decision
// 23, docs/decisions/0024-waiting-list-promotion.md). Whoever frees a place (a rider leaving, the
// organizer raising the cap or taking out a rider she blocked, an account deleted or suspended)
// appends these three statements to her own write:
// D1 runs a batch as one transaction and never interleaves another writer, so the places counted
// here are the places left after that write, and two freeings can never promote twice for one
// place, nor anyone out of turn.
//
// (This is a ride's waiting list; the landing's waiting list for the app is worker/waitlist/.)
import { type SQL, sql } from "drizzle-orm";
import { DEFAULT_MAX_PARTICIPANTS } from "../../domain/constants.ts";
import { FALLBACK_USER_NAME } from "../../domain/display.ts";
import { WAITING_LIST_PROMOTED_NOTICE } from "../../domain/messages.ts";
import { runSql } from "../db/client.ts";
import type { Database } from "../env.ts";

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

/** Every upcoming published ride she is in (her index range, ADR 0015), before she goes. */
export function ridesOfLeavingRider(userId: string, now: number): PromotionScope {
  return {
    rideIds: sql`(select mine.ride_id from ride_participants mine
      where mine.user_id = ${userId} and mine.ride_start_time > ${now}
        and mine.ride_status = 'published')`,
    leaving: userId,
  };
}

/** Entry `w` is someone already riding (a stale entry: never counted, never promoted). */
const inRide = (entry: string) =>
  sql.raw(`exists (select 1 from ride_participants p
    where p.ride_id = ${entry}.ride_id and p.user_id = ${entry}.user_id)`);

/** How many waiting riders are ahead of `w` in its list (a promotion's rank). */
const ahead = sql`(select count(*) from ride_waiting_list a
  where a.ride_id = w.ride_id and a.id < w.id and not ${inRide("a")})`;

/** When her promotion notice is written: after the freeing write's, in list order. */
const noticeTime = (now: number) =>
  sql`${now} + 1 + (select count(*) from ride_waiting_list a where a.ride_id = w.ride_id and a.id < w.id)`;

/**
 * Places the ride of `w` can still give: its capacity minus its riders (without `leaving`);
 * NULL, so nothing compares true, unless it is published and has not started.
 */
function freePlaces(scope: PromotionScope, now: number) {
  return sql`(select coalesce(r.max_participants, ${DEFAULT_MAX_PARTICIPANTS})
      - (select count(*) from ride_participants p
          where p.ride_id = r.id and p.user_id is not ${scope.leaving})
    from rides r where r.id = w.ride_id and r.status = 'published' and r.start_time > ${now})`;
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
  return sql`insert into ride_participants (ride_id, user_id, joined_at, last_seen_at)
    select w.ride_id, w.user_id, ${now},
      case when exists (select 1 from ride_messages m where m.ride_id = w.ride_id) then null
        else ${noticeTime(now)} end
    from ride_waiting_list w
    where w.ride_id in ${scope.rideIds} and w.user_id is not ${scope.leaving}
      and not ${inRide("w")}
      and ${ahead} < ${freePlaces(scope, now)}
    returning ride_id, user_id`;
}

/**
 * 2. The chat notice for each rider just promoted (she is both in the ride and still listed),
 * in list order a millisecond apart, after any notice the freeing write posted at `now`.
 */
function notices(scope: PromotionScope, now: number) {
  return sql`insert into ride_messages (id, ride_id, user_id, kind, body, created_at)
    select lower(hex(randomblob(16))), w.ride_id, null, 'system',
      replace(${WAITING_LIST_PROMOTED_NOTICE}, '{name}', coalesce(pr.username, ${FALLBACK_USER_NAME})),
      ${noticeTime(now)}
    from ride_waiting_list w left join profiles pr on pr.user_id = w.user_id
    where w.ride_id in ${scope.rideIds} and ${inRide("w")}
    returning id, ride_id`;
}

/** 3. The promoted leave the list: nobody is ever both riding and waiting. */
function clearPromoted(scope: PromotionScope) {
  return sql`delete from ride_waiting_list as w
    where w.ride_id in ${scope.rideIds} and ${inRide("w")}`;
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
}

export const NO_PROMOTION: Promotion = { promoted: [], notices: [] };

/** Reads what promotionStatements did from their three results (in the batch's order). */
export function promotionOf(results: D1Result[]): Promotion {
  const [promoted, stored] = results;
  return {
    promoted: ((promoted?.results ?? []) as { ride_id: string; user_id: string }[]).map((r) => ({
      rideId: r.ride_id,
      userId: r.user_id,
    })),
    notices: ((stored?.results ?? []) as { id: string; ride_id: string }[]).map((r) => ({
      rideId: r.ride_id,
      messageId: r.id,
    })),
  };
}
