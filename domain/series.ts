// Regular grupetas (docs/product.md#regular-grupetas): a ride that repeats every week or every two
// weeks, until a date or for a number of dates. Each date is its own ride; these rules say which
// dates a series has, each on the ride's own clock (09:00 stays 09:00 across a summer-time change).
import { cancelRideSchema, latestRideStart, rideCreateSchema, rideEditSchema } from "./schemas.ts";
import type { SeriesEveryWeeks } from "./series-marks.ts";
// Apart, without zod: the ride page and its cancel dialog show them.
import { SERIES_MAX_COUNT, SERIES_MIN_COUNT, SERIES_TEXTS } from "./series-texts.ts";
import { z } from "./zod.ts";
import { fromZonedDateTime, toZonedDateTime } from "./zones.ts";

export { SERIES_EVERY_WEEKS, SERIES_MARKS, type SeriesEveryWeeks } from "./series-marks.ts";
export { SERIES_MAX_COUNT, SERIES_MIN_COUNT, SERIES_TEXTS };

/** The daily cron keeps each series created this far ahead. */
export const SERIES_AHEAD_MS = 12 * 7 * 24 * 60 * 60 * 1000;

/** A series with 'hasta el {fecha}' never has more dates than this (a year of weeks). */
export const SERIES_MAX_DATES = 53;

/** How a ride repeats, as the create form sends it: an end date or a number of dates. */
export const seriesRepeatSchema = z
  .object({
    everyWeeks: z.union([z.literal(1), z.literal(2)], { error: SERIES_TEXTS.repeatInvalid }),
    /** 'YYYY-MM-DD' on the ride's clock, the last day a date may fall on. */
    until: z
      .string({ error: SERIES_TEXTS.repeatInvalid })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: SERIES_TEXTS.repeatInvalid })
      .nullish()
      .transform((v) => v ?? null),
    count: z
      .number({ error: SERIES_TEXTS.countRange })
      .int({ error: SERIES_TEXTS.countRange })
      .min(SERIES_MIN_COUNT, { error: SERIES_TEXTS.countRange })
      .max(SERIES_MAX_COUNT, { error: SERIES_TEXTS.countRange })
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((r) => (r.until === null) !== (r.count === null), {
    error: SERIES_TEXTS.repeatInvalid,
  });
export type SeriesRepeat = z.output<typeof seriesRepeatSchema>;

/** What fixes a series' dates: its first date and time on its clock, and how it repeats. */
export interface SeriesRule {
  /** 'YYYY-MM-DD' of the first date on the ride's clock. */
  anchorDate: string;
  /** 'HH:mm' on the ride's clock. */
  localTime: string;
  zone: string;
  everyWeeks: SeriesEveryWeeks;
  until: string | null;
  count: number | null;
}

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic, no clock involved). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` ('YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The local day of date number `index` (0: the first). */
export function seriesDateOf(rule: SeriesRule, index: number): string {
  return addDays(rule.anchorDate, index * 7 * rule.everyWeeks);
}

/** The start instant of date number `index`: the same wall-clock time on its own day. */
export function seriesStartOf(rule: SeriesRule, index: number): number {
  return fromZonedDateTime(seriesDateOf(rule, index), rule.localTime, rule.zone) ?? Number.NaN;
}

/** Whether date number `index` belongs to the series (its end date or its count). */
export function inSeries(rule: SeriesRule, index: number): boolean {
  if (index < 0 || index >= SERIES_MAX_DATES) return false;
  if (rule.count !== null) return index < rule.count;
  return rule.until !== null && seriesDateOf(rule, index) <= rule.until;
}

/**
 * Every start the series will have, in order: what the form's preview lists and what the server
 * creates over time. Dates past the 12-month limit of any ride are left out.
 */
export function seriesStarts(rule: SeriesRule, now: number): number[] {
  const latest = latestRideStart(now);
  const starts: number[] = [];
  for (let i = 0; inSeries(rule, i); i++) {
    const start = seriesStartOf(rule, i);
    if (!Number.isFinite(start) || start > latest) break;
    starts.push(start);
  }
  return starts;
}

/** The rule of a series whose first date starts at `firstStart`, repeating as `repeat` says. */
export function seriesRuleOf(firstStart: number, zone: string, repeat: SeriesRepeat) {
  const local = toZonedDateTime(firstStart, zone);
  if (!local) return null;
  return {
    anchorDate: local.date,
    localTime: local.time,
    zone,
    everyWeeks: repeat.everyWeeks,
    until: repeat.until,
    count: repeat.count,
  } satisfies SeriesRule;
}

/** The last day ('YYYY-MM-DD' on the ride's clock) an end date may name for a series made `now`. */
export function lastSeriesDay(now: number, zone: string): string {
  return toZonedDateTime(latestRideStart(now), zone)?.date ?? "";
}

/** The problem with a repeat rule for a ride starting at `firstStart`, or null when fine. */
export function validateRepeat(
  firstStart: number,
  zone: string,
  repeat: SeriesRepeat,
  now: number,
): string | null {
  const rule = seriesRuleOf(firstStart, zone, repeat);
  if (!rule) return SERIES_TEXTS.repeatInvalid;
  if (repeat.until !== null) {
    if (repeat.until <= rule.anchorDate) return SERIES_TEXTS.untilInvalid;
    if (repeat.until > lastSeriesDay(now, zone)) return SERIES_TEXTS.untilTooFar;
  }
  return seriesStarts(rule, now).length < SERIES_MIN_COUNT ? SERIES_TEXTS.untilInvalid : null;
}

/** "Solo esta salida" or "Esta y las siguientes", for an edit or a cancellation. */
export const SERIES_SCOPES = ["this", "following"] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];
export const seriesScopeSchema = z
  .enum(SERIES_SCOPES, { error: SERIES_TEXTS.repeatInvalid })
  .default("this");

/** POST /api/rides: the form, plus how it repeats (none: a one-off ride). */
export const rideCreateWithRepeatSchema = rideCreateSchema.extend({
  repeat: seriesRepeatSchema.nullish().transform((r) => r ?? null),
});

/** PUT /api/rides/:id: the edit, and whether it is for this date only or the following too. */
export const rideEditWithScopeSchema = rideEditSchema.extend({ scope: seriesScopeSchema });

/** POST /api/rides/:id/cancel: the reason, and this date only or the following too. */
export const cancelWithScopeSchema = cancelRideSchema.extend({ scope: seriesScopeSchema });

/** One date of the series as the ride page lists it. */
export interface SeriesDate {
  id: string;
  startTime: number;
  status: "published" | "cancelled" | "closed" | "completed";
  /** Places left (0: full). */
  placesLeft: number;
  joined: boolean;
  waiting: boolean;
  /** Her request on a 'Con aprobación' date, as its ride card says it; null without one. */
  request: "pending" | "declined" | null;
}

/** GET /api/rides/:id/series: the series' dates that have not started, for the viewer. */
export interface SeriesDatesResponse {
  series: { id: string; everyWeeks: SeriesEveryWeeks; following: boolean; isOrganizer: boolean };
  dates: SeriesDate[];
}

/** POST /api/rides/:id/series/join: how many dates took her in, how many put her in line. */
export interface JoinSeriesResponse {
  joined: number;
  waiting: number;
  /** "Con aprobación" dates: her request filed, for their organizer to answer. */
  requested: number;
}

/** POST /api/rides/:id/series/leave: how many dates she left (and lists she left). */
export interface LeaveSeriesResponse {
  left: number;
}

/** How many of the series' next dates the ride page lists. */
export const SERIES_DATES_SHOWN = 12;
