// The ride search index (rides_fts, ADR 0005) holds only rides the listing can still show:
// published, and started less than a day ago. Triggers (migration 0005) keep it on every write of
// a ride; this daily prune drops the rides whose start has passed, which no write announces.

/** How long after its start a ride stays searchable; migration 0005's triggers use the same day. */
export const SEARCH_INDEX_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Drops every ride that started more than SEARCH_INDEX_GRACE_MS ago. It walks the index itself
 * (upcoming rides), not the rides table, so a missed day costs nothing and history costs nothing.
 * Returns how many rides left the index.
 */
export async function pruneSearchIndex(d1: D1Database, now: number): Promise<number> {
  const result = await d1
    .prepare(
      `DELETE FROM rides_fts WHERE rowid IN (
        SELECT f.rowid FROM rides_fts f CROSS JOIN rides r ON r.rowid = f.rowid
        WHERE r.start_time < ?)`,
    )
    .bind(now - SEARCH_INDEX_GRACE_MS)
    .run();
  return result.meta.changes;
}
