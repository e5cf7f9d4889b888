// Every change to a group on D1 (docs/product.md#grupos, docs/decisions/0054-groups.md), each one
// statement or one batch whose rule (active, a leader's, below the 500 members or the 5 leaders,
// no block between the pair) holds in the statement that writes: parallel joins never pass 500.
// Succession and archiving are the triggers' of migration 0027, whatever ends a membership.

import { and, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { normalizeText } from "../../domain/cities.ts";
import { type GroupInput, groupNameSkeleton } from "../../domain/groups.ts";
import {
  GROUP_LEADERS_MAX,
  GROUP_MEMBERS_MAX,
  GROUPS_CREATED_MAX,
} from "../../domain/texts/groups.ts";
import { runSql } from "../db/client.ts";
import {
  declinePendingRequest,
  findJoinRequest,
  insertPendingRequest,
  type JoinRequestTable,
  withdrawPendingRequest,
} from "../db/join-requests.ts";
import { groupMembers, groupRequests, groups, users } from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { blockedBetween } from "../ride-core/block-sql.ts";
import { isVerifiedSql } from "../ride-core/verified-sql.ts";

const m = groupMembers;
const q = groupRequests;
const REQUESTS: JoinRequestTable = { table: q, parent: q.groupId };
const cnt = alias(groupMembers, "cnt");
const lead = alias(groupMembers, "lead");
const mine = alias(groups, "mine");

/** The columns a group's form writes. */
export function groupValues(input: GroupInput) {
  return {
    name: input.name,
    nameSkeleton: groupNameSkeleton(input.name),
    city: input.city,
    cityKey: normalizeText(input.city),
    searchText: normalizeText(`${input.name} ${input.city}`),
    description: input.description,
    modalities: input.modalities,
    levels: input.levels,
    avatarKey: input.avatarKey,
    joinMode: input.joinMode,
    membersMayPublish: input.membersMayPublish,
    verifiedOnly: input.verifiedOnly,
    indexable: input.indexable,
  };
}

/** Below the members' cap, counted in the statement that inserts. */
const belowMemberCap = (groupId: SQLOperand) =>
  sql`${subquery`select count(*) from ${groupMembers} ${cnt} where ${cnt.groupId} = ${groupId}`} < ${GROUP_MEMBERS_MAX}`;

type SQLOperand = Parameters<typeof blockedBetween>[0];

/** She leads the group (a leader's action is checked in the statement that writes it). */
export const isLeaderSql = (groupId: SQLOperand, userId: string) =>
  sql`exists ${subquery`select 1 from ${groupMembers} ${lead} where ${lead.groupId} = ${groupId} and ${lead.userId} = ${userId} and ${lead.role} = 'leader'`}`;

/**
 * 'Crear un grupo': the group and her membership as its first leader, in one batch. The insert
 * runs only while she has fewer than 3 groups that are not archived; a look-alike name or a
 * taken slug stores nothing (the unique indexes). Returns whether it was stored.
 */
export async function insertGroup(
  db: Database,
  values: { id: string; slug: string; creatorId: string; now: number },
  input: GroupInput,
): Promise<boolean> {
  const v = groupValues(input);
  const g = groups;
  const [created] = await db.batch([
    runSql(
      db,
      sql`insert into ${g} (${columnNames(
        g.id,
        g.slug,
        g.name,
        g.nameSkeleton,
        g.city,
        g.cityKey,
        g.searchText,
        g.description,
        g.modalities,
        g.levels,
        g.avatarKey,
        g.joinMode,
        g.membersMayPublish,
        g.verifiedOnly,
        g.indexable,
        g.createdBy,
        g.status,
        g.createdAt,
      )})
      select ${values.id}, ${values.slug}, ${v.name}, ${v.nameSkeleton}, ${v.city}, ${v.cityKey},
        ${v.searchText}, ${v.description}, ${JSON.stringify(v.modalities)}, ${JSON.stringify(v.levels)},
        ${v.avatarKey}, ${v.joinMode}, ${v.membersMayPublish ? 1 : 0}, ${v.verifiedOnly ? 1 : 0},
        ${v.indexable ? 1 : 0},
        ${values.creatorId}, 'active', ${values.now}
      where ${subquery`select count(*) from ${groups} ${mine} where ${mine.createdBy} = ${values.creatorId} and ${mine.status} != 'archived'`} < ${GROUPS_CREATED_MAX}
      on conflict do nothing`,
    ),
    runSql(
      db,
      sql`insert into ${m} (${columnNames(m.groupId, m.userId, m.role, m.joinedAt)})
        select ${g.id}, ${values.creatorId}, 'leader', ${values.now} from ${g}
        where ${g.id} = ${values.id} and ${g.createdBy} = ${values.creatorId}`,
    ),
  ]);
  return created.meta.changes > 0;
}

/** How many groups she created that are not archived (to say why a create stored nothing). */
export async function groupsCreatedBy(db: Database, userId: string): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(groups)
    .where(and(eq(groups.createdBy, userId), sql`${groups.status} != 'archived'`))
    .get();
  return Number(row?.n ?? 0);
}

