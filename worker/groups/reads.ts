// What the group screens read (docs/product.md#grupos): a group by its address as she may see
// it, its page's detail by her place in it and her groups ('Grupos' is search.ts). A blocked pair
// never sees each other in a member list, the leaders or the requests.

import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type {
  GroupDetail,
  GroupMemberView,
  GroupRequestView,
  MyGroup,
} from "../../domain/api/groups.ts";
import { DEFAULT_AVATAR_KEY } from "../../domain/constants.ts";
import { participantName } from "../../domain/display.ts";
import type { GroupRole } from "../../domain/groups.ts";
import {
  groupMembers,
  groupRequests,
  groups,
  profiles,
  rideParticipants,
  rides,
  rodeWith,
  users,
} from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import { StatementCache, type Viewer, viewerValue } from "../db/statements.ts";
import type { Database } from "../env.ts";
import { blockedWithViewer, rideVisibleTo } from "../ride-core/block-sql.ts";
import { isVerifiedSql } from "../ride-core/verified-sql.ts";

const m = groupMembers;
const q = groupRequests;
const me = alias(groupMembers, "me");
const hers = alias(rideParticipants, "hers");
const done = alias(rides, "done");
const gm = alias(groupMembers, "gm");
const rw = alias(rodeWith, "rw");
const next = alias(rides, "next");

export const GROUP_PAGE_SIZE = 20;

export type GroupRow = typeof groups.$inferSelect;

/** An active group by its address: unknown, archived and suspended ones are not found. */
const activeGroupBySlug = (db: Database, slug: string) =>
  db
    .select()
    .from(groups)
    .where(and(eq(groups.slug, slug), eq(groups.status, "active")));

/** An active group by its address; null for an unknown, archived or suspended one. */
export async function findActiveGroup(db: Database, slug: string): Promise<GroupRow | null> {
  return (await activeGroupBySlug(db, slug).get()) ?? null;
}

const bySlug = alias(groups, "by_slug");

/**
 * The id of the active group at this address, as a scalar subquery (evaluated once per
 * statement): the statements of a page read by its address need no round trip of their own to
 * find the group first.
 */
export const activeGroupIdSql = (slug: string) =>
  sql<string>`${subquery`select ${bySlug.id} from ${groups} ${bySlug} where ${bySlug.slug} = ${slug} and ${bySlug.status} = 'active'`}`;

/** A group's id: bound when known, else read inside the statement (activeGroupIdSql). */
type GroupRef = string | SQL<string>;

/** Her place in the group, or null. */
export async function roleIn(db: Database, groupId: string, userId: string) {
  const row = await db
    .select({ role: m.role })
    .from(m)
    .where(and(eq(m.groupId, groupId), eq(m.userId, userId)))
    .get();
  return row?.role ?? null;
}

const myRoleSql = (viewerId: string) =>
  sql<GroupRole | null>`${subquery`select ${me.role} from ${groupMembers} ${me} where ${me.groupId} = ${groups.id} and ${me.userId} = ${viewerId}`}`;

/** A group's card as she sees it (her groups, 'Grupos'). */
export const summaryFields = (viewerId: string) => ({
  id: groups.id,
  slug: groups.slug,
  name: groups.name,
  city: groups.city,
  modalities: groups.modalities,
  levels: groups.levels,
  avatarKey: groups.avatarKey,
  joinMode: groups.joinMode,
  memberCount: groups.memberCount,
  myRole: myRoleSql(viewerId),
  membersMayPublish: groups.membersMayPublish,
});

/**
 * A group's next published ride she may see, as JSON, in the same query as her groups (never one
 * query per group): the rule that hides a ride from a blocked rider or from outside a 'Solo el
 * grupo' ride's group decides, as in every listing.
 */
const nextRideSql = (viewerId: string, now: number) =>
  sql<string | null>`${subquery`select json_object('id', ${next.id}, 'title', ${next.title},
    'startTime', ${next.startTime}, 'timeZone', ${next.timeZone}, 'groupOnly', ${next.groupOnly})
  from ${rides} ${next}
  where ${next.groupId} = ${groups.id} and ${next.status} = 'published' and ${next.startTime} >= ${now}
    and ${rideVisibleTo(next.id, viewerId)}
  order by ${next.startTime}, ${next.id} limit 1`}`;

