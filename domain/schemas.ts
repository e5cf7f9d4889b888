// zod v4 schemas shared by the API (request validation) and the forms, with the spec's messages.
// Over 400 lines and kept whole: every request and form schema in one place, sharing its helpers.

import { RIDE_ID_PATTERN } from "./api/chat.ts";
import { HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX } from "./chat-protocol.ts";
import {
  AVATAR_KEYS,
  CANCEL_REASON_MAX,
  CITY_MAX,
  DEFAULT_AVATAR_KEY,
  EMAIL_MAX,
  JOIN_MODES,
  LEVELS,
  MAX_DISTANCE_KM,
  MAX_ELEVATION_M,
  MAX_PARTICIPANTS,
  MAX_SOCIAL_TAGS,
  MEETING_POINT_MAX,
  MIN_DISTANCE_KM,
  MIN_PARTICIPANTS,
  MODALITIES,
  OFFERED_SOCIAL_TAGS,
  PACE_ANSWERS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REQUEST_NOTE_MAX,
  RIDE_DESCRIPTION_MAX,
  RIDE_START_MAX_MONTHS,
  RIDE_TITLE_MAX,
  SEARCH_QUERY_MAX,
} from "./constants.ts";
import { DomainError } from "./errors.ts";
import { MSG } from "./messages.ts";
import { NEAR_HEADER, roundPosition } from "./near.ts";
import { ESTIMATED_MINUTES_MAX, ESTIMATED_MINUTES_MIN } from "./ride-day.ts";
import { validateUsername } from "./username.ts";
import { cleanText, hasControlCharacter, hasVisibleCharacter, userText, z } from "./zod.ts";

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** The form field, in minutes; missing or null: the server derives it from distance and level. */
export const estimatedMinutesSchema = z
  .number({ error: "La duración estimada no es válida" })
  .int({ error: "La duración estimada no es válida" })
  .min(ESTIMATED_MINUTES_MIN, { error: "La duración estimada mínima es de 15 min" })
  .max(ESTIMATED_MINUTES_MAX, { error: "La duración estimada máxima es de 24 h" })
  .nullish();

/** "He llegado a casa": her safety timer on or off. */
export const rideDayTimerSchema = z.object({ on: z.boolean({ error: "Datos no válidos" }) });

