// The ride room's own SQLite tables (its Durable Object storage, not D1). Changes here become a
// migration under migrations/ beside this file (`npm run db:generate:ride-room`), which every
// room applies when it starts (docs/decisions/0049-durable-object-storage-migrations.md).
// Times are epoch milliseconds.
import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The chat pace's memory (docs/product.md#chat-pace): her sends of the last minute, kept in the
 * room's storage so hibernation or a restart does not reset it.
 */
export const chatPace = sqliteTable(
  "chat_pace",
  {
    userId: text("user_id").notNull(),
    clientId: text("client_id").notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] })],
);

/** The ride day's live map (live-positions.ts): each rider's latest fix only. */
export const livePositions = sqliteTable("live_positions", {
  userId: text("user_id").primaryKey(),
  lat: real("lat").notNull(),
  lng: real("lng").notNull(),
  accuracy: real("accuracy").notNull(),
  at: integer("at").notNull(),
});

/** When she last sent a fix or a 'Me he quedado atrás', per kind. */
export const livePace = sqliteTable(
  "live_pace",
  {
    userId: text("user_id").notNull(),
    kind: text("kind").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** Her last 'Me he quedado atrás', for the organizer and the escoba; no position if none. */
export const liveNotices = sqliteTable("live_notices", {
  userId: text("user_id").primaryKey(),
  username: text("username").notNull(),
  lat: real("lat"),
  lng: real("lng"),
  accuracy: real("accuracy"),
  at: integer("at").notNull(),
});

/** Each rider's ride day (ride-day-store.ts): check-in, start, arrival, her safety timer. */
export const rideDay = sqliteTable("ride_day", {
  userId: text("user_id").primaryKey(),
  checkedInAt: integer("checked_in_at"),
  startedAt: integer("started_at"),
  arrivedAt: integer("arrived_at"),
  timerOff: integer("timer_off", { mode: "boolean" }).notNull().default(false),
  /** When the timer asked '¿Has llegado bien?'. */
  askedAt: integer("asked_at"),
  /** When the timer told the organizer and the escoba. */
  toldAt: integer("told_at"),
});

/** Her ride-day writes of the last minute. */
export const rideDayPace = sqliteTable("ride_day_pace", {
  userId: text("user_id").notNull(),
  at: integer("at").notNull(),
});
