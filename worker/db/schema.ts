// The single source of truth for Rodamos's data. `npm run db:generate` turns changes here
// into SQL under migrations/; wrangler applies that folder locally, in tests and in production.
// Times are UTC instants stored as integer milliseconds (docs/product.md#times-and-time-zones).
// docs/decisions/0002-indexes.md lists every index and the query it serves.
// Over 400 lines and kept whole: it is the one schema file drizzle-kit reads to write migrations/.
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import {
  type Level,
  type Modality,
  PACE_ANSWERS,
  RIDE_STATUSES,
  type SocialTag,
} from "../../domain/constants.ts";
import {
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  type ReportSnapshot,
} from "../../domain/safety.ts";

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
    /** null: no explicit cap; capacity and display default to 20. */
    maxParticipants: integer("max_participants"),
    /** First chosen modality (kept from the spec's model). */
    modality: text("modality").$type<Modality>().notNull(),
    modalities: text("modalities", { mode: "json" }).$type<Modality[]>().notNull(),
    level: text("level").$type<Level>().notNull(),
    socialTags: text("social_tags", { mode: "json" }).$type<SocialTag[]>().notNull().default([]),
    routeKm: real("route_km"),
    routeElev: integer("route_elev"),
    meetingPoint: text("meeting_point").notNull(),
    /**
     * The meeting pin set on the form's map (docs/product.md#meeting-pin-and-near-me); null for
     * rides without one.
     */
    meetingLat: real("meeting_lat"),
    meetingLon: real("meeting_lon"),
    /** null once the organizer deleted her account (the card shows 'Organizadora'). */
    organizerId: text("organizer_id").references(() => users.id, { onDelete: "set null" }),
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
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (t) => [
    index("rides_status_start_idx").on(t.status, t.startTime),
    index("rides_status_city_start_idx").on(t.status, t.cityKey, t.startTime),
    index("rides_organizer_idx").on(t.organizerId, t.startTime),
    // 'Cerca de mí' (docs/product.md#meeting-pin-and-near-me): a latitude range, then longitude,
    // start and distance checked in the entries (worker/rides/near.ts).
    index("rides_status_meeting_pin_idx").on(t.status, t.meetingLat, t.meetingLon, t.startTime),
    // SQLite keeps NULLs distinct in a unique index: rides without a key never collide.
    uniqueIndex("rides_organizer_create_key_unique").on(t.organizerId, t.createKey),
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
  (t) => [index("ride_messages_ride_created_idx").on(t.rideId, t.createdAt)],
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

/** The blocker's name and avatar as they were when she blocked (see `blocks.blockerProfile`). */
export interface BlockerProfile {
  username: string;
  avatarKey: string;
  avatarUrl: string | null;
}

/**
 * "Bloquear" (docs/product.md#blocking): one row per blocker and blocked rider. The rule is mutual,
 * so every check looks both ways (worker/blocks/sql.ts): the primary key serves "did A block B",
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
 * place goes to the first in line inside the batch that frees it (worker/waiting-list/promotion.ts,
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

export type User = typeof users.$inferSelect;
export type Profile = typeof profiles.$inferSelect;
export type Ride = typeof rides.$inferSelect;
export type RideMessage = typeof rideMessages.$inferSelect;
