// The ride search index (rides_fts, ADR 0005) holds only rides the listing can still show:
// published, and started less than a day ago. Triggers (migration 0005) keep it on every write of
// a ride; this daily prune drops the rides whose start has passed, which no write announces.

import { sql } from "drizzle-orm";
import { rides } from "../db/schema.ts";
import type { Database } from "../env.ts";

/** How long after its start a ride stays searchable; migration 0005's triggers use the same day. */
export const SEARCH_INDEX_GRACE_MS = 24 * 60 * 60 * 1000;

/** The FTS5 table of migration 0005 (not in the drizzle schema: drizzle has no virtual tables). */
export const ridesFts = sql.identifier("rides_fts");

/** A ride's rowid, which rides_fts rows carry as their own. */
export const rideRowid = sql`${rides}.rowid`;

/**
 * Drops every ride that started more than SEARCH_INDEX_GRACE_MS ago. It walks the index itself
 * (upcoming rides), not the rides table, so a missed day costs nothing and history costs nothing.
 * Returns how many rides left the index.
 */
export async function pruneSearchIndex(db: Database, now: number): Promise<number> {
  const result = await db.run(sql`delete from ${ridesFts} where rowid in (
    select f.rowid from ${ridesFts} f cross join ${rides} on ${rideRowid} = f.rowid
    where ${rides.startTime} < ${now - SEARCH_INDEX_GRACE_MS})`);
  return result.meta.changes;
}