/** Trimmed non-empty string; missing, wrong type and blank all give `message`. */
const requiredText = (message: string) =>
  userText({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .refine(hasVisibleCharacter, { error: message, abort: true });

/** Email: trimmed, lowercased, valid, ≤ 254; missing or blank gives `requiredMessage`. */
const emailWith = (requiredMessage: string) =>
  requiredText(requiredMessage)
    .toLowerCase()
    .max(EMAIL_MAX, { error: MSG.emailTooLong })
    .pipe(z.email({ error: MSG.emailInvalid }));

// ---------- Accounts ----------

export const emailSchema = emailWith(MSG.emailInvalid);

/** New passwords: 6–200 characters, never trimmed. */
export const passwordSchema = z
  .string({ error: MSG.passwordTooShort })
  .min(PASSWORD_MIN, { error: MSG.passwordTooShort })
  .max(PASSWORD_MAX, { error: MSG.passwordTooLong });

const requiredPassword = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).min(1, { error: requiredMessage });

export const signupSchema = z.object({
  email: emailWith(MSG.signupMissingFields),
  password: requiredPassword(MSG.signupMissingFields).pipe(passwordSchema),
  // A malformed referral token is dropped rather than blocking sign-up; invite mode then
  // answers invitation_required.
  ref: z.uuid().optional().catch(undefined),
});

export const loginSchema = z.object({
  email: emailWith(MSG.signupMissingFields),
  // No length rule on login: only "required" (docs/product.md#accounts-and-sign-in).
  password: requiredPassword(MSG.signupMissingFields).max(PASSWORD_MAX, {
    error: MSG.loginFailed,
  }),
});

export const resetRequestSchema = z.object({
  email: emailWith(MSG.forgotPasswordEmailFirst),
});

export const resetConfirmSchema = z.object({
  token: z
    .string({ error: MSG.resetTokenInvalid })
    .min(1, { error: MSG.resetTokenInvalid })
    .max(200, { error: MSG.resetTokenInvalid }),
  password: requiredPassword(MSG.signupMissingFields).pipe(passwordSchema),
});

/** The reset form in the browser: both fields required, equal, ≥ 6 characters. */
export const resetPasswordFormSchema = z
  .object({
    password: requiredPassword(MSG.signupMissingFields).pipe(passwordSchema),
    confirmPassword: requiredPassword(MSG.signupMissingFields),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: MSG.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

export const changePasswordSchema = z.object({
  /** Absent for accounts created with Google that never had a password. */
  currentPassword: z.string().max(PASSWORD_MAX, { error: MSG.passwordTooLong }).optional(),
  newPassword: requiredPassword(MSG.passwordTooShort).pipe(passwordSchema),
});

// ---------- Profiles ----------

export const usernameSchema = z
  .string({ error: MSG.usernameRequired })
  .trim()
  .superRefine((value, ctx) => {
    const check = validateUsername(value);
    if (!check.ok) ctx.addIssue({ code: "custom", message: check.message });
  })
  .transform((value) => value.normalize("NFC"));

const modalitiesWith = (message: string) =>
  z
    .array(z.enum(MODALITIES, { error: MSG.invalidInput }), { error: message })
    .min(1, { error: message })
    .transform(unique);

export const profileSchema = z.object({
  username: usernameSchema,
  city: requiredText(MSG.cityRequired).max(CITY_MAX, { error: MSG.cityTooLong }),
  modalities: modalitiesWith(MSG.modalitiesRequired),
  avatarKey: z.enum(AVATAR_KEYS, { error: MSG.invalidInput }).default(DEFAULT_AVATAR_KEY),
});

// ---------- Launch sign-ups (the landing's "lista de espera") ----------

export const launchSignupStep1Schema = z.object({
  email: emailSchema,
  source: userText().trim().max(40, { error: MSG.invalidInput }).default("landing"),
});

export const launchSignupStep2Schema = z.object({
  email: emailSchema,
  city: requiredText(MSG.launchSignupMissingInfo).max(CITY_MAX, { error: MSG.cityTooLong }),
  modalities: modalitiesWith(MSG.launchSignupMissingInfo),
  source: userText().trim().max(40, { error: MSG.invalidInput }).default("step2"),
  // Some user agents are very long; keep the first 400 characters instead of refusing her.
  ua: z
    .string()
    .optional()
    // A cut can split a surrogate pair: cleaned (made well-formed) after it.
    .transform((ua) => (ua === undefined ? undefined : cleanText(ua.slice(0, 400)))),
});

// ---------- Rides ----------

const requiredRideText = (max: number, tooLong: string) =>
  requiredText(MSG.rideRequiredFields).max(max, { error: tooLong });

/** '' / null / undefined → missing; numeric strings from inputs → numbers. */
const numberInput = (missingMessage: string) =>
  z.preprocess(
    (value) => {
      if (value === "" || value === null || value === undefined) return undefined;
      if (typeof value === "string") return Number(value.trim().replace(",", "."));
      return value;
    },
    z.number({ error: missingMessage }),
  );

/** True when `value` has at most one decimal (float noise such as 12.299999 tolerated). */
export function isTenthMultiple(value: number): boolean {
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-6;
}

const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

/**
 * The meeting pin (docs/product.md#meeting-pin-and-near-me): a real place on Earth, kept to ~1 cm
 * (7 decimals). null clears it; left out on an edit, the stored pin stays.
 */
export const meetingPinSchema = z.unknown().transform((value, ctx) => {
  const pin = pinShape.safeParse(value);
  if (!pin.success) {
    // One message for the pin as a whole: the form shows it under the map.
    ctx.addIssue({ code: "custom", message: MSG.meetingPinInvalid });
    return z.NEVER;
  }
  return { lat: round7(pin.data.lat), lon: round7(pin.data.lon) };
});

const pinShape = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});

/**
 * The form asks which clock a ride would have (POST /api/rides/zone): its pin (in the body, never
 * in an address the server logs) and its city.
 */
export const rideZoneQuerySchema = z.object({
  pin: meetingPinSchema.nullable(),
  city: z.string().max(CITY_MAX),
});

/**
 * A ride's title is one line: it heads cards, notifications, the share image and calendar
 * files, where a line break could split it. A line break, tab or other control character is
 * refused rather than dropped, so what she typed is never silently changed into another title.
 */
const rideTitleSchema = z
  .string({ error: MSG.rideRequiredFields })
  .refine((title) => !hasControlCharacter(title), { error: MSG.titleOneLine, abort: true })
  .pipe(requiredRideText(RIDE_TITLE_MAX, MSG.titleTooLong));

export const rideInputSchema = z.object({
  title: rideTitleSchema,
  city: requiredRideText(CITY_MAX, MSG.cityTooLong),
  /** ISO instant with offset or Z; normalised to UTC ISO. Future-ness: validateRideStart. */
  startTime: requiredText(MSG.rideRequiredFields)
    .pipe(z.iso.datetime({ offset: true, error: MSG.rideStartInvalid }))
    .transform((iso) => new Date(iso).toISOString()),
  /**
   * The date and time she entered, on the ride's clock: the server reads them on the zone it
   * stores for the ride (from its pin, docs/decisions/0042-a-rides-zone-is-stored.md) and that
   * instant replaces startTime, which her app could only work out on the city's clock. Older
   * clients send none.
   */
  startLocal: z
    .object(
      {
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.rideStartInvalid }),
        time: z.string().regex(/^\d{2}:\d{2}$/, { error: MSG.rideStartInvalid }),
      },
      { error: MSG.rideStartInvalid },
    )
    .optional(),
  level: z.enum(LEVELS, { error: MSG.rideRequiredFields }),
  modalities: z
    .array(z.enum(MODALITIES, { error: MSG.invalidInput }), { error: MSG.rideRequiredFields })
    .min(1, { error: MSG.rideRequiredFields })
    .transform(unique),
  meetingPoint: requiredRideText(MEETING_POINT_MAX, MSG.meetingPointTooLong),
  meetingPin: meetingPinSchema.nullish(),
  /** '¿Quién puede unirse?'; left out: 'Abierta' on create, unchanged on edit (older clients). */
  joinMode: z.enum(JOIN_MODES, { error: MSG.invalidInput }).optional(),
  /** 'Solo verificadas'; left out: off on create, unchanged on edit (older clients). */
  verifiedOnly: z.boolean({ error: MSG.invalidInput }).optional(),
  distanceKm: numberInput(MSG.rideDistanceElevationRequired)
    .refine((km) => km >= MIN_DISTANCE_KM, { error: MSG.distanceMin })
    .refine((km) => km <= MAX_DISTANCE_KM, { error: MSG.distanceMax })
    .refine(isTenthMultiple, { error: MSG.distanceStep })
    .transform((km) => Math.round(km * 10) / 10),
  elevationM: numberInput(MSG.rideDistanceElevationRequired)
    .refine((m) => Number.isInteger(m) && m >= 0, { error: MSG.elevationInvalid, abort: true })
    .refine((m) => m <= MAX_ELEVATION_M, { error: MSG.elevationMax }),
  /** 'Duración estimada' in minutes; missing or null: derived from distance and level. */
  estimatedMinutes: estimatedMinutesSchema,
  /** null = no explicit cap (capacity 20). */
  maxParticipants: z.preprocess((value) => {
    if (value === "" || value === undefined) return null;
    if (typeof value === "string") return Number(value.trim());
    return value;
  }, z
    .number({ error: MSG.maxParticipantsRange })
    .int({ error: MSG.maxParticipantsRange })
    .min(MIN_PARTICIPANTS, { error: MSG.maxParticipantsRange })
    .max(MAX_PARTICIPANTS, { error: MSG.maxParticipantsRange })
    .nullable()),
  socialTags: z
    .array(z.enum(OFFERED_SOCIAL_TAGS, { error: MSG.invalidInput }), { error: MSG.invalidInput })
    .default([])
    .transform(unique)
    .refine((tags) => tags.length <= MAX_SOCIAL_TAGS, { error: MSG.socialTagsMax }),
  description: userText({ error: MSG.invalidInput })
    .trim()
    .max(RIDE_DESCRIPTION_MAX, { error: MSG.descriptionTooLong })
    .nullish()
    .transform((text) => (text ? text : null)),
});

