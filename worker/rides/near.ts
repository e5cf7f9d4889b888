// 'Cerca de mí' (docs/product.md#meeting-pin-and-near-me): the listing's page ordered by distance
// from her rounded position, read through rides_status_meeting_pin_idx (status, meeting_lat,
// meeting_lon, start_time): a latitude range of that index, the longitude, the start and the
// distance checked inside the index entries, so only the rides in the box around her are considered
// and only the page's rows are read from the table (docs/decisions/0025-near-me.md). The box is
// NEAR_FIRST_RADIUS_KM when that already holds the page, else NEAR_RADIUS_KM, chosen inside the
// same statement.
import { and, asc, gte, lte, type SQL, sql } from "drizzle-orm";
import { FEED_PAGE_SIZE, MEETING_AREA_OFFSET_KM, NEAR_RADIUS_KM } from "../../domain/constants.ts";
import { nearBox, type Position } from "../../domain/near.ts";
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
  small: Box;
  full: Box;
  /** Rides up to the page's end, plus one: the small box is enough when it holds this many. */
  needed: number;
  /** Rides before the page (offsetOf). */
  offset?: number | undefined;
}

export function nearParams(center: Position, page: number): NearParams {
  return {
    lat: center.lat,
    lon: center.lon,
    lonScale: nearBox(center).lonScale,
    small: boxOf(center, NEAR_FIRST_RADIUS_KM),
    full: boxOf(center, NEAR_RADIUS_KM),
    needed: (page + 1) * FEED_PAGE_SIZE + 1,
    offset: offsetOf(page, FEED_PAGE_SIZE),
  };
}

/**
 * Squared equirectangular distance from her position, in degrees of latitude: orders and trims
 * the candidates from the index columns alone (the exact km on the cards is computed in JS).
 */
function distance2(near: NearParams) {
  const dLat = sql`(${nearLat} - ${near.lat})`;
  const dLon = sql`((${nearLon} - ${near.lon}) * ${near.lonScale})`;
  return sql<number>`(${dLat} * ${dLat} + ${dLon} * ${dLon})`;
}

/**
 * Where a ride is measured from: its pin, or on an approval ride its approximate area's centre
 * (docs/product.md#join-by-approval), for everyone, so neither the order nor the distance tells
 * the pin (ADR 0036). Every column is in the index's entries.
 */
const approval = sql`(${rides.joinMode} = 'approval' and ${rides.meetingAreaLat} is not null)`;
const nearLat = sql`(case when ${approval} then ${rides.meetingAreaLat} else ${rides.meetingLat} end)`;
const nearLon = sql`(case when ${approval} then ${rides.meetingAreaLon} else ${rides.meetingLon} end)`;

/**
 * The first, smaller radius: when its box already holds every ride up to the page's end, the page
 * comes from that box alone. The index gives a latitude band (the longitude is only checked in
 * the entries), so what a box costs grows with its radius: from Madrid's centre on the bench
 * dataset the 8 km box reads a third of the index entries the 50 km one reads (docs/benchmarks.md,
 * run of 2026-11-26). Where the small box holds too few rides (a sparse area, narrow filters) the
 * page comes from the 50 km box after one walk of the small band.
 */
export const NEAR_FIRST_RADIUS_KM = 8;

interface Box<Bound = number> {
  latMin: Bound;
  latMax: Bound;
  lonMin: Bound;
  lonMax: Bound;
  radius2: Bound;
}

/** The box around her of `radiusKm`, as numbers. */
function boxOf(center: Position, radiusKm: number): Box {
  // The index's range is on the pin: widened by the area's largest offset, it holds every ride
  // whose measured point (the pin or the area's centre) is within the radius, checked after.
  const { latMin, latMax, lonMin, lonMax } = nearBox(center, radiusKm + MEETING_AREA_OFFSET_KM.max);
  return { latMin, latMax, lonMin, lonMax, radius2: nearBox(center, radiusKm).radius2 };
}

/** Where-conditions of a box around her (the index's range and what it checks in place). */
function withinBox(near: NearParams, box: Box<number | SQL>): SQL {
  return and(
    gte(rides.meetingLat, box.latMin),
    lte(rides.meetingLat, box.latMax),
    gte(rides.meetingLon, box.lonMin),
    lte(rides.meetingLon, box.lonMax),
    sql`${distance2(near)} <= ${box.radius2}`,
  )!;
}

const BOX = "near_box";
const boxColumn = (name: keyof Box) => sql`${sql.identifier(BOX)}.${sql.identifier(name)}`;

/**
 * One row: the small box when it holds at least `needed` rides meeting `conditions`, else the
 * full one. The count stops at `needed`; the row is computed once, before the page's walk, and
 * its columns bound that walk's index range.
 */
function chosenBox(near: NearParams, conditions: SQL): SQL {
  const { small, full, needed } = near;
  const enough = subquery`select count(*) from (select 1 from ${rides} indexed by ${sql.identifier(PIN_INDEX)}
    where ${and(conditions, withinBox(near, small))} limit ${needed})`;
  const pick = (name: keyof Box) =>
    sql`case when small then ${small[name]} else ${full[name]} end as ${sql.identifier(name)}`;
  // LIMIT 1 keeps each level a subquery of its own (never flattened into the page's query, which
  // would copy the count into every column).
  return sql`(select ${sql.join(
    (["latMin", "latMax", "lonMin", "lonMax", "radius2"] as const).map(pick),
    sql`, `,
  )} from (select ${enough} = ${needed} as small limit 1) limit 1) ${sql.identifier(BOX)}`;
}

/**
 * The page's rides by distance (then start, then rowid), as rowids with their distance: the
 * caller joins the page's rows. `conditions` are the listing's (status, dates, filters).
 */
export function nearestPageQuery(db: Database, near: NearParams, conditions: SQL) {
  const dist = distance2(near);
  const box = {
    latMin: boxColumn("latMin"),
    latMax: boxColumn("latMax"),
    lonMin: boxColumn("lonMin"),
    lonMax: boxColumn("lonMax"),
    radius2: boxColumn("radius2"),
  };
  const page = db
    .select({
      nearRowid: sql<number>`${rideRowid}`.as("near_rowid"),
      nearDist: dist.as("near_dist"),
    })
    // Without statistics SQLite may prefer the start-time index when dates are given: reading
    // every ride of those days in every city. The box is the narrower range. CROSS JOIN keeps
    // the one-row box the outer loop, so its columns bound the index range.
    .from(
      sql`${chosenBox(near, conditions)} cross join ${rides} indexed by ${sql.identifier(PIN_INDEX)}`,
    )
    .where(and(conditions, withinBox(near, box)))
    .orderBy(asc(dist), asc(rides.startTime), asc(rideRowid))
    .limit(FEED_PAGE_SIZE + 1)
    .$dynamic();
  return withOffset(page, near.offset);
}
