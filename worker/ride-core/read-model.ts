// How a ride is read and shown: its row with the organizer's profile, its participants (with the
// viewer's "rode with" flag; riders hidden by a block counted but never shown), the card
// (RideSummary) and the detail (RideDetail) every list and page of the rides area builds.

import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { RequestStatus, RideDetail, RidePerson, RideSummary } from "../../domain/api/rides.ts";
import { DEFAULT_AVATAR_KEY } from "../../domain/constants.ts";
import { organizerName, participantName } from "../../domain/display.ts";
import { meetingAreaOf } from "../../domain/meeting-area.ts";
import { rideEstimatedMinutes } from "../../domain/ride-day.ts";
import { capacityOf, hasStarted } from "../../domain/time.ts";
import { profiles, rideParticipants, rides, rodeWith } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import { StatementCache } from "../db/statements.ts";
import type { Database } from "../env.ts";
import { blockedWithViewer, rideHiddenFrom } from "./block-sql.ts";
import { cancelledByOrganizerSql } from "./cancelled-by.ts";
import { myRequestQuery, requestsQuery, requestViewOf } from "./request-reads.ts";
import { rideGroupOf, rideGroupSql } from "./ride-group.ts";
import { isVerifiedSql } from "./verified-sql.ts";
import { waitingListQuery, waitingPersonOf } from "./waiting-list-sql.ts";

export const rideColumns = {
  id: rides.id,
  title: rides.title,
  description: rides.description,
  city: rides.city,
  startTime: rides.startTime,
  timeZone: rides.timeZone,
  maxParticipants: rides.maxParticipants,
  modality: rides.modality,
  modalities: rides.modalities,
  level: rides.level,
  socialTags: rides.socialTags,
  routeKm: rides.routeKm,
  routeElev: rides.routeElev,
  estimatedMinutes: rides.estimatedMinutes,
  meetingPoint: rides.meetingPoint,
  meetingLat: rides.meetingLat,
  meetingLon: rides.meetingLon,
  joinMode: rides.joinMode,
  verifiedOnly: rides.verifiedOnly,
  meetingAreaLat: rides.meetingAreaLat,
  meetingAreaLon: rides.meetingAreaLon,
  organizerId: rides.organizerId,
  status: rides.status,
  cancelledAt: rides.cancelledAt,
  cancelReason: rides.cancelReason,
  cancelledByOrganizer: cancelledByOrganizerSql.as("cancelled_by_organizer"),
  routeGpxKey: rides.routeGpxKey,
  routeFileName: rides.routeFileName,
  seriesId: rides.seriesId,
  seriesIndex: rides.seriesIndex,
  seriesEveryWeeks: rides.seriesEveryWeeks,
  groupOnly: rides.groupOnly,
  groupRef: rideGroupSql.as("group_ref"),
  organizerUsername: profiles.username,
  organizerAvatarKey: profiles.avatarKey,
  organizerAvatarUrl: profiles.avatarUrl,
  organizerVerified: isVerifiedSql(rides.organizerId).as("organizer_verified"),
};

export function ridesWithOrganizer(db: Database) {
  return db
    .select(rideColumns)
    .from(rides)
    .leftJoin(profiles, eq(profiles.userId, rides.organizerId))
    .$dynamic();
}

export type RideRow = Awaited<ReturnType<ReturnType<typeof ridesWithOrganizer>["all"]>>[number];

/**
 * What participantsJson puts in each element:
 * [userId, username, avatarKey, avatarUrl, rodeWith, joinedAt, hidden, verified].
 */
type Maybe = string | null;
type ParticipantTuple = [string, Maybe, Maybe, Maybe, number, number, number, number];

/** 1 when the viewer has recorded that she rode with this rider, else 0. */
function viewerRodeWith(viewerId: string, userId: SQLWrapper) {
  return sql<number>`exists ${subquery`select 1 from ${rodeWith} ${rode}
    where ${rode.userId} = ${viewerId} and ${rode.otherUserId} = ${userId}`}`;
}

