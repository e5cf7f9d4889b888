// The chat's part of the ride room's own storage (not D1): its table, gathered with the other
// parts' into the room's schema (worker/ride-room/storage/schema.ts, which drizzle-kit reads), and
// the statements run on every send. Times are epoch milliseconds.
import { eq, lte, sql } from "drizzle-orm";
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ObjectDatabase } from "../../db/durable-storage.ts";

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

const value = sql.placeholder;

/**
 * The chat pace's statements, written once per object on the first send: drizzle writes a
 * statement's SQL anew on every call, 55–78 µs of CPU a send for these three against about 2 µs
 * to bind a send's values once written (docs/decisions/0049-durable-object-storage-migrations.md).
 */
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
