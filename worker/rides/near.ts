// 'Cerca de mí' (docs/product.md#meeting-pin-and-near-me): the listing's page ordered by distance
// from her rounded position, read through rides_status_meeting_pin_idx (status, meeting_lat,
// meeting_lon, start_time, …): a latitude range of that index, the longitude, the start and the
// distance checked inside the index entries, so only the rides in the box around her are considered
// and only the page's rows are read from the table (docs/decisions/0025-near-me.md).
//
// How big a box: a ladder of radii chosen inside the same statement. It starts small and doubles
// until the box holds every ride up to the page's end, at most NEAR_RADIUS_KM. What a walk costs
// grows with the box's height (the index gives a latitude band), so in a dense city the page comes
// from a small box, and in a sparse area the ladder climbs: a climb costs the walks of the smaller
// boxes, each half the next one. The same page asked again in the isolate reads the box that held
// it last time without the ladder (listRides, listing.ts).
import { and, asc, gte, lte, type SQL, sql } from "drizzle-orm";
import { FEED_PAGE_SIZE, MEETING_AREA_OFFSET_KM, NEAR_RADIUS_KM } from "../../domain/constants.ts";
import { KM_PER_DEGREE, nearBox, type Position } from "../../domain/near.ts";
import { rides } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import { offsetOf, withOffset } from "../db/statements.ts";
import type { Database } from "../env.ts";
import { rideRowid } from "./search-index.ts";

/** The index the box is read through (worker/db/schema.ts). */
const PIN_INDEX = "rides_status_meeting_pin_idx";

/**
 * What the near statement binds, worked out from her position and the page (nearParams): every
 * number it uses is one of these, so the statement's text is the same for every position and
 * page (worker/db/statements.ts keeps it written once).
 */
export interface NearParams {
  lat: number;
  lon: number;
  /** Degrees of longitude to degrees of latitude at her latitude. */
  lonScale: number;
  /** Rides up to the page's end, plus one: a box is enough when it holds this many. */
  needed: number;
  /** Rides before the page (offsetOf). */
  offset?: number | undefined;
  /**
   * A radius whose box held this page before (nearGuesses): the box is read at once, without the
   * ladder's counts. Written into the statement's text, as `needed` is.
   */
  radiusKm?: number | undefined;
}

export function nearParams(center: Position, page: number): NearParams {
  return {
    lat: center.lat,
    lon: center.lon,
    lonScale: nearBox(center).lonScale,
    needed: (page + 1) * FEED_PAGE_SIZE + 1,
    offset: offsetOf(page, FEED_PAGE_SIZE),
  };
}

/**
 * The ladder's first radius for the first page. With no filter but the dates from now, a dense
 * city holds a page within a couple of km (from Madrid's centre on the bench's data, the 2 km box
 * holds the first pages); a filter (dates, level, modality, city, text) thins the rides out, and
 * starting at 8 km spares the walks of boxes that would hold too few (docs/benchmarks.md).
 */
export const NEAR_FIRST_RADIUS_KM = { open: 2, filtered: 8 } as const;

/**
 * The ladder's first radius for a page that needs `needed` rides. A box holds about as many rides
 * as its area, so a later page starts wider by the square root of the rides it needs, in half
 * km: page 6 (61 rides) from 4.5 km instead of 2, where it walked the 2 km box only to climb to
 * the 4 km one. `needed` is written into the statement's text (listing.ts), so this is too.
 */
export function nearFirstRadiusKm(filtered: boolean, needed: number): number {
  const base = filtered ? NEAR_FIRST_RADIUS_KM.filtered : NEAR_FIRST_RADIUS_KM.open;
  const radius = base * Math.sqrt(Math.max(1, needed / (FEED_PAGE_SIZE + 1)));
  // A placeholder instead of the number would write NaN into the statement.
  if (!Number.isFinite(radius)) throw new Error("near.needed must be written into the statement");
  return Math.min(NEAR_RADIUS_KM, Math.round(radius * 2) / 2);
}

/** The ladder's rungs: a radius and the bounds of its box, each computed once. */
const RUNG = "near_rung";
const rung = (name: "r" | keyof Bounds) => sql`${sql.identifier(RUNG)}.${sql.identifier(name)}`;

/** The chosen box, one row: its bounds and its radius squared. */
const BOX = "near_box";
const boxColumn = (name: keyof Bounds) => sql`${sql.identifier(BOX)}.${sql.identifier(name)}`;

interface Bounds<T = SQL> {
  latMin: T;
  latMax: T;
  lonMin: T;
  lonMax: T;
  radius2: T;
}

