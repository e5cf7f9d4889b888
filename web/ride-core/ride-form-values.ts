// The ride form's values (rides/create.tsx): their defaults, what the API receives, the shared
// rules as the form's resolver, and the ride's own clock (its city's zone,
// docs/product.md#times-and-time-zones).
import type { Resolver } from "react-hook-form";
import type { RideDetailResponse } from "../../domain/api/rides.ts";
import { cityTimeZone } from "../../domain/cities.ts";
import {
  type JoinMode,
  type Level,
  type Modality,
  OFFERED_SOCIAL_TAGS,
  type OfferedSocialTag,
} from "../../domain/constants.ts";
import { toIsoDate } from "../../domain/dates.ts";
import { zoneLabelFor } from "../../domain/ride-time.ts";
import {
  latestRideStart,
  type MeetingPin,
  parseRideInput,
  rideInputSchema,
} from "../../domain/schemas.ts";
import {
  type SeriesRepeat,
  type SeriesScope,
  seriesRepeatSchema,
  validateRepeat,
} from "../../domain/series.ts";
import { RIDE_FORM_TEXT } from "../../domain/texts/rides-create.ts";
import { fromZonedDateTime, toZonedDateTime } from "../../domain/zones.ts";

/** What the form sends besides its own fields, filled by the route fields (rides/route-fields). */
export interface RouteExtras {
  /** null: no pin placed and no route to take it from. */
  meetingPin: MeetingPin | null;
  removeRoute?: true;
}

export interface RideFormValues {
  title: string;
  city: string;
  date: string;
  time: string;
  level: Level | "";
  modalities: Modality[];
  meetingPoint: string;
  distanceKm: string;
  elevationM: string;
  /** 'Duración estimada' in minutes (web/ride-day/duration-field.tsx); "" while it has none. */
  estimatedMinutes: string;
  maxParticipants: string;
  socialTags: OfferedSocialTag[];
  description: string;
  /** "Se repite" (create only): "" a one-off ride, "1" every week, "2" every two weeks. */
  repeat: "" | "1" | "2";
  repeatEnd: "count" | "until";
  repeatCount: string;
  repeatUntil: string;
  /** A series date's edit: "Solo esta salida" or "Esta y las siguientes". */
  scope: SeriesScope;
  /** '¿Quién puede unirse?' */
  joinMode: JoinMode;
  /** 'Solo verificadas' (docs/product.md#verificada). */
  verifiedOnly: boolean;
  /** 'Publicar en' (create only, docs/product.md#grupos): a group's id, or "" for her own ride. */
  groupId: string;
  /** In a group: 'Solo el grupo' or 'Abierta'. */
  audience: "group" | "open";
}

export const EMPTY: RideFormValues = {
  title: "",
  city: "",
  date: "",
  time: "",
  level: "",
  modalities: [],
  meetingPoint: "",
  distanceKm: "",
  elevationM: "",
  estimatedMinutes: "",
  maxParticipants: "",
  socialTags: [],
  description: "",
  repeat: "",
  repeatEnd: "count",
  repeatCount: "4",
  repeatUntil: "",
  scope: "this",
  joinMode: "open",
  verifiedOnly: false,
  groupId: "",
  audience: "group",
};

/** The repeat rule as the API takes it; null for a one-off ride. */
export function repeatOf(values: RideFormValues): SeriesRepeat | null {
  if (!values.repeat) return null;
  const everyWeeks = values.repeat === "2" ? 2 : 1;
  return values.repeatEnd === "until"
    ? { everyWeeks, until: values.repeatUntil, count: null }
    : { everyWeeks, until: null, count: Number(values.repeatCount) };
}

/**
 * How the form's own controls (chips, the city list, a GPX fill) set a value. Once she has
 * pressed 'Crear salida', the field is checked again as it changes, so the error of a field she
 * fixed goes away: react-hook-form does that by itself only for what she types.
 */
export function setValueOptions(submitted: boolean) {
  return { shouldDirty: true, shouldValidate: submitted } as const;
}

/**
 * Date and time are on the ride's clock (docs/product.md#times-and-time-zones): `zone` when the
 * form knows it (useRideZone: a pin abroad sets it), else its city's.
 */
export function startInstant(
  values: Pick<RideFormValues, "date" | "time" | "city">,
  zone: string = cityTimeZone(values.city),
): number | null {
  return fromZonedDateTime(values.date, values.time, zone);
}

/** 'YYYY-MM-DD' and 'HH:mm' the ride's clock reads now: the form's today and earliest time. */
export function nowOnRideClock(zone: string) {
  return toZonedDateTime(Date.now(), zone) ?? { date: "", time: "" };
}

/**
 * What the API receives (rideInputSchema's input). The date and time go as she entered them too
 * (startLocal): the server reads them on the clock it stores for the ride, which a pin abroad sets
 * (docs/decisions/0042-a-rides-zone-is-stored.md); startTime is their reading on `zone` (the
 * form's idea of that clock), for the checks here and for older servers.
 */