const rode = alias(rodeWith, "w");
const member = alias(rideParticipants, "p");
const memberProfile = alias(profiles, "pr");

export function participantsJson(rideId: SQLWrapper, viewerId: string) {
  return subquery<string>`select json_group_array(json_array(${member.userId}, ${memberProfile.username},
      ${memberProfile.avatarKey}, ${memberProfile.avatarUrl}, ${viewerRodeWith(viewerId, member.userId)},
      ${member.joinedAt}, ${blockedWithViewer(viewerId, member.userId)}, ${isVerifiedSql(member.userId)}))
    from ${rideParticipants} ${member} left join ${profiles} ${memberProfile} on ${memberProfile.userId} = ${member.userId}
    where ${member.rideId} = ${rideId}`;
}

/** Decodes participantsJson, in joining order (as participantsQuery orders them). */
export function participantsFromJson(rideId: string, json: string): ParticipantRow[] {
  const tuples = JSON.parse(json) as ParticipantTuple[];
  tuples.sort((a, b) => a[5] - b[5] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return tuples.map(([userId, username, avatarKey, avatarUrl, rodeWith, , hidden, verified]) => ({
    rideId,
    userId,
    username,
    avatarKey,
    avatarUrl,
    verified: verified === 1,
    rodeWith,
    hidden,
  }));
}

/** Participants of a set of rides, with profile and whether the viewer rode with each. */
export function participantsQuery(db: Database, rideIds: string[] | SQLWrapper, viewerId: string) {
  return db
    .select({
      rideId: rideParticipants.rideId,
      userId: rideParticipants.userId,
      username: profiles.username,
      avatarKey: profiles.avatarKey,
      avatarUrl: profiles.avatarUrl,
      verified: isVerifiedSql(rideParticipants.userId),
      rodeWith: viewerRodeWith(viewerId, rideParticipants.userId),
      // A rider she and this one blocked (both already in the ride): counted, never shown.
      hidden: blockedWithViewer(viewerId, rideParticipants.userId).mapWith(Number),
    })
    .from(rideParticipants)
    .leftJoin(profiles, eq(profiles.userId, rideParticipants.userId))
    .where(inArray(rideParticipants.rideId, rideIds))
    .orderBy(
      asc(rideParticipants.rideId),
      asc(rideParticipants.joinedAt),
      asc(rideParticipants.userId),
    );
}

export type ParticipantRow = Awaited<
  ReturnType<ReturnType<typeof participantsQuery>["all"]>
>[number];

function organizerOf(row: RideRow): RidePerson {
  return {
    id: row.organizerId,
    username: organizerName(row.organizerUsername),
    avatarKey: row.organizerAvatarKey ?? DEFAULT_AVATAR_KEY,
    avatarUrl: row.organizerAvatarUrl ?? null,
    verified: Boolean(row.organizerVerified),
  };
}

/** What a card shows of the ride's waiting list; position 0 means she is not on it. */
interface WaitingSummary {
  count: number;
  position: number;
}

/** What a card shows of an approval ride's requests. */
export interface RequestSummary {
  /** Its pending requests (shown to the organizer only). */
  pending: number;
  /** Her own request's stored status. */
  mine: "pending" | "declined" | null;
}

export const NO_REQUESTS: RequestSummary = { pending: 0, mine: null };

/**
 * The meeting point as the viewer may see it (docs/product.md#join-by-approval): on an approval
 * ride only its group (the organizer and the participants) gets the text and the pin; everyone
 * else the approximate area. The one place every card, detail and search answer is built from, so
 * no answer can carry the exact point to someone outside the group.
 */
export function meetingPlaceFor(row: RideRow, inGroup: boolean) {
  const pin =
    row.meetingLat !== null && row.meetingLon !== null
      ? { lat: row.meetingLat, lon: row.meetingLon }
      : null;
  if (row.joinMode === "open" || inGroup) {
    return { meetingPoint: row.meetingPoint, meetingPin: pin, meetingArea: null };
  }
  const area =
    pin && row.meetingAreaLat !== null && row.meetingAreaLon !== null
      ? meetingAreaOf({ lat: row.meetingAreaLat, lon: row.meetingAreaLon })
      : null;
  return { meetingPoint: null, meetingPin: null, meetingArea: area };
}

/** Where 'Cerca de mí' measures the ride from: the pin, or an approval ride's area centre. */
export function nearPointOf(row: RideRow) {
  if (row.meetingLat === null || row.meetingLon === null) return null;
  if (row.joinMode === "approval" && row.meetingAreaLat !== null && row.meetingAreaLon !== null) {
    return { lat: row.meetingAreaLat, lon: row.meetingAreaLon };
  }
  return { lat: row.meetingLat, lon: row.meetingLon };
}

function requestStatusOf(row: RideRow, mine: RequestSummary["mine"], now: number) {
  if (mine === "pending" && hasStarted(row.startTime, now)) return "expired" as RequestStatus;
  return mine;
}

/**
 * A card for the viewer. `members` are all the ride's riders: the count and her own place are
 * theirs; the riders she and they blocked are left out of what is shown (docs/product.md#blocking).
 */
export function summaryOf(
  row: RideRow,
  members: ParticipantRow[],
  viewerId: string,
  waiting: WaitingSummary,
  requests: RequestSummary = NO_REQUESTS,
  now: number = Date.now(),
): RideSummary {
  const shown = members.filter((m) => !m.hidden);
  const joined = members.some((m) => m.userId === viewerId);
  const isOrganizer = row.organizerId === viewerId;
  const participantIds = shown.map((m) => m.userId);
  const rodeWith = shown.filter((m) => m.userId !== viewerId && Boolean(m.rodeWith));
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    city: row.city,
    startTime: row.startTime,
    timeZone: row.timeZone,
    maxParticipants: row.maxParticipants,
    capacity: capacityOf(row.maxParticipants),
    modality: row.modality,
    modalities: row.modalities,
    level: row.level,
    socialTags: row.socialTags,
    routeKm: row.routeKm,
    routeElev: row.routeElev,
    ...meetingPlaceFor(row, joined || isOrganizer),
    joinMode: row.joinMode,
    verifiedOnly: row.verifiedOnly,
    pendingRequests: isOrganizer && !hasStarted(row.startTime, now) ? Number(requests.pending) : 0,
    estimatedMinutes: rideEstimatedMinutes(row),
    distanceKm: null,
    status: row.status,
    cancelledAt: row.cancelledAt,
    cancelReason: row.cancelReason,
    cancelledByOrganizer: row.cancelledByOrganizer === 1,
    hasRoute: row.routeGpxKey !== null,
    series:
      row.seriesId !== null
        ? { id: row.seriesId, everyWeeks: row.seriesEveryWeeks === 2 ? 2 : 1 }
        : null,
    group: rideGroupOf(row),
    organizer: organizerOf(row),
    participantIds,
    participantCount: members.length,
    waitingCount: Number(waiting.count),
    viewer: {
      joined,
      isOrganizer,
      rodeWithCount: rodeWith.length,
      rodeWith: rodeWith.map(personOf),
      waitingPosition: Number(waiting.position) > 0 ? Number(waiting.position) : null,
      request: joined ? null : requestStatusOf(row, requests.mine, now),
    },
  };
}

