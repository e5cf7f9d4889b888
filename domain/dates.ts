// Calendar-date helpers in the local time zone (the browser's), without a date library.
// Dates travel as 'YYYY-MM-DD' strings; instants as ISO strings in UTC.

export type DatePresetType = "today" | "week" | "month";
export type DateRange = { from: string; to: string };

const pad2 = (n: number) => String(n).padStart(2, "0");

/** 'YYYY-MM-DD' of the local calendar date of `d`. */
export function toIsoDate(d: Date): string {
  return `${String(d.getFullYear()).padStart(4, "0")}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}

/** Local midnight of a 'YYYY-MM-DD' date; null when malformed or not a real date (2025-02-30). */
export function parseIsoDate(s: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s ?? "");
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // new Date rolls invalid days over (Feb 30 → Mar 2); reject those.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return null;
  }
  return date;
}

export function isIsoDate(s: string | null | undefined): s is string {
  return parseIsoDate(s) !== null;
}

/** Same calendar date `days` later (negative for earlier); DST-safe. */
export function addDays(d: Date, days: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
}

/**
 * today: that day; week: Monday to Sunday of the current week; month: first to last day.
 */
export function datePreset(type: DatePresetType, today: Date): DateRange {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  switch (type) {
    case "today":
      return { from: toIsoDate(day), to: toIsoDate(day) };
    case "week": {
      // getDay(): 0 = Sunday … 6 = Saturday; weeks start on Monday in Spain.
      const sinceMonday = (day.getDay() + 6) % 7;
      const monday = addDays(day, -sinceMonday);
      return { from: toIsoDate(monday), to: toIsoDate(addDays(monday, 6)) };
    }
    case "month": {
      const first = new Date(day.getFullYear(), day.getMonth(), 1);
      const last = new Date(day.getFullYear(), day.getMonth() + 1, 0);
      return { from: toIsoDate(first), to: toIsoDate(last) };
    }
  }
}

/** ISO instant of local midnight starting `isoDate`; null when the date is invalid. */
export function localDayStartIso(isoDate: string): string | null {
  return parseIsoDate(isoDate)?.toISOString() ?? null;
}

/** ISO instant of the last millisecond of the local day `isoDate`; null when invalid. */
export function localDayEndIso(isoDate: string): string | null {
  const date = parseIsoDate(isoDate);
  return date ? new Date(addDays(date, 1).getTime() - 1).toISOString() : null;
}
