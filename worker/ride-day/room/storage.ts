// The ride day's part of the ride room's own storage (not D1, R2 or a log line): its tables,
// gathered with the other parts' into the room's schema (worker/ride-room/storage/schema.ts, which
// drizzle-kit reads), and the statements run on every fix and every ride-day tap. Times are epoch
// milliseconds.
import { and, count, eq, lte, sql } from "drizzle-orm";
import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ObjectDatabase } from "../../db/durable-storage.ts";
import { excluded } from "../../db/sql.ts";

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

// The statements that run on every frame of their kind, each group written once per object on its
// first use, with drizzle's placeholders for the values. drizzle writes a statement's SQL anew on
// every call: 134–178 µs of CPU for a fix's four, against about 2 µs to bind a fix's values once
// written (docs/decisions/0049-durable-object-storage-migrations.md).

const value = sql.placeholder;

/** A position fix (live-positions.ts): her pace per kind and her latest fix. */
export function liveStatements(db: ObjectDatabase) {
  return {
    paceAt: db
      .select({ at: livePace.at })
      .from(livePace)
      .where(and(eq(livePace.userId, value("userId")), eq(livePace.kind, value("kind"))))
      .prepare(),
    setPace: db
      .insert(livePace)
      .values({ userId: value("userId"), kind: value("kind"), at: value("at") })
      .onConflictDoUpdate({
        target: [livePace.userId, livePace.kind],
        set: { at: excluded(livePace.at) },
      })
      .prepare(),
    hasFix: db
      .select({ userId: livePositions.userId })
      .from(livePositions)
      .where(eq(livePositions.userId, value("userId")))
      .prepare(),
    putFix: db
      .insert(livePositions)
      .values({
        userId: value("userId"),
        lat: value("lat"),
        lng: value("lng"),
        accuracy: value("accuracy"),
        at: value("at"),
      })
      .onConflictDoUpdate({
        target: livePositions.userId,
        set: {
          lat: excluded(livePositions.lat),
          lng: excluded(livePositions.lng),
          accuracy: excluded(livePositions.accuracy),
          at: excluded(livePositions.at),
        },
      })
      .prepare(),
  };
}

/** The ride day's pace (ride-day-store.ts): her writes of the last minute. */
export function rideDayPaceStatements(db: ObjectDatabase) {
  return {
    forgetBefore: db
      .delete(rideDayPace)
      .where(lte(rideDayPace.at, value("before")))
      .prepare(),
    countOf: db
      .select({ n: count() })
      .from(rideDayPace)
      .where(eq(rideDayPace.userId, value("userId")))
      .prepare(),
    add: db
      .insert(rideDayPace)
      .values({ userId: value("userId"), at: value("at") })
      .prepare(),
  };
}
