// Moderation on D1 (DESIGN.md decision 17): the queue, a report's context, the actions and their
// audit. Each action and its audit row are one batch (a transaction): the audit row is written
// only when the action changed something (`changes()` of the statement before it).
import type {
  AuditEntry,
  ContextMessage,
  QueuedReport,
  SuspendedAccountsResponse,
} from "../../domain/api/safety.ts";
import type { RideStatus } from "../../domain/constants.ts";
import type {
  ModerationAction,
  ReportReason,
  ReportStatus,
  ReportTarget,
} from "../../domain/safety.ts";
import {
  type CancelledRide,
  cancelHerRidesWithOthers,
  cancelledRides,
} from "../account/queries.ts";
import { toChatMessage } from "../chat/queries.ts";
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

export interface Moderator {
  id: string;
  email: string;
}

/** The audit row of an action, written only if the statement just before it changed a row. */
function auditStatement(
  d1: D1Database,
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
  return d1
    .prepare(
      `INSERT INTO moderation_actions
        (moderator_id, moderator_email, action, reason, report_id, target_user_id, message_id, created_at)
      SELECT ?1, ?2, ?3, ?4, (SELECT id FROM reports WHERE id = ?5), ?6, ?7, ?8
      WHERE changes() > 0`,
    )
    .bind(
      moderator.id,
      moderator.email,
      entry.action,
      entry.reason,
      entry.reportId ?? null,
      entry.targetUserId ?? null,
      entry.messageId ?? null,
      entry.now,
    );
}

interface QueueRow {
  id: string;
  target_kind: ReportTarget;
  target_id: string;
  reason: ReportReason;
  details: string | null;
  snapshot: string;
  status: ReportStatus;
  created_at: number;
  reporter_id: string | null;
  reporter_username: string | null;
  earlier_reports: number;
  reported_user_id: string | null;
  reported_email: string | null;
  reported_username: string | null;
  reported_suspended_at: number | null;
  open_reports: number;
  ride_id: string | null;
  ride_title: string | null;
  ride_start_time: number | null;
  ride_status: RideStatus | null;
  participant_count: number | null;
  message_hidden: number | null;
}

/**
 * The open reports, oldest first, each with the reporter's count of earlier reports, the
 * reported rider, how many open reports name her, and the ride as it is now: ONE query
 * (reports_status_created_idx, then primary-key lookups and counts per shown report).
 */
export async function openReports(d1: D1Database): Promise<QueuedReport[]> {
  const { results } = await d1
    .prepare(
      `SELECT rp.id, rp.target_kind, rp.target_id, rp.reason, rp.details, rp.snapshot, rp.status,
        rp.created_at, rp.reporter_id, reporter.username AS reporter_username,
        (SELECT count(*) FROM reports e
          WHERE e.reporter_id = rp.reporter_id AND e.created_at < rp.created_at) AS earlier_reports,
        rp.reported_user_id, ru.email AS reported_email, rpp.username AS reported_username,
        ru.suspended_at AS reported_suspended_at,
        (SELECT count(*) FROM reports o
          WHERE o.reported_user_id = rp.reported_user_id AND o.status = 'open') AS open_reports,
        r.id AS ride_id, r.title AS ride_title, r.start_time AS ride_start_time,
        r.status AS ride_status,
        (SELECT count(*) FROM ride_participants p WHERE p.ride_id = r.id) AS participant_count,
        CASE WHEN rp.target_kind = 'message' THEN
          (SELECT m.hidden_at IS NOT NULL FROM ride_messages m WHERE m.id = rp.target_id) END
          AS message_hidden
      FROM reports rp
      LEFT JOIN profiles reporter ON reporter.user_id = rp.reporter_id
      LEFT JOIN users ru ON ru.id = rp.reported_user_id
      LEFT JOIN profiles rpp ON rpp.user_id = rp.reported_user_id
      LEFT JOIN rides r ON r.id = rp.ride_id
      WHERE rp.status = 'open'
      ORDER BY rp.created_at, rp.id
      LIMIT ?`,
    )
    .bind(QUEUE_PAGE)
    .all<QueueRow>();
  return results.map((row) => ({
    id: row.id,
    kind: row.target_kind,
    targetId: row.target_id,
    reason: row.reason,
    details: row.details,
    snapshot: JSON.parse(row.snapshot) as QueuedReport["snapshot"],
    status: row.status,
    createdAt: row.created_at,
    reporter: row.reporter_id
      ? {
          id: row.reporter_id,
          username: row.reporter_username,
          earlierReports: row.earlier_reports,
        }
      : null,
    reported:
      row.reported_user_id && row.reported_email
        ? {
            id: row.reported_user_id,
            username: row.reported_username,
            email: row.reported_email,
            suspended: row.reported_suspended_at !== null,
            openReports: row.open_reports,
          }
        : null,
    ride:
      row.ride_id && row.ride_title !== null
        ? {
            id: row.ride_id,
            title: row.ride_title,
            startTime: row.ride_start_time ?? 0,
            status: row.ride_status ?? "published",
            participantCount: row.participant_count ?? 0,
          }
        : null,
    messageHidden: row.message_hidden === null ? null : row.message_hidden === 1,
  }));
}