/** Another group (any status: archived names stay taken) with this name's look. */
export async function nameTaken(db: Database, skeleton: string, exceptId?: string) {
  const row = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.nameSkeleton, skeleton), exceptId ? ne(groups.id, exceptId) : undefined))
    .get();
  return row !== undefined;
}

/** A group already has this address. */
export async function slugTaken(db: Database, slug: string) {
  return (
    (await db.select({ id: groups.id }).from(groups).where(eq(groups.slug, slug)).get()) !==
    undefined
  );
}

/** A leader's edit, only while she leads it and it is active; a look-alike name throws (unique). */
export async function updateGroup(
  db: Database,
  change: { groupId: string; leaderId: string; now: number },
  input: GroupInput,
): Promise<boolean> {
  const result = await db
    .update(groups)
    .set({ ...groupValues(input), updatedAt: change.now })
    .where(
      and(
        eq(groups.id, change.groupId),
        eq(groups.status, "active"),
        isLeaderSql(groups.id, change.leaderId),
      ),
    )
    .run();
  return result.meta.changes > 0;
}

/**
 * 'Unirme al grupo': one conditional INSERT … SELECT, only while the group is active, open (or
 * her invitation's token is its current one) and below 500 members. D1 runs statements one at a
 * time, so parallel joins each count the others: never over the cap. True when she joined.
 */
export async function joinGroup(
  db: Database,
  join: { groupId: string; userId: string; invite: string | null; now: number },
): Promise<boolean> {
  const g = groups;
  const admitted =
    join.invite === null
      ? sql`${g.joinMode} = 'open'`
      : sql`(${g.joinMode} = 'open' or ${g.inviteToken} = ${join.invite})`;
  const result = await db.run(
    sql`insert into ${m} (${columnNames(m.groupId, m.userId, m.role, m.joinedAt)})
      select ${g.id}, ${join.userId}, 'member', ${join.now} from ${g}
      where ${g.id} = ${join.groupId} and ${g.status} = 'active' and ${admitted}
        and ${belowMemberCap(g.id)}
      on conflict do nothing`,
  );
  return result.meta.changes > 0;
}

/** 'Solicitar unirme': only to an active 'Con aprobación' group she is not in; once per group. */
export function requestToJoin(
  db: Database,
  request: { id: string; groupId: string; userId: string; note: string | null; now: number },
): Promise<boolean> {
  const g = groups;
  const { groupId: parentId, ...asked } = request;
  return insertPendingRequest(
    db,
    REQUESTS,
    g,
    { ...asked, parentId },
    sql`${g.status} = 'active' and ${g.joinMode} = 'approval'
      and not exists ${subquery`select 1 from ${m} where ${m.groupId} = ${g.id} and ${m.userId} = ${request.userId}`}`,
  );
}

/** Withdraws her pending request; true when there was one. */
export function withdrawGroupRequest(db: Database, groupId: string, userId: string) {
  return withdrawPendingRequest(db, REQUESTS, groupId, userId);
}

