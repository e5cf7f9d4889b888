// drizzle queries of the rides area. Every list costs a fixed number of D1 round trips whatever
// its rides: the feed page and its participants (with the viewer's "rode with" flag) are one
// statement, a My Rides page with its counts and participants one batch.
// docs/decisions/0002-indexes.md names the index each one uses.
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  lte,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { RideDetail, RidePerson, RideSummary } from "../../domain/api/rides.ts";
import { normalizeText } from "../../domain/cities.ts";
import type { Level, Modality } from "../../domain/constants.ts";
import {
  DEFAULT_AVATAR_KEY,
  DEFAULT_MAX_PARTICIPANTS,
  FEED_PAGE_SIZE,
} from "../../domain/constants.ts";
import { organizerName, participantName } from "../../domain/display.ts";
import { MSG } from "../../domain/messages.ts";
import { distanceKm, type Position } from "../../domain/near.ts";
import type { RideInput } from "../../domain/schemas.ts";
import { capacityOf } from "../../domain/time.ts";
import { blockedBetween, rideHiddenFrom } from "../blocks/sql.ts";
import { INSERT_MESSAGE, MESSAGE_KIND } from "../chat/queries.ts";
import { runSql } from "../db/client.ts";
import {
  profiles,
  rideMessages,
  rideParticipants,
  rides,
  rideWaitingList,
  rodeWith,
} from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import {
  NO_PROMOTION,
  oneRide,
  type Promotion,
  promotionOf,
  promotionQueries,
} from "../waiting-list/promotion.ts";
import {
  clearedEntries,
  clearWaitingListsOfCancelled,
  waitingCountSql,
  waitingListQuery,
  waitingPersonOf,
  waitingPositionSql,
} from "../waiting-list/sql.ts";
import { cancelledByOrganizerSql } from "./cancelled-by.ts";
import { hiddenUnlessNoBlocks, nearestPageQuery } from "./near.ts";
import { rideRowid, ridesFts } from "./search-index.ts";

/** Trigram search needs 3 characters; shorter queries filter the index-selected rows by LIKE. */
const TRIGRAM_MIN = 3;
const CITY_SUGGESTIONS_MAX = 8;

const rideColumns = {
  id: rides.id,
  title: rides.title,
  description: rides.description,
  city: rides.city,
  startTime: rides.startTime,
  maxParticipants: rides.maxParticipants,
  modality: rides.modality,
  modalities: rides.modalities,
  level: rides.level,
  socialTags: rides.socialTags,
  routeKm: rides.routeKm,
  routeElev: rides.routeElev,
  meetingPoint: rides.meetingPoint,
  meetingLat: rides.meetingLat,
  meetingLon: rides.meetingLon,
  organizerId: rides.organizerId,
  status: rides.status,
  cancelledAt: rides.cancelledAt,
  cancelReason: rides.cancelReason,
  cancelledByOrganizer: cancelledByOrganizerSql.as("cancelled_by_organizer"),
  routeGpxKey: rides.routeGpxKey,
  routeFileName: rides.routeFileName,
  organizerUsername: profiles.username,
  organizerAvatarKey: profiles.avatarKey,
  organizerAvatarUrl: profiles.avatarUrl,
};

function ridesWithOrganizer(db: Database) {
  return db
    .select(rideColumns)
    .from(rides)
    .leftJoin(profiles, eq(profiles.userId, rides.organizerId))
    .$dynamic();
}

export type RideRow = Awaited<ReturnType<ReturnType<typeof ridesWithOrganizer>["all"]>>[number];

