// Ride search filters and their address-query encoding (docs/product.md#search-and-filters).
import { cityTimeZone } from "./cities.ts";
import { isLevel, isModality, type Level, type Modality } from "./constants.ts";
import {
  addDays,
  type DatePresetType,
  datePreset,
  localDayEndIso,
  localDayStartIso,
  parseIsoDate,
  toIsoDate,
} from "./dates.ts";
import { fromZonedDateTime } from "./zones.ts";

export const DATE_TYPES = ["today", "week", "month", "custom"] as const;
export type DateType = (typeof DATE_TYPES)[number];

export type RideFilters = {
  q: string;
  city: string;
  modalities: Modality[];
  levels: Level[];
  /** 'YYYY-MM-DD' (local calendar date). */
  from: string;
  /** 'YYYY-MM-DD', or null for "no explicit end" (a preset then supplies it, see resolveDateRange). */
  to: string | null;
  /** null = no date filter (the chip was clicked again). */
  dateType: DateType | null;
};

/** How a cleared date type (null) is written, since absence means the default 'week'. */
export const NO_DATE_TYPE_PARAM = "none";

/** Defaults: no text, no chips, 'Esta semana' starting today. */
export function defaultFilters(todayIso: string): RideFilters {
  return {
    q: "",
    city: "",
    modalities: [],
    levels: [],
    from: todayIso,
    to: null,
    dateType: "week",
  };
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function splitList(value: string | null): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Query parameters for the address bar, in a stable order: q, city, m, level, from (only when
 * it differs from today), to, dateType (only when not 'week'; a cleared one is 'none').
 * Returns a plain record: `new URLSearchParams(record)` or react-router's setSearchParams take it.
 */
export function filtersToSearchParams(
  filters: RideFilters,
  todayIso: string,
): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.q !== "") params.q = filters.q;
  if (filters.city !== "") params.city = filters.city;
  if (filters.modalities.length > 0) params.m = unique(filters.modalities).join(",");
  if (filters.levels.length > 0) params.level = unique(filters.levels).join(",");
  if (filters.from !== todayIso) params.from = filters.from;
  if (filters.to !== null) params.to = filters.to;
  if (filters.dateType !== "week") params.dateType = filters.dateType ?? NO_DATE_TYPE_PARAM;
  return params;
}

/** Anything with URLSearchParams' `get` (keeps this module free of DOM types). */
export type SearchParamsReader = { get(name: string): string | null };

/** Inverse of filtersToSearchParams; unknown or malformed values fall back to the defaults. */
export function filtersFromSearchParams(params: SearchParamsReader, todayIso: string): RideFilters {
  const rawDateType = params.get("dateType");
  let dateType: DateType | null = "week";
  if (rawDateType === NO_DATE_TYPE_PARAM) dateType = null;
  else if ((DATE_TYPES as readonly (string | null)[]).includes(rawDateType)) {
    dateType = rawDateType as DateType;
  }
  const from = params.get("from");
  const to = params.get("to");
  return {
    q: params.get("q") ?? "",
    city: params.get("city") ?? "",
    modalities: unique(splitList(params.get("m")).filter(isModality)),
    levels: unique(splitList(params.get("level")).filter(isLevel)),
    from: parseIsoDate(from) ? (from as string) : todayIso,
    to: parseIsoDate(to) ? (to as string) : null,
    dateType,
  };
}

/**
 * Chip behaviour: choosing the active date type again clears the date filter; 'custom' keeps
 * the range for the calendar to change; a preset sets its range (week Monday–Sunday).
 */
export function selectDateType(filters: RideFilters, type: DateType, today: Date): RideFilters {
  const todayRange = datePreset("today", today);
  if (filters.dateType === type) {
    return { ...filters, dateType: null, from: todayRange.from, to: null };
  }
  if (type === "custom") return { ...filters, dateType: "custom" };
  const range = datePreset(type, today);
  return { ...filters, dateType: type, from: range.from, to: range.to };
}

/** Calendar pick: a single day sets to = from. */
export function setCustomRange(
  filters: RideFilters,
  from: string,
  to?: string | null,
): RideFilters {
  return { ...filters, dateType: "custom", from, to: to ?? from };
}

/**
 * The calendar range the filters mean: an explicit `to` wins; otherwise a preset ends its
 * period (today → from, week → that week's Sunday, month → its last day); no date type or
 * 'custom' without an end is open-ended.
 */
export function resolveDateRange(filters: RideFilters): { from: string; to: string | null } {
  if (filters.to !== null) return { from: filters.from, to: filters.to };
  const fromDate = parseIsoDate(filters.from);
  const type = filters.dateType;
  if (!fromDate || type === null || type === "custom") return { from: filters.from, to: null };
  return { from: filters.from, to: datePreset(type as DatePresetType, fromDate).to };
}

/**
 * The instants a calendar day starts and ends at. With a city named, on that city's clock: its
 * rides happen there (ADR 0016), so 'Hoy' in Las Palmas is the Canary day wherever she searches
 * from. Without one, on her device's clock.
 */
function dayStartIso(isoDate: string, city: string): string | null {
  if (city === "") return localDayStartIso(isoDate);
  const start = fromZonedDateTime(isoDate, "00:00", cityTimeZone(city));
  return start === null ? null : new Date(start).toISOString();
}

function dayEndIso(isoDate: string, city: string): string | null {
  if (city === "") return localDayEndIso(isoDate);
  const date = parseIsoDate(isoDate);
  const nextStart = date ? dayStartIso(toIsoDate(addDays(date, 1)), city) : null;
  return nextStart === null ? null : new Date(Date.parse(nextStart) - 1).toISOString();
}

/**
 * Query for GET /api/rides: calendar days become ISO instants (the server does not know which
 * clock she means, see dayStartIso), lists become comma lists, empty values are left out.
 */
export function filtersToApiQuery(filters: RideFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.q.trim() !== "") query.q = filters.q.trim();
  const city = filters.city.trim();
  if (city !== "") query.city = city;
  if (filters.modalities.length > 0) query.m = unique(filters.modalities).join(",");
  if (filters.levels.length > 0) query.level = unique(filters.levels).join(",");
  const range = resolveDateRange(filters);
  const fromIso = dayStartIso(range.from, city);
  if (fromIso) query.from = fromIso;
  const toIso = range.to ? dayEndIso(range.to, city) : null;
  if (toIso) query.to = toIso;
  return query;
}