/**
 * 'Aceptar': the rider becomes a member (the trigger ends her request), only while the request
 * is pending, the group active and below 500, the one answering leads it, neither of them blocked
 * the other and the rider is not suspended. Returns the rider's id, or null.
 */
export async function acceptGroupRequest(
  db: Database,
  change: { groupId: string; requestId: string; leaderId: string; now: number },
): Promise<string | null> {
  const g = groups;
  const rows = await db.all<{ userId: string }>(
    sql`insert into ${m} (${columnNames(m.groupId, m.userId, m.role, m.joinedAt)})
      select ${g.id}, ${q.userId}, 'member', ${change.now}
      from ${q} join ${g} on ${g.id} = ${q.groupId} join ${users} on ${users.id} = ${q.userId}
      where ${q.id} = ${change.requestId} and ${q.groupId} = ${change.groupId}
        and ${q.status} = 'pending' and ${users.suspendedAt} is null and ${g.status} = 'active'
        and ${isLeaderSql(g.id, change.leaderId)} and ${belowMemberCap(g.id)}
        and not ${blockedBetween(q.userId, change.leaderId)}
        and (not ${g.verifiedOnly} or ${isVerifiedSql(q.userId)})
      on conflict do nothing
      returning ${m.userId} as "userId"`,
  );
  return rows[0]?.userId ?? null;
}

/** 'Rechazar': the request stays, declined, while pending and answered by a leader she did not block. */
export function declineGroupRequest(
  db: Database,
  change: { groupId: string; requestId: string; leaderId: string; now: number },
): Promise<string | null> {
  return declinePendingRequest(
    db,
    REQUESTS,
    change.groupId,
    change,
    sql`${isLeaderSql(q.groupId, change.leaderId)} and not ${blockedBetween(q.userId, change.leaderId)}`,
  );
}

/** A request of this group, whatever its status (to say why nothing changed). */
export function findGroupRequest(db: Database, groupId: string, requestId: string) {
  return findJoinRequest(db, REQUESTS, groupId, requestId);
}

/**
 * Names a member co-leader, only while the one naming her leads the group, it has fewer than 5
 * leaders and neither blocked the other.
 */
export async function promoteToLeader(
  db: Database,
  change: { groupId: string; userId: string; leaderId: string },
): Promise<boolean> {
  const result = await db
    .update(m)
    .set({ role: "leader" })
    .where(
      and(
        eq(m.groupId, change.groupId),
        eq(m.userId, change.userId),
        eq(m.role, "member"),
        isLeaderSql(m.groupId, change.leaderId),
        sql`${subquery`select count(*) from ${groupMembers} ${cnt} where ${cnt.groupId} = ${change.groupId} and ${cnt.role} = 'leader'`} < ${GROUP_LEADERS_MAX}`,
        sql`not ${blockedBetween(m.userId, change.leaderId)}`,
      ),
    )
    .run();
  return result.meta.changes > 0;
}

/**
 * A leader stops being one (another leader's decision, or her own), only while another leader
 * stays: a group always has one.
 */
export async function demoteLeader(
  db: Database,
  change: { groupId: string; userId: string; leaderId: string },
): Promise<boolean> {
  const result = await db
    .update(m)
    .set({ role: "member" })
    .where(
      and(
        eq(m.groupId, change.groupId),
        eq(m.userId, change.userId),
        eq(m.role, "leader"),
        isLeaderSql(m.groupId, change.leaderId),
        sql`${subquery`select count(*) from ${groupMembers} ${cnt} where ${cnt.groupId} = ${change.groupId} and ${cnt.role} = 'leader'`} > 1`,
      ),
    )
    .run();
  return result.meta.changes > 0;
}

/** A new invitation link (the old one stops working), or none (`token` null): leaders only. */
export async function setInviteToken(
  db: Database,
  change: { groupId: string; leaderId: string; token: string | null; now: number },
): Promise<boolean> {
  const result = await db
    .update(groups)
    .set({ inviteToken: change.token, updatedAt: change.now })
    .where(
      and(
        eq(groups.id, change.groupId),
        eq(groups.status, "active"),
        isLeaderSql(groups.id, change.leaderId),
      ),
    )
    .run();
  return result.meta.changes > 0;
}
