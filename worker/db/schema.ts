// The single source of truth for Rodamos's data. `npm run db:generate` turns changes here
// into SQL under migrations/; wrangler applies that folder locally, in tests and in production.
// Times are UTC instants stored as integer milliseconds (docs/product.md#times-and-time-zones).
// docs/decisions/0002-indexes.md lists every index and the query it serves.
// Over 400 lines and kept whole: it is the one schema file drizzle-kit reads to write migrations/.
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import {
  JOIN_MODES,
  type JoinMode,
  type Level,
  type Modality,
  PACE_ANSWERS,
  RIDE_STATUSES,
  type SocialTag,
} from "../../domain/constants.ts";
import { GROUP_ROLES, GROUP_STATUSES } from "../../domain/groups.ts";
import {
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  type ReportSnapshot,
} from "../../domain/safety.ts";
import { VERIFICATION_SOURCES } from "../../domain/verification.ts";
import type { Forecast } from "../../domain/weather.ts";

const createdAt = (column = "created_at") =>
  integer(column, { mode: "number" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Always stored trimmed and lowercased. */
    email: text("email").notNull().unique(),
    /** PHC string (scrypt); null for accounts that only use Google. */
    passwordHash: text("password_hash"),
    googleId: text("google_id").unique(),
    /** Display name given by the identity provider, used for the display-name rule. */
    fullName: text("full_name"),
    /**
     * Set by a moderator (docs/product.md#reports-and-moderation): she cannot sign in and her
     * profile is not found.
     */
    suspendedAt: integer("suspended_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("users_suspended_idx").on(t.suspendedAt)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 (hex) of the token in the cookie; the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    /** SHA-256 (hex) of the token mailed in the link. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/** Development/test mail transport: what would have been sent (docs/product.md#password-reset). */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    bodyText: text("body_text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_to_idx").on(t.toEmail)],
);

/** A profile exists once she has a username: that is what "profile complete" means. */
export const profiles = sqliteTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    /** JS-lowercased username: SQLite's lower() ignores accents like 'Á'. */
    usernameKey: text("username_key").notNull(),
    /**
     * usernameSkeleton(username): look-alike names share it (docs/product.md#look-alike-usernames,
     * ADR 0021). Null only for a name that was already a look-alike of an older one when skeletons
     * came.
     */
    usernameSkeleton: text("username_skeleton"),
    city: text("city"),
    modalities: text("modalities", { mode: "json" }).$type<Modality[]>().notNull().default([]),
    avatarKey: text("avatar_key").notNull().default("ava01"),
    /** Provider picture (Google); presets use avatar_key. */
    avatarUrl: text("avatar_url"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("profiles_username_key_unique").on(t.usernameKey),
    uniqueIndex("profiles_username_skeleton_unique").on(t.usernameSkeleton),
  ],
);

export const referrals = sqliteTable(
  "referrals",
  {
    token: text("token").primaryKey(),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    refereeId: text("referee_id").references(() => users.id, { onDelete: "set null" }),
    claimedAt: integer("claimed_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("referrals_referrer_idx").on(t.referrerId, t.refereeId),
    index("referrals_referee_idx").on(t.refereeId),
  ],
);

/**
 * The landing's sign-up list for the app's launch ("lista de espera"; not a ride's waiting list;
 * docs/product.md#launch-sign-ups): one row per lowercased email, step 2 fills the rest.
 */
export const launchSignups = sqliteTable("launch_signups", {
  email: text("email").primaryKey(),
  source: text("source").notNull(),
  city: text("city"),
  modalities: text("modalities", { mode: "json" }).$type<Modality[]>(),
  userAgent: text("user_agent"),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "number" }),
});

