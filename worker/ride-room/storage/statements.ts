// The room's statements that run on every frame of their kind (a chat send, a position fix, a
// ride-day tap), each group written once per object on its first use, with drizzle's placeholders
// for the values. drizzle writes a statement's SQL anew on every call (ADR 0045): measured in
// Node, 55–78 µs of CPU for the chat pace's three and 134–178 µs for a fix's four, against about
// 2 µs to bind a frame's values to them once written
// (docs/decisions/0049-durable-object-storage-migrations.md).
import { and, count, eq, lte, sql } from "drizzle-orm";
import type { ObjectDatabase } from "../../db/durable-storage.ts";
import { excluded } from "../../db/sql.ts";
import { chatPace, livePace, livePositions, rideDayPace } from "./schema.ts";

const value = sql.placeholder;

/** The chat pace (ride-room.ts): her sends of the last minute. */
export function chatPaceStatements(db: ObjectDatabase) {
  return {
    forgetBefore: db
      .delete(chatPace)
      .where(lte(chatPace.sentAt, value("before")))
      .prepare(),
    sentBy: db
      .select({ clientId: chatPace.clientId, sentAt: chatPace.sentAt })
      .from(chatPace)
      .where(eq(chatPace.userId, value("userId")))
      .prepare(),
    add: db
      .insert(chatPace)
      .values({ userId: value("userId"), clientId: value("clientId"), sentAt: value("sentAt") })
      .prepare(),
  };
}

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
