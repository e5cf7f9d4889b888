// es-ES formatting with Intl only. Every date helper takes an optional IANA time zone
// (the browser's zone by default) so tests are deterministic.

import { lazily } from "./lazily.ts";

type DateInput = string | number | Date;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  const key = JSON.stringify([options, timeZone ?? null]);
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat("es-ES", timeZone ? { ...options, timeZone } : options);
    formatters.set(key, cached);
  }
  return cached;
}

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** '14/11' */
export function formatDayMonth(value: DateInput, timeZone?: string): string {
  return formatter({ day: "2-digit", month: "2-digit" }, timeZone).format(toDate(value));
}

/** '09:05' (24-hour clock). */
export function formatTime(value: DateInput, timeZone?: string): string {
  return formatter({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }, timeZone).format(
    toDate(value),
  );
}

/** 'sábado, 14 de noviembre' */
export function formatLongDate(value: DateInput, timeZone?: string): string {
  return formatter({ weekday: "long", day: "numeric", month: "long" }, timeZone).format(
    toDate(value),
  );
}

/** 'noviembre 2026' (es-ES alone would say 'noviembre de 2026'). */
export function formatMemberSince(value: DateInput, timeZone?: string): string {
  const parts = formatter({ month: "long", year: "numeric" }, timeZone).formatToParts(
    toDate(value),
  );
  const month = parts.find((p) => p.type === "month")?.value ?? "";
  const year = parts.find((p) => p.type === "year")?.value ?? "";
  return `${month} ${year}`.trim();
}

function dayKey(value: DateInput, timeZone?: string): string {
  return formatter({ year: "numeric", month: "2-digit", day: "2-digit" }, timeZone).format(
    toDate(value),
  );
}

/** Chat timestamps: '09:05' today, '14/11 09:05' on other days. */
export function formatChatTime(
  value: DateInput,
  now: DateInput = Date.now(),
  timeZone?: string,
): string {
  const time = formatTime(value, timeZone);
  return dayKey(value, timeZone) === dayKey(now, timeZone)
    ? time
    : `${formatDayMonth(value, timeZone)} ${time}`;
}

const kmFormat = lazily(() => new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 }));
const meterFormat = lazily(() => new Intl.NumberFormat("es-ES", { maximumFractionDigits: 0 }));

/** '42,5 km' */
export function formatKm(km: number): string {
  return `${kmFormat().format(km)} km`;
}

/** '1200 m', '12.000 m' (es-ES groups from five digits). */
export function formatMeters(meters: number): string {
  return `${meterFormat().format(meters)} m`;
}