export const rides = sqliteTable(
  "rides",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description"),
    city: text("city").notNull(),
    /** normalizeText(city): accent/case-insensitive equality filter. */
    cityKey: text("city_key").notNull(),
    /** normalizeText(title + ' ' + city): the listing's text search. */
    searchText: text("search_text").notNull(),
    startTime: integer("start_time", { mode: "number" }).notNull(),
    /**
     * The ride's clock, an IANA zone set by the server from its meeting pin, else its city
     * (docs/decisions/0042-a-rides-zone-is-stored.md); every screen, the calendar and the share
     * preview read its times there. Rides stored before it took their city's.
     */
    timeZone: text("time_zone").notNull().default("Europe/Madrid"),
    /** null: no explicit cap; capacity and display default to 20. */
    maxParticipants: integer("max_participants"),
    /** First chosen modality (kept from the spec's model). */
    modality: text("modality").$type<Modality>().notNull(),
    modalities: text("modalities", { mode: "json" }).$type<Modality[]>().notNull(),
    level: text("level").$type<Level>().notNull(),
    socialTags: text("social_tags", { mode: "json" }).$type<SocialTag[]>().notNull().default([]),
    routeKm: real("route_km"),
    routeElev: integer("route_elev"),
    /**
     * 'Duración estimada' in minutes (docs/product.md#ride-day): the safety timer asks at start +
     * this + 1 h. null: derived from distance and level (domain/ride-day.ts).
     */
    estimatedMinutes: integer("estimated_minutes"),
    meetingPoint: text("meeting_point").notNull(),
    /**
     * The meeting pin set on the form's map (docs/product.md#meeting-pin-and-near-me); null for
     * rides without one.
     */
    meetingLat: real("meeting_lat"),
    meetingLon: real("meeting_lon"),
    /** '¿Quién puede unirse?' (docs/product.md#join-by-approval). */
    joinMode: text("join_mode", { enum: JOIN_MODES }).notNull().default("open"),
    /**
     * 'Solo verificadas' (docs/product.md#verificada): joins, requests, the waiting list and the
     * series refuse a rider who is not verified; those already in stay.
     */
    verifiedOnly: integer("verified_only", { mode: "boolean" }).notNull().default(false),
    /**
     * The approximate area's centre (domain/meeting-area.ts): the pin moved by a random offset,
     * drawn when the pin is set and kept while it stays (ADR 0036). What anyone outside an
     * approval ride's group sees, and where 'Cerca de mí' measures such a ride from. Null without
     * a pin.
     */
    meetingAreaLat: real("meeting_area_lat"),
    meetingAreaLon: real("meeting_area_lon"),
    /** null once the organizer deleted her account (the card shows 'Organizadora'). */
    organizerId: text("organizer_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The escoba (sweeper, docs/product.md#ride-day): one participant the organizer names, who
     * rides last; null when none. Cleared when she leaves or is removed.
     */
    sweeperId: text("sweeper_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: RIDE_STATUSES }).notNull().default("published"),
    cancelledAt: integer("cancelled_at", { mode: "number" }),
    cancelReason: text("cancel_reason"),
    /** R2 key chosen by the server; null when the ride has no route file. */
    routeGpxKey: text("route_gpx_key"),
    /** The name her file had (shown on edit with Cambiar / Quitar); null without a route. */
    routeFileName: text("route_file_name"),
    /**
     * The UUID her app chose for the create request, so a retry after a lost answer finds this
     * ride instead of making another (decision 0012); null for rides created without one.
     */
    createKey: text("create_key"),
    /**
     * Its regular grupeta (docs/product.md#regular-grupetas), its date number in it (0: the first)
     * and how often it repeats (1 or 2 weeks, copied so cards need no join); null for a one-off.
     */
    seriesId: text("series_id").references((): AnySQLiteColumn => rideSeries.id, {
      onDelete: "set null",
    }),
    seriesIndex: integer("series_index"),
    seriesEveryWeeks: integer("series_every_weeks"),
    /**
     * The group it is published in (docs/product.md#grupos), null for her own; `group_only`:
     * 'Solo el grupo', listed, found and joinable only by the group's members (and its riders).
     */
    groupId: text("group_id").references((): AnySQLiteColumn => groups.id, {
      onDelete: "set null",
    }),
    groupOnly: integer("group_only", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (t) => [
    index("rides_status_start_idx").on(t.status, t.startTime),
    // A series' dates in order; unique, so a date the cron creates twice is created once.
    uniqueIndex("rides_series_index_unique").on(t.seriesId, t.seriesIndex),
    index("rides_status_city_start_idx").on(t.status, t.cityKey, t.startTime),
    index("rides_organizer_idx").on(t.organizerId, t.startTime),
    // 'Cerca de mí' (docs/product.md#meeting-pin-and-near-me): a latitude range, then longitude,
    // start and distance checked in the entries (worker/rides/near.ts).
    // The join mode and the area's centre ride along in the entries: an approval ride is measured
    // from its area without reading its row (docs/decisions/0036-join-by-approval.md).
    index("rides_status_meeting_pin_idx").on(
      t.status,
      t.meetingLat,
      t.meetingLon,
      t.startTime,
      t.joinMode,
      t.meetingAreaLat,
      t.meetingAreaLon,
      // Whether she may see it ('Solo el grupo'), also without reading the row.
      t.groupOnly,
      t.groupId,
    ),
    // SQLite keeps NULLs distinct in a unique index: rides without a key never collide.
    uniqueIndex("rides_organizer_create_key_unique").on(t.organizerId, t.createKey),
    // A group's next rides, on its page and for 'Tus grupos'.
    index("rides_group_start_idx").on(t.groupId, t.startTime),
    // Her chat list (worker/chat/unread.ts): what it shows of each of her rides, read from these
    // entries instead of the ride's row, so that its pages fit SQLite's page cache (ADR 0059).
    index("rides_chat_list_idx").on(t.id, t.title, t.startTime, t.timeZone, t.organizerId),
  ],
);

export const rideParticipants = sqliteTable(
  "ride_participants",
  {
    rideId: text("ride_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: createdAt("joined_at"),
    /** Last time she viewed the chat; null means "everything is unread". */
    lastSeenAt: integer("last_seen_at", { mode: "number" }),
    /**
     * Copies of the ride's start_time and status, written only by the triggers of migration
     * 0004 (on insert here, on update of the ride), never by the app. "Her rides" lists filter
     * and sort on them inside ride_participants_user_start_idx instead of reading every ride
     * she is in (docs/decisions/0015-her-rides-index.md). The defaults never survive an insert.
     */
    rideStartTime: integer("ride_start_time", { mode: "number" }).notNull().default(0),
    rideStatus: text("ride_status", { enum: RIDE_STATUSES }).notNull().default("published"),
  },
  (t) => [
    primaryKey({ columns: [t.rideId, t.userId] }),
    index("ride_participants_user_start_idx").on(t.userId, t.rideStartTime, t.rideStatus, t.rideId),
  ],
);

export const rideMessages = sqliteTable(
  "ride_messages",
  {
    /** Client-generated UUID for user messages (idempotent resend); server UUID for notices. */
    id: text("id").primaryKey(),
    rideId: text("ride_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    /** null for system notices. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["user", "system"] })
      .notNull()
      .default("user"),
    body: text("body").notNull(),
    /**
     * Hidden by a moderator: everyone is served 'Mensaje ocultado por moderación' instead of the
     * body, which stays for the moderation record.
     */
    hiddenAt: integer("hidden_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  // A ride's messages in order; the author and kind ride along, so the chat list's unread counts
  // and last message are read from the index entries alone (worker/chat/unread.ts).
  (t) => [
    index("ride_messages_ride_created_idx").on(t.rideId, t.createdAt, t.id, t.userId, t.kind),
    // The few a moderator hid, for a reconnecting chat's sync (worker/chat/messages.ts): its
    // list costs the hidden messages, not the whole conversation before her cursor.
    index("ride_messages_hidden_idx")
      .on(t.rideId, t.createdAt, t.id)
      .where(sql`${t.hiddenAt} is not null`),
  ],
);

/**
 * "He rodado con ella": one row per ride, rider and companion. times_rode_with carries the
 * running count for the pair (1 on the first ride together, +1 on each repeat).
 */
export const rodeWith = sqliteTable(
  "rode_with",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    rideId: text("ride_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    otherUserId: text("other_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    timesRodeWith: integer("times_rode_with").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("rode_with_ride_user_other_unique").on(t.rideId, t.userId, t.otherUserId),
    index("rode_with_user_other_idx").on(t.userId, t.otherUserId),
    index("rode_with_other_idx").on(t.otherUserId),
  ],
);

/**
 * "La conozco en persona: la respaldo" (docs/product.md#verificada): one row per voucher and
 * vouchee, ever. Withdrawn, the row stays (the 30 days before she may vouch again); given again,
 * the same row is written over. The ride is the one it was given after (no reference: the proof
 * stays if the ride is deleted). The primary key serves "whom she vouches for" (the walk down the
 * graph, docs/decisions/0055-community-verification.md), vouches_vouchee_idx "who vouches for her".
 */
export const vouches = sqliteTable(
  "vouches",
  {
    voucherId: text("voucher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    voucheeId: text("vouchee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rideId: text("ride_id").notNull(),
    givenAt: integer("given_at", { mode: "number" }).notNull(),
    withdrawnAt: integer("withdrawn_at", { mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.voucherId, t.voucheeId] }),
    index("vouches_vouchee_idx").on(t.voucheeId, t.withdrawnAt),
  ],
);

/**
 * A verified rider's badge and where it comes from: 'moderator' (her account is a moderator's),
 * 'seed' (a moderator who met her verified her: `seeded_by`) or 'community' (standing vouches,
 * recomputed on every change: worker/verification/recompute.ts). No row: not verified.
 */
export const verifiedRiders = sqliteTable("verified_riders", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  source: text("source", { enum: VERIFICATION_SOURCES }).notNull(),
  seededBy: text("seeded_by").references(() => users.id, { onDelete: "set null" }),
  verifiedAt: integer("verified_at", { mode: "number" }).notNull(),
});

/** The blocker's name and avatar as they were when she blocked (see `blocks.blockerProfile`). */
export interface BlockerProfile {
  username: string;
  avatarKey: string;
  avatarUrl: string | null;
}

/**
 * "Bloquear" (docs/product.md#blocking): one row per blocker and blocked rider. The rule is mutual,
 * so every check looks both ways (worker/ride-core/block-sql.ts): the primary key serves "did A block B",
 * blocks_blocked_idx "who blocked me".
 */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /**
     * The blocker as the blocked rider last saw her: if the blocked one blocks back, her answer
     * and her list show this, never the blocker's profile as it is now (a new name would tell
     * her something after the block; docs/decisions/0033-blocking-back-and-the-queue-in-pages.md).
     */
    blockerProfile: text("blocker_profile", { mode: "json" }).$type<BlockerProfile>(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId, t.blockerId),
  ],
);

/**
 * "Denunciar" (docs/product.md#reports-and-moderation): what was reported, why, and a snapshot of
 * it as it was. One report per rider and thing (reports_reporter_target_unique).
 */
export const reports = sqliteTable(
  "reports",
  {
    id: text("id").primaryKey(),
    /** null once the reporter deleted her account; the report stays for the moderators. */
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    targetKind: text("target_kind", { enum: REPORT_TARGETS }).notNull(),
    /** The user, ride or message id. */
    targetId: text("target_id").notNull(),
    /** Who answers for it: the rider, the ride's organizer or the message's author. */
    reportedUserId: text("reported_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The ride of a ride or message report (the moderator's context). */
    rideId: text("ride_id").references(() => rides.id, { onDelete: "set null" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    details: text("details"),
    snapshot: text("snapshot", { mode: "json" }).$type<ReportSnapshot>().notNull(),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    resolvedAt: integer("resolved_at", { mode: "number" }),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_reporter_target_unique").on(t.reporterId, t.targetKind, t.targetId),
    index("reports_status_created_idx").on(t.status, t.createdAt),
    index("reports_reporter_created_idx").on(t.reporterId, t.createdAt),
    index("reports_reported_user_idx").on(t.reportedUserId, t.status),
  ],
);

/** Every moderator action, with who, when and why (docs/product.md#reports-and-moderation). */
export const moderationActions = sqliteTable(
  "moderation_actions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    moderatorId: text("moderator_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as written: the record still names her if her account goes. */
    moderatorEmail: text("moderator_email").notNull(),
    action: text("action", { enum: MODERATION_ACTIONS }).notNull(),
    reason: text("reason").notNull(),
    reportId: text("report_id").references(() => reports.id, { onDelete: "set null" }),
    targetUserId: text("target_user_id").references(() => users.id, { onDelete: "set null" }),
    messageId: text("message_id"),
    /** The group a 'suspend_group' acted on (docs/product.md#grupos). */
    targetGroupId: text("target_group_id"),
    createdAt: createdAt(),
  },
  (t) => [index("moderation_actions_created_idx").on(t.createdAt)],
);

/**
 * Web push (docs/product.md#web-push): one row per device (a browser's push endpoint). A device
 * that signs in as someone else moves to her; the push service's 404/410 deletes the row.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    endpoint: text("endpoint").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Her browser's P-256 public key and auth secret (base64url), to encrypt each push. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/** Her switches per push event; no row means every event is on. */
export const pushPreferences = sqliteTable("push_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  chat: integer("chat", { mode: "boolean" }).notNull().default(true),
  rideChanges: integer("ride_changes", { mode: "boolean" }).notNull().default(true),
  participants: integer("participants", { mode: "boolean" }).notNull().default(true),
  waitlist: integer("waitlist", { mode: "boolean" }).notNull().default(true),
  reminders: integer("reminders", { mode: "boolean" }).notNull().default(true),
  /** 'Nuevas salidas de mis grupos'. */
  groupRides: integer("group_rides", { mode: "boolean" }).notNull().default(true),
  updatedAt: integer("updated_at", { mode: "number" }),
});

/**
 * Her personal calendar feed (docs/product.md#calendar): only the SHA-256 of the secret in its URL.
 * A password change empties token_hash and sets stopped_at: the old URL stops working and
 * settings offers a new one.
 */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").unique(),
  createdAt: createdAt(),
  stoppedAt: integer("stopped_at", { mode: "number" }),
});

/**
 * A full ride's waiting list (docs/product.md#ride-waiting-list; not the landing's
 * `launch_signups`): one row per ride and rider, first come, first served in `id` order. A freed
 * place goes to the first in line inside the batch that frees it (worker/ride-core/promotion.ts,
 * ADR 0024).
 */
export const rideWaitingList = sqliteTable(
  "ride_waiting_list",
  {
    /** Arrival order: AUTOINCREMENT never reuses an id, so a newcomer is always behind. */
    id: integer("id").primaryKey({ autoIncrement: true }),
    rideId: text("ride_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    // (ride_id, rowid): the list in order, her place in it, its length.
    index("ride_waiting_list_ride_idx").on(t.rideId),
    uniqueIndex("ride_waiting_list_user_ride_unique").on(t.userId, t.rideId),
  ],
);

/**
 * Honest levels (docs/product.md#trust-signals-and-honest-levels): a rider's anonymous answers
 * about a ride she was in, once per ride. Never read by a profile: an answer reaches the
 * organizer's published totals (organizer_levels) only within a batch
 * (docs/decisions/0030-honest-levels-in-batches.md); the rider is kept to enforce "once" and the
 * rides to form batches.
 */
export const rideLevelAnswers = sqliteTable(
  "ride_level_answers",
  {
    rideId: text("ride_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** '¿El ritmo fue el anunciado?': null when she left it unanswered. */
    pace: text("pace", { enum: PACE_ANSWERS }),
    /** '¿Se esperó a todas?': 1 yes, 0 no, null unanswered. */
    waitedForAll: integer("waited_for_all", { mode: "boolean" }),
    /** Her pace answer is counted in organizer_levels (false: waiting for a batch). */
    pacePublished: integer("pace_published", { mode: "boolean" }).notNull().default(false),
    /** Her '¿Se esperó a todas?' answer is counted in organizer_levels. */
    waitedPublished: integer("waited_published", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.rideId, t.userId] }),
    index("ride_level_answers_user_idx").on(t.userId),
  ],
);

/**
 * The honest-level totals an organizer's public profile shows: a snapshot that moves only by
 * whole batches of answers, never by one rider's (docs/decisions/0030-honest-levels-in-batches.md).
 * Counts only; an answer deleted later (her account, the ride) stays counted, so no deletion
 * moves them either.
 */
export const organizerLevels = sqliteTable("organizer_levels", {
  organizerId: text("organizer_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  paceSofter: integer("pace_softer").notNull().default(0),
  paceAsAnnounced: integer("pace_as_announced").notNull().default(0),
  paceHarder: integer("pace_harder").notNull().default(0),
  waitedYes: integer("waited_yes").notNull().default(0),
  waitedNo: integer("waited_no").notNull().default(0),
  /** When a batch was last published. */
  updatedAt: integer("updated_at", { mode: "number" }).notNull(),
});

/** The ride fields every date of a series copies (its template); times come from the rule. */
export interface SeriesTemplate {
  title: string;
  description: string | null;
  city: string;
  maxParticipants: number | null;
  modalities: Modality[];
  level: Level;
  socialTags: SocialTag[];
  routeKm: number | null;
  routeElev: number | null;
  meetingPoint: string;
  meetingLat: number | null;
  meetingLon: number | null;
  /**
   * The approximate area's centre around that pin, one for every date (absent in series stored
   * before it, whose dates drew their own): areas drawn apart around one pin could be averaged back
   * to it (docs/decisions/0036-join-by-approval.md).
   */
  meetingAreaLat?: number | null;
  meetingAreaLon?: number | null;
  routeGpxKey: string | null;
  routeFileName: string | null;
  /** '¿Quién puede unirse?' of every date (absent in series stored before it: 'open'). */
  joinMode?: JoinMode;
  /** 'Solo verificadas' (docs/product.md#verificada); absent in series stored before it: off. */
  verifiedOnly?: boolean;
  /** 'Duración estimada' in minutes; null or absent: derived from distance and level. */
  estimatedMinutes?: number | null;
  /** The group every date is published in, and 'Solo el grupo' (absent: her own rides). */
  groupId?: string | null;
  groupOnly?: boolean;
}

/**
 * A regular grupeta (docs/product.md#regular-grupetas): the rule that fixes its dates on the
 * ride's clock, and the template each new date copies. Every date is its own ride
 * (rides.series_id); the daily cron creates the dates due in the next 12 weeks
 * (worker/series/materialize.ts). next_start is the start of the first date not created yet, null
 * once every date exists or the series ended.
 */
export const rideSeries = sqliteTable(
  "ride_series",
  {
    id: text("id").primaryKey(),
    organizerId: text("organizer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    everyWeeks: integer("every_weeks").notNull(),
    anchorDate: text("anchor_date").notNull(),
    localTime: text("local_time").notNull(),
    zone: text("zone").notNull(),
    untilDate: text("until_date"),
    dateCount: integer("date_count"),
    template: text("template", { mode: "json" }).$type<SeriesTemplate>().notNull(),
    /** The highest date number created (or skipped) so far; -1 before the first. */
    lastIndex: integer("last_index").notNull().default(-1),
    nextStart: integer("next_start", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (t) => [
    // The cron: the series with a date due within the next 12 weeks.
    index("ride_series_next_start_idx").on(t.nextStart),
    index("ride_series_organizer_idx").on(t.organizerId),
  ],
);

/**
 * 'Apuntarme a las próximas': she follows the series; each date created later takes her in too
 * (or puts her on its waiting list). 'Dejar la serie' deletes the row.
 */
export const rideSeriesMembers = sqliteTable(
  "ride_series_members",
  {
    seriesId: text("series_id")
      .notNull()
      .references(() => rideSeries.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.userId] }),
    index("ride_series_members_user_idx").on(t.userId),
  ],
);

/**
 * The forecast at a ride's start (docs/product.md#weather-at-the-start), one row per ride: asked of
 * the provider at most once per ride and clock hour (fetched_hour), for the start hour and place
 * it was asked for. forecast is null when the provider failed that hour.
 */
export const rideForecasts = sqliteTable("ride_forecasts", {
  rideId: text("ride_id")
    .primaryKey()
    .references(() => rides.id, { onDelete: "cascade" }),
  fetchedHour: integer("fetched_hour").notNull(),
  startHour: integer("start_hour").notNull(),
  lat: real("lat").notNull(),
  lon: real("lon").notNull(),
  forecast: text("forecast", { mode: "json" }).$type<Forecast>(),
});

/**
 * 'Solicitar plaza' on an approval ride (docs/product.md#join-by-approval): one row per ride and
 * rider while it waits for the organizer ('pending', the ride's queue in arrival order) or after
 * she declined it ('declined': the rider is told kindly and cannot ask again). Accepting deletes
 * the row in the statement batch that adds her to the ride. Live only until the start.
 */
export const rideRequests = sqliteTable(
  "ride_requests",
  {
    /** Server-chosen: what a report on her note points at. */
    id: text("id").primaryKey(),
    rideId: text("ride_id")
      .notNull()
      .references(() => rides.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    note: text("note"),
    status: text("status", { enum: ["pending", "declined"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    decidedAt: integer("decided_at", { mode: "number" }),
  },
  (t) => [
    // Her request for a ride; her requests (suspension clears them).
    uniqueIndex("ride_requests_user_ride_unique").on(t.userId, t.rideId),
    // A ride's queue in order, and its count for the organizer's badge.
    index("ride_requests_ride_status_idx").on(t.rideId, t.status, t.createdAt),
  ],
);

/**
 * A grupo (docs/product.md#grupos, docs/decisions/0054-groups.md): a crew that outlives one ride.
 * Never deleted: a group left without members is archived, one a moderator suspends is suspended;
 * either answers 'not found' and keeps its rows for moderation.
 */
export const groups = sqliteTable(
  "groups",
  {
    id: text("id").primaryKey(),
    /** Its public address (/app/grupo/<slug>), fixed when it is created so links keep working. */
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    /** groupNameSkeleton(name): look-alike names share it, and the unique index refuses them. */
    nameSkeleton: text("name_skeleton").notNull(),
    city: text("city").notNull(),
    /** normalizeText(city), and normalizeText(name + ' ' + city) for the search. */
    cityKey: text("city_key").notNull(),
    searchText: text("search_text").notNull(),
    description: text("description"),
    modalities: text("modalities", { mode: "json" }).$type<Modality[]>().notNull(),
    levels: text("levels", { mode: "json" }).$type<Level[]>().notNull(),
    avatarKey: text("avatar_key").notNull().default("ava01"),
    joinMode: text("join_mode", { enum: JOIN_MODES }).notNull().default("open"),
    membersMayPublish: integer("members_may_publish", { mode: "boolean" }).notNull().default(false),
    /** 'Solo verificadas': new members must hold the badge (those already in stay). */
    verifiedOnly: integer("verified_only", { mode: "boolean" }).notNull().default(false),
    /** Its public preview may be indexed; 'no aparecer en buscadores' (false) by default. */
    indexable: integer("indexable", { mode: "boolean" }).notNull().default(false),
    /** The invitation link's secret (a leader copies it, or revokes it: null). */
    inviteToken: text("invite_token"),
    /** Who created it: at most 3 groups not archived per account. */
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: GROUP_STATUSES }).notNull().default("active"),
    /**
     * How many rows group_members holds for it, kept by triggers of migration 0032 on every insert
     * and delete there (however made: a join, a removal, an account's deletion): 'Grupos' sorts
     * by it through an index instead of counting every group of a city on each search.
     */
    memberCount: integer("member_count", { mode: "number" }).notNull().default(0),
    archivedAt: integer("archived_at", { mode: "number" }),
    suspendedAt: integer("suspended_at", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("groups_slug_unique").on(t.slug),
    uniqueIndex("groups_name_skeleton_unique").on(t.nameSkeleton),
    uniqueIndex("groups_invite_token_unique").on(t.inviteToken),
    index("groups_created_by_idx").on(t.createdBy, t.status),
    // 'Grupos' in the search: by city, then size, read in the index's order.
    index("groups_status_city_size_idx").on(t.status, t.cityKey, sql`${t.memberCount} desc`, t.id),
  ],
);

/**
 * A rider in a group, 'member' or 'leader', since joined_at (succession goes to the earliest).
 * Triggers of migration 0027 name the longest-standing member leader when the last leader's row
 * goes (however: leaving, removal, suspension, account deletion), setting leader_news so that
 * whoever claims it tells her once; and archive a group whose last row goes.
 */
export const groupMembers = sqliteTable(
  "group_members",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: GROUP_ROLES }).notNull().default("member"),
    joinedAt: integer("joined_at", { mode: "number" }).notNull(),
    /** Made leader by succession and not told yet (written by the trigger, cleared by its push). */
    leaderNews: integer("leader_news", { mode: "boolean" }).notNull().default(false),
    /** The group's chat read up to here (epoch ms); null: never opened. */
    chatSeenAt: integer("chat_seen_at", { mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index("group_members_user_idx").on(t.userId),
    index("group_members_group_role_idx").on(t.groupId, t.role),
    index("group_members_group_joined_idx").on(t.groupId, t.joinedAt),
    index("group_members_leader_news_idx").on(t.leaderNews),
  ],
);

/**
 * 'Charla del grupo' (docs/decisions/0058-the-group-chat.md): a group's messages, as a ride's
 * (ride_messages), kept while the group is (an archived or suspended group's stay for moderation).
 */
export const groupMessages = sqliteTable(
  "group_messages",
  {
    /** Client-generated UUID for members' messages (idempotent resend); server UUID for notices. */
    id: text("id").primaryKey(),
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    /** null for system notices (a new leader). */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["user", "system"] })
      .notNull()
      .default("user"),
    body: text("body").notNull(),
    /** Hidden by a moderator: 'Mensaje ocultado por moderación' is served instead of the body. */
    hiddenAt: integer("hidden_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("group_messages_group_created_idx").on(t.groupId, t.createdAt, t.id, t.userId)],
);

/**
 * 'Solicitar unirme' to a 'Con aprobación' group, as on rides: pending (the leaders' queue in
 * arrival order) or declined (she is told kindly and cannot ask again). A trigger deletes a pending
 * one when she becomes a member, however.
 */
export const groupRequests = sqliteTable(
  "group_requests",
  {
    id: text("id").primaryKey(),
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    note: text("note"),
    status: text("status", { enum: ["pending", "declined"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    decidedAt: integer("decided_at", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("group_requests_user_group_unique").on(t.userId, t.groupId),
    index("group_requests_group_status_idx").on(t.groupId, t.status, t.createdAt),
  ],
);

export type User = typeof users.$inferSelect;
export type Profile = typeof profiles.$inferSelect;
export type Ride = typeof rides.$inferSelect;
export type RideMessage = typeof rideMessages.$inferSelect;
