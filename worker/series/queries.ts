// Regular grupetas on D1 (docs/product.md#regular-grupetas): a series row holds the rule and the
// template; each date is a ride of its own, created by createSeriesDates — when the series is made
// and, for the dates further ahead, by the daily cron (materialize.ts). A date is unique per
// (series_id, series_index), so creating a date twice creates it once. A rider's place in a series
// (following it, joining and leaving its dates) is in members.ts.
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { normalizeText } from "../../domain/cities.ts";
import type { Modality } from "../../domain/constants.ts";
import { latestRideStart } from "../../domain/schemas.ts";
import {
  inSeries,
  SERIES_AHEAD_MS,
  type SeriesEveryWeeks,
  type SeriesRule,
  seriesStartOf,
} from "../../domain/series.ts";
import { DEFAULT_RIDE_TIME_ZONE, isKnownTimeZone } from "../../domain/zones.ts";
import { batchList, runSql } from "../db/client.ts";
import { rideParticipants, rideSeries, rides, type SeriesTemplate, users } from "../db/schema.ts";
import { columnNames } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { rideHiddenFrom } from "../ride-core/block-sql.ts";
import { freshMeetingArea } from "../ride-core/writes.ts";
import { generateId } from "../sessions/tokens.ts";

export type SeriesRow = typeof rideSeries.$inferSelect;

export function ruleOf(series: SeriesRow): SeriesRule {
  return {
    anchorDate: series.anchorDate,
    localTime: series.localTime,
    zone: isKnownTimeZone(series.zone) ? series.zone : DEFAULT_RIDE_TIME_ZONE,
    everyWeeks: series.everyWeeks as SeriesEveryWeeks,
    until: series.untilDate,
    count: series.dateCount,
  };
}

/** The ride columns of a date from its series' template. */
export function dateValues(template: SeriesTemplate) {
  return {
    title: template.title,
    description: template.description,
    city: template.city,
    cityKey: normalizeText(template.city),
    searchText: normalizeText(`${template.title} ${template.city}`),
    maxParticipants: template.maxParticipants,
    modality: template.modalities[0] as Modality,
    modalities: template.modalities,
    level: template.level,
    socialTags: template.socialTags,
    routeKm: template.routeKm,
    routeElev: template.routeElev,
    meetingPoint: template.meetingPoint,
    meetingLat: template.meetingLat,
    meetingLon: template.meetingLon,
    routeGpxKey: template.routeGpxKey,
    routeFileName: template.routeFileName,
    joinMode: template.joinMode ?? "open",
    verifiedOnly: template.verifiedOnly ?? false,
    estimatedMinutes: template.estimatedMinutes ?? null,
    groupId: template.groupId ?? null,
    groupOnly: template.groupOnly ?? false,
    ...seriesMeetingArea(template),
  };
}

/**
 * The series' approximate area, the same on every date; a series stored before it had one draws
 * each date's own around the pin (fixed for that ride).
 */
function seriesMeetingArea(template: SeriesTemplate) {
  if (template.meetingAreaLat !== undefined) {
    return {
      meetingAreaLat: template.meetingAreaLat,
      meetingAreaLon: template.meetingAreaLon ?? null,
    };
  }
  return freshMeetingArea(
    template.meetingLat !== null && template.meetingLon !== null
      ? { lat: template.meetingLat, lon: template.meetingLon }
      : null,
  );
}

/** The first date number from `from` on that the series has, and its start; null when none. */
function nextDate(rule: SeriesRule, from: number) {
  return inSeries(rule, from) ? { index: from, start: seriesStartOf(rule, from) } : null;
}

/**
 * Statements that create dates `indexes` of the series (each with its organizer in it) unless a
 * date with that number exists, and move the series' bookkeeping past them. `ids` are the new
 * rides' ids, in the same order.
 */
export function dateInserts(
  db: Database,
  series: SeriesRow,
  indexes: number[],
  ids: string[],
  now: number,
  createKey: string | null = null,
) {
  const rule = ruleOf(series);
  const items: BatchItem<"sqlite">[] = [];
  indexes.forEach((index, i) => {
    const id = ids[i]!;
    items.push(
      db
        .insert(rides)
        .values({
          ...dateValues(series.template),
          // Every date keeps the series' clock (worker/rides/ride-zone.ts set it).
          timeZone: rule.zone,
          id,
          startTime: seriesStartOf(rule, index),
          organizerId: series.organizerId,
          status: "published",
          seriesId: series.id,
          seriesIndex: index,
          seriesEveryWeeks: series.everyWeeks,
          // The first date carries her create request's key (a retry finds it).
          createKey: index === 0 ? createKey : null,
          createdAt: now,
        })
        // Either unique index: the date exists already, or a retry of her create made it.
        .onConflictDoNothing(),
      // Copies the new row: nothing when the date already existed.
      runSql(
        db,
        sql`insert into ${rideParticipants} (${columnNames(rideParticipants.rideId, rideParticipants.userId, rideParticipants.joinedAt)})
          select ${rides.id}, ${rides.organizerId}, ${now} from ${rides} where ${eq(rides.id, id)}`,
      ),
    );
  });
  const last = indexes.at(-1) ?? series.lastIndex;
  // The cron only runs again for this series once its next date is within 12 weeks.
  const next = nextDate(rule, last + 1);
  items.push(
    db
      .update(rideSeries)
      .set({ lastIndex: last, nextStart: next?.start ?? null, updatedAt: now })
      .where(and(eq(rideSeries.id, series.id), sql`${rideSeries.lastIndex} <= ${last}`)),
  );
  return items;
}

