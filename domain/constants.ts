// Shared product constants: enumerations, labels and limits used by the worker and the browser.

export const PRODUCT_NAME = "Rodamos";

/** Where riders write to us: the site, settings, suspended accounts, web push contact. One place. */
export const CONTACT_EMAIL = "hola@rodamos.app";

export const MODALITIES = ["road", "gravel", "btt"] as const;
export type Modality = (typeof MODALITIES)[number];

export const LEVELS = ["chill", "intermedio", "cañero"] as const;
export type Level = (typeof LEVELS)[number];

export const SOCIAL_TAGS = [
  "coffee",
  "sweet",
  "early",
  "golden",
  "blabla",
  "sunrise",
  "sunset",
] as const;
export type SocialTag = (typeof SOCIAL_TAGS)[number];

// The create/edit form only offers these four (docs/product.md#words-and-values).
export const OFFERED_SOCIAL_TAGS = ["coffee", "sweet", "early", "blabla"] as const;
export type OfferedSocialTag = (typeof OFFERED_SOCIAL_TAGS)[number];

export const SOCIAL_TAG_LABELS: Record<SocialTag, string> = {
  coffee: "Coffee Stop",
  sweet: "Sweet Break",
  early: "Early Birds",
  golden: "Golden Hour",
  blabla: "BlaBla Ride",
  sunrise: "Sunrise",
  sunset: "Sunset",
};

/** Short labels for chips (cards, filters). */
export const MODALITY_LABELS: Record<Modality, string> = {
  road: "Road",
  gravel: "Gravel",
  btt: "BTT",
};

/** Long labels for the profile form checkboxes (docs/product.md#profiles). */
export const MODALITY_FORM_LABELS: Record<Modality, string> = {
  road: "Road - Carretera",
  gravel: "Gravel - Grava",
  btt: "BTT - Mountain Bike",
};

export const LEVEL_LABELS: Record<Level, string> = {
  chill: "Chill",
  intermedio: "Intermedio",
  cañero: "Cañero",
};

// Stored values; the spec's 'active' means 'published' (docs/product.md#ride-statuses).
export const RIDE_STATUSES = ["published", "cancelled", "closed", "completed"] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];

/**
 * Honest levels (docs/product.md#trust-signals-and-honest-levels): '¿El ritmo fue el
 * anunciado?'.
 */
export const PACE_ANSWERS = ["softer", "as_announced", "harder"] as const;
export type PaceAnswer = (typeof PACE_ANSWERS)[number];
export const PACE_ANSWER_LABELS: Record<PaceAnswer, string> = {
  softer: "Más suave",
  as_announced: "Como se anunció",
  harder: "Más exigente",
};
/** An organizer's shares show once this many riders answered the question (anonymity). */
export const LEVEL_ANSWERS_MIN_SHOWN = 3;
/**
 * Her published shares move only by a batch: new answers to a question from at least
 * LEVEL_BATCH_MIN_RIDERS riders about at least LEVEL_BATCH_MIN_RIDES of her rides, so that no
 * change in them is one rider's answer (docs/decisions/0030-honest-levels-in-batches.md).
 */
export const LEVEL_BATCH_MIN_RIDERS = 3;
export const LEVEL_BATCH_MIN_RIDES = 2;

export const AVATAR_KEYS = [
  "ava01",
  "ava02",
  "ava03",
  "ava04",
  "ava05",
  "ava06",
  "ava07",
  "ava08",
  "ava09",
  "ava10",
  "ava11",
  "ava12",
] as const;
export type AvatarKey = (typeof AVATAR_KEYS)[number];
export const DEFAULT_AVATAR_KEY: AvatarKey = "ava01";
/** The avatar grid shows this many before 'Ver más opciones'. */
export const AVATARS_SHOWN_INITIALLY = 6;

export function isAvatarKey(key: unknown): key is AvatarKey {
  return typeof key === "string" && (AVATAR_KEYS as readonly string[]).includes(key);
}

/** A missing or unknown key falls back to ava01 (docs/product.md#avatars). */
export function avatarKeyOrDefault(key: string | null | undefined): AvatarKey {
  return isAvatarKey(key) ? key : DEFAULT_AVATAR_KEY;
}

export function isModality(value: unknown): value is Modality {
  return typeof value === "string" && (MODALITIES as readonly string[]).includes(value);
}

export function isLevel(value: unknown): value is Level {
  return typeof value === "string" && (LEVELS as readonly string[]).includes(value);
}

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

// Accounts and profiles.
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const MIN_AGE = 16;

