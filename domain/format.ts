// es-ES formatting. Every date helper takes an optional IANA time zone (the device's zone by
// default) so tests are deterministic.
//
// Dates are built from their calendar fields with Spanish month and weekday names, not with
// Intl.DateTimeFormat: constructing one costs V8 milliseconds per pattern (locale data and a
// pattern generator), and a feed of ride cards needs four patterns before its first paint
// (~90 ms of main thread measured on a 4×-throttled profile). The city list's zones
// (domain/zones.ts) are read from their written-out rule; any other zone goes through Intl, once
// per zone, for its offset only.
import { zonedFields } from "./zones.ts";

type DateInput = string | number | Date;

const WEEKDAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

interface CalendarFields {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
  hour: number;
  minute: number;
}

function fields(value: DateInput, timeZone?: string): CalendarFields {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  // A list zone from its written-out rule, any other through Intl (domain/zones.ts).
  if (timeZone) return zonedFields(date.getTime(), timeZone);
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    weekday: date.getDay(),
    hour: date.getHours(),
    minute: date.getMinutes(),
  };
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** '14/11' */
export function formatDayMonth(value: DateInput, timeZone?: string): string {
  const { day, month } = fields(value, timeZone);
  return `${twoDigits(day)}/${twoDigits(month)}`;
}

/** '14/11/2026': the day-and-month format with its year, for dates that may be a year away. */
export function formatDayMonthYear(value: DateInput, timeZone?: string): string {
  const { day, month, year } = fields(value, timeZone);
  return `${twoDigits(day)}/${twoDigits(month)}/${year}`;
}

/** '09:05' (24-hour clock). */
export function formatTime(value: DateInput, timeZone?: string): string {
  const { hour, minute } = fields(value, timeZone);
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** 'sábado, 14 de noviembre' */
export function formatLongDate(value: DateInput, timeZone?: string): string {
  const { weekday, day, month } = fields(value, timeZone);
  return `${WEEKDAYS[weekday]}, ${day} de ${MONTHS[month - 1]}`;
}

/** 'noviembre 2026' (es-ES's own pattern would say 'noviembre de 2026'). */
export function formatMemberSince(value: DateInput, timeZone?: string): string {
  const { month, year } = fields(value, timeZone);
  return `${MONTHS[month - 1]} ${year}`;
}

function dayKey(value: DateInput, timeZone?: string): string {
  const { year, month, day } = fields(value, timeZone);
  return `${year}-${month}-${day}`;
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

/**
 * A number as es-ES writes it: decimal comma, '.' between thousands from five digits on
 * ('1200', '12.000'), at most `fractionDigits` decimals. Rounds like Intl: halves away from
 * zero, on the number's shortest decimal text (12.35 → '12,4'). Written out for the reason
 * given at the top: the first Intl.NumberFormat of a page costs tens of milliseconds.
 */
function formatEs(value: number, fractionDigits: number): string {
  const text = String(Math.abs(value));
  // Below 1e-6 JavaScript writes an exponent; at these precisions such values are 0.
  const [whole, fraction = ""] = text.includes("e") ? ["0", ""] : text.split(".");
  let digits = `${whole}${fraction.slice(0, fractionDigits).padEnd(fractionDigits, "0")}`;
  if ((fraction[fractionDigits] ?? "0") >= "5") {
    // Add one in the last kept place, carrying through the decimal digits.
    digits = (BigInt(digits) + 1n).toString().padStart(digits.length, "0");
  }
  const intPart = digits.slice(0, digits.length - fractionDigits) || "0";
  const decimals = digits.slice(digits.length - fractionDigits).replace(/0+$/, "");
  const grouped = intPart.length >= 5 ? intPart.replace(/\B(?=(\d{3})+$)/g, ".") : intPart;
  const result = decimals ? `${grouped},${decimals}` : grouped;
  return value < 0 && result !== "0" ? `-${result}` : result;
}

/** '42,5 km' */
export function formatKm(km: number): string {
  return `${formatEs(km, 1)} km`;
}

/** '1200 m', '12.000 m' (es-ES groups from five digits). */
export function formatMeters(meters: number): string {
  return `${formatEs(meters, 0)} m`;
}

/** 'Cerca de mí' on a card: 'a 3 km' ('a menos de 1 km' when closer). */
export function formatDistance(km: number): string {
  if (km < 1) return "a menos de 1 km";
  return `a ${Math.round(km)} km`;
}
