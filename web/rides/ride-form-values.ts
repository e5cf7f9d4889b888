// The ride form's values (create.tsx): their defaults, what the API receives, the shared rules
// as the form's resolver, and the ride's own clock (its city's zone,
// docs/product.md#times-and-time-zones).
import type { Resolver } from "react-hook-form";
import type { RideDetailResponse } from "../../domain/api/rides.ts";
import { cityTimeZone } from "../../domain/cities.ts";
import {
  type Level,
  type Modality,
  OFFERED_SOCIAL_TAGS,
  type OfferedSocialTag,
} from "../../domain/constants.ts";
import { toIsoDate } from "../../domain/dates.ts";
import { zoneLabelFor } from "../../domain/ride-time.ts";
import { latestRideStart, parseRideInput, rideInputSchema } from "../../domain/schemas.ts";
import { fromZonedDateTime, toZonedDateTime } from "../../domain/zones.ts";
import type { RouteExtras } from "./route-fields.tsx";

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
  maxParticipants: string;
  socialTags: OfferedSocialTag[];
  description: string;
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
  maxParticipants: "",
  socialTags: [],
  description: "",
};

/**
 * How the form's own controls (chips, the city list, a GPX fill) set a value. Once she has
 * pressed 'Crear salida', the field is checked again as it changes, so the error of a field she
 * fixed goes away: react-hook-form does that by itself only for what she types.
 */
export function setValueOptions(submitted: boolean) {
  return { shouldDirty: true, shouldValidate: submitted } as const;
}

/**
 * Date and time are on the ride's clock (its city's zone,
 * docs/product.md#times-and-time-zones).
 */
export function startInstant(
  values: Pick<RideFormValues, "date" | "time" | "city">,
): number | null {
  return fromZonedDateTime(values.date, values.time, cityTimeZone(values.city));
}

/** 'YYYY-MM-DD' and 'HH:mm' the ride's clock reads now: the form's today and earliest time. */
export function nowOnRideClock(city: string) {
  return toZonedDateTime(Date.now(), cityTimeZone(city)) ?? { date: "", time: "" };
}

/** What the API receives (rideInputSchema's input). */
export function toPayload(values: RideFormValues) {
  const start = startInstant(values);
  return {
    title: values.title,
    city: values.city,
    startTime: start === null ? "" : new Date(start).toISOString(),
    level: values.level || undefined,
    modalities: values.modalities,
    meetingPoint: values.meetingPoint,
    distanceKm: values.distanceKm,
    elevationM: values.elevationM,
    maxParticipants: values.maxParticipants,
    socialTags: values.socialTags,
    description: values.description,
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
) {
  return requestBody({ ...toPayload(values), createKey, ...route }, gpx);
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
): "date" | "time" {
  if (!values.date) return "date";
  if (!values.time) return "time";
  const today = nowOnRideClock(values.city).date;
  return values.date < today || values.date > toIsoDate(new Date(latestRideStart(Date.now())))
    ? "date"
    : "time";
}

/** The shared rules decide, every field at once; their field names map back onto the form's. */
export const rideResolver: Resolver<RideFormValues> = async (values) => {
  const parsed = parseRideInput(rideInputSchema, toPayload(values), Date.now());
  if (parsed.ok) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const [field, message] of Object.entries(parsed.error.fields ?? {})) {
    errors[field === "startTime" ? startErrorField(values) : field] ??= {
      type: "validation",
      message,
    };
  }
  return { values: {}, errors };
};

export function valuesFromRide(ride: RideDetailResponse["ride"]): RideFormValues {
  const local = toZonedDateTime(ride.startTime, cityTimeZone(ride.city));
  return {
    title: ride.title,
    city: ride.city,
    date: local?.date ?? "",
    time: local?.time ?? "",
    level: ride.level,
    modalities: ride.modalities,
    meetingPoint: ride.meetingPoint,
    distanceKm: ride.routeKm === null ? "" : String(ride.routeKm),
    elevationM: ride.routeElev === null ? "" : String(ride.routeElev),
    maxParticipants: ride.maxParticipants === null ? "" : String(ride.maxParticipants),
    socialTags: ride.socialTags.filter((t): t is OfferedSocialTag =>
      (OFFERED_SOCIAL_TAGS as readonly string[]).includes(t),
    ),
    description: ride.description ?? "",
  };
}

/** 'En hora canaria' under the time when her device's clock reads differently from the ride's. */
export function rideClockHint(city: string, start: number | null): string | undefined {
  const zone = cityTimeZone(city);
  const at = start ?? Date.now();
  const label = zoneLabelFor(at, zone);
  return label ? `En ${label}` : undefined;
}
