// Moderation actions on D1 (docs/product.md#suspension): dismiss, hide, suspend, lift. Each action
// and its audit row are one batch (a transaction): the audit row is written only when the action
// changed something (`changes()` of the statement before it).
import { and, eq, gt, inArray, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import { MSG } from "../../domain/messages.ts";
import type { ModerationAction, ReportStatus } from "../../domain/safety.ts";
import { type CancelledRide, cancelHerRidesWithOthers } from "../account/queries.ts";
import { stopFeed } from "../calendar/queries.ts";
import { runSql } from "../db/client.ts";
import {
  groupMessages,
  moderationActions,
  reports,
  rideMessages,
  rideParticipants,
  rides,
  sessions,
  users,
} from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import {
  type MembershipsEnded,
  membershipsEndedOutcome,
  membershipsEndingStatements,
} from "../groups/leaving.ts";
import { MESSAGE_KIND } from "../ride-core/message-insert.ts";
import {
  clearPendingRequestsOf,
  type RequestGoing,
  requestsGoingWith,
} from "../ride-requests/queries.ts";
import {
  LEAVING_RIDER_STATEMENTS,
  type LeavingRiderOutcome,
  leavingRiderOutcome,
  leavingRiderStatements,
} from "../waiting-list/leaving-rider.ts";

export interface Moderator {
  id: string;
  email: string;
}

/** The audit row of an action, written only if the statement just before it changed a row. */
export function auditStatement(
  db: Database,
  moderator: Moderator,
  entry: {
    action: ModerationAction;
    reason: string;
    reportId?: string | null | undefined;
    targetUserId?: string | null | undefined;
    messageId?: string | null | undefined;
    now: number;
  },
) {
  const a = moderationActions;
  return runSql(
    db,
    sql`insert into ${a} (${columnNames(a.moderatorId, a.moderatorEmail, a.action, a.reason, a.reportId, a.targetUserId, a.messageId, a.createdAt)})
      select ${moderator.id}, ${moderator.email}, ${entry.action}, ${entry.reason},
        ${subquery`select ${reports.id} from ${reports} where ${reports.id} = ${entry.reportId ?? null}`},
        ${entry.targetUserId ?? null}, ${entry.messageId ?? null}, ${entry.now}
      where changes() > 0`,
  );
}

/**
 * Closes an open report with no (further) action: 'dismissed', or 'actioned' when its message
 * was hidden meanwhile. False when it is not open (or not there).
 */
export async function dismissReport(
  db: Database,
  moderator: Moderator,
  input: { reportId: string; reason: string; now: number },
): Promise<boolean> {
  const [actioned, dismissed]: ReportStatus[] = ["actioned", "dismissed"];
  const [closed] = await db.batch([
    db
      .update(reports)
      .set({
        resolvedAt: input.now,
        resolvedBy: moderator.id,
        status: sql`case when ${eq(reports.targetKind, "message")} and exists ${subquery`select 1 from ${rideMessages}
          where ${rideMessages.id} = ${reports.targetId} and ${isNotNull(rideMessages.hiddenAt)}`}
          then ${actioned} else ${dismissed} end`,
      })
      .where(and(eq(reports.id, input.reportId), eq(reports.status, "open"))),
    auditStatement(db, moderator, {
      action: "dismiss",
      reason: input.reason,
      reportId: input.reportId,
      now: input.now,
    }),
  ]);
  return closed.meta.changes > 0;
}

/**
 * Hides a rider's message for everyone. Its reports stay in the queue, marked hidden, for the
 * moderator to decide about the account (suspend) or close them. Returns its ride or group (to
 * tell the room), or null when there is no such message or it was already hidden.
 */
export async function hideMessage(
  db: Database,
  moderator: Moderator,
  input: { messageId: string; reason: string; reportId?: string | undefined; now: number },
): Promise<{ rideId: string | null; groupId: string | null; authorId: string | null } | null> {
  const audit = auditStatement(db, moderator, {
    action: "hide_message",
    reason: input.reason,
    reportId: input.reportId,
    messageId: input.messageId,
    now: input.now,
  });
  // A ride's message or a group's ('Charla del grupo'): each update is followed by its audit row,
  // written only when that update hid something.
  const [[inRide], , [inGroup]] = await db.batch([
    db
      .update(rideMessages)
      .set({ hiddenAt: input.now })
      .where(
        and(
          eq(rideMessages.id, input.messageId),
          eq(rideMessages.kind, MESSAGE_KIND.user),
          isNull(rideMessages.hiddenAt),
        ),
      )
      .returning({ rideId: rideMessages.rideId, authorId: rideMessages.userId }),
    audit,
    db
      .update(groupMessages)
      .set({ hiddenAt: input.now })
      .where(
        and(
          eq(groupMessages.id, input.messageId),
          eq(groupMessages.kind, MESSAGE_KIND.user),
          isNull(groupMessages.hiddenAt),
        ),
      )
      .returning({ groupId: groupMessages.groupId, authorId: groupMessages.userId }),
    audit,
  ]);
  if (inRide) return { rideId: inRide.rideId, groupId: null, authorId: inRide.authorId };
  if (inGroup) return { rideId: null, groupId: inGroup.groupId, authorId: inGroup.authorId };
  return null;
}

export interface SuspensionOutcome {
  suspended: boolean;
  /** Every ride she was in before: the rooms that may hold her sockets. */
  rideIds: string[];
  /** Her upcoming rides that others joined: cancelled, each with its notice. */
  cancelled: CancelledRide[];
  /** Upcoming rides of others she was removed from. */
  leftRideIds: string[];
  /** Her cancelled rides' waiting lists, and her places given to others' first in line. */
  waitingLists: LeavingRiderOutcome;
  /** The pending requests that went: hers, and others' on her upcoming rides. */
  requestsGone: RequestGoing[];
  /** Her groups, which she left, and the leaders the succession named (docs/product.md#grupos). */
  groups: MembershipsEnded;
}

/**
 * Suspends an account in one batch (docs/product.md#suspension): her rides are read first (the
 * rooms to close her sockets in), her upcoming rides with others are cancelled with a notice
 * (the account deletion's statements), her other upcoming rides are cancelled (their waiting lists
 * emptied), she leaves the upcoming rides of others (her places to their first in line) and
 * every waiting list, her sessions end, the account is marked and audited, the open reports
 * about her leave the queue, and her calendar feed's URL stops.
 */
export async function suspendAccount(
  db: Database,
  moderator: Moderator,
  input: { userId: string; reason: string; reportId?: string | undefined; now: number },
): Promise<SuspensionOutcome> {
  const { userId, now } = input;
  const [hers, onHerRides, herRides, cancelled, , , ...rest] = await db.batch([
    ...requestsGoingWith(db, userId, now),
    db
      .select({ rideId: rideParticipants.rideId })
      .from(rideParticipants)
      .where(eq(rideParticipants.userId, userId)),
    // Riders are told the ride is off, never who or why (the card then says 'Salida cancelada':
    // worker/ride-core/cancelled-by.ts reads it from this batch's audit row).
    ...cancelHerRidesWithOthers(db, userId, now, MSG.systemCancelNoticeNeutral),
    db
      .update(rides)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
      .where(
        and(eq(rides.organizerId, userId), eq(rides.status, "published"), gt(rides.startTime, now)),
      ),
    // Her cancelled rides' lists emptied, her places to others' first in line, her own entries
    // gone (docs/product.md#ride-waiting-list), before her participations are deleted below.
    ...leavingRiderStatements(db, userId, now),
    db
      .delete(rideParticipants)
      .where(
        and(
          eq(rideParticipants.userId, userId),
          gt(rideParticipants.rideStartTime, now),
          inArray(rideParticipants.rideStatus, ["published", "closed"]),
          notExists(
            db
              .select({ one: sql`1` })
              .from(rides)
              .where(and(eq(rides.id, rideParticipants.rideId), eq(rides.organizerId, userId))),
          ),
        ),
      )
      .returning({ rideId: rideParticipants.rideId }),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db
      .update(users)
      .set({ suspendedAt: now })
      .where(and(eq(users.id, userId), isNull(users.suspendedAt))),
    auditStatement(db, moderator, {
      action: "suspend",
      reason: input.reason,
      reportId: input.reportId,
      targetUserId: userId,
      now,
    }),
    db
      .update(reports)
      .set({ status: "actioned", resolvedAt: now, resolvedBy: moderator.id })
      .where(and(eq(reports.reportedUserId, userId), eq(reports.status, "open"))),
    // Her calendar feed's URL stops too, and stays stopped if the suspension is lifted.
    stopFeed(db, userId, now),
    // Her pending requests for places go; a declined one stays final
    // (docs/product.md#join-by-approval).
    clearPendingRequestsOf(db, userId),
    // Her memberships end; a group she led alone passes to its longest-standing member.
    ...membershipsEndingStatements(db, userId),
  ]);
  const [left, , marked] = rest.slice(LEAVING_RIDER_STATEMENTS) as [
    { rideId: string }[],
    D1Result,
    D1Result,
  ];
  const groups = membershipsEndedOutcome(userId, rest.slice(-4));
  return {
    suspended: marked.meta.changes > 0,
    waitingLists: leavingRiderOutcome(rest.slice(0, LEAVING_RIDER_STATEMENTS) as D1Result[]),
    rideIds: herRides.map((r) => r.rideId),
    cancelled,
    leftRideIds: left.map((r) => r.rideId),
    requestsGone: [...hers, ...onHerRides],
    groups,
  };
}

/** Lifts a suspension; false when the account was not suspended. */
export async function liftSuspension(
  db: Database,
  moderator: Moderator,
  input: { userId: string; reason: string; now: number },
): Promise<boolean> {
  const [lifted] = await db.batch([
    db
      .update(users)
      .set({ suspendedAt: null })
      .where(and(eq(users.id, input.userId), isNotNull(users.suspendedAt))),
    auditStatement(db, moderator, {
      action: "unsuspend",
      reason: input.reason,
      targetUserId: input.userId,
      now: input.now,
    }),
  ]);
  return lifted.meta.changes > 0;
}