/**
 * Creates every date of the series not created yet whose start is within 12 weeks of `now`
 * (the first date always, whatever its distance). Returns the rides this call created: a date
 * another call created first is not among them.
 */
export async function createSeriesDates(db: Database, series: SeriesRow, now: number) {
  const rule = ruleOf(series);
  const horizon = now + SERIES_AHEAD_MS;
  // The 12-month limit of any ride, counted from the series' creation: the dates her preview
  // listed (seriesStarts), never one more later on.
  const latest = latestRideStart(series.createdAt);
  const indexes: number[] = [];
  let index = series.lastIndex + 1;
  for (; inSeries(rule, index); index++) {
    const start = seriesStartOf(rule, index);
    if (start > latest || (index > 0 && start > horizon)) break;
    // A date whose start passed while the cron did not run is skipped, never created late.
    if (start > now) indexes.push(index);
  }
  if (indexes.length === 0) {
    // Nothing to create now: the bookkeeping still moves past the skipped dates (a date past the
    // limit is never due).
    const next = nextDate(rule, index);
    await db
      .update(rideSeries)
      .set({ lastIndex: index - 1, nextStart: next && next.start <= latest ? next.start : null })
      .where(eq(rideSeries.id, series.id));
    return [];
  }
  const ids = indexes.map(() => generateId());
  const results = await batchList(db, dateInserts(db, series, indexes, ids, now));
  return ids
    .map((id, i) => ({ id, startTime: seriesStartOf(rule, indexes[i]!) }))
    .filter((_, i) => (results[i * 2] as D1Result).meta.changes > 0);
}

/** The series due for new dates at `now`, whose organizer can still organize. */
export function seriesDue(db: Database, now: number, limit: number) {
  return db
    .select({ series: rideSeries })
    .from(rideSeries)
    .innerJoin(users, eq(users.id, rideSeries.organizerId))
    .where(
      and(
        isNotNull(rideSeries.nextStart),
        lte(rideSeries.nextStart, now + SERIES_AHEAD_MS),
        // A suspended organizer's grupeta makes no new dates (docs/product.md#reports-and-moderation).
        isNull(users.suspendedAt),
      ),
    )
    .orderBy(asc(rideSeries.nextStart))
    .limit(limit)
    .all();
}

export async function findSeries(db: Database, seriesId: string) {
  return (await db.select().from(rideSeries).where(eq(rideSeries.id, seriesId)).get()) ?? null;
}

/**
 * The dates of the series that have not started, from `fromStart` on (the ride page's list and
 * the "Esta y las siguientes" changes), in order.
 */
export function upcomingDates(
  db: Database,
  seriesId: string,
  fromStart: number,
  viewerId?: string,
  limit = 200,
) {
  // A date a block hides from her is left out, as the feed leaves it out (docs/product.md#blocking).
  const visible = viewerId ? sql`not ${rideHiddenFrom(rides.id, viewerId)}` : undefined;
  return db
    .select({
      id: rides.id,
      startTime: rides.startTime,
      status: rides.status,
      seriesIndex: rides.seriesIndex,
      maxParticipants: rides.maxParticipants,
      joinMode: rides.joinMode,
      routeGpxKey: rides.routeGpxKey,
      routeFileName: rides.routeFileName,
    })
    .from(rides)
    .where(and(eq(rides.seriesId, seriesId), sql`${rides.startTime} >= ${fromStart}`, visible))
    .orderBy(asc(rides.startTime))
    .limit(limit)
    .all();
}

export async function participantCounts(db: Database, rideIds: string[]) {
  if (rideIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ rideId: rideParticipants.rideId, n: sql<number>`count(*)` })
    .from(rideParticipants)
    .where(inArray(rideParticipants.rideId, rideIds))
    .groupBy(rideParticipants.rideId)
    .all();
  return new Map(rows.map((r) => [r.rideId, r.n]));
}

/**
 * "Esta y las siguientes" changed the rule: the series carries the new template and clock from
 * date `fromIndex` on. Dates already created are changed by the caller, one ride at a time.
 */
export function updateSeriesRule(
  db: Database,
  seriesId: string,
  change: Partial<Pick<SeriesRow, "template" | "anchorDate" | "localTime" | "zone" | "nextStart">>,
  now: number,
) {
  return db
    .update(rideSeries)
    .set({ ...change, updatedAt: now })
    .where(eq(rideSeries.id, seriesId))
    .run();
}

/**
 * "Esta y las siguientes" cancelled: the series makes no date from `index` on (its count stops
 * there; an end date becomes that count).
 */
export function endSeriesBefore(db: Database, seriesId: string, index: number, now: number) {
  return db
    .update(rideSeries)
    .set({
      dateCount: sql`min(coalesce(${rideSeries.dateCount}, ${index}), ${index})`,
      untilDate: null,
      nextStart: null,
      updatedAt: now,
    })
    .where(eq(rideSeries.id, seriesId))
    .run();
}

/** Whether another ride of the series (or its template) still uses this GPX file. */
export async function gpxKeyShared(
  db: Database,
  seriesId: string | null,
  rideId: string,
  key: string,
) {
  if (!seriesId) return false;
  const [other, series] = await db.batch([
    db
      .select({ id: rides.id })
      .from(rides)
      .where(and(eq(rides.seriesId, seriesId), ne(rides.id, rideId), eq(rides.routeGpxKey, key)))
      .limit(1),
    db
      .select({ template: rideSeries.template })
      .from(rideSeries)
      .where(eq(rideSeries.id, seriesId)),
  ]);
  return other.length > 0 || series[0]?.template.routeGpxKey === key;
}