function personOf(member: ParticipantRow): RidePerson {
  return {
    id: member.userId,
    username: participantName(member.username),
    avatarKey: member.avatarKey ?? DEFAULT_AVATAR_KEY,
    avatarUrl: member.avatarUrl ?? null,
    verified: Boolean(member.verified),
  };
}

export function groupByRide(members: ParticipantRow[]) {
  const byRide = new Map<string, ParticipantRow[]>();
  for (const member of members) {
    const list = byRide.get(member.rideId) ?? [];
    list.push(member);
    byRide.set(member.rideId, list);
  }
  return byRide;
}

/**
 * The ride as `viewerId` may see it: null when it does not exist or a block hides it from her
 * (the same answer, docs/product.md#blocking). Without a viewer (the worker's own bookkeeping),
 * any ride.
 */
export async function findRideRow(db: Database, rideId: string, viewerId?: string) {
  const [row] = await rideRowStatements.all(
    db,
    { rideId, viewer: viewerId || undefined },
    rideRowQuery,
  );
  return row ?? null;
}

/**
 * A ride's screen, read on every visit to it and on every ride route: its statements are written
 * once per isolate and shape (ADR 0045), with a viewer or without.
 */
const rideRowStatements = new StatementCache<RideRowParams>(2);
const rideDetailStatements = new StatementCache<RideDetailParams>(2);

