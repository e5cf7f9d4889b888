// What the rides API does for a regular grupeta (docs/product.md#regular-grupetas): create the
// series with its first dates, and carry an edit or a cancellation to "Esta y las siguientes".
// Each following date is changed like a single ride (its own chat notice, push and calendar
// SEQUENCE); a date that has started is never touched.
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { DomainError } from "../../domain/errors.ts";
import { latestRideStart, type RideInput } from "../../domain/schemas.ts";
import {
  addDays,
  daysBetween,
  inSeries,
  type SeriesRepeat,
  seriesRuleOf,
  seriesStartOf,
  validateRepeat,
} from "../../domain/series.ts";
import { capacityOf } from "../../domain/time.ts";
import { fromZonedDateTime, toZonedDateTime } from "../../domain/zones.ts";
import { batchList } from "../db/client.ts";
import { rideSeries, type SeriesTemplate } from "../db/schema.ts";
import type { AppEnv } from "../env.ts";
import { deleteGpx } from "../gpx/storage.ts";
import { inBackground } from "../http/background.ts";
import { rideCreated, rideEdited } from "../push/events.ts";
import type { RideRow } from "../ride-core/read-model.ts";
import {
  freshMeetingArea,
  type GroupPlace,
  groupPlaceValues,
  rideValues,
  updateRide,
} from "../ride-core/writes.ts";
import { announceStoredMessage } from "../rooms/system-messages.ts";
import { generateId } from "../sessions/tokens.ts";
import { announcePromotion } from "../waiting-list/notify.ts";
import {
  createSeriesDates,
  dateInserts,
  endSeriesBefore,
  findSeries,
  gpxKeyShared,
  participantCounts,
  ruleOf,
  type SeriesRow,
  upcomingDates,
  updateSeriesRule,
} from "./queries.ts";

type Ctx = Context<AppEnv>;

interface RouteFile {
  routeGpxKey: string | null;
  routeFileName: string | null;
}

/** The repeat rule's problem, named under the form's "Se repite" field. */
export function validateSeriesRepeat(
  input: RideInput,
  repeat: SeriesRepeat,
  zone: string,
  now: number,
) {
  const problem = validateRepeat(Date.parse(input.startTime), zone, repeat, now);
  if (problem) throw new DomainError("validation_error", problem, undefined, { repeat: problem });
}

/** Where the series' dates meet: the pin and the one approximate area around it. */
type SeriesPlace = Pick<
  SeriesTemplate,
  "meetingLat" | "meetingLon" | "meetingAreaLat" | "meetingAreaLon"
>;

function templateOf(
  input: RideInput & GroupPlace,
  route: RouteFile,
  place: SeriesPlace,
): SeriesTemplate {
  const v = rideValues(input);
  return {
    // Every date goes in her group as the first does (docs/product.md#grupos).
    ...groupPlaceValues(input),
    title: v.title,
    description: v.description,
    city: v.city,
    maxParticipants: v.maxParticipants,
    modalities: v.modalities,
    level: v.level,
    socialTags: v.socialTags,
    routeKm: v.routeKm,
    routeElev: v.routeElev,
    meetingPoint: v.meetingPoint,
    ...place,
    routeGpxKey: route.routeGpxKey,
    routeFileName: route.routeFileName,
    joinMode: v.joinMode ?? "open",
    verifiedOnly: v.verifiedOnly ?? false,
    estimatedMinutes: v.estimatedMinutes,
  };
}

/**
 * A new regular grupeta: the series, then its first date (with her create key, in one batch: a
 * retry that lost the race creates nothing), then the other dates of the next 12 weeks. Returns
 * the rides created (none: an earlier request with her key made them).
 */