/** Her groups ('Tus grupos'), the earliest joined first, each with its next ride. */
export async function myGroups(db: Database, viewerId: string, now: number): Promise<MyGroup[]> {
  const rows = await db
    .select({ ...summaryFields(viewerId), nextRide: nextRideSql(viewerId, now) })
    .from(m)
    .innerJoin(groups, eq(groups.id, m.groupId))
    .where(and(eq(m.userId, viewerId), eq(groups.status, "active")))
    .orderBy(asc(m.joinedAt), asc(groups.id))
    .all();
  return rows.map(({ nextRide, ...row }) => {
    const ride = nextRide ? (JSON.parse(nextRide) as NonNullable<MyGroup["nextRide"]>) : null;
    return {
      ...row,
      nextRide: ride ? { ...ride, groupOnly: Boolean(ride.groupOnly) } : null,
    };
  });
}

const personFields = {
  userId: m.userId,
  role: m.role,
  joinedAt: m.joinedAt,
  username: profiles.username,
  avatarKey: profiles.avatarKey,
  avatarUrl: profiles.avatarUrl,
  verified: isVerifiedSql(m.userId),
};

/** She has this place in the group (a member: any role). */
const hasRole = (groupId: GroupRef, viewerId: string, role?: GroupRole) =>
  sql`exists ${subquery`select 1 from ${groupMembers} ${me} where ${me.groupId} = ${groupId} and ${me.userId} = ${viewerId}${role ? sql` and ${me.role} = ${role}` : sql``}`}`;

/** The members she may see, oldest first: all of them for a member, the leaders for anyone else. */
function membersQuery(db: Database, groupId: GroupRef, viewerId: string) {
  return db
    .select(personFields)
    .from(m)
    .innerJoin(profiles, eq(profiles.userId, m.userId))
    .where(
      and(
        eq(m.groupId, groupId),
        sql`(${m.role} = 'leader' or ${hasRole(groupId, viewerId)})`,
        sql`${blockedWithViewer(viewerId, m.userId)} = 0`,
      ),
    )
    .orderBy(asc(m.joinedAt), asc(m.userId));
}

/** Her rides that took place, organised by someone else (as on approval rides). */
const completedRidesSql = (now: number) =>
  sql<number>`${subquery`select count(*)
  from ${rideParticipants} ${hers} join ${rides} ${done} on ${done.id} = ${hers.rideId}
  where ${hers.userId} = ${q.userId} and ${hers.rideStatus} != 'cancelled'
    and (${hers.rideStatus} = 'completed' or ${hers.rideStartTime} <= ${now})
    and (${done.organizerId} is null or ${done.organizerId} != ${q.userId})`}`;

/** How many of the group's members rode with her (either of them recorded it). */
const rodeWithMembersSql = sql<number>`${subquery`select count(*) from ${groupMembers} ${gm}
  where ${gm.groupId} = ${q.groupId} and (
    exists ${subquery`select 1 from ${rodeWith} ${rw} where ${rw.userId} = ${gm.userId} and ${rw.otherUserId} = ${q.userId}`}
    or exists ${subquery`select 1 from ${rodeWith} ${rw} where ${rw.userId} = ${q.userId} and ${rw.otherUserId} = ${gm.userId}`})`}`;

/** The pending requests a leader is shown: none from a rider she and she blocked each other. */
function requestsQuery(db: Database, groupId: GroupRef, viewerId: string, now: number) {
  return db
    .select({
      id: q.id,
      userId: q.userId,
      note: q.note,
      createdAt: q.createdAt,
      username: profiles.username,
      avatarKey: profiles.avatarKey,
      avatarUrl: profiles.avatarUrl,
      verified: isVerifiedSql(q.userId),
      completedRides: completedRidesSql(now),
      rodeWithMembers: rodeWithMembersSql,
    })
    .from(q)
    .innerJoin(profiles, eq(profiles.userId, q.userId))
    .innerJoin(users, eq(users.id, q.userId))
    .where(
      and(
        eq(q.groupId, groupId),
        eq(q.status, "pending"),
        hasRole(groupId, viewerId, "leader"),
        sql`${users.suspendedAt} is null`,
        sql`${blockedWithViewer(viewerId, q.userId)} = 0`,
      ),
    )
    .orderBy(asc(q.createdAt), asc(q.id));
}