export function toPayload(values: RideFormValues, zone: string = cityTimeZone(values.city)) {
  const start = startInstant(values, zone);
  return {
    title: values.title,
    city: values.city,
    startTime: start === null ? "" : new Date(start).toISOString(),
    ...(start === null ? {} : { startLocal: { date: values.date, time: values.time } }),
    level: values.level || undefined,
    modalities: values.modalities,
    meetingPoint: values.meetingPoint,
    distanceKm: values.distanceKm,
    elevationM: values.elevationM,
    estimatedMinutes: values.estimatedMinutes === "" ? null : Number(values.estimatedMinutes),
    maxParticipants: values.maxParticipants,
    socialTags: values.socialTags,
    description: values.description,
    joinMode: values.joinMode,
    verifiedOnly: values.verifiedOnly,
  };
}

/**
 * The create request (rideCreateSchema's input): the form plus this form session's create key,
 * so a retry after a lost answer gets the ride already stored instead of a second one
 * (decision 0012). JSON, or multipart with the same JSON in `data` when a GPX goes along.
 */
export function createRideBody(
  values: RideFormValues,
  createKey: string,
  gpx: File | null,
  route: RouteExtras,
  zone?: string,
) {
  return requestBody(
    {
      ...toPayload(values, zone),
      createKey,
      repeat: repeatOf(values),
      ...route,
      ...groupPlaceOf(values),
    },
    gpx,
  );
}

/** 'Publicar en': the group and its audience when she chose one; nothing for her own ride. */
function groupPlaceOf(values: RideFormValues) {
  return values.groupId ? { groupId: values.groupId, groupOnly: values.audience === "group" } : {};
}

export function requestBody<P extends object>(payload: P, gpx: File | null) {
  return gpx ? { form: { data: JSON.stringify(payload), gpx } } : { json: payload };
}

/**
 * Which of the two fields a start-time error belongs to: the one left blank, else the date when
 * the day itself has passed or is beyond the last one allowed, else the time (that day, but too
 * early or too late).
 */
export function startErrorField(
  values: Pick<RideFormValues, "date" | "time" | "city">,
  zone: string = cityTimeZone(values.city),
): "date" | "time" {
  if (!values.date) return "date";
  if (!values.time) return "time";
  const today = nowOnRideClock(zone).date;
  return values.date < today || values.date > toIsoDate(new Date(latestRideStart(Date.now())))
    ? "date"
    : "time";
}

/** The form's idea of the ride's clock, for its checks (create.tsx keeps it current). */
export interface RideClock {
  current: string | null;
}

/**
 * The shared rules decide, every field at once; their field names map back onto the form's. The
 * start is checked on the ride's clock as the form knows it (`clock`: the pin's, once the server
 * said, else the city's); the server checks it again on the clock it stores, and the form shows
 * its answer on the field.
 */
export const rideResolver: Resolver<RideFormValues, RideClock> = async (values, clock) => {
  const zone = clock?.current ?? cityTimeZone(values.city);
  const parsed = parseRideInput(rideInputSchema, toPayload(values, zone), Date.now());
  const errors: Record<string, { type: string; message: string }> = {};
  const repeat = repeatOf(values);
  const start = startInstant(values, zone);
  if (repeat && start !== null) {
    const shape = seriesRepeatSchema.safeParse(repeat);
    const problem = shape.success
      ? validateRepeat(start, zone, shape.data, Date.now())
      : (shape.error.issues[0]?.message ?? null);
    if (problem) {
      errors[values.repeatEnd === "until" ? "repeatUntil" : "repeatCount"] = {
        type: "validation",
        message: problem,
      };
    }
  }
  if (parsed.ok)
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  for (const [field, message] of Object.entries(parsed.error.fields ?? {})) {
    errors[field === "startTime" ? startErrorField(values, zone) : field] ??= {
      type: "validation",
      message,
    };
  }
  return { values: {}, errors };
};

export function valuesFromRide(ride: RideDetailResponse["ride"]): RideFormValues {
  // On the clock the ride stores: a ride pinned in Lisboa at 10:00 shows 10:00.
  const local = toZonedDateTime(ride.startTime, ride.timeZone);
  return {
    title: ride.title,
    city: ride.city,
    date: local?.date ?? "",
    time: local?.time ?? "",
    level: ride.level,
    modalities: ride.modalities,
    // Her own ride: she always gets the exact point.
    meetingPoint: ride.meetingPoint ?? "",
    distanceKm: ride.routeKm === null ? "" : String(ride.routeKm),
    elevationM: ride.routeElev === null ? "" : String(ride.routeElev),
    estimatedMinutes: String(ride.estimatedMinutes),
    maxParticipants: ride.maxParticipants === null ? "" : String(ride.maxParticipants),
    socialTags: ride.socialTags.filter((t): t is OfferedSocialTag =>
      (OFFERED_SOCIAL_TAGS as readonly string[]).includes(t),
    ),
    description: ride.description ?? "",
    repeat: "",
    repeatEnd: "count",
    repeatCount: "4",
    repeatUntil: "",
    scope: "this",
    joinMode: ride.joinMode,
    verifiedOnly: ride.verifiedOnly,
    // An edit keeps the ride's group as it is: the form neither shows nor sends it.
    groupId: "",
    audience: "group",
  };
}

/** 'En hora canaria' under the time when her device's clock reads differently from the ride's. */
export function rideClockHint(zone: string, start: number | null): string | undefined {
  const at = start ?? Date.now();
  const label = zoneLabelFor(at, zone);
  return label ? RIDE_FORM_TEXT.zoneHint(label) : undefined;
}