// Rides.
export const FEED_PAGE_SIZE = 10;
/** My Rides' 'A la espera de plaza': the soonest rides she is waiting on, at most this many. */
export const AWAITING_MAX = 20;
export const DEFAULT_MAX_PARTICIPANTS = 20;
/** Upper bound the form allows for max participants (docs/product.md#ride-fields-and-limits). */
export const MAX_PARTICIPANTS = 20;
export const MIN_PARTICIPANTS = 2;
export const MAX_SOCIAL_TAGS = 2;
export const MIN_DISTANCE_KM = 1;
/**
 * What one day's ride can be: the longest one-day brevets and sportives stay under 400 km, and
 * the hardest mountain days under 10,000 m of climbing. Anything above is a typo or an attack.
 */
export const MAX_DISTANCE_KM = 400;
export const MAX_ELEVATION_M = 10_000;
/** How far ahead a ride can be proposed. */
export const RIDE_START_MAX_MONTHS = 12;
export const RIDE_TITLE_MAX = 80;
export const RIDE_DESCRIPTION_MAX = 1000;
export const MEETING_POINT_MAX = 200;
export const CITY_MAX = 80;
export const CANCEL_REASON_MAX = 300;
export const SEARCH_QUERY_MAX = 100;
/**
 * 'Cerca de mí' (docs/product.md#meeting-pin-and-near-me): rides further than this from her are not
 * "near".
 */
export const NEAR_RADIUS_KM = 50;

/**
 * '¿Quién puede unirse?' (docs/product.md#join-by-approval): 'Abierta' joins at once, 'Con
 * aprobación' asks the organizer first and keeps the exact meeting point for the group.
 */
export const JOIN_MODES = ["open", "approval"] as const;
export type JoinMode = (typeof JOIN_MODES)[number];
/** Her optional note with 'Solicitar plaza'. */
export const REQUEST_NOTE_MAX = 280;
/** The approximate area others see of an approval ride's meeting point: its radius. */
export const MEETING_AREA_RADIUS_KM = 1.5;
/**
 * How far the area's centre lies from the pin (a random distance in this range, drawn once per
 * pin): never 0, so the centre is not the pin, and under the radius, so the pin is in the circle.
 */
export const MEETING_AREA_OFFSET_KM = { min: 0.3, max: 1 } as const;
/**
 * A moved pin keeps its area while it stays this far inside the circle (within 1.25 km of the
 * centre); beyond that a new area is drawn. Under the 0.5 km between the largest offset and the
 * radius, so any move shorter than 240 m from where the area was drawn keeps it (the centre's
 * rounding takes up to 8 m): small edits never draw new areas that could be averaged back to the
 * pin.
 */
export const MEETING_AREA_KEEP_MARGIN_KM = 0.25;

// Time windows relative to a ride's start.
export const CHAT_WRITE_WINDOW_MS = 12 * HOUR_MS;
export const CONNECTIONS_OPEN_AFTER_MS = 30 * MINUTE_MS;
export const CONNECTIONS_CLOSE_AFTER_MS = 48 * HOUR_MS;
export const CHAT_CANDIDATE_LOOKBACK_MS = 24 * HOUR_MS;
/**
 * The ride day (docs/product.md#ride-day): live positions, check-ins and "Me he quedado atrás"
 * work from 30 min before the start until 6 h after it; everything the ride day kept (check-ins,
 * arrivals, the last positions, the timers' state) is erased 24 h after that window ends.
 */
export const RIDE_DAY_OPENS_BEFORE_MS = 30 * MINUTE_MS;
export const RIDE_DAY_CLOSES_AFTER_MS = 6 * HOUR_MS;
export const RIDE_DAY_ERASED_AFTER_CLOSE_MS = 24 * HOUR_MS;

// Chat.
export const MESSAGE_MAX_LENGTH = 2000;
/**
 * Chat pace (docs/product.md#chat-pace): per rider and ride, at most `max` messages in
 * `windowMs`.
 */
export const CHAT_PACE = [
  { max: 5, windowMs: 5_000 },
  { max: 30, windowMs: 60_000 },
] as const;
export const PREVIEW_MAX_CHARS = 50;
export const BADGE_CAP = 99;

// Files.
export const GPX_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Read replication (docs/decisions/0041-read-replicas-with-her-bookmark.md): the API answers with
 * the D1 bookmark its reads and writes reached, and her app sends back the newest it has seen, so
 * a read from a replica is never older than her own last write.
 */
export const D1_BOOKMARK_HEADER = "x-d1-bookmark";
