// The blocking rule as SQL (DESIGN.md decision 16), written once for every statement that must
// respect it: the feed, ride detail and join, chat history and broadcasts, unread counts,
// profiles, connections — and whatever comes next (a waiting list, a share preview). Each form
// is a condition to put INSIDE an existing statement, never a query of its own, so blocking
// costs no extra round trip on any page (docs/decisions/0018-blocking-and-moderation.md).
//
// Both forms come from one template: `blockedBetween` / `rideHiddenFrom` for drizzle (a string
// argument is bound as a value, a column is rendered as a column) and `blockedBetweenSql` /
// `rideHiddenFromSql` for hand-written D1 statements (arguments are SQL expressions such as
// "?2" or "m.user_id").
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

type Tag<T, R> = (strings: TemplateStringsArray, ...values: T[]) => R;

/** Raw SQL text with the expressions spliced in as written. */
const rawSql: Tag<string, string> = (strings, ...values) => String.raw({ raw: strings }, ...values);

/**
 * A and B blocked each other, either way. Two primary-key lookups in `blocks`; false at once
 * when either is NULL (a system notice, a deleted account).
 */
function blockedBetweenTemplate<T, R>(tag: Tag<T, R>, a: T, b: T): R {
  return tag`(exists (select 1 from blocks blk where blk.blocker_id = ${a} and blk.blocked_id = ${b})
    or exists (select 1 from blocks blk where blk.blocker_id = ${b} and blk.blocked_id = ${a}))`;
}

/**
 * Ride R is out of V's sight: someone in it (its organizer is always a participant) and V
 * blocked each other, and V is not in it herself. A ride she is already in stays hers (only
 * their messages are hidden from each other). Walks V's blocks (usually none) outwards through
 * the primary key and blocks_blocked_idx, then the participations' primary key: per ride, the
 * cost is the number of her blocks, never the number of riders.
 */
function rideHiddenFromTemplate<T, R>(tag: Tag<T, R>, ride: T, viewer: T): R {
  return tag`(not exists (select 1 from ride_participants rpv where rpv.ride_id = ${ride} and rpv.user_id = ${viewer})
    and (exists (select 1 from blocks blk join ride_participants rpb
        on rpb.ride_id = ${ride} and rpb.user_id = blk.blocked_id where blk.blocker_id = ${viewer})
      or exists (select 1 from blocks blk join ride_participants rpb
        on rpb.ride_id = ${ride} and rpb.user_id = blk.blocker_id where blk.blocked_id = ${viewer})))`;
}

type Operand = SQLWrapper | string;

/** drizzle: A and B blocked each other (either way). */
export function blockedBetween(a: Operand, b: Operand): SQL<boolean> {
  return blockedBetweenTemplate<Operand, SQL<boolean>>(sql, a, b);
}

/** Hand-written SQL: A and B blocked each other (either way). */
export function blockedBetweenSql(a: string, b: string): string {
  return blockedBetweenTemplate(rawSql, a, b);
}

/** drizzle: ride R is hidden from viewer V (see rideHiddenFromTemplate). */
export function rideHiddenFrom(ride: Operand, viewer: Operand): SQL<boolean> {
  return rideHiddenFromTemplate<Operand, SQL<boolean>>(sql, ride, viewer);
}

/** Hand-written SQL: ride R is hidden from viewer V (see rideHiddenFromTemplate). */
export function rideHiddenFromSql(ride: string, viewer: string): string {
  return rideHiddenFromTemplate(rawSql, ride, viewer);
}
