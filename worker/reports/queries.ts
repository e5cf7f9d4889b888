// "Denunciar" on D1 (docs/product.md#reports-and-moderation): what a report points at, its
// snapshot, and the report itself, once per rider and thing.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { ReportReason, ReportSnapshot, ReportTarget } from "../../domain/safety.ts";
import {
  groupMessages,
  groups,
  profiles,
  reports,
  rideMessages,
  rideParticipants,
  rideRequests,
  rides,
  users,
} from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { groupChatMember } from "../groups/chat-store.ts";
import { MESSAGE_KIND } from "../ride-core/message-insert.ts";

/**
 * A rider's message in the chat of a group she is a member of ('Charla del grupo'): reported as a
 * ride's message is, with the group's name where a ride's title goes, and no ride.
 */
async function groupMessageTarget(
  db: Database,
  messageId: string,
  reporterId: string,
): Promise<ReportTargetInfo | null> {
  const row = await db
    .select({
      userId: groupMessages.userId,
      text: groupMessages.body,
      authorUsername: profiles.username,
      createdAt: groupMessages.createdAt,
      rideTitle: groups.name,
    })
    .from(groupMessages)
    .innerJoin(groups, eq(groups.id, groupMessages.groupId))
    .leftJoin(profiles, eq(profiles.userId, groupMessages.userId))
    .where(
      and(
        eq(groupMessages.id, messageId),
        eq(groupMessages.kind, MESSAGE_KIND.user),
        groupChatMember(groupMessages.groupId, reporterId),
      ),
    )
    .get();
  if (!row) return null;
  const { userId, ...message } = row;
  return { reportedUserId: userId, rideId: null, snapshot: { kind: "message", ...message } };
}

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
  db: Database,
  kind: ReportTarget,
  targetId: string,
  reporterId: string,
): Promise<ReportTargetInfo | null> {
  switch (kind) {
    case "user": {
      const row = await db
        .select({
          id: users.id,
          username: profiles.username,
          city: profiles.city,
          avatarKey: profiles.avatarKey,
          modalities: profiles.modalities,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(and(eq(users.id, targetId), isNull(users.suspendedAt)))
        .get();
      if (!row) return null;
      const { id, ...profile } = row;
      return { reportedUserId: id, rideId: null, snapshot: { kind: "user", ...profile } };
    }
    case "ride": {
      const row = await db
        .select({
          id: rides.id,
          organizerId: rides.organizerId,
          title: rides.title,
          description: rides.description,
          city: rides.city,
          meetingPoint: rides.meetingPoint,
          startTime: rides.startTime,
          timeZone: rides.timeZone,
          organizerUsername: profiles.username,
        })
        .from(rides)
        .leftJoin(profiles, eq(profiles.userId, rides.organizerId))
        .where(eq(rides.id, targetId))
        .get();
      if (!row) return null;
      const { id, organizerId, ...ride } = row;
      return { reportedUserId: organizerId, rideId: id, snapshot: { kind: "ride", ...ride } };
    }
    case "message": {
      const row = await db
        .select({
          rideId: rideMessages.rideId,
          userId: rideMessages.userId,
          text: rideMessages.body,
          authorUsername: profiles.username,
          createdAt: rideMessages.createdAt,
          rideTitle: rides.title,
        })
        .from(rideMessages)
        .innerJoin(rides, eq(rides.id, rideMessages.rideId))
        .leftJoin(profiles, eq(profiles.userId, rideMessages.userId))
        .where(
          and(
            eq(rideMessages.id, targetId),
            eq(rideMessages.kind, MESSAGE_KIND.user),
            sql`exists ${subquery`select 1 from ${rideParticipants}
              where ${rideParticipants.rideId} = ${rideMessages.rideId}
                and ${rideParticipants.userId} = ${reporterId}`}`,
          ),
        )
        .get();
      if (!row) return groupMessageTarget(db, targetId, reporterId);
      const { rideId, userId, ...message } = row;
      return { reportedUserId: userId, rideId, snapshot: { kind: "message", ...message } };
    }
    case "request": {
      // Only the ride's organizer reads a request's note, so only she can report it.
      const row = await db
        .select({
          rideId: rideRequests.rideId,
          userId: rideRequests.userId,
          note: rideRequests.note,
          requesterUsername: profiles.username,
          createdAt: rideRequests.createdAt,
          rideTitle: rides.title,
        })
        .from(rideRequests)
        .innerJoin(rides, eq(rides.id, rideRequests.rideId))
        .leftJoin(profiles, eq(profiles.userId, rideRequests.userId))
        .where(and(eq(rideRequests.id, targetId), eq(rides.organizerId, reporterId)))
        .get();
      if (!row) return null;
      const { rideId, userId, ...request } = row;
      return { reportedUserId: userId, rideId, snapshot: { kind: "request", ...request } };
    }
    case "group": {
      // Any active group: its public facts are what every rider sees (docs/product.md#grupos).
      const row = await db
        .select({
          name: groups.name,
          slug: groups.slug,
          city: groups.city,
          description: groups.description,
        })
        .from(groups)
        .where(and(eq(groups.id, targetId), eq(groups.status, "active")))
        .get();
      if (!row) return null;
      return { reportedUserId: null, rideId: null, snapshot: { kind: "group", ...row } };
    }
  }
}

/**
 * Stores her report; false when she had already reported the same thing (the unique index
 * decides, so two taps at once store one).
 */
export async function insertReport(
  db: Database,
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
  const result = await db
    .insert(reports)
    .values({
      id: report.id,
      reporterId: report.reporterId,
      targetKind: report.kind,
      targetId: report.targetId,
      reportedUserId: report.target.reportedUserId,
      rideId: report.target.rideId,
      reason: report.reason,
      details: report.details,
      snapshot: report.target.snapshot,
      status: "open",
      createdAt: report.now,
    })
    .onConflictDoNothing({ target: [reports.reporterId, reports.targetKind, reports.targetId] })
    .run();
  return result.meta.changes > 0;
}