interface RideRowParams {
  rideId: string;
  viewer?: string | undefined;
}

interface RideDetailParams {
  rideId: string;
  viewer: string;
  /** The organizer's clock for her pending requests; absent for anyone else (none listed). */
  now?: number | undefined;
}

export function rideRowQuery(db: Database, p: RideRowParams) {
  const visible =
    p.viewer === undefined ? undefined : sql`not ${rideHiddenFrom(rides.id, p.viewer)}`;
  return ridesWithOrganizer(db).where(and(eq(rides.id, p.rideId), visible));
}

/** The riders, the waiting list, her request and (the organizer's) the requests: one batch. */
export function rideDetailQueries(db: Database, p: RideDetailParams) {
  return [
    participantsQuery(db, [p.rideId], p.viewer),
    waitingListQuery(db, p.rideId),
    myRequestQuery(db, p.rideId, p.viewer),
    requestsQuery(db, p.rideId, p.now ?? null),
  ] as const;
}

export async function rideDetail(
  db: Database,
  row: RideRow,
  viewerId: string,
): Promise<RideDetail> {
  const now = Date.now();
  const isOrganizer = row.organizerId === viewerId;
  // One round trip: the riders, the waiting list, her request and (hers) the requests.
  const [members, waiting, mine, requests] = await rideDetailStatements.batch(
    db,
    "detail",
    { rideId: row.id, viewer: viewerId, now: isOrganizer ? now : undefined },
    rideDetailQueries,
  );
  // The organizer first, then in joining order.
  const ordered = members
    .filter((m) => !m.hidden)
    .sort((a, b) => Number(b.userId === row.organizerId) - Number(a.userId === row.organizerId));
  const position = waiting.findIndex((w) => w.userId === viewerId) + 1;
  return {
    ...summaryOf(
      row,
      members,
      viewerId,
      { count: waiting.length, position },
      { pending: requests.length, mine: mine[0]?.status ?? null },
      now,
    ),
    participants: ordered.map(personOf),
    routeFileName: isOrganizer ? row.routeFileName : null,
    waitingList: isOrganizer ? waiting.map(waitingPersonOf) : null,
    requests: isOrganizer ? requests.map(requestViewOf) : null,
  };
}

/**
 * How many are in a ride, inside another statement: `rideId` is the outer query's ride column
 * (a correlated count per row) or one ride's id.
 */
export function participantCountOf(rideId: SQLWrapper | string): SQL<number> {
  return subquery<number>`select count(*) from ${rideParticipants}
    where ${eq(rideParticipants.rideId, rideId)}`;
}

export async function participantCount(db: Database, rideId: string): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(rideParticipants)
    .where(eq(rideParticipants.rideId, rideId))
    .get();
  return row?.n ?? 0;
}

export async function isParticipant(db: Database, rideId: string, userId: string) {
  const row = await db
    .select({ one: sql<number>`1` })
    .from(rideParticipants)
    .where(and(eq(rideParticipants.rideId, rideId), eq(rideParticipants.userId, userId)))
    .get();
  return Boolean(row);
}