/**
 * POST /api/rides: the form plus the id her app chose for this submission, kept across retries
 * so one whose answer was lost gets the same ride back (decision 0012). Optional: older clients
 * send none. Edit reads rideInputSchema, which drops it.
 */
export const rideCreateSchema = rideInputSchema.extend({
  createKey: z.uuid({ error: MSG.invalidInput }).optional(),
  /** 'Publicar en' (docs/product.md#grupos): a group she may publish in; none, her own ride. */
  groupId: z
    .string({ error: MSG.invalidInput })
    .regex(RIDE_ID_PATTERN, { error: MSG.invalidInput })
    .nullish(),
  /** 'Solo el grupo' (true) or 'Abierta'; read only with a group. */
  groupOnly: z.boolean({ error: MSG.invalidInput }).default(false),
});

/** The latest start a ride proposed at `now` may have: the same instant 12 months later. */
export function latestRideStart(now: number): number {
  const latest = new Date(now);
  latest.setUTCMonth(latest.getUTCMonth() + RIDE_START_MAX_MONTHS);
  return latest.getTime();
}

/**
 * PUT /api/rides/:id: the form, plus `removeRoute` when she took the GPX away ('Quitar'). A new
 * file in the same request replaces the route instead.
 */
export const rideEditSchema = rideInputSchema.extend({
  removeRoute: z.boolean({ error: MSG.invalidInput }).optional(),
});