type PersonRow = {
  userId: string;
  username: string | null;
  avatarKey: string | null;
  avatarUrl: string | null;
  verified: boolean;
};
const personOf = (row: PersonRow) => ({
  id: row.userId,
  username: participantName(row.username),
  avatarKey: row.avatarKey ?? DEFAULT_AVATAR_KEY,
  avatarUrl: row.avatarUrl ?? null,
  verified: Boolean(row.verified),
});

/** The statements of the group's page as she sees it, after the group's row (detailOf). */
function detailStatements(db: Database, groupId: GroupRef, viewerId: string, now: number) {
  return [
    db
      // Read again here, not taken from `row`: a join or a leave may have just changed it.
      .select({ memberCount: groups.memberCount, myRole: myRoleSql(viewerId) })
      .from(groups)
      .where(eq(groups.id, groupId)),
    membersQuery(db, groupId, viewerId),
    db
      .select({ status: q.status })
      .from(q)
      .where(and(eq(q.groupId, groupId), eq(q.userId, viewerId))),
    requestsQuery(db, groupId, viewerId, now),
  ] as const;
}

/** The group's page as she sees it, in one batch. */
export async function groupDetail(
  db: Database,
  row: GroupRow,
  viewerId: string,
  now: number,
): Promise<GroupDetail> {
  return detailOf(row, await readDetail(db, row.id, viewerId, now));
}

const readDetail = (db: Database, groupId: GroupRef, viewerId: string, now: number) =>
  db.batch(detailStatements(db, groupId, viewerId, now));
type DetailRows = Awaited<ReturnType<typeof readDetail>>;

/** What the group's page binds: its address, her (or her session) and the time. */
interface GroupPageParams {
  slug: string;
  viewer: string;
  now: number;
}

/** Its statements, for her id, her session, or her likely id beside it (ADR 0046). */
const pageStatements = new StatementCache<GroupPageParams>(3);

/**
 * The page of the active group at this address, null when there is none, in one round trip: the
 * group's row and its page's statements in one batch, the latter finding the group by its
 * address themselves. `viewer` is her id, or her session read in the same batch (ADR 0046).
 */
export async function groupPageBySlug(
  db: Database,
  slug: string,
  viewer: Viewer,
  now: number,
): Promise<GroupDetail | null> {
  const {
    results: [[row], ...rest],
  } = await pageStatements.batchFor(
    db,
    viewer,
    "page",
    { slug, viewer: viewerValue(viewer), now },
    (template, p) =>
      [
        activeGroupBySlug(template, p.slug),
        ...detailStatements(template, activeGroupIdSql(p.slug), p.viewer, p.now),
      ] as const,
  );
  return row ? detailOf(row, rest) : null;
}

function detailOf(row: GroupRow, [[counts], people, [request], pending]: DetailRows): GroupDetail {
  const myRole = counts?.myRole ?? null;
  const isLeader = myRole === "leader";
  const members: GroupMemberView[] = people.map((p) => ({
    ...personOf(p),
    role: p.role,
    joinedAt: p.joinedAt,
  }));
  const requests: GroupRequestView[] = pending.map((r) => ({
    id: r.id,
    rider: personOf(r),
    note: r.note,
    completedRides: Number(r.completedRides),
    rodeWithMembers: Number(r.rodeWithMembers),
    createdAt: r.createdAt,
  }));
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    city: row.city,
    modalities: row.modalities,
    levels: row.levels,
    avatarKey: row.avatarKey,
    joinMode: row.joinMode,
    memberCount: counts?.memberCount ?? 0,
    myRole,
    description: row.description,
    membersMayPublish: row.membersMayPublish,
    verifiedOnly: row.verifiedOnly,
    indexable: row.indexable,
    leaders: members
      .filter((p) => p.role === "leader")
      .map(({ role: _r, joinedAt: _j, ...p }) => p),
    myRequest: myRole ? null : (request?.status ?? null),
    members: myRole ? members : null,
    requests: isLeader ? requests : null,
    inviteToken: isLeader ? row.inviteToken : null,
  };
}