/** A report's kind and target (or null): what its context and the actions need. */
export async function findReport(d1: D1Database, reportId: string) {
  return d1
    .prepare("SELECT id, target_kind, target_id, status FROM reports WHERE id = ?")
    .bind(reportId)
    .first<{ id: string; target_kind: ReportTarget; target_id: string; status: ReportStatus }>();
}

/**
 * The messages around a reported one, oldest → newest, as written (moderators read a hidden
 * message's text): one query over ride_messages_ride_created_idx.
 */
export async function messageContext(d1: D1Database, messageId: string): Promise<ContextMessage[]> {
  const { results } = await d1
    .prepare(
      `WITH target AS (SELECT ride_id, created_at AS ts, id AS tid FROM ride_messages WHERE id = ?1),
      around AS (
        SELECT * FROM (SELECT m.id FROM ride_messages m, target
          WHERE m.ride_id = target.ride_id
            AND (m.created_at < target.ts OR (m.created_at = target.ts AND m.id <= target.tid))
          ORDER BY m.created_at DESC, m.id DESC LIMIT ?2)
        UNION
        SELECT * FROM (SELECT m.id FROM ride_messages m, target
          WHERE m.ride_id = target.ride_id
            AND (m.created_at > target.ts OR (m.created_at = target.ts AND m.id > target.tid))
          ORDER BY m.created_at ASC, m.id ASC LIMIT ?3))
      SELECT m.id, m.ride_id, m.user_id, m.kind, m.body, m.hidden_at, m.created_at,
        p.username, p.avatar_key
      FROM ride_messages m LEFT JOIN profiles p ON p.user_id = m.user_id
      WHERE m.id IN (SELECT id FROM around)
      ORDER BY m.created_at, m.id`,
    )
    .bind(messageId, CONTEXT_BEFORE + 1, CONTEXT_AFTER)
    .all<Parameters<typeof toChatMessage>[0]>();
  return results.map((row) => ({
    ...toChatMessage({ ...row, hidden_at: null }),
    // Moderators see what was written, and whether riders see it.
    ...(row.hidden_at === null ? {} : { hidden: true as const }),
    reported: row.id === messageId,
  }));
}

/**
 * Closes an open report with no (further) action: 'dismissed', or 'actioned' when its message
 * was hidden meanwhile. False when it is not open (or not there).
 */
export async function dismissReport(
  d1: D1Database,
  moderator: Moderator,
  input: { reportId: string; reason: string; now: number },
): Promise<boolean> {
  const [dismissed] = await d1.batch([
    d1
      .prepare(
        `UPDATE reports SET resolved_at = ?2, resolved_by = ?3,
          status = CASE WHEN target_kind = 'message' AND EXISTS (SELECT 1 FROM ride_messages m
            WHERE m.id = reports.target_id AND m.hidden_at IS NOT NULL) THEN 'actioned' ELSE 'dismissed' END
        WHERE id = ?1 AND status = 'open'`,
      )
      .bind(input.reportId, input.now, moderator.id),
    auditStatement(d1, moderator, {
      action: "dismiss",
      reason: input.reason,
      reportId: input.reportId,
      now: input.now,
    }),
  ]);
  return (dismissed?.meta.changes ?? 0) > 0;
}

/**
 * Hides a rider's message for everyone. Its reports stay in the queue, marked hidden, for the
 * moderator to decide about the account (suspend) or close them. Returns its ride (to tell the
 * room), or null when there is no such message or it was already hidden.
 */
export async function hideMessage(
  d1: D1Database,
  moderator: Moderator,
  input: { messageId: string; reason: string; reportId?: string | undefined; now: number },
): Promise<{ rideId: string; authorId: string | null } | null> {
  const [hidden] = await d1.batch([
    d1
      .prepare(
        `UPDATE ride_messages SET hidden_at = ?2
        WHERE id = ?1 AND kind = 'user' AND hidden_at IS NULL
        RETURNING ride_id, user_id`,
      )
      .bind(input.messageId, input.now),
    auditStatement(d1, moderator, {
      action: "hide_message",
      reason: input.reason,
      reportId: input.reportId,
      messageId: input.messageId,
      now: input.now,
    }),
  ]);
  const row = hidden?.results[0] as { ride_id: string; user_id: string | null } | undefined;
  return row ? { rideId: row.ride_id, authorId: row.user_id } : null;
}

/** An account a moderator may act on: its e-mail and whether it is suspended. */
export async function findAccount(d1: D1Database, userId: string) {
  return d1
    .prepare("SELECT id, email, suspended_at FROM users WHERE id = ?")
    .bind(userId)
    .first<{ id: string; email: string; suspended_at: number | null }>();
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
 * to close her sockets in), her upcoming rides with others are cancelled with the usual notice
 * (the account deletion's statements), her other upcoming rides are cancelled (their waiting lists
 * emptied), she leaves the upcoming rides of others (her places to their first in line) and
 * every waiting list, her sessions end, the account is marked and audited, and the open
 * reports about her leave the queue.
 */