/** Her position, bound once per place that reads it. */
interface Center {
  lat: number;
  lon: number;
  sc: number;
}

/** A constant of our own, written into the statement's text (never a request's value). */
const literal = (n: number) => sql.raw(String(n));

/**
 * Where a ride is measured from: its pin, or on an approval ride its approximate area's centre
 * (docs/product.md#join-by-approval), for everyone, so neither the order nor the distance tells
 * the pin (ADR 0036). Every column is in the index's entries.
 */
const approval = sql`(${rides.joinMode} = 'approval' and ${rides.meetingAreaLat} is not null)`;
const nearLat = sql`(case when ${approval} then ${rides.meetingAreaLat} else ${rides.meetingLat} end)`;
const nearLon = sql`(case when ${approval} then ${rides.meetingAreaLon} else ${rides.meetingLon} end)`;

/** Columns of a walk over a box: her offsets to each ride's measured point, each written once. */
const D_LAT = sql.identifier("near_dlat");
const D_LON = sql.identifier("near_dlon");

/**
 * Her offsets to a ride's measured point, in degrees of latitude (the longitude's scaled), as the
 * columns D_LAT and D_LON of a walk over the index: the distance below reads them instead of
 * writing the measured point's expression four times. Every statement D1 runs is parsed and
 * planned on each request, so its text's length counts (docs/decisions/0046-one-trip-listings.md).
 */
function offsets(center: Center): SQL {
  return sql`(${nearLat} - ${center.lat}) as ${D_LAT}, ((${nearLon} - ${center.lon}) * ${center.sc}) as ${D_LON}`;
}

/**
 * Squared equirectangular distance from her position over a walk's offsets: orders and trims the
 * candidates from the index columns alone (the exact km on the cards is computed in JS).
 */
const distance2 = sql<number>`(${D_LAT} * ${D_LAT} + ${D_LON} * ${D_LON})`;

/**
 * The box of radius `r` around her: the index's range on the pin, widened by the approval area's
 * largest offset so that it holds every ride whose measured point (the pin or the area's centre)
 * is within the radius, checked after.
 */
function boundsOf(r: SQL, center: Center): Bounds {
  const dLat = sql`((${r} + ${literal(MEETING_AREA_OFFSET_KM.max)}) / ${literal(KM_PER_DEGREE)})`;
  const dLon = sql`(${dLat} / ${center.sc})`;
  const radius = sql`(${r} / ${literal(KM_PER_DEGREE)})`;
  return {
    latMin: sql`${center.lat} - ${dLat}`,
    latMax: sql`${center.lat} + ${dLat}`,
    lonMin: sql`${center.lon} - ${dLon}`,
    lonMax: sql`${center.lon} + ${dLon}`,
    radius2: sql`${radius} * ${radius}`,
  };
}

/** Where-conditions of the index's range over a box around her (its distance is checked after). */
function withinBounds(box: Omit<Bounds, "radius2">): SQL {
  return and(
    gte(rides.meetingLat, box.latMin),
    lte(rides.meetingLat, box.latMax),
    gte(rides.meetingLon, box.lonMin),
    lte(rides.meetingLon, box.lonMax),
  )!;
}

/**
 * The ladder's radii: from `firstRadiusKm`, each twice the last, up to NEAR_RADIUS_KM. Constants
 * of our own, written into the statement's text as the first radius is.
 */
export function ladderOf(firstRadiusKm: number): number[] {
  const radii = [firstRadiusKm];
  while (radii.at(-1)! < NEAR_RADIUS_KM) radii.push(Math.min(radii.at(-1)! * 2, NEAR_RADIUS_KM));
  return radii;
}

/**
 * The smallest rung of the ladder from `firstRadiusKm` whose box holds a ride at `dist2` (her
 * squared distance to it in degrees, a page's near_dist), compared as the statement compares.
 */
export function rungHolding(dist2: number, firstRadiusKm: number): number {
  const holds = (r: number) => {
    const radius = r / KM_PER_DEGREE;
    return dist2 <= radius * radius;
  };
  return ladderOf(firstRadiusKm).find(holds) ?? NEAR_RADIUS_KM;
}

/**
 * One row: the bounds of the smallest box of the ladder that holds at least `needed` rides
 * meeting `conditions` (NearConditions.box; or of NEAR_RADIUS_KM). The rungs are a VALUES list in
 * order, each row carrying its bounds, computed once, so a count's walk compares the index
 * entries with them directly; each count stops at `needed`. SQLite reads a VALUES list in its
 * order, and LIMIT 1 ends the read at the first rung that holds enough: a larger rung's count is
 * never run (the tests count the rows each page reads). The row is computed once, before the
 * page's walk, and bounds that walk's index range.
 */
