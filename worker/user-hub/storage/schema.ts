// The user hub's own SQLite tables (its Durable Object storage, not D1). Changes here become a
// migration under migrations/ beside this file (`npm run db:generate:user-hub`), which every hub
// applies when it starts (docs/decisions/0049-durable-object-storage-migrations.md).
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** The rooms she opened a chat in, most recent first when trimmed (ADR 0020). */
export const rooms = sqliteTable("rooms", {
  rideId: text("ride_id").primaryKey(),
  openedAt: integer("opened_at").notNull(),
});
