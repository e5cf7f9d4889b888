// The blocking rule as SQL (docs/product.md#blocking), and the 'Solo el grupo' rule beside it, written once for every statement that must
// respect it: the feed, ride detail and join, chat history and broadcasts, unread counts,
// profiles, connections — and whatever comes next (a waiting list, a share preview). Each form
// is a condition to put INSIDE an existing statement, never a query of its own, so blocking
// costs no extra round trip on any page (docs/decisions/0018-blocking-and-moderation.md).
//
// An operand is a column or any drizzle SQL (rendered as written) or a string (bound as a value).
// The subqueries read their tables under their own aliases, so an outer statement over the same
// table (blocks, ride_participants) is never captured by them.
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { blocks, groupMembers, rideParticipants, rides } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";

const blk = alias(blocks, "blk");
const rpv = alias(rideParticipants, "rpv");
const rpb = alias(rideParticipants, "rpb");

type Operand = SQLWrapper | string;

/**
 * A and B blocked each other, either way. Two primary-key lookups in `blocks`; false at once
 * when either is NULL (a system notice, a deleted account).
 */
export function blockedBetween(a: Operand, b: Operand): SQL<boolean> {
  return sql`(exists ${subquery`select 1 from ${blocks} ${blk} where ${blk.blockerId} = ${a} and ${blk.blockedId} = ${b}`}
    or exists ${subquery`select 1 from ${blocks} ${blk} where ${blk.blockerId} = ${b} and ${blk.blockedId} = ${a}`})`;
}

/**
 * Ride R is out of V's sight: someone in it (its organizer is always a participant) and V
 * blocked each other, and V is not in it herself. A ride she is already in stays hers (only
 * their messages are hidden from each other). Walks V's blocks (usually none) outwards through
 * the primary key and blocks_blocked_idx, then the participations' primary key: per ride, the
 * cost is the number of her blocks, never the number of riders.
 */
export function rideHiddenFrom(ride: Operand, viewer: Operand): SQL<boolean> {
  return sql`(not exists ${subquery`select 1 from ${rideParticipants} ${rpv} where ${rpv.rideId} = ${ride} and ${rpv.userId} = ${viewer}`}
    and (exists ${subquery`select 1 from ${blocks} ${blk} join ${rideParticipants} ${rpb}
        on ${rpb.rideId} = ${ride} and ${rpb.userId} = ${blk.blockedId} where ${blk.blockerId} = ${viewer}`}
      or exists ${subquery`select 1 from ${blocks} ${blk} join ${rideParticipants} ${rpb}
        on ${rpb.rideId} = ${ride} and ${rpb.userId} = ${blk.blockerId} where ${blk.blockedId} = ${viewer}`}
      or ${groupOnlyOutside(ride, viewer)}))`;
}

const rg = alias(rides, "rg");
const gmv = alias(groupMembers, "gmv");

/**
 * Ride R is 'Solo el grupo' and V is not a member of its group (docs/product.md#grupos): such a
 * ride is out of her sight as a block puts it, unless she is in it. The membership is read only
 * for a group-only ride.
 *
 * When R is `rides.id`, the statement's own `rides` row is in scope: its columns are read in
 * place. A listing walks many rides, and 'Cerca de mí' walks them in an index that holds
 * group_only and group_id (worker/db/schema.ts): a lookup of the ride by its id would read every
 * candidate's row from the table. Any other R (a request's, a waiting list's ride) costs one
 * primary-key read of the ride.
 */
function groupOnlyOutside(ride: Operand, viewer: Operand): SQL<boolean> {
  const outsideGroup = (groupId: SQLWrapper) =>
    sql`not exists ${subquery`select 1 from ${groupMembers} ${gmv} where ${gmv.groupId} = ${groupId} and ${gmv.userId} = ${viewer}`}`;
  if (ride === rides.id) return sql`(${rides.groupOnly} = 1 and ${outsideGroup(rides.groupId)})`;
  return sql`exists ${subquery`select 1 from ${rides} ${rg} where ${rg.id} = ${ride} and ${rg.groupOnly} = 1
    and ${outsideGroup(rg.groupId)}`}`;
}

const nb = alias(blocks, "nb");

/**
 * V has no block either way. With V a bound value this is a constant subquery: SQLite evaluates
 * it once per statement, so the per-row forms below cost nothing for the many riders without
 * blocks, whatever the number of rows a statement considers.
 */
function noBlocksOf(viewer: Operand): SQL<boolean> {
  return sql`(not exists ${subquery`select 1 from ${blocks} ${nb} where ${nb.blockerId} = ${viewer}`}
      and not exists ${subquery`select 1 from ${blocks} ${nb} where ${nb.blockedId} = ${viewer}`})`;
}

/**
 * rideHiddenFrom's negation: the blocks checked per ride only when V has any block either way;
 * a 'Solo el grupo' ride only when she is not in it and not a member of its group.
 */
export function rideVisibleTo(ride: Operand, viewer: string): SQL<boolean> {
  return sql`((${noBlocksOf(viewer)} and not (${groupOnlyOutside(ride, viewer)}
      and not exists ${subquery`select 1 from ${rideParticipants} ${rpv} where ${rpv.rideId} = ${ride} and ${rpv.userId} = ${viewer}`}))
    or not ${rideHiddenFrom(ride, viewer)})`;
}

/**
 * A condition that implies rideVisibleTo(rides.id, V), shorter to write: a ride open to everyone
 * (not 'Solo el grupo') for a rider with no block either way, else a ride not hidden from her.
 * Where a statement only needs to know that enough rides she may see exist ('Cerca de mí' sizing
 * its box, worker/rides/near.ts), counting these is enough. For the many riders without blocks
 * the first part decides at once (its block check is a constant subquery); a rider with a block
 * pays the per-ride check, on the rides a count reads. Without the second part her counts found
 * no ride, and her box was always the largest: 'Cerca de mí' took 40–100 times as long.
 */
export function rideSurelyVisibleTo(viewer: string): SQL<boolean> {
  return sql`((${rides.groupOnly} = 0 and ${noBlocksOf(viewer)}) or not ${rideHiddenFrom(rides.id, viewer)})`;
}

/**
 * `whenBlocks` when rider R (a column of the outer row, say) has any block either way, else
 * `otherwise`. For a count over many rows per rider (her unread messages), the per-row block
 * lookups then run only for the few riders with blocks: the check is made once per rider,
 * outside the count, where a correlated form inside it would be made again for every row.
 */
export function unlessNoBlocks(rider: Operand, otherwise: SQL, whenBlocks: SQL): SQL {
  return sql`(case when ${noBlocksOf(rider)} then ${otherwise} else ${whenBlocks} end)`;
}

/** blockedBetween(V, B) as 0 or 1, looked up per row only when V has any block either way. */
export function blockedWithViewer(viewer: string, other: Operand): SQL<number> {
  return sql`(case when ${noBlocksOf(viewer)} then 0 else ${blockedBetween(viewer, other)} end)`;
}
