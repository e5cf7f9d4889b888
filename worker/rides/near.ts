// 'Cerca de mí' (docs/product.md#meeting-pin-and-near-me): the listing's page ordered by distance
// from her rounded position, read through rides_status_meeting_pin_idx (status, meeting_lat,
// meeting_lon, start_time): a latitude range of that index, the longitude, the start and the
// distance checked inside the index entries, so only the rides in the box around her are considered
// and only the page's rows are read from the table (docs/decisions/0025-near-me.md).
import { and, asc, gte, lte, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { FEED_PAGE_SIZE, MEETING_AREA_OFFSET_KM, NEAR_RADIUS_KM } from "../../domain/constants.ts";
import { nearBox, type Position } from "../../domain/near.ts";
import { rideHiddenFrom } from "../blocks/sql.ts";
import { blocks, rides } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { rideRowid } from "./search-index.ts";

const nb = alias(blocks, "nb");
/** The index the box is read through (worker/db/schema.ts). */
const PIN_INDEX = "rides_status_meeting_pin_idx";

/**
 * Squared equirectangular distance from `center`, in degrees of latitude: orders and trims the
 * candidates from the index columns alone (the exact km on the cards is computed in JS).
 */
function distance2(center: Position) {
  const { lonScale } = nearBox(center);
  const dLat = sql`(${nearLat} - ${center.lat})`;
  const dLon = sql`((${nearLon} - ${center.lon}) * ${lonScale})`;
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
 * The block rule (docs/product.md#blocking) for a query that considers many rides before it orders
 * them: checked per ride only when she has any block either way (constant subqueries, evaluated
 * once), so a rider without blocks costs no lookup per candidate.
 */
export function hiddenUnlessNoBlocks(viewerId: string): SQL {
  return sql`((not exists ${subquery`select 1 from ${blocks} ${nb} where ${nb.blockerId} = ${viewerId}`}
      and not exists ${subquery`select 1 from ${blocks} ${nb} where ${nb.blockedId} = ${viewerId}`})
    or not ${rideHiddenFrom(rides.id, viewerId)})`;
}

/** Where-conditions of the box around her (the index's range and what it checks in place). */
export function nearConditions(center: Position): SQL {
  // The index's range is on the pin: widened by the area's largest offset, it holds every ride
  // whose measured point (the pin or the area's centre) is within the radius, checked after.
  const box = nearBox(center, NEAR_RADIUS_KM + MEETING_AREA_OFFSET_KM.max);
  return and(
    gte(rides.meetingLat, box.latMin),
    lte(rides.meetingLat, box.latMax),
    gte(rides.meetingLon, box.lonMin),
    lte(rides.meetingLon, box.lonMax),
    sql`${distance2(center)} <= ${nearBox(center).radius2}`,
  )!;
}

/**
 * The page's rides by distance (then start, then rowid), as rowids with their distance: the
 * caller joins the page's rows. `conditions` are the listing's (status, dates, filters).
 */
export function nearestPageQuery(db: Database, center: Position, conditions: SQL, page: number) {
  const dist = distance2(center);
  return (
    db
      .select({
        nearRowid: sql<number>`${rideRowid}`.as("near_rowid"),
        nearDist: dist.as("near_dist"),
      })
      // Without statistics SQLite may prefer the start-time index when dates are given: reading
      // every ride of those days in every city. The box is the narrower range.
      .from(sql`${rides} indexed by ${sql.identifier(PIN_INDEX)}`)
      .where(and(conditions, nearConditions(center)))
      .orderBy(asc(dist), asc(rides.startTime), asc(rideRowid))
      .limit(FEED_PAGE_SIZE + 1)
      .offset(page * FEED_PAGE_SIZE)
  );
}