/**
 * Start must be in the future (docs/product.md#ride-fields-and-limits) and within the next 12
 * months. Kept out of the schema because it needs `now`. Returns the message to show, or null when
 * fine.
 */
export function validateRideStart(startMs: number, now: number): string | null {
  if (!Number.isFinite(startMs)) return MSG.rideStartInvalid;
  if (startMs <= now) return MSG.ridePastStart;
  return startMs > latestRideStart(now) ? MSG.rideStartTooFar : null;
}

/**
 * A ride form (create or edit) against the schema and the future-start rule together, so every
 * field's problem comes back at once: a past start is named even while other fields are wrong.
 */
export function parseRideInput<S extends z.ZodType<RideInput>>(
  schema: S,
  data: unknown,
  now: number,
): { ok: true; data: z.output<S> } | { ok: false; error: DomainError } {
  const parsed = parseInput(schema, data);
  const start = parsed.ok
    ? parsed.data.startTime
    : parsed.error.fields?.startTime
      ? undefined
      : rideInputSchema.shape.startTime.safeParse((data as { startTime?: unknown })?.startTime)
          .data;
  const startProblem = start === undefined ? null : validateRideStart(Date.parse(start), now);
  if (!startProblem) return parsed;
  const fields = { ...(parsed.ok ? {} : parsed.error.fields), startTime: startProblem };
  const message = parsed.ok ? startProblem : parsed.error.message;
  return {
    ok: false,
    error: new DomainError("validation_error", message, undefined, fields),
  };
}

export const cancelRideSchema = z.object({
  reason: userText({ error: MSG.invalidInput })
    .trim()
    .max(CANCEL_REASON_MAX, { error: MSG.cancelReasonTooLong })
    .nullish()
    .transform((reason) => (reason ? reason : null)),
});

