// The feed: one page of published rides she may see, with each ride's participants (and her
// "rode with" flag) in ONE statement whatever its rides; search, 'Cerca de mí' and the city
// suggestions. docs/decisions/0002-indexes.md names the index each query uses.
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { normalizeText } from "../../domain/cities.ts";
import type { Level, Modality } from "../../domain/constants.ts";
import { FEED_PAGE_SIZE, NEAR_RADIUS_KM } from "../../domain/constants.ts";
import { distanceKm, type Position } from "../../domain/near.ts";
import { profiles, rides } from "../db/schema.ts";
import {
  offsetOf,
  StatementCache,
  type Viewer,
  viewerValue,
  withOffset,
} from "../db/statements.ts";
import type { Database } from "../env.ts";
import { rideSurelyVisibleTo, rideVisibleTo } from "../ride-core/block-sql.ts";
import {
  nearPointOf,
  participantsFromJson,
  participantsJson,
  rideColumns,
  summaryOf,
} from "../ride-core/read-model.ts";
import { myRequestStatusSql, pendingRequestCountSql } from "../ride-core/request-sql.ts";
import { waitingCountSql, waitingPositionSql } from "../ride-core/waiting-list-sql.ts";
import {
  type NearParams,
  nearestPageQuery,
  nearFirstRadiusKm,
  nearParams,
  rungHolding,
} from "./near.ts";
import { rideRowid, ridesFts } from "./search-index.ts";

/** Trigram search needs 3 characters; shorter queries filter the index-selected rows by LIKE. */
const TRIGRAM_MIN = 3;
const CITY_SUGGESTIONS_MAX = 8;

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
 * What the feed's statement binds, worked out from her filters: the statement itself only places
 * these (worker/db/statements.ts), so its text depends on which filters she set, never on their
 * values, and is written once per isolate for each such combination.
 */
export interface ListingParams {
  viewer: string;
  /** Now, or her 'from' date when later. */
  from: number;
  to?: number | undefined;
  cityKey?: string | undefined;
  levels: Level[];
  modalities: Modality[];
  /** Her text: a trigram phrase (3 characters or more), else a LIKE pattern. */
  phrase?: string | undefined;
  like?: string | undefined;
  /** Rides before the page (offsetOf). */
  offset?: number | undefined;
  near?: NearParams | undefined;
}

export function listingParams(filters: ListFilters, viewerId: string, now: number): ListingParams {
  const text = filters.q ? normalizeText(filters.q) : "";
  return {
    viewer: viewerId,
    from: Math.max(now, filters.fromMs ?? 0),
    to: filters.toMs,
    cityKey: filters.city ? normalizeText(filters.city) : undefined,
    levels: filters.levels,
    modalities: filters.modalities,
    // A phrase query on a trigram index is a substring match.
    phrase: text.length >= TRIGRAM_MIN ? `"${text.replaceAll('"', '""')}"` : undefined,
    like: text.length > 0 && text.length < TRIGRAM_MIN ? `%${escapeLike(text)}%` : undefined,
    offset: offsetOf(filters.page, FEED_PAGE_SIZE),
    near: filters.near ? nearParams(filters.near, filters.page) : undefined,
  };
}

/**
 * Where-clause of the feed: published, from now (or `from`), not hidden from her by a block
 * (docs/product.md#blocking), and the optional filters. With `surely`, only rides she surely
 * sees (rideSurelyVisibleTo): fewer rides, never one she may not see ('Cerca de mí' counts
 * them to size its box).
 */
function listingConditions(p: ListingParams, { surely = false } = {}): SQL {
  const conditions: SQL[] = [
    eq(rides.status, "published"),
    gte(rides.startTime, p.from),
    // Per ride only when she has a block either way: a walk over many candidate rides (a
    // filter, an offset, 'Cerca de mí') costs no lookups for the riders without blocks.
    surely ? rideSurelyVisibleTo(p.viewer) : rideVisibleTo(rides.id, p.viewer),
  ];
  if (p.to !== undefined) conditions.push(lte(rides.startTime, p.to));
  if (p.cityKey !== undefined) conditions.push(eq(rides.cityKey, p.cityKey));
  if (p.levels.length > 0) conditions.push(inArray(rides.level, p.levels));
  if (p.modalities.length > 0) {
    const list = sql.join(
      p.modalities.map((m) => sql`${m}`),
      sql`, `,
    );
    conditions.push(
      sql`exists (select 1 from json_each(${rides.modalities}) where json_each.value in (${list}))`,
    );
  }
  if (p.phrase !== undefined) {
    conditions.push(
      sql`${rideRowid} in (select rowid from ${ridesFts} where ${ridesFts} match ${p.phrase})`,
    );
  }
  if (p.like !== undefined) conditions.push(sql`${rides.searchText} like ${p.like} escape '\\'`);
  return and(...conditions)!;
}

