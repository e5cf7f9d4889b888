// "Denunciar" on D1 (DESIGN.md decision 17): what a report points at, its snapshot, and the
// report itself, once per rider and thing.
import type { ReportReason, ReportSnapshot, ReportTarget } from "../../domain/safety.ts";

/** What a report is about, read now: who answers for it and how it looks. */
export interface ReportTargetInfo {
  reportedUserId: string | null;
  rideId: string | null;
  snapshot: ReportSnapshot;
}

/**
 * The thing she reports, as she can see it, or null: a rider with a profile who is not
 * suspended; any ride; a rider's message in a ride she is in (only participants read a chat).
 * Blocks do not hide anything here: she often blocks and reports the same rider.
 */
export async function findReportTarget(
  d1: D1Database,
  kind: ReportTarget,
  targetId: string,
  reporterId: string,
): Promise<ReportTargetInfo | null> {
  switch (kind) {
    case "user": {
      const row = await d1
        .prepare(
          `SELECT u.id, p.username, p.city, p.avatar_key, p.modalities
          FROM users u JOIN profiles p ON p.user_id = u.id
          WHERE u.id = ? AND u.suspended_at IS NULL`,
        )
        .bind(targetId)
        .first<{
          id: string;
          username: string;
          city: string | null;
          avatar_key: string;
          modalities: string;
        }>();
      if (!row) return null;
      return {
        reportedUserId: row.id,
        rideId: null,
        snapshot: {
          kind: "user",
          username: row.username,
          city: row.city,
          avatarKey: row.avatar_key,
          modalities: JSON.parse(row.modalities) as string[],
        },
      };
    }
    case "ride": {
      const row = await d1
        .prepare(
          `SELECT r.id, r.title, r.description, r.city, r.meeting_point, r.start_time,
            r.organizer_id, p.username
          FROM rides r LEFT JOIN profiles p ON p.user_id = r.organizer_id WHERE r.id = ?`,
        )
        .bind(targetId)
        .first<{
          id: string;
          title: string;
          description: string | null;
          city: string;
          meeting_point: string;
          start_time: number;
          organizer_id: string | null;
          username: string | null;
        }>();
      if (!row) return null;
      return {
        reportedUserId: row.organizer_id,
        rideId: row.id,
        snapshot: {
          kind: "ride",
          title: row.title,
          description: row.description,
          city: row.city,
          meetingPoint: row.meeting_point,
          startTime: row.start_time,
          organizerUsername: row.username,
        },
      };
    }
    case "message": {
      const row = await d1
        .prepare(
          `SELECT m.id, m.ride_id, m.user_id, m.body, m.created_at, r.title, p.username
          FROM ride_messages m JOIN rides r ON r.id = m.ride_id
          LEFT JOIN profiles p ON p.user_id = m.user_id
          WHERE m.id = ?1 AND m.kind = 'user'
            AND EXISTS (SELECT 1 FROM ride_participants WHERE ride_id = m.ride_id AND user_id = ?2)`,
        )
        .bind(targetId, reporterId)
        .first<{
          id: string;
          ride_id: string;
          user_id: string | null;
          body: string;
          created_at: number;
          title: string;
          username: string | null;
        }>();
      if (!row) return null;
      return {
        reportedUserId: row.user_id,
        rideId: row.ride_id,
        snapshot: {
          kind: "message",
          text: row.body,
          authorUsername: row.username,
          createdAt: row.created_at,
          rideTitle: row.title,
        },
      };
    }
  }
}

/**
 * Stores her report; false when she had already reported the same thing (the unique index
 * decides, so two taps at once store one).
 */
export async function insertReport(
  d1: D1Database,
  report: {
    id: string;
    reporterId: string;
    kind: ReportTarget;
    targetId: string;
    reason: ReportReason;
    details: string | null;
    target: ReportTargetInfo;
    now: number;
  },
): Promise<boolean> {
  const result = await d1
    .prepare(
      `INSERT INTO reports (id, reporter_id, target_kind, target_id, reported_user_id, ride_id,
        reason, details, snapshot, status, created_at)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'open', ?10)
      ON CONFLICT (reporter_id, target_kind, target_id) DO NOTHING`,
    )
    .bind(
      report.id,
      report.reporterId,
      report.kind,
      report.targetId,
      report.target.reportedUserId,
      report.target.rideId,
      report.reason,
      report.details,
      JSON.stringify(report.target.snapshot),
      report.now,
    )
    .run();
  return result.meta.changes > 0;
}