/** 'YYYY-MM-DD' (read as a UTC day) or an ISO instant → epoch ms; day ends map to 23:59:59.999. */
const instantParam = (endOfDay: boolean) =>
  z
    .string()
    .trim()
    .max(40, { error: MSG.invalidInput })
    .transform((value, ctx) => {
      const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      let ms = Number.NaN;
      if (dateOnly) {
        const [y, m, d] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
        const start = Date.UTC(y, m - 1, d);
        const check = new Date(start);
        if (check.getUTCDate() === d && check.getUTCMonth() === m - 1) {
          ms = endOfDay ? start + 24 * 60 * 60 * 1000 - 1 : start;
        }
      } else if (z.iso.datetime({ offset: true }).safeParse(value).success) {
        ms = Date.parse(value);
      }
      if (!Number.isFinite(ms)) {
        ctx.addIssue({ code: "custom", message: MSG.invalidInput });
        return z.NEVER;
      }
      return ms;
    });

/** Comma list of enum values; unknown values are a validation error. */
const enumListParam = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .string()
    .max(200, { error: MSG.invalidInput })
    .optional()
    .transform((list) =>
      (list ?? "")
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values, { error: MSG.invalidInput })))
    .transform(unique);

/** A search box's text (query parameter): cleaned like any text, blank = no filter. */
export const optionalSearchText = (max: number) =>
  userText()
    .trim()
    .max(max, { error: MSG.invalidInput })
    .optional()
    .transform((text) => (text ? text : undefined));

const pageParam = z.coerce
  .number({ error: MSG.invalidInput })
  .int({ error: MSG.invalidInput })
  .min(0, { error: MSG.invalidInput })
  .max(10_000, { error: MSG.invalidInput })
  .optional();

/** Decimal degrees as a person writes them: an optional sign, digits, an optional fraction. */
const DEGREES = /^[+-]?\d{1,3}(\.\d{1,12})?$/;

/**
 * 'Cerca de mí' (docs/product.md#meeting-pin-and-near-me): `lat,lon` of her position, which the app
 * rounded to about 1 km; rounded here again, so nothing finer is ever used. Read strictly:
 * `Number()` also takes hex (`0x10`), exponents (`4e1`), `Infinity` and blanks, none of which is a
 * position.
 */
const nearPosition = z
  .string({ error: MSG.nearInvalid })
  .max(40, { error: MSG.nearInvalid })
  .transform((raw, ctx) => {
    const parts = raw.split(",");
    const [lat, lon] = parts.map(Number);
    if (
      parts.length !== 2 ||
      !parts.every((part) => DEGREES.test(part)) ||
      Math.abs(lat!) > 90 ||
      Math.abs(lon!) > 180
    ) {
      ctx.addIssue({ code: "custom", message: MSG.nearInvalid });
      return z.NEVER;
    }
    return roundPosition({ lat: lat!, lon: lon! });
  });

/** GET /api/rides headers: `X-Near: lat,lon` orders the listing by distance from there. */
export const rideListHeadersSchema = z
  .object({ [NEAR_HEADER]: nearPosition.optional() })
  .transform((headers) => headers[NEAR_HEADER]);

/**
 * GET /api/rides query: q, city, m (comma list), level (comma list), from/to (ISO instants,
 * or 'YYYY-MM-DD' read as UTC days), page (0-based; `cursor` accepted as an alias).
 * `near` is refused: her position goes in the X-Near header (rideListHeadersSchema), and an
 * older app that still puts it in the address is told so rather than answered by date.
 * Output: { q?, city?, modalities, levels, fromMs?, toMs?, page }.
 */
