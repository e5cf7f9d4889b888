// A moderator suspends a grupo (docs/product.md#grupos): in one batch its upcoming rides get the
// neutral cancellation notice and are cancelled (their waiting lists emptied), the group is marked
// suspended (its page answers 'not found' to everyone), the action is audited and the open
// reports about it leave the queue. Every statement runs only while the group is still active.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { MSG } from "../../domain/messages.ts";
import { allSql, runSql } from "../db/client.ts";
import { groups, moderationActions, reports, rideMessages, rides } from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { INSERT_MESSAGE, MESSAGE_KIND } from "../ride-core/message-insert.ts";
import { clearedEntries, clearWaitingListsOfCancelled } from "../ride-core/waiting-list-sql.ts";
import type { Moderator } from "./actions.ts";

export async function suspendGroup(
  db: Database,
  moderator: Moderator,
  input: { groupId: string; reason: string; reportId?: string | undefined; now: number },
) {
  const { groupId, now } = input;
  const stillActive = sql`exists ${subquery`select 1 from ${groups} where ${groups.id} = ${groupId} and ${groups.status} = 'active'`}`;
  const upcoming = and(
    eq(rides.groupId, groupId),
    inArray(rides.status, ["published", "closed"]),
    gt(rides.startTime, now),
    stillActive,
  );
  const groupRides = subquery`select ${rides.id} from ${rides} where ${rides.groupId} = ${groupId} and ${rides.startTime} > ${now}`;
  const a = moderationActions;
  const [notices, , cleared, marked] = await db.batch([
    allSql<{ rideId: string; noticeId: string }>(
      db,
      sql`${INSERT_MESSAGE}
        select lower(hex(randomblob(16))), ${rides.id}, null, ${MESSAGE_KIND.system},
          ${MSG.systemCancelNoticeNeutral}, ${now}
        from ${rides} where ${upcoming}
        returning ${rideMessages.id} as "noticeId", ${rideMessages.rideId} as "rideId"`,
    ),
    db.update(rides).set({ status: "cancelled", cancelledAt: now, updatedAt: now }).where(upcoming),
    runSql(db, clearWaitingListsOfCancelled(groupRides)),
    db
      .update(groups)
      .set({ status: "suspended", suspendedAt: now, updatedAt: now })
      .where(and(eq(groups.id, groupId), eq(groups.status, "active"))),
    runSql(
      db,
      sql`insert into ${a} (${columnNames(a.moderatorId, a.moderatorEmail, a.action, a.reason, a.reportId, a.targetGroupId, a.createdAt)})
        select ${moderator.id}, ${moderator.email}, 'suspend_group', ${input.reason},
          ${subquery`select ${reports.id} from ${reports} where ${reports.id} = ${input.reportId ?? null}`},
          ${groupId}, ${now}
        where changes() > 0`,
    ),
    db
      .update(reports)
      .set({ status: "actioned", resolvedAt: now, resolvedBy: moderator.id })
      .where(
        and(
          eq(reports.targetKind, "group"),
          eq(reports.targetId, groupId),
          eq(reports.status, "open"),
        ),
      ),
  ]);
  return {
    suspended: marked.meta.changes > 0,
    cancelled: notices,
    waitingCleared: clearedEntries(cleared),
  };
}
