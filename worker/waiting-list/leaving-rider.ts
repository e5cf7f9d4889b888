// A rider leaving everything at once (account deletion, docs/product.md#account-deletion;
// suspension, docs/product.md#suspension) and the waiting lists
// (docs/product.md#ride-waiting-list): the lists of her rides the same batch just cancelled are
// emptied, the places she frees in others' upcoming rides go to their first in line, and she leaves
// every list she was on. Statements for her batch, placed after her rides' cancellation and before
// her participations go.
import { and, eq, sql } from "drizzle-orm";
import { runSql } from "../db/client.ts";
import { rides, rideWaitingList } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import {
  type Promotion,
  promotionOf,
  promotionQueries,
  ridesOfLeavingRider,
} from "../ride-core/promotion.ts";
import { clearedEntries, clearWaitingListsOfCancelled } from "../ride-core/waiting-list-sql.ts";
import type { WaitingEntry } from "./notify.ts";

export function leavingRiderStatements(db: Database, userId: string, now: number) {
  return [
    runSql(
      db,
      clearWaitingListsOfCancelled(subquery`select ${rides.id} from ${rides}
        where ${and(eq(rides.organizerId, userId), eq(rides.status, "cancelled"), eq(rides.cancelledAt, now))}`),
    ),
    ...promotionQueries(db, ridesOfLeavingRider(userId, now), now),
    runSql(
      db,
      sql`delete from ${rideWaitingList} where ${eq(rideWaitingList.userId, userId)}
        returning ${rideWaitingList.rideId} as "rideId"`,
    ),
  ] as const;
}

/** How many statements leavingRiderStatements adds (to find their results in the batch's). */
export const LEAVING_RIDER_STATEMENTS = 5;

export interface LeavingRiderOutcome {
  /** Who was waiting for her cancelled rides (they are told). */
  waitingCleared: WaitingEntry[];
  /** Her places in others' rides, given to their first in line. */
  promotion: Promotion;
}

/** Reads leavingRiderStatements' results, in the batch's order. */
export function leavingRiderOutcome(results: D1Result[]): LeavingRiderOutcome {
  const [cleared, ...rest] = results;
  const promotion = promotionOf(rest.slice(0, 3));
  // Those behind her on the lists she was on move up too.
  const left = (rest[3]?.results ?? []) as { rideId: string }[];
  return {
    waitingCleared: clearedEntries(cleared),
    promotion: {
      ...promotion,
      moved: [...new Set([...promotion.moved, ...left.map((entry) => entry.rideId)])],
    },
  };
}