export async function createRideSeries(
  c: Ctx,
  values: RouteFile & {
    firstId: string;
    organizerId: string;
    createKey: string | null;
    /** The ride's clock (worker/rides/ride-zone.ts): the series keeps it for every date. */
    timeZone: string;
    now: number;
  },
  input: RideInput & GroupPlace,
  repeat: SeriesRepeat,
) {
  const db = c.var.db;
  const zone = values.timeZone;
  const rule = seriesRuleOf(Date.parse(input.startTime), zone, repeat);
  if (!rule) throw new Error("series rule of a validated start");
  const series: SeriesRow = {
    id: generateId(),
    organizerId: values.organizerId,
    everyWeeks: rule.everyWeeks,
    anchorDate: rule.anchorDate,
    localTime: rule.localTime,
    zone,
    untilDate: rule.until,
    dateCount: rule.count,
    // One area for the series, copied to every date (dateValues).
    template: templateOf(input, values, {
      meetingLat: input.meetingPin?.lat ?? null,
      meetingLon: input.meetingPin?.lon ?? null,
      ...freshMeetingArea(input.meetingPin ?? null),
    }),
    lastIndex: -1,
    nextStart: seriesStartOf(rule, 0),
    createdAt: values.now,
    updatedAt: null,
  };
  await db.insert(rideSeries).values(series);
  const [first] = await batchList(
    db,
    dateInserts(db, series, [0], [values.firstId], values.now, values.createKey),
  );
  if ((first as D1Result).meta.changes === 0) {
    await db.delete(rideSeries).where(eq(rideSeries.id, series.id));
    return [];
  }
  const later = await createSeriesDates(db, { ...series, lastIndex: 0 }, values.now);
  const created = [{ id: values.firstId, startTime: seriesStartOf(rule, 0) }, ...later];
  for (const ride of created) inBackground(c, rideCreated(c.env, ride.id, ride.startTime, zone));
  return created;
}

/** The dates after `row` in its series that have not started and are not cancelled. */
async function followingDates(c: Ctx, row: RideRow, now: number) {
  if (!row.seriesId) return [];
  const dates = await upcomingDates(c.var.db, row.seriesId, row.startTime);
  return dates.filter(
    (d) =>
      d.id !== row.id &&
      (d.seriesIndex ?? -1) > (row.seriesIndex ?? -1) &&
      d.startTime > now &&
      d.status !== "cancelled",
  );
}

type FollowingDate = Awaited<ReturnType<typeof followingDates>>[number];

/**
 * The series of `row` and each following date with the start the edit gives it: its day on the
 * clock it had, moved by as many days as hers moved, at her new time on the edit's clock (a moved
 * pin may change it, worker/rides/ride-zone.ts). A date whose new start has passed is left out:
 * it is not touched. Null: no series, or a start that cannot be read on its clock.
 */
async function followingMoves(
  c: Ctx,
  row: RideRow,
  input: RideInput,
  timeZone: string,
  now: number,
) {
  if (!row.seriesId) return null;
  const series = await findSeries(c.var.db, row.seriesId);
  if (!series) return null;
  const rule = ruleOf(series);
  const before = toZonedDateTime(row.startTime, rule.zone);
  const after = toZonedDateTime(Date.parse(input.startTime), timeZone);
  if (!before || !after) return null;
  const shift = daysBetween(before.date, after.date);
  const dates = await followingDates(c, row, now);
  const moves: { date: FollowingDate; start: number }[] = [];
  for (const date of dates) {
    const day = toZonedDateTime(date.startTime, rule.zone);
    const start = day && fromZonedDateTime(addDays(day.date, shift), after.time, timeZone);
    if (start && start > now) moves.push({ date, start });
  }
  return { series, rule, shift, localTime: after.time, dates, moves };
}

/**
 * The edit's early check of "Esta y las siguientes", on one read of the following dates: "cap"
 * when one has more riders than the new cap, "too_far" when one, moved as hers moved, would start
 * more than 12 months ahead (only the edited date goes through validateRideStart, and a later one
 * can already be 12 weeks further on); null when the edit may go ahead.
 */
export async function followingEditRefusal(
  c: Ctx,
  row: RideRow,
  input: RideInput,
  timeZone: string,
  now: number,
): Promise<"cap" | "too_far" | null> {
  const moved = await followingMoves(c, row, input, timeZone, now);
  if (!moved) return null;
  const counts = await participantCounts(
    c.var.db,
    moved.dates.map((d) => d.id),
  );
  const cap = capacityOf(input.maxParticipants);
  if (moved.dates.some((d) => (counts.get(d.id) ?? 0) > cap)) return "cap";
  const latest = latestRideStart(now);
  return moved.moves.every((m) => m.start <= latest) ? null : "too_far";
}

