// Moderation on D1 (docs/product.md#reports-and-moderation), what moderators read: the queue, a
// report's context, the account acted on, the audit and the suspended accounts. The actions are in
// actions.ts.
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type {
  AuditEntry,
  ContextMessage,
  QueuedReport,
  SuspendedAccountsResponse,
} from "../../domain/api/safety.ts";
import { DEFAULT_RIDE_TIME_ZONE } from "../../domain/zones.ts";
import { toChatMessage } from "../chat/messages.ts";
import {
  groupMessages,
  moderationActions,
  profiles,
  reports,
  rideMessages,
  rides,
  users,
} from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { MESSAGE_KIND } from "../ride-core/message-insert.ts";
import { participantCountOf } from "../ride-core/read-model.ts";
import { isVerifiedSql } from "../ride-core/verified-sql.ts";

/** The queue shows this many open reports at a time (oldest first). */
export const QUEUE_PAGE = 50;
/** A message report's context: this many messages before the reported one, and after. */
export const CONTEXT_BEFORE = 8;
export const CONTEXT_AFTER = 4;
const AUDIT_PAGE = 100;
const SUSPENDED_PAGE = 200;

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
      rideTimeZone: rides.timeZone,
      rideStatus: rides.status,
      participantCount: participantCountOf(rides.id),
      // The message is in a ride's chat or a group's: a primary-key lookup in each.
      messageHidden: sql<number | null>`case when ${eq(reports.targetKind, "message")} then
        coalesce(${subquery`select ${rideMessages.hiddenAt} is not null from ${rideMessages}
          where ${rideMessages.id} = ${reports.targetId}`},
        ${subquery`select ${groupMessages.hiddenAt} is not null from ${groupMessages}
          where ${groupMessages.id} = ${reports.targetId}`}) end`,
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
            timeZone: row.rideTimeZone ?? DEFAULT_RIDE_TIME_ZONE,
            status: row.rideStatus ?? "published",
            participantCount: row.participantCount ?? 0,
          }
        : null,
    messageHidden: row.messageHidden === null ? null : row.messageHidden === 1,
  }));
  return { reports: queued, next };
}

/**
 * A report's kind and target (or undefined): what its context and the actions need; for a
 * message, whether it is in a group's chat (else a ride's).
 */
export async function findReport(db: Database, reportId: string) {
  const row = await db
    .select({
      id: reports.id,
      targetKind: reports.targetKind,
      targetId: reports.targetId,
      status: reports.status,
      inGroupChat: sql<number>`${eq(reports.targetKind, "message")} and exists
        ${subquery`select 1 from ${groupMessages} where ${groupMessages.id} = ${reports.targetId}`}`,
    })
    .from(reports)
    .where(eq(reports.id, reportId))
    .get();
  return row && { ...row, inGroupChat: row.inGroupChat === 1 };
}

/** Whether a rider's (not a system) message with this id exists. */
export async function userMessageExists(db: Database, messageId: string): Promise<boolean> {
  const [inRide, inGroup] = await db.batch([
    db
      .select({ id: rideMessages.id })
      .from(rideMessages)
      .where(and(eq(rideMessages.id, messageId), eq(rideMessages.kind, MESSAGE_KIND.user))),
    db
      .select({ id: groupMessages.id })
      .from(groupMessages)
      .where(and(eq(groupMessages.id, messageId), eq(groupMessages.kind, MESSAGE_KIND.user))),
  ]);
  return inRide.length + inGroup.length > 0;
}

/** The two chats' tables as the context reads them: a ride's messages, or a group's. */
const aroundRide = alias(rideMessages, "m");
const aroundGroup = alias(groupMessages, "m");
const chats = {
  ride: {
    table: rideMessages,
    room: rideMessages.rideId,
    around: aroundRide,
    aroundRoom: aroundRide.rideId,
  },
  group: {
    table: groupMessages,
    room: groupMessages.groupId,
    around: aroundGroup,
    aroundRoom: aroundGroup.groupId,
  },
};

/**
 * The messages around a reported one in its chat (`chat`: a ride's or a group's), oldest →
 * newest, as written (moderators read a hidden message's text): one query over the chat's
 * (room, created_at) index.
 */
export async function messageContext(
  db: Database,
  messageId: string,
  chat: keyof typeof chats = "ride",
): Promise<ContextMessage[]> {
  const { table, room, around, aroundRoom } = chats[chat];
  const target = db.$with("target").as(
    db
      .select({ roomId: sql<string>`${room}`.as("room_id"), ts: table.createdAt, tid: table.id })
      .from(table)
      .where(eq(table.id, messageId)),
  );
  const side = (before: boolean) =>
    db
      .select({ id: around.id })
      .from(around)
      .innerJoin(target, eq(aroundRoom, target.roomId))
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
    .select({
      id: table.id,
      rideId: room,
      userId: table.userId,
      kind: table.kind,
      body: table.body,
      hiddenAt: table.hiddenAt,
      createdAt: table.createdAt,
      username: profiles.username,
      avatarKey: profiles.avatarKey,
      verified: isVerifiedSql(table.userId),
    })
    .from(table)
    .leftJoin(profiles, eq(profiles.userId, table.userId))
    .where(or(inArray(table.id, side(true)), inArray(table.id, side(false))))
    .orderBy(asc(table.createdAt), asc(table.id))
    .all();
  return rows.map((row) => ({
    ...toChatMessage({ ...row, hiddenAt: null }),
    // Moderators see what was written, and whether riders see it.
    ...(row.hiddenAt === null ? {} : { hidden: true as const }),
    reported: row.id === messageId,
  }));
}

/** An account a moderator may act on: its e-mail and whether it is suspended. */
export async function findAccount(db: Database, userId: string) {
  return db
    .select({ id: users.id, email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
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