export const rideListQuerySchema = z
  .object({
    q: optionalSearchText(SEARCH_QUERY_MAX),
    city: optionalSearchText(CITY_MAX),
    m: enumListParam(MODALITIES),
    level: enumListParam(LEVELS),
    from: instantParam(false).optional(),
    to: instantParam(true).optional(),
    page: pageParam,
    cursor: pageParam,
    near: z.never({ error: MSG.nearInvalid }).optional(),
  })
  .transform(({ q, city, m, level, from, to, page, cursor }) => ({
    q,
    city,
    modalities: m,
    levels: level,
    fromMs: from,
    toMs: to,
    page: page ?? cursor ?? 0,
  }));

export const connectionsSaveSchema = z.object({
  otherUserIds: z
    .array(z.string().trim().min(1, { error: MSG.invalidInput }).max(100), {
      error: MSG.connectionsNoneSelected,
    })
    .min(1, { error: MSG.connectionsNoneSelected })
    .max(MAX_PARTICIPANTS - 1, { error: MSG.invalidInput })
    .refine((ids) => new Set(ids).size === ids.length, { error: MSG.connectionsDuplicate }),
});

/**
 * POST /api/rides/:id/level-answers (docs/product.md#trust-signals-and-honest-levels): the two
 * optional, anonymous questions of the post-ride step; at least one answered.
 */
export const levelAnswersSchema = z
  .object({
    pace: z.enum(PACE_ANSWERS, { error: MSG.invalidInput }).nullable().default(null),
    waitedForAll: z.boolean({ error: MSG.invalidInput }).nullable().default(null),
  })
  .strict()
  .refine((a) => a.pace !== null || a.waitedForAll !== null, {
    error: MSG.levelAnswersNone,
  });

// ---------- Inferred types ----------

export type SignupInput = z.infer<typeof signupSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;
export type ResetConfirmInput = z.infer<typeof resetConfirmSchema>;
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
export type LaunchSignupStep1Input = z.infer<typeof launchSignupStep1Schema>;
export type LaunchSignupStep2Input = z.infer<typeof launchSignupStep2Schema>;
export type RideInput = z.infer<typeof rideInputSchema>;
export type MeetingPin = z.infer<typeof meetingPinSchema>;
export type RideCreateInput = z.infer<typeof rideCreateSchema>;
export type CancelRideInput = z.infer<typeof cancelRideSchema>;
export type RideListQuery = z.infer<typeof rideListQuerySchema>;
export type ConnectionsSaveInput = z.infer<typeof connectionsSaveSchema>;
export type LevelAnswersInput = z.infer<typeof levelAnswersSchema>;

// ---------- Turning zod failures into API errors ----------

/** Fallback for issues without our own message (unknown keys, wrong shapes): never English. */
export const SPANISH_FALLBACK_ERROR = () => MSG.invalidInput;

/** First message per field path ('a.b' for nested, '' for the root). */
export function issuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** DomainError 'validation_error' carrying the first issue's message and all field messages. */
export function validationError(error: z.ZodError): DomainError {
  const message = error.issues[0]?.message ?? MSG.invalidInput;
  return new DomainError("validation_error", message, undefined, issuesToFields(error.issues));
}

/** safeParse with the Spanish fallback; failures come back as a DomainError. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  data: unknown,
): { ok: true; data: z.output<S> } | { ok: false; error: DomainError } {
  const result = schema.safeParse(data, { error: SPANISH_FALLBACK_ERROR });
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, error: validationError(result.error) };
}

/** POST /api/rides/:id/requests: 'Solicitar plaza' with her optional note. */
export const requestPlaceSchema = z.object({
  note: userText({ error: MSG.invalidInput })
    .trim()
    .max(REQUEST_NOTE_MAX, { error: MSG.requestNoteTooLong })
    .nullish()
    .transform((text) => (text ? text : null)),
});

// ---------- Chat API requests ----------

export const rideIdParamSchema = z.object({
  id: z.string({ error: MSG.invalidRideId }).regex(RIDE_ID_PATTERN, { error: MSG.invalidRideId }),
});

export const chatMessagesQuerySchema = z.object({
  before: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
});
