// Moderation on D1 (DESIGN.md decision 17): the queue, a report's context, the actions and their
// audit. Each action and its audit row are one batch (a transaction): the audit row is written
// only when the action changed something (`changes()` of the statement before it).
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  or,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type {
  AuditEntry,
  ContextMessage,
  QueuedReport,
  SuspendedAccountsResponse,
} from "../../domain/api/safety.ts";
import { MSG } from "../../domain/messages.ts";
import type { ModerationAction, ReportStatus } from "../../domain/safety.ts";
import { type CancelledRide, cancelHerRidesWithOthers } from "../account/queries.ts";
import { stopFeed } from "../calendar/queries.ts";
import { MESSAGE_KIND, messageColumns, toChatMessage } from "../chat/messages.ts";
import { runSql } from "../db/client.ts";
import {
  moderationActions,
  profiles,
  reports,
  rideMessages,
  rideParticipants,
  rides,
  sessions,
  users,
} from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { participantCountOf } from "../rides/read-model.ts";
import {
  LEAVING_RIDER_STATEMENTS,
  type LeavingRiderOutcome,
  leavingRiderOutcome,
  leavingRiderStatements,
} from "../waiting-list/leaving-rider.ts";

/** The queue shows this many open reports at a time (oldest first). */
export const QUEUE_PAGE = 50;
/** A message report's context: this many messages before the reported one, and after. */
export const CONTEXT_BEFORE = 8;
export const CONTEXT_AFTER = 4;
const AUDIT_PAGE = 100;
const SUSPENDED_PAGE = 200;

export interface Moderator {
  id: string;
  email: string;
}