function chosenBox(near: NearParams, conditions: SQL, firstRadiusKm: number): SQL {
  const { needed, radiusKm: guessed } = near;
  // A placeholder instead of the number would write NaN into the statement.
  if (guessed !== undefined && !Number.isFinite(guessed)) {
    throw new Error("near.radiusKm must be written into the statement");
  }
  const center: Center = { lat: near.lat, lon: near.lon, sc: near.lonScale };
  const radius = sql`${sql.identifier("column1")}`;
  const bounds = boundsOf(radius, center);
  const names = ["latMin", "latMax", "lonMin", "lonMax", "radius2"] as const;
  const rungs = sql`(select ${radius} as ${sql.identifier("r")}, ${sql.join(
    names.map((name) => sql`${bounds[name]} as ${sql.identifier(name)}`),
    sql`, `,
  )} from (values ${sql.join(
    (guessed === undefined ? ladderOf(firstRadiusKm) : [guessed]).map((r) => sql`(${literal(r)})`),
    sql`, `,
  )})) ${sql.identifier(RUNG)}`;
  // The guessed box, one rung and no count: the caller checks that it held a full page.
  if (guessed !== undefined) return sql`(select * from ${rungs} limit 1) ${sql.identifier(BOX)}`;
  const fromRung: Bounds = {
    latMin: rung("latMin"),
    latMax: rung("latMax"),
    lonMin: rung("lonMin"),
    lonMax: rung("lonMax"),
    radius2: rung("radius2"),
  };
  const walk = sql`(select ${offsets(center)} from ${rides} indexed by ${sql.identifier(PIN_INDEX)}
    where ${and(conditions, withinBounds(fromRung))})`;
  const enough = subquery`select count(*) from (select 1 from ${walk}
    where ${distance2} <= ${fromRung.radius2} limit ${needed})`;
  return sql`(select * from ${rungs} where ${rung("r")} = ${literal(NEAR_RADIUS_KM)} or ${enough} >= ${needed}
    limit 1) ${sql.identifier(BOX)}`;
}

/**
 * The listing's conditions (status, dates, filters, what she may see) for the page, and for
 * sizing the box a stricter form that holds for fewer rides and is shorter to write: a box with
 * enough rides under `box` holds at least as many under `page`, so the page is the same.
 */
export interface NearConditions {
  page: SQL;
  box: SQL;
}

/** The distance's column in the page's rows (nearestPageQuery). */
const NEAR_DIST = "near_dist";

/**
 * The page's rides by distance (then start, then rowid), as rowids with their distance: the
 * caller joins the page's rows. With `filtered`, some of the conditions thin the rides out
 * beyond the dates (nearFirstRadiusKm).
 */
export function nearestPageQuery(
  db: Database,
  near: NearParams,
  conditions: NearConditions,
  filtered: boolean,
) {
  const center: Center = { lat: near.lat, lon: near.lon, sc: near.lonScale };
  const first = nearFirstRadiusKm(filtered, near.needed);
  const column = (name: string) => sql.identifier(`near_${name}`);
  // Without statistics SQLite may prefer the start-time index when dates are given: reading
  // every ride of those days in every city. The box is the narrower range. CROSS JOIN keeps
  // the one-row box the outer loop, so its columns bound the index range. SQLite flattens the
  // walk into the page's select: the offsets are only written once.
  const walk = sql`(select ${rideRowid} as ${column("rowid")}, ${rides.startTime} as ${column("start")},
      ${boxColumn("radius2")} as ${column("r2")}, ${offsets(center)}
    from ${chosenBox(near, conditions.box, first)} cross join ${rides} indexed by ${sql.identifier(PIN_INDEX)}
    where ${and(
      conditions.page,
      withinBounds({
        latMin: boxColumn("latMin"),
        latMax: boxColumn("latMax"),
        lonMin: boxColumn("lonMin"),
        lonMax: boxColumn("lonMax"),
      }),
    )}) ${sql.identifier("near_walk")}`;
  const page = db
    .select({
      nearRowid: sql<number>`${column("rowid")}`.as("near_rowid"),
      nearDist: distance2.as(NEAR_DIST),
    })
    .from(walk)
    .where(sql`${distance2} <= ${column("r2")}`)
    // By the selected distance's name: the expression is written once more, not twice.
    .orderBy(asc(sql.identifier(NEAR_DIST)), asc(column("start")), asc(column("rowid")))
    .limit(FEED_PAGE_SIZE + 1)
    .$dynamic();
  return withOffset(page, near.offset);
}
