// The single source of truth for Rodamos's data. `npm run db:generate` turns changes here
// into SQL under migrations/; wrangler applies that folder locally, in tests and in production.
// Times are UTC instants stored as integer milliseconds (DESIGN.md decision 15).
// docs/decisions/0002-indexes.md lists every index and the query it serves.
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
  RIDE_STATUSES,
  type SocialTag,
} from "../../domain/constants.ts";

const createdAt = (column = "created_at") =>
  integer(column, { mode: "number" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  /** Always stored trimmed and lowercased. */
  email: text("email").notNull().unique(),
  /** PHC string (scrypt); null for accounts that only use Google. */
  passwordHash: text("password_hash"),
  googleId: text("google_id").unique(),
  /** Display name given by the identity provider, used for the display-name rule. */
  fullName: text("full_name"),
  createdAt: createdAt(),
});

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

/** Development/test mail transport: what would have been sent (DESIGN.md decision 5). */
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
    city: text("city"),
    modalities: text("modalities", { mode: "json" }).$type<Modality[]>().notNull().default([]),
    avatarKey: text("avatar_key").notNull().default("ava01"),
    /** Provider picture (Google); presets use avatar_key. */
    avatarUrl: text("avatar_url"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (t) => [uniqueIndex("profiles_username_key_unique").on(t.usernameKey)],
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

/** Waiting list (DESIGN.md decision 3): one row per lowercased email, step 2 fills the rest. */
export const waitlist = sqliteTable("waitlist", {
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
    /** null once the organizer deleted her account (the card shows 'Organizadora'). */
    organizerId: text("organizer_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: RIDE_STATUSES }).notNull().default("published"),
    cancelledAt: integer("cancelled_at", { mode: "number" }),
    cancelReason: text("cancel_reason"),
    /** R2 key chosen by the server; null when the ride has no route file. */
    routeGpxKey: text("route_gpx_key"),
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

/**
 * Web push (DESIGN.md decision 20): one row per device (a browser's push endpoint). A device
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
 * Her personal calendar feed (DESIGN.md decision 21): only the SHA-256 of the secret in its URL.
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

export type User = typeof users.$inferSelect;
export type Profile = typeof profiles.$inferSelect;
export type Ride = typeof rides.$inferSelect;
export type RideMessage = typeof rideMessages.$inferSelect;