/** One page of the feed (page size + 1 rows, to know whether another page follows). */
export function listingPageQuery(
  db: Database,
  filters: ListFilters,
  viewerId: string,
  now: number,
) {
  return listingPage(db, listingParams(filters, viewerId, now));
}

function listingPage(db: Database, p: ListingParams) {
  if (p.near) return nearPage(db, p, p.near);
  const page = db
    .select({ ...rideColumns, nearDist: sql<number | null>`null`.as("near_dist") })
    .from(rides)
    .leftJoin(profiles, eq(profiles.userId, rides.organizerId))
    .where(listingConditions(p))
    .orderBy(asc(rides.startTime), asc(rides.id))
    .limit(FEED_PAGE_SIZE + 1)
    .$dynamic();
  return withOffset(page, p.offset);
}

/** Any filter beyond the dates from now: it thins the rides out, so the ladder starts wider. */
function nearFiltered(p: ListingParams): boolean {
  return (
    p.to !== undefined ||
    p.cityKey !== undefined ||
    p.levels.length > 0 ||
    p.modalities.length > 0 ||
    p.phrase !== undefined ||
    p.like !== undefined
  );
}

/** The same page ordered by distance ('Cerca de mí'): the nearest rides' rowids, then their rows. */
function nearPage(db: Database, p: ListingParams, near: NearParams) {
  const nearest = nearestPageQuery(
    db,
    near,
    { page: listingConditions(p), box: listingConditions(p, { surely: true }) },
    nearFiltered(p),
  ).as("nearest");
  return db
    .select({ ...rideColumns, nearDist: sql<number | null>`${nearest.nearDist}`.as("near_dist") })
    .from(nearest)
    .innerJoin(rides, sql`"rides"."rowid" = ${nearest.nearRowid}`)
    .leftJoin(profiles, eq(profiles.userId, rides.organizerId))
    .orderBy(asc(nearest.nearDist), asc(rides.startTime), asc(sql`"rides"."rowid"`));
}

/** A page subquery's rows as listingPageQuery selects them (the ride, its organizer, near_dist). */
type CardPage = ReturnType<ReturnType<typeof listingPage>["as"]>;

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
  return listingCards(db, listingParams(filters, viewerId, now));
}

function listingCards(db: Database, p: ListingParams) {
  return cardsQuery(db, listingPage(db, p).as("page"), p.viewer);
}

/** The feed's statement, written once per isolate for each combination of filters. */
const listingStatements = new StatementCache<ListingParams>(200);

/**
 * A card's every part for each ride of `page`, computed for the page's rows only: its riders,
 * the waiting list and her place in it, the requests and hers. The feed's and My Rides' 'A la
 * espera de plaza' (my-rides.ts) come through here. `pendingRequests: false` when she organizes
 * none of the page's rides: the count is shown to the organizer only (summaryOf), so it is 0
 * without its subquery, which every statement prepares anew (ADR 0046).
 */