export async function suspendAccount(
  d1: D1Database,
  moderator: Moderator,
  input: { userId: string; reason: string; reportId?: string | undefined; now: number },
): Promise<SuspensionOutcome> {
  const { userId, now } = input;
  const results = await d1.batch([
    d1.prepare("SELECT ride_id FROM ride_participants WHERE user_id = ?").bind(userId),
    ...cancelHerRidesWithOthers(d1, userId, now),
    d1
      .prepare(
        `UPDATE rides SET status = 'cancelled', cancelled_at = ?2, updated_at = ?2
        WHERE organizer_id = ?1 AND status = 'published' AND start_time > ?2`,
      )
      .bind(userId, now),
    // Her cancelled rides' lists emptied, her places to others' first in line, her own entries
    // gone (DESIGN.md decision 23), before her participations are deleted below.
    ...leavingRiderStatements(d1, userId, now),
    d1
      .prepare(
        `DELETE FROM ride_participants
        WHERE user_id = ?1 AND ride_start_time > ?2 AND ride_status IN ('published', 'closed')
          AND NOT EXISTS (SELECT 1 FROM rides r
            WHERE r.id = ride_participants.ride_id AND r.organizer_id = ?1)
        RETURNING ride_id`,
      )
      .bind(userId, now),
    d1.prepare("DELETE FROM sessions WHERE user_id = ?").bind(userId),
    d1
      .prepare("UPDATE users SET suspended_at = ?2 WHERE id = ?1 AND suspended_at IS NULL")
      .bind(userId, now),
    auditStatement(d1, moderator, {
      action: "suspend",
      reason: input.reason,
      reportId: input.reportId,
      targetUserId: userId,
      now,
    }),
    d1
      .prepare(
        `UPDATE reports SET status = 'actioned', resolved_at = ?2, resolved_by = ?3
        WHERE reported_user_id = ?1 AND status = 'open'`,
      )
      .bind(userId, now, moderator.id),
  ]);
  const [rides, notices] = results;
  const [left, , marked] = results.slice(4 + LEAVING_RIDER_STATEMENTS);
  return {
    suspended: (marked?.meta.changes ?? 0) > 0,
    waitingLists: leavingRiderOutcome(results.slice(4, 4 + LEAVING_RIDER_STATEMENTS)),
    rideIds: ((rides?.results ?? []) as { ride_id: string }[]).map((r) => r.ride_id),
    cancelled: cancelledRides(notices),
    leftRideIds: ((left?.results ?? []) as { ride_id: string }[]).map((r) => r.ride_id),
  };
}

/** Lifts a suspension; false when the account was not suspended. */
export async function liftSuspension(
  d1: D1Database,
  moderator: Moderator,
  input: { userId: string; reason: string; now: number },
): Promise<boolean> {
  const [lifted] = await d1.batch([
    d1
      .prepare("UPDATE users SET suspended_at = NULL WHERE id = ? AND suspended_at IS NOT NULL")
      .bind(input.userId),
    auditStatement(d1, moderator, {
      action: "unsuspend",
      reason: input.reason,
      targetUserId: input.userId,
      now: input.now,
    }),
  ]);
  return (lifted?.meta.changes ?? 0) > 0;
}

/** The audit, newest first. */
export async function auditLog(d1: D1Database): Promise<AuditEntry[]> {
  const { results } = await d1
    .prepare(
      `SELECT a.id, a.action, a.reason, a.moderator_email, a.created_at, a.report_id,
        a.message_id, a.target_user_id, p.username AS target_username
      FROM moderation_actions a LEFT JOIN profiles p ON p.user_id = a.target_user_id
      ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
    )
    .bind(AUDIT_PAGE)
    .all<{
      id: number;
      action: ModerationAction;
      reason: string;
      moderator_email: string;
      created_at: number;
      report_id: string | null;
      message_id: string | null;
      target_user_id: string | null;
      target_username: string | null;
    }>();
  return results.map((r) => ({
    id: r.id,
    action: r.action,
    reason: r.reason,
    moderatorEmail: r.moderator_email,
    createdAt: r.created_at,
    reportId: r.report_id,
    messageId: r.message_id,
    target: r.target_user_id ? { id: r.target_user_id, username: r.target_username } : null,
  }));
}

/** Suspended accounts, most recent first (to lift a suspension). */
export async function suspendedAccounts(
  d1: D1Database,
): Promise<SuspendedAccountsResponse["accounts"]> {
  const { results } = await d1
    .prepare(
      `SELECT u.id, u.email, u.suspended_at, p.username
      FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.suspended_at IS NOT NULL ORDER BY u.suspended_at DESC LIMIT 200`,
    )
    .all<{ id: string; email: string; suspended_at: number; username: string | null }>();
  return results.map((r) => ({
    id: r.id,
    email: r.email,
    username: r.username,
    suspended: true,
    suspendedAt: r.suspended_at,
  }));
}
