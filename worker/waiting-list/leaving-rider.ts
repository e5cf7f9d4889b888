// A rider leaving everything at once (account deletion, DESIGN.md decision 14; suspension,
// decision 17) and the waiting lists (decision 23): the lists of her rides the same batch just
// cancelled are emptied, the places she frees in others' upcoming rides go to their first in
// line, and she leaves every list she was on. Statements for her batch, placed after her rides'
// cancellation and before her participations go.
import { sql } from "drizzle-orm";
import { prepareSql } from "../db/client.ts";
import type { WaitingEntry } from "./notify.ts";
import {
  type Promotion,
  promotionOf,
  promotionStatements,
  ridesOfLeavingRider,
} from "./promotion.ts";
import { clearedEntries, clearWaitingListsOfCancelled } from "./sql.ts";

/** How many statements leavingRiderStatements adds (to find their results in the batch's). */
export const LEAVING_RIDER_STATEMENTS = 5;

export function leavingRiderStatements(
  d1: D1Database,
  userId: string,
  now: number,
): D1PreparedStatement[] {
  const statements = [
    clearWaitingListsOfCancelled(sql`(select r.id from rides r
      where r.organizer_id = ${userId} and r.status = 'cancelled' and r.cancelled_at = ${now})`),
    ...promotionStatements(ridesOfLeavingRider(userId, now), now),
    sql`delete from ride_waiting_list where user_id = ${userId}`,
  ].map((query) => prepareSql(d1, query));
  if (statements.length !== LEAVING_RIDER_STATEMENTS) throw new Error("statement count drifted");
  return statements;
}

export interface LeavingRiderOutcome {
  /** Who was waiting for her cancelled rides (they are told). */
  waitingCleared: WaitingEntry[];
  /** Her places in others' rides, given to their first in line. */
  promotion: Promotion;
}

/** Reads leavingRiderStatements' results, in the batch's order. */
export function leavingRiderOutcome(results: D1Result[]): LeavingRiderOutcome {
  const [cleared, ...promotion] = results;
  return { waitingCleared: clearedEntries(cleared), promotion: promotionOf(promotion) };
}