export function cardsQuery(
  db: Database,
  page: CardPage,
  viewerId: string,
  { pendingRequests = true } = {},
) {
  // drizzle writes page.id as a bare "id" inside sql``, which the waiting list's own id column
  // would capture: qualified by hand.
  const pageId = sql.raw(`"page"."id"`);
  return db
    .select({
      ...page._.selectedFields,
      participants: participantsJson(page.id, viewerId),
      waitingCount: waitingCountSql(pageId),
      waitingPosition: waitingPositionSql(pageId, viewerId),
      pendingRequests: pendingRequests
        ? pendingRequestCountSql(pageId)
        : sql<number>`0`.as("pending_requests"),
      myRequest: myRequestStatusSql(pageId, viewerId),
    })
    .from(page)
    .orderBy(asc(page.nearDist), asc(page.startTime), asc(page.id));
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardsQuery>["all"]>>[number];

/** A cardsQuery row as the card the app shows; `near` adds how far it is ('Cerca de mí'). */
export function cardOf(
  {
    participants,
    waitingCount,
    waitingPosition,
    pendingRequests,
    myRequest,
    nearDist: _,
    ...row
  }: CardRow,
  viewerId: string,
  now: number,
  near?: Position,
) {
  const summary = summaryOf(
    row,
    participantsFromJson(row.id, participants),
    viewerId,
    { count: waitingCount, position: waitingPosition },
    { pending: pendingRequests, mine: myRequest },
    now,
  );
  // 'Cerca de mí': how far her rounded position is from the meeting pin, or from an approval
  // ride's area centre for everyone (the order and the km never tell the pin, ADR 0036).
  const point = nearPointOf(row);
  return near && point ? { ...summary, distanceKm: distanceKm(near, point) } : summary;
}

/**
 * 'Cerca de mí' pages asked in this isolate (her filters, rounded position and page) and the
 * ladder's rung that held each last time, at most NEAR_GUESSES_MAX (the oldest forgotten first).
 * Asked again, such a page reads that box at once, without the ladder's counts (about a sixth of
 * the statement's time, docs/benchmarks.md); the rows are kept only if the box held a full page.
 */
const nearGuesses = new Map<string, number>();
const NEAR_GUESSES_MAX = 2_000;

/** A page of the feed for `viewer`: her id, or her session to read in the same round trip. */
export async function listRides(db: Database, filters: ListFilters, viewer: Viewer, now: number) {
  const params = listingParams(filters, viewerValue(viewer), now);
  const read = async (who: Viewer, near: NearParams | undefined) => {
    const {
      viewerId,
      results: [rows],
    } = await listingStatements.batchFor(
      db,
      who,
      "feed",
      { ...params, viewer: viewerValue(who), near },
      (template, p) => [listingCards(template, p)] as const,
      // 'Cerca de mí' counts its small box up to a number that grows with the page: written into
      // its LIMIT (one statement per page), SQLite's plan for that count is about 40 % cheaper
      // on the bench's data than for a bound one (withConstantLimits, worker/db/statements.ts).
      // A guessed box's radius is one of the ladder's own constants.
      ["near.needed", "near.radiusKm"],
    );
    return { viewerId, rows };
  };
  const { viewerId, rows } = params.near
    ? await readNear(params, params.near, JSON.stringify(filters), viewer, read)
    : await read(viewer, undefined);
  return {
    rides: rows.slice(0, FEED_PAGE_SIZE).map((row) => cardOf(row, viewerId, now, filters.near)),
    hasMore: rows.length > FEED_PAGE_SIZE,
  };
}

/**
 * A 'Cerca de mí' page: from the box that held it last time in this isolate when there is one,
 * else through the ladder. A box that holds `needed` rides she may see holds the nearest
 * `needed`, so a full page from it is the page; a shorter one may be missing rides beyond it
 * (unless it is the whole radius's last page): read again through the ladder, a second trip.
 */
async function readNear<Row extends { nearDist: number | null }>(
  params: ListingParams,
  near: NearParams,
  key: string,
  viewer: Viewer,
  read: (who: Viewer, near: NearParams) => Promise<{ viewerId: string; rows: Row[] }>,
) {
  const guess = nearGuesses.get(key);
  let answer = await read(viewer, guess === undefined ? near : { ...near, radiusKm: guess });
  const full = answer.rows.length > FEED_PAGE_SIZE;
  if (guess !== undefined && !full && guess < NEAR_RADIUS_KM) {
    answer = await read(answer.viewerId, near);
  }
  rememberNearBox(key, answer.rows, params);
  return answer;
}

/**
 * The ladder's smallest rung that holds the page's last ride (its `needed`-th), or the whole
 * radius when the page is short (the ladder reached it).
 */
function rememberNearBox(key: string, rows: { nearDist: number | null }[], p: ListingParams) {
  const near = p.near!;
  const last = rows.length > FEED_PAGE_SIZE ? rows[FEED_PAGE_SIZE]!.nearDist : null;
  const radius =
    last === null
      ? NEAR_RADIUS_KM
      : rungHolding(last, nearFirstRadiusKm(nearFiltered(p), near.needed));
  nearGuesses.delete(key);
  if (nearGuesses.size >= NEAR_GUESSES_MAX) {
    nearGuesses.delete(nearGuesses.keys().next().value as string);
  }
  nearGuesses.set(key, radius);
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
    rideVisibleTo(rides.id, viewerId),
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