/**
 * "Esta y las siguientes" for an edit `row` already took: each following date gets the same
 * fields, its day moved as hers moved and the new time on its own day (09:00 stays 09:00 across
 * a summer-time change), and the series' template and clock change for the dates not created
 * yet. `route`: the new route file for all of them, or null to keep each date's own.
 * `meetingArea`: the edited date's approximate area after the edit (meetingAreaValues). When the
 * edit names a pin, every following date and the dates to come take that same area: areas drawn
 * apart around one pin could be averaged back to it. An older client's edit, which leaves the pin
 * out, leaves each date's pin and area as they were.
 */
export async function editFollowingDates(
  c: Ctx,
  row: RideRow,
  input: RideInput,
  timeZone: string,
  route: RouteFile | null,
  meetingArea: { meetingAreaLat: number | null; meetingAreaLon: number | null },
  now: number,
) {
  const moved = await followingMoves(c, row, input, timeZone, now);
  if (!moved) return;
  const db = c.var.db;
  const { series, rule, shift, localTime } = moved;
  for (const { date, start } of moved.moves) {
    const noticeId = generateId();
    const { edited, promotion } = await updateRide(
      db,
      {
        rideId: date.id,
        organizerId: series.organizerId,
        ...(route ?? { routeGpxKey: date.routeGpxKey, routeFileName: date.routeFileName }),
        ...(input.meetingPin === undefined ? {} : { meetingArea }),
        timeZone,
        noticeId,
        now,
      },
      { ...input, startTime: new Date(start).toISOString() },
    );
    if (!edited) continue;
    announcePromotion(c, promotion, { changed: [date.id] });
    inBackground(c, announceStoredMessage(c.env, date.id, noticeId));
    inBackground(c, rideEdited(c.env, date.id));
  }
  const movedRule = {
    ...rule,
    anchorDate: addDays(rule.anchorDate, shift),
    localTime,
    zone: timeZone,
  };
  // The next date the cron would create, unless the move takes it past the series' 12-month
  // limit (createSeriesDates): a date past it is never due.
  const nextIndex = series.lastIndex + 1;
  const nextStart = inSeries(movedRule, nextIndex) ? seriesStartOf(movedRule, nextIndex) : null;
  const { meetingLat, meetingLon, meetingAreaLat, meetingAreaLon } = series.template;
  const place: SeriesPlace =
    input.meetingPin === undefined
      ? { meetingLat, meetingLon, meetingAreaLat, meetingAreaLon }
      : {
          meetingLat: input.meetingPin?.lat ?? null,
          meetingLon: input.meetingPin?.lon ?? null,
          ...meetingArea,
        };
  await updateSeriesRule(
    db,
    series.id,
    {
      template: templateOf(input, route ?? series.template, place),
      anchorDate: movedRule.anchorDate,
      localTime: movedRule.localTime,
      zone: movedRule.zone,
      nextStart:
        nextStart !== null && nextStart <= latestRideStart(series.createdAt) ? nextStart : null,
    },
    now,
  );
}

/**
 * "Esta y las siguientes" for a cancellation `row` already took: each following date that has
 * not started is cancelled with `cancelOne` (its notices included), and the series makes no more
 * dates.
 */
export async function cancelFollowingDates(
  c: Ctx,
  row: RideRow,
  cancelOne: (rideId: string) => Promise<boolean>,
) {
  if (!row.seriesId || row.seriesIndex === null) return;
  const now = Date.now();
  await endSeriesBefore(c.var.db, row.seriesId, row.seriesIndex, now);
  for (const date of await followingDates(c, row, now)) await cancelOne(date.id);
}

/** A route file no other date of the series (nor its template) uses is deleted from R2. */
export async function deleteGpxUnlessShared(c: Ctx, row: RideRow, key: string | null) {
  if (!key) return;
  if (await gpxKeyShared(c.var.db, row.seriesId, row.id, key)) return;
  await deleteGpx(c.env.GPX, key);
}