/** The audit row of an action, written only if the statement just before it changed a row. */
function auditStatement(
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

const reporter = alias(profiles, "reporter");
const reportedProfile = alias(profiles, "reported");
const earlier = alias(reports, "e");
const openAboutHer = alias(reports, "o");

/** Where a page of the queue ends: the last shown report's time and id (the queue's order). */
export interface QueueCursor {
  createdAt: number;
  id: string;
}

/**
 * A page of the open reports, oldest first, after `after` (none: from the oldest), each with the
 * reporter's count of earlier reports, the reported rider, how many open reports name her, and
 * the ride as it is now: ONE query (reports_status_created_idx from the cursor on, then
 * primary-key lookups and counts per shown report). A cursor, not an offset: reports dealt with
 * meanwhile do not make the next page skip any. `next` is set when more are waiting.
 */
export async function openReports(
  db: Database,
  after?: QueueCursor,
): Promise<{ reports: QueuedReport[]; next: QueueCursor | null }> {
  const rows = await db
    .select({
      id: reports.id,
      kind: reports.targetKind,
      targetId: reports.targetId,
      reason: reports.reason,
      details: reports.details,
      snapshot: reports.snapshot,
      status: reports.status,
      createdAt: reports.createdAt,
      reporterId: reports.reporterId,
      reporterUsername: reporter.username,
      earlierReports: subquery<number>`select count(*) from ${reports} ${earlier}
        where ${earlier.reporterId} = ${reports.reporterId} and ${earlier.createdAt} < ${reports.createdAt}`,
      reportedUserId: reports.reportedUserId,
      reportedEmail: users.email,
      reportedUsername: reportedProfile.username,
      reportedSuspendedAt: users.suspendedAt,
      openReports: subquery<number>`select count(*) from ${reports} ${openAboutHer}
        where ${openAboutHer.reportedUserId} = ${reports.reportedUserId} and ${eq(openAboutHer.status, "open")}`,
      rideId: rides.id,
      rideTitle: rides.title,
      rideStartTime: rides.startTime,
      rideCity: rides.city,
      rideStatus: rides.status,
      participantCount: participantCountOf(rides.id),
      messageHidden: sql<number | null>`case when ${eq(reports.targetKind, "message")} then
        ${subquery`select ${rideMessages.hiddenAt} is not null from ${rideMessages}
          where ${rideMessages.id} = ${reports.targetId}`} end`,
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.userId, reports.reporterId))
    .leftJoin(users, eq(users.id, reports.reportedUserId))
    .leftJoin(reportedProfile, eq(reportedProfile.userId, reports.reportedUserId))
    .leftJoin(rides, eq(rides.id, reports.rideId))
    .where(
      and(
        eq(reports.status, "open"),
        after
          ? and(
              gte(reports.createdAt, after.createdAt),
              or(gt(reports.createdAt, after.createdAt), gt(reports.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(QUEUE_PAGE + 1)
    .all();
  const shown = rows.slice(0, QUEUE_PAGE);
  const last = shown.at(-1);
  const next = rows.length > QUEUE_PAGE && last ? { createdAt: last.createdAt, id: last.id } : null;
  const queued = shown.map((row) => ({
    id: row.id,
    kind: row.kind,
    targetId: row.targetId,
    reason: row.reason,
    details: row.details,
    snapshot: row.snapshot,
    status: row.status,
    createdAt: row.createdAt,
    reporter: row.reporterId
      ? {
          id: row.reporterId,
          username: row.reporterUsername,
          earlierReports: row.earlierReports,
        }
      : null,
    reported:
      row.reportedUserId && row.reportedEmail
        ? {
            id: row.reportedUserId,
            username: row.reportedUsername,
            email: row.reportedEmail,
            suspended: row.reportedSuspendedAt !== null,
            openReports: row.openReports,
          }
        : null,
    ride:
      row.rideId && row.rideTitle !== null
        ? {
            id: row.rideId,
            title: row.rideTitle,
            startTime: row.rideStartTime ?? 0,
            city: row.rideCity ?? "",
            status: row.rideStatus ?? "published",
            participantCount: row.participantCount ?? 0,
          }
        : null,
    messageHidden: row.messageHidden === null ? null : row.messageHidden === 1,
  }));
  return { reports: queued, next };
}

/** A report's kind and target (or undefined): what its context and the actions need. */
export async function findReport(db: Database, reportId: string) {
  return db
    .select({
      id: reports.id,
      targetKind: reports.targetKind,
      targetId: reports.targetId,
      status: reports.status,
    })
    .from(reports)
    .where(eq(reports.id, reportId))
    .get();
}

/** Whether a rider's (not a system) message with this id exists. */
export async function userMessageExists(db: Database, messageId: string): Promise<boolean> {
  const row = await db
    .select({ id: rideMessages.id })
    .from(rideMessages)
    .where(and(eq(rideMessages.id, messageId), eq(rideMessages.kind, MESSAGE_KIND.user)))
    .get();
  return row !== undefined;
}

const around = alias(rideMessages, "m");

/**
 * The messages around a reported one, oldest → newest, as written (moderators read a hidden
 * message's text): one query over ride_messages_ride_created_idx.
 */
export async function messageContext(db: Database, messageId: string): Promise<ContextMessage[]> {
  const target = db
    .$with("target")
    .as(
      db
        .select({ rideId: rideMessages.rideId, ts: rideMessages.createdAt, tid: rideMessages.id })
        .from(rideMessages)
        .where(eq(rideMessages.id, messageId)),
    );
  const side = (before: boolean) =>
    db
      .select({ id: around.id })
      .from(around)
      .innerJoin(target, eq(around.rideId, target.rideId))
      .where(
        before
          ? or(
              lt(around.createdAt, target.ts),
              and(eq(around.createdAt, target.ts), lte(around.id, target.tid)),
            )
          : or(
              gt(around.createdAt, target.ts),
              and(eq(around.createdAt, target.ts), gt(around.id, target.tid)),
            ),
      )
      .orderBy(
        ...(before
          ? [desc(around.createdAt), desc(around.id)]
          : [asc(around.createdAt), asc(around.id)]),
      )
      .limit(before ? CONTEXT_BEFORE + 1 : CONTEXT_AFTER);
  const rows = await db
    .with(target)
    .select(messageColumns)
    .from(rideMessages)
    .leftJoin(profiles, eq(profiles.userId, rideMessages.userId))
    .where(or(inArray(rideMessages.id, side(true)), inArray(rideMessages.id, side(false))))
    .orderBy(asc(rideMessages.createdAt), asc(rideMessages.id))
    .all();
  return rows.map((row) => ({
    ...toChatMessage({ ...row, hiddenAt: null }),
    // Moderators see what was written, and whether riders see it.
    ...(row.hiddenAt === null ? {} : { hidden: true as const }),
    reported: row.id === messageId,
  }));
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
 * moderator to decide about the account (suspend) or close them. Returns its ride (to tell the
 * room), or null when there is no such message or it was already hidden.
 */
export async function hideMessage(
  db: Database,
  moderator: Moderator,
  input: { messageId: string; reason: string; reportId?: string | undefined; now: number },
): Promise<{ rideId: string; authorId: string | null } | null> {
  const [[hidden]] = await db.batch([
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
    auditStatement(db, moderator, {
      action: "hide_message",
      reason: input.reason,
      reportId: input.reportId,
      messageId: input.messageId,
      now: input.now,
    }),
  ]);
  return hidden ?? null;
}

/** An account a moderator may act on: its e-mail and whether it is suspended. */
export async function findAccount(db: Database, userId: string) {
  return db
    .select({ id: users.id, email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
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
}

/**
 * Suspends an account in one batch (DESIGN.md decision 17): her rides are read first (the rooms
 * to close her sockets in), her upcoming rides with others are cancelled with a notice
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
  const [herRides, cancelled, , , ...rest] = await db.batch([
    db
      .select({ rideId: rideParticipants.rideId })
      .from(rideParticipants)
      .where(eq(rideParticipants.userId, userId)),
    // Riders are told the ride is off, never who or why (the card then says 'Salida cancelada':
    // worker/rides/cancelled-by.ts reads it from this batch's audit row).
    ...cancelHerRidesWithOthers(db, userId, now, MSG.systemCancelNoticeNeutral),
    db
      .update(rides)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
      .where(
        and(eq(rides.organizerId, userId), eq(rides.status, "published"), gt(rides.startTime, now)),
      ),
    // Her cancelled rides' lists emptied, her places to others' first in line, her own entries
    // gone (DESIGN.md decision 23), before her participations are deleted below.
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
  ]);
  const [left, , marked] = rest.slice(LEAVING_RIDER_STATEMENTS) as [
    { rideId: string }[],
    D1Result,
    D1Result,
  ];
  return {
    suspended: marked.meta.changes > 0,
    waitingLists: leavingRiderOutcome(rest.slice(0, LEAVING_RIDER_STATEMENTS) as D1Result[]),
    rideIds: herRides.map((r) => r.rideId),
    cancelled,
    leftRideIds: left.map((r) => r.rideId),
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

/** The audit, newest first. */
export async function auditLog(db: Database): Promise<AuditEntry[]> {
  const a = moderationActions;
  const rows = await db
    .select({
      id: a.id,
      action: a.action,
      reason: a.reason,
      moderatorEmail: a.moderatorEmail,
      createdAt: a.createdAt,
      reportId: a.reportId,
      messageId: a.messageId,
      targetUserId: a.targetUserId,
      targetUsername: profiles.username,
    })
    .from(a)
    .leftJoin(profiles, eq(profiles.userId, a.targetUserId))
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(AUDIT_PAGE)
    .all();
  return rows.map(({ targetUserId, targetUsername, ...entry }) => ({
    ...entry,
    target: targetUserId ? { id: targetUserId, username: targetUsername } : null,
  }));
}

/** Suspended accounts, most recent first (to lift a suspension). */
export async function suspendedAccounts(
  db: Database,
): Promise<SuspendedAccountsResponse["accounts"]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      suspendedAt: users.suspendedAt,
      username: profiles.username,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(isNotNull(users.suspendedAt))
    .orderBy(desc(users.suspendedAt))
    .limit(SUSPENDED_PAGE)
    .all();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    username: r.username,
    suspended: true,
    suspendedAt: r.suspendedAt ?? 0,
  }));
}