export interface ListFilters {
  q?: string | undefined;
  city?: string | undefined;
  modalities: Modality[];
  levels: Level[];
  fromMs?: number | undefined;
  toMs?: number | undefined;
  page: number;
  /** 'Cerca de mí': her rounded position; the page is then ordered by distance from it. */
  near?: Position | undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * Where-clause of the feed: published, from now (or `from`), not hidden from her by a block
 * (docs/product.md#blocking), and the optional filters.
 */
export function listingConditions(
  filters: ListFilters,
  viewerId: string,
  now: number,
  notHidden: SQL = sql`not ${rideHiddenFrom(rides.id, viewerId)}`,
): SQL {
  const conditions: SQL[] = [
    eq(rides.status, "published"),
    gte(rides.startTime, Math.max(now, filters.fromMs ?? 0)),
    notHidden,
  ];
  if (filters.toMs !== undefined) conditions.push(lte(rides.startTime, filters.toMs));
  if (filters.city) conditions.push(eq(rides.cityKey, normalizeText(filters.city)));
  if (filters.levels.length > 0) conditions.push(inArray(rides.level, filters.levels));
  if (filters.modalities.length > 0) {
    const list = sql.join(
      filters.modalities.map((m) => sql`${m}`),
      sql`, `,
    );
    conditions.push(
      sql`exists (select 1 from json_each(${rides.modalities}) where json_each.value in (${list}))`,
    );
  }
  const text = filters.q ? normalizeText(filters.q) : "";
  if (text.length >= TRIGRAM_MIN) {
    // A phrase query on a trigram index is a substring match.
    const phrase = `"${text.replaceAll('"', '""')}"`;
    conditions.push(
      sql`${rideRowid} in (select rowid from ${ridesFts} where ${ridesFts} match ${phrase})`,
    );
  } else if (text.length > 0) {
    conditions.push(sql`${rides.searchText} like ${`%${escapeLike(text)}%`} escape '\\'`);
  }
  return and(...conditions)!;
}

/** One page of the feed (page size + 1 rows, to know whether another page follows). */
export function listingPageQuery(
  db: Database,
  filters: ListFilters,
  viewerId: string,
  now: number,
) {
  if (filters.near) return nearPageQuery(db, { ...filters, near: filters.near }, viewerId, now);
  return db
    .select({ ...rideColumns, nearDist: sql<number | null>`null`.as("near_dist") })
    .from(rides)
    .leftJoin(profiles, eq(profiles.userId, rides.organizerId))
    .where(listingConditions(filters, viewerId, now))
    .orderBy(asc(rides.startTime), asc(rides.id))
    .limit(FEED_PAGE_SIZE + 1)
    .offset(filters.page * FEED_PAGE_SIZE);
}

/** The same page ordered by distance ('Cerca de mí'): the nearest rides' rowids, then their rows. */
function nearPageQuery(
  db: Database,
  filters: ListFilters & { near: Position },
  viewerId: string,
  now: number,
) {
  const conditions = listingConditions(filters, viewerId, now, hiddenUnlessNoBlocks(viewerId));
  const nearest = nearestPageQuery(db, filters.near, conditions, filters.page).as("nearest");
  return db
    .select({ ...rideColumns, nearDist: sql<number | null>`${nearest.nearDist}`.as("near_dist") })
    .from(nearest)
    .innerJoin(rides, sql`"rides"."rowid" = ${nearest.nearRowid}`)
    .leftJoin(profiles, eq(profiles.userId, rides.organizerId))
    .orderBy(asc(nearest.nearDist), asc(rides.startTime), asc(sql`"rides"."rowid"`));
}

/**
 * One page of the feed with each ride's participants, in ONE statement (one D1 round trip): the
 * page as a subquery, then per ride a JSON array of its participants (participantsJson), so the
 * participants are read only for the rides shown, never for the rows an offset skips.
 */
export function listingWithParticipantsQuery(
  db: Database,
  filters: ListFilters,
  viewerId: string,
  now: number,
) {
  const page = listingPageQuery(db, filters, viewerId, now).as("page");
  // drizzle writes page.id as a bare "id" inside sql``, which the waiting list's own id column
  // would capture: qualified by hand.
  const pageId = sql.raw(`"page"."id"`);
  return db
    .select({
      ...page._.selectedFields,
      participants: participantsJson(page.id, viewerId),
      waitingCount: waitingCountSql(pageId),
      waitingPosition: waitingPositionSql(pageId, viewerId),
    })
    .from(page)
    .orderBy(asc(page.nearDist), asc(page.startTime), asc(page.id));
}

/**
 * What participantsJson puts in each element:
 * [userId, username, avatarKey, avatarUrl, rodeWith, joinedAt, hidden].
 */
type ParticipantTuple = [
  string,
  string | null,
  string | null,
  string | null,
  number,
  number,
  number,
];

/** 1 when the viewer has recorded that she rode with this rider, else 0. */
function viewerRodeWith(viewerId: string, userId: SQLWrapper) {
  return sql<number>`exists ${subquery`select 1 from ${rodeWith} ${rode}
    where ${rode.userId} = ${viewerId} and ${rode.otherUserId} = ${userId}`}`;
}

const rode = alias(rodeWith, "w");
const member = alias(rideParticipants, "p");
const memberProfile = alias(profiles, "pr");

function participantsJson(rideId: SQLWrapper, viewerId: string) {
  return subquery<string>`select json_group_array(json_array(${member.userId}, ${memberProfile.username},
      ${memberProfile.avatarKey}, ${memberProfile.avatarUrl}, ${viewerRodeWith(viewerId, member.userId)},
      ${member.joinedAt}, ${blockedBetween(viewerId, member.userId)}))
    from ${rideParticipants} ${member} left join ${profiles} ${memberProfile} on ${memberProfile.userId} = ${member.userId}
    where ${member.rideId} = ${rideId}`;
}

/** Decodes participantsJson, in joining order (as participantsQuery orders them). */
function participantsFromJson(rideId: string, json: string): ParticipantRow[] {
  const tuples = JSON.parse(json) as ParticipantTuple[];
  tuples.sort((a, b) => a[5] - b[5] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return tuples.map(([userId, username, avatarKey, avatarUrl, rodeWith, , hidden]) => ({
    rideId,
    userId,
    username,
    avatarKey,
    avatarUrl,
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
      rodeWith: viewerRodeWith(viewerId, rideParticipants.userId),
      // A rider she and this one blocked (both already in the ride): counted, never shown.
      hidden: blockedBetween(viewerId, rideParticipants.userId).mapWith(Number),
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

type ParticipantRow = Awaited<ReturnType<ReturnType<typeof participantsQuery>["all"]>>[number];

function organizerOf(row: RideRow): RidePerson {
  return {
    id: row.organizerId,
    username: organizerName(row.organizerUsername),
    avatarKey: row.organizerAvatarKey ?? DEFAULT_AVATAR_KEY,
    avatarUrl: row.organizerAvatarUrl ?? null,
  };
}

/** What a card shows of the ride's waiting list; position 0 means she is not on it. */
interface WaitingSummary {
  count: number;
  position: number;
}

/**
 * A card for the viewer. `members` are all the ride's riders: the count and her own place are
 * theirs; the riders she and they blocked are left out of what is shown (docs/product.md#blocking).
 */
function summaryOf(
  row: RideRow,
  members: ParticipantRow[],
  viewerId: string,
  waiting: WaitingSummary,
): RideSummary {
  const shown = members.filter((m) => !m.hidden);
  const participantIds = shown.map((m) => m.userId);
  const rodeWith = shown.filter((m) => m.userId !== viewerId && Boolean(m.rodeWith));
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    city: row.city,
    startTime: row.startTime,
    maxParticipants: row.maxParticipants,
    capacity: capacityOf(row.maxParticipants),
    modality: row.modality,
    modalities: row.modalities,
    level: row.level,
    socialTags: row.socialTags,
    routeKm: row.routeKm,
    routeElev: row.routeElev,
    meetingPoint: row.meetingPoint,
    meetingPin:
      row.meetingLat !== null && row.meetingLon !== null
        ? { lat: row.meetingLat, lon: row.meetingLon }
        : null,
    distanceKm: null,
    status: row.status,
    cancelledAt: row.cancelledAt,
    cancelReason: row.cancelReason,
    cancelledByOrganizer: row.cancelledByOrganizer === 1,
    hasRoute: row.routeGpxKey !== null,
    organizer: organizerOf(row),
    participantIds,
    participantCount: members.length,
    waitingCount: Number(waiting.count),
    viewer: {
      joined: members.some((m) => m.userId === viewerId),
      isOrganizer: row.organizerId === viewerId,
      rodeWithCount: rodeWith.length,
      rodeWith: rodeWith.map(personOf),
      waitingPosition: Number(waiting.position) > 0 ? Number(waiting.position) : null,
    },
  };
}

function personOf(member: ParticipantRow): RidePerson {
  return {
    id: member.userId,
    username: participantName(member.username),
    avatarKey: member.avatarKey ?? DEFAULT_AVATAR_KEY,
    avatarUrl: member.avatarUrl ?? null,
  };
}

function groupByRide(members: ParticipantRow[]) {
  const byRide = new Map<string, ParticipantRow[]>();
  for (const member of members) {
    const list = byRide.get(member.rideId) ?? [];
    list.push(member);
    byRide.set(member.rideId, list);
  }
  return byRide;
}

export async function listRides(db: Database, filters: ListFilters, viewerId: string, now: number) {
  const rows = await listingWithParticipantsQuery(db, filters, viewerId, now).all();
  const hasMore = rows.length > FEED_PAGE_SIZE;
  const page = rows.slice(0, FEED_PAGE_SIZE);
  return {
    rides: page.map(({ participants, waitingCount, waitingPosition, nearDist: _, ...row }) => {
      const summary = summaryOf(row, participantsFromJson(row.id, participants), viewerId, {
        count: waitingCount,
        position: waitingPosition,
      });
      // 'Cerca de mí': how far her rounded position is from the meeting pin ('a 3 km').
      const near = filters.near;
      return near && summary.meetingPin
        ? { ...summary, distanceKm: distanceKm(near, summary.meetingPin) }
        : summary;
    }),
    hasMore,
  };
}

/**
 * Cities of upcoming published rides she may see (distinct, sorted, at most 8), optionally
 * containing q: a city only a blocked rider's rides bring is not suggested either.
 */
export function citySuggestionsQuery(
  db: Database,
  q: string | undefined,
  viewerId: string,
  now: number,
) {
  const conditions: SQL[] = [
    eq(rides.status, "published"),
    gte(rides.startTime, now),
    sql`not ${rideHiddenFrom(rides.id, viewerId)}`,
  ];
  const text = q ? normalizeText(q) : "";
  // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes ("pattern too complex"), which a
  // long city name in accented letters reaches.
  if (text) conditions.push(sql`instr(${rides.cityKey}, ${text}) > 0`);
  return db
    .select({ city: sql<string>`min(${rides.city})` })
    .from(rides)
    .where(and(...conditions))
    .groupBy(rides.cityKey)
    .orderBy(asc(rides.cityKey))
    .limit(CITY_SUGGESTIONS_MAX);
}

/**
 * The ride as `viewerId` may see it: null when it does not exist or a block hides it from her
 * (the same answer, docs/product.md#blocking). Without a viewer (the worker's own bookkeeping),
 * any ride.
 */
export async function findRideRow(db: Database, rideId: string, viewerId?: string) {
  const visible = viewerId ? sql`not ${rideHiddenFrom(rides.id, viewerId)}` : undefined;
  return (
    (await ridesWithOrganizer(db)
      .where(and(eq(rides.id, rideId), visible))
      .get()) ?? null
  );
}

export async function rideDetail(
  db: Database,
  row: RideRow,
  viewerId: string,
): Promise<RideDetail> {
  // One round trip: the riders and the waiting list.
  const [members, waiting] = await db.batch([
    participantsQuery(db, [row.id], viewerId),
    waitingListQuery(db, row.id),
  ]);
  // The organizer first, then in joining order.
  const ordered = members
    .filter((m) => !m.hidden)
    .sort((a, b) => Number(b.userId === row.organizerId) - Number(a.userId === row.organizerId));
  const position = waiting.findIndex((w) => w.userId === viewerId) + 1;
  return {
    ...summaryOf(row, members, viewerId, { count: waiting.length, position }),
    participants: ordered.map(personOf),
    routeFileName: row.organizerId === viewerId ? row.routeFileName : null,
    waitingList: row.organizerId === viewerId ? waiting.map(waitingPersonOf) : null,
  };
}

/** Columns written from the validated form. */
export function rideValues(input: RideInput) {
  return {
    title: input.title,
    description: input.description,
    city: input.city,
    cityKey: normalizeText(input.city),
    searchText: normalizeText(`${input.title} ${input.city}`),
    startTime: Date.parse(input.startTime),
    maxParticipants: input.maxParticipants,
    modality: input.modalities[0]!,
    modalities: input.modalities,
    level: input.level,
    socialTags: input.socialTags,
    routeKm: input.distanceKm,
    routeElev: input.elevationM,
    meetingPoint: input.meetingPoint,
    // Left out (an older client's edit): the stored pin stays.
    ...(input.meetingPin === undefined
      ? {}
      : { meetingLat: input.meetingPin?.lat ?? null, meetingLon: input.meetingPin?.lon ?? null }),
  };
}

/**
 * Creates the ride (published) and its organizer's participation in one transaction. With a
 * create key another ride of hers already holds, the unique index turns the insert into a no-op
 * and the participation, which copies the new row, inserts nothing: returns false then.
 */
export async function insertRide(
  db: Database,
  values: {
    id: string;
    organizerId: string;
    createKey: string | null;
    routeGpxKey: string | null;
    routeFileName: string | null;
    now: number;
  },
  input: RideInput,
): Promise<boolean> {
  const [ride] = await db.batch([
    db
      .insert(rides)
      .values({
        ...rideValues(input),
        id: values.id,
        organizerId: values.organizerId,
        createKey: values.createKey,
        routeGpxKey: values.routeGpxKey,
        routeFileName: values.routeFileName,
        status: "published",
        createdAt: values.now,
      })
      .onConflictDoNothing({ target: [rides.organizerId, rides.createKey] }),
    runSql(
      db,
      sql`insert into ${rideParticipants} (${columnNames(rideParticipants.rideId, rideParticipants.userId, rideParticipants.joinedAt)})
        select ${rides.id}, ${rides.organizerId}, ${values.now} from ${rides} where ${eq(rides.id, values.id)}`,
    ),
  ]);
  return ride.meta.changes > 0;
}

/** Her ride created with this key (rides_organizer_create_key_unique). */
export function rideByCreateKeyQuery(db: Database, organizerId: string, createKey: string) {
  return ridesWithOrganizer(db).where(
    and(eq(rides.organizerId, organizerId), eq(rides.createKey, createKey)),
  );
}

export async function findRideByCreateKey(db: Database, organizerId: string, createKey: string) {
  return (await rideByCreateKeyQuery(db, organizerId, createKey).get()) ?? null;
}

/** A system chat notice, inserted only when someone other than the organizer participates. */
export function systemNoticeWhenOthers(notice: {
  id: string;
  rideId: string;
  organizerId: string;
  body: string;
  now: number;
}) {
  return sql`${INSERT_MESSAGE}
    select ${notice.id}, ${notice.rideId}, null, ${MESSAGE_KIND.system}, ${notice.body}, ${notice.now}
    where exists ${subquery`select 1 from ${rideParticipants}
      where ${rideParticipants.rideId} = ${notice.rideId} and ${rideParticipants.userId} != ${notice.organizerId}`}`;
}

/**
 * Her edit and its chat notice, in one batch. The edit applies only while the ride is still
 * hers, not cancelled and has no more riders than the new cap: the route counted before, but a
 * join (or a cancel) can land in between, and the check here runs in the same statement as the
 * write. Returns false when nothing was changed (the notice is then not posted either).
 */
export async function updateRide(
  db: Database,
  change: {
    rideId: string;
    organizerId: string;
    routeGpxKey: string | null;
    routeFileName: string | null;
    noticeId: string;
    now: number;
  },
  input: RideInput,
): Promise<{ edited: boolean; promotion: Promotion }> {
  const stillEditable = and(
    eq(rides.id, change.rideId),
    eq(rides.organizerId, change.organizerId),
    ne(rides.status, "cancelled"),
    sql`${participantCountOf(change.rideId)} <= ${capacityOf(input.maxParticipants)}`,
  );
  const [edit, , ...promotion] = await db.batch([
    db
      .update(rides)
      .set({
        ...rideValues(input),
        routeGpxKey: change.routeGpxKey,
        routeFileName: change.routeFileName,
        updatedAt: change.now,
      })
      .where(stillEditable),
    // Same batch, same condition: the update above changes none of its columns.
    runSql(
      db,
      sql`${systemNoticeWhenOthers({
        id: change.noticeId,
        rideId: change.rideId,
        organizerId: change.organizerId,
        body: MSG.systemEditNotice,
        now: change.now,
      })} and exists ${subquery`select 1 from ${rides} where ${stillEditable}`}`,
    ),
    // A raised cap frees places: the first in line get them in this transaction.
    ...promotionQueries(db, oneRide(change.rideId), change.now),
  ]);
  return { edited: edit.meta.changes > 0, promotion: promotionOf(promotion) };
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

/**
 * The atomic join: one conditional INSERT … SELECT that only inserts while the ride is
 * published, not started, below capacity and not hidden from her by a block (nobody in it and
 * she blocked each other). D1 runs each statement serially, so concurrent joins can never
 * overbook. last_seen_at is null when the chat already has messages
 * (docs/product.md#unread-messages). Returns true when she was added.
 */
export async function joinRideAtomically(
  db: Database,
  rideId: string,
  userId: string,
  now: number,
): Promise<boolean> {
  const p = rideParticipants;
  const result =
    await db.run(sql`insert into ${p} (${columnNames(p.rideId, p.userId, p.joinedAt, p.lastSeenAt)})
    select ${rides.id}, ${userId}, ${now},
      case when exists ${subquery`select 1 from ${rideMessages} where ${rideMessages.rideId} = ${rides.id}`}
        then null else ${now} end
    from ${rides}
    where ${rides.id} = ${rideId} and ${eq(rides.status, "published")} and ${rides.startTime} > ${now}
      and ${subquery`select count(*) from ${p} where ${p.rideId} = ${rides.id}`}
        < coalesce(${rides.maxParticipants}, ${DEFAULT_MAX_PARTICIPANTS})
      and not exists ${subquery`select 1 from ${rideWaitingList} where ${rideWaitingList.rideId} = ${rides.id}`}
      and not ${rideHiddenFrom(rides.id, userId)}
    on conflict do nothing`);
  return result.meta.changes > 0;
}

/**
 * Leaves a ride that has not started (never removes the organizer); the place she frees goes to
 * the first in line in the same batch (worker/waiting-list/promotion.ts).
 */
export async function leaveRide(
  db: Database,
  rideId: string,
  userId: string,
  now: number,
): Promise<{ left: boolean; promotion: Promotion }> {
  const [left, ...promotion] = await db.batch([
    db.delete(rideParticipants).where(
      and(
        eq(rideParticipants.rideId, rideId),
        eq(rideParticipants.userId, userId),
        sql`exists ${subquery`select 1 from ${rides} where ${rides.id} = ${rideId}
          and ${rides.startTime} > ${now} and ${ne(rides.status, "cancelled")}
          and (${rides.organizerId} is null or ${rides.organizerId} != ${userId})`}`,
      ),
    ),
    ...promotionQueries(db, oneRide(rideId), now),
  ]);
  const done = left.meta.changes > 0;
  return { left: done, promotion: done ? promotionOf(promotion) : NO_PROMOTION };
}

/**
 * Cancels a future published/closed ride of hers, and empties its waiting list in the same
 * batch: whether it changed, and who was waiting (they are told).
 */
export async function cancelRide(
  db: Database,
  change: { rideId: string; organizerId: string; reason: string | null; now: number },
): Promise<{ cancelled: boolean; waiting: { rideId: string; userId: string }[] }> {
  const cancel = db
    .update(rides)
    .set({
      status: "cancelled",
      cancelledAt: change.now,
      cancelReason: change.reason,
      updatedAt: change.now,
    })
    .where(
      and(
        eq(rides.id, change.rideId),
        eq(rides.organizerId, change.organizerId),
        inArray(rides.status, ["published", "closed"]),
        sql`${rides.startTime} > ${change.now}`,
      ),
    );
  const [result, cleared] = await db.batch([
    cancel,
    runSql(db, clearWaitingListsOfCancelled(sql`(${change.rideId})`)),
  ]);
  return { cancelled: result.meta.changes > 0, waiting: clearedEntries(cleared) };
}

const others = alias(rideParticipants, "p");
const theRide = alias(rides, "r");

/**
 * Deletes her ride with its messages and her participation, only while nobody else
 * participates (checked in every statement, so a join racing the delete wins).
 */
export async function deleteRideIfAlone(db: Database, rideId: string, organizerId: string) {
  const alone = sql`not exists ${subquery`select 1 from ${rideParticipants} ${others}
      where ${others.rideId} = ${rideId} and ${others.userId} != ${organizerId}`}
    and exists ${subquery`select 1 from ${rides} ${theRide}
      where ${theRide.id} = ${rideId} and ${theRide.organizerId} = ${organizerId}`}`;
  const [, , , deleted] = await db.batch([
    db.delete(rideMessages).where(and(eq(rideMessages.rideId, rideId), alone)),
    db.delete(rodeWith).where(and(eq(rodeWith.rideId, rideId), alone)),
    db
      .delete(rideParticipants)
      .where(
        and(eq(rideParticipants.rideId, rideId), eq(rideParticipants.userId, organizerId), alone),
      ),
    db.delete(rides).where(and(eq(rides.id, rideId), eq(rides.organizerId, organizerId), alone)),
  ]);
  return deleted.meta.changes > 0;
}

// ---------- My Rides ----------

export type MyRidesTabName = "upcoming" | "past" | "cancelled";

/**
 * Which tab a participation belongs to, on the ride's start time and status as copied into
 * ride_participants (migration 0004): decided inside ride_participants_user_start_idx, so her
 * rides are read only for the page shown (docs/decisions/0015-her-rides-index.md).
 */
export function myRidesCondition(tab: MyRidesTabName, now: number): SQL {
  const status = rideParticipants.rideStatus;
  const startTime = rideParticipants.rideStartTime;
  switch (tab) {
    case "upcoming":
      return and(inArray(status, ["published", "closed"]), sql`${startTime} > ${now}`)!;
    case "past":
      return and(ne(status, "cancelled"), or(eq(status, "completed"), lte(startTime, now)))!;
    case "cancelled":
      return eq(status, "cancelled");
  }
}

function myRidesOrder(tab: MyRidesTabName) {
  const startTime = rideParticipants.rideStartTime;
  switch (tab) {
    case "upcoming":
      return [asc(startTime), asc(rideParticipants.rideId)];
    case "past":
      return [desc(startTime), asc(rideParticipants.rideId)];
    case "cancelled":
      return [desc(rides.cancelledAt), desc(startTime), asc(rideParticipants.rideId)];
  }
}

/**
 * Her rides, read from her participations outwards: the tab's rows come in order from
 * ride_participants_user_start_idx and only the page's rides are looked up. CROSS JOIN fixes
 * that loop order (SQLite has no statistics here to choose it).
 */
export function myRidesPageQuery(
  db: Database,
  userId: string,
  tab: MyRidesTabName,
  page: number,
  now: number,
) {
  return db
    .select({ ...rideColumns, waitingCount: waitingCountSql(rides.id) })
    .from(rideParticipants)
    .crossJoin(rides)
    .leftJoin(profiles, eq(profiles.userId, rides.organizerId))
    .where(and(myRidesWhere(userId, tab, now), eq(rides.id, rideParticipants.rideId)))
    .orderBy(...myRidesOrder(tab))
    .limit(FEED_PAGE_SIZE + 1)
    .offset(page * FEED_PAGE_SIZE);
}

/** The ids of the same page, as a subquery: her rides' participants come in the same batch. */
function myRidesPageIdsQuery(
  db: Database,
  userId: string,
  tab: MyRidesTabName,
  page: number,
  now: number,
) {
  const base = db.select({ id: rideParticipants.rideId }).from(rideParticipants).$dynamic();
  // Only the cancelled tab orders on a column of rides (cancelled_at); the others read no ride.
  const query =
    tab === "cancelled"
      ? base
          .crossJoin(rides)
          .where(and(myRidesWhere(userId, tab, now), eq(rides.id, rideParticipants.rideId)))
      : base.where(myRidesWhere(userId, tab, now));
  return query
    .orderBy(...myRidesOrder(tab))
    .limit(FEED_PAGE_SIZE + 1)
    .offset(page * FEED_PAGE_SIZE);
}

function myRidesWhere(userId: string, tab: MyRidesTabName, now: number) {
  return and(eq(rideParticipants.userId, userId), myRidesCondition(tab, now));
}

/** The three tab counts, read from her index entries alone (no ride is looked up). */
export function myRidesCountsQuery(db: Database, userId: string, now: number) {
  const countWhere = (condition: SQL) =>
    sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  return db
    .select({
      upcoming: countWhere(myRidesCondition("upcoming", now)),
      past: countWhere(myRidesCondition("past", now)),
      cancelled: countWhere(myRidesCondition("cancelled", now)),
    })
    .from(rideParticipants)
    .where(eq(rideParticipants.userId, userId));
}

export async function myRides(
  db: Database,
  userId: string,
  tab: MyRidesTabName,
  page: number,
  now: number,
) {
  // One round trip: the page, the tab counts and the page's participants in one D1 batch.
  const [rows, countRows, members] = await db.batch([
    myRidesPageQuery(db, userId, tab, page, now),
    myRidesCountsQuery(db, userId, now),
    participantsQuery(db, myRidesPageIdsQuery(db, userId, tab, page, now), userId),
  ]);
  const counts = countRows[0];
  const hasMore = rows.length > FEED_PAGE_SIZE;
  const pageRows = rows.slice(0, FEED_PAGE_SIZE);
  const byRide = groupByRide(members);
  return {
    // She rides each of them, so she is on none of their lists.
    rides: pageRows.map(({ waitingCount, ...row }) =>
      summaryOf(row, byRide.get(row.id) ?? [], userId, { count: waitingCount, position: 0 }),
    ),
    hasMore,
    counts: {
      upcoming: Number(counts?.upcoming ?? 0),
      past: Number(counts?.past ?? 0),
      cancelled: Number(counts?.cancelled ?? 0),
    },
  };
}
