import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import type { Database } from "../env.ts";

// One drizzle instance per binding: the request, the Durable Objects and the cron share it. A
// binding swapped for another (a test's counting proxy) gets its own.
const instances = new WeakMap<D1Database, Database>();

export function createDb(d1: D1Database): Database {
  let db = instances.get(d1);
  if (!db) {
    db = drizzle(d1);
    instances.set(d1, db);
  }
  return db;
}

/**
 * `db.batch` over a list whose length is known only at run time: one round trip (and one
 * transaction) for all of them; nothing for none.
 */
export async function batchList<T extends BatchItem<"sqlite">>(
  db: Database,
  items: readonly T[],
): Promise<T["_"]["result"][]> {
  const [first, ...rest] = items;
  return first ? db.batch([first, ...rest]) : [];
}

/**
 * A `sql` statement for `db.batch`, answered with D1's result (`meta.changes`). drizzle's D1
 * batch binds each statement's parameters to a D1 statement that its raw queries never prepare
 * (drizzle-orm#2277, still open in 0.45), so it is prepared here.
 */
export function runSql(db: Database, query: SQL) {
  return batchable(db, db.run(query));
}

/** A `sql` read (or a write with RETURNING) for `db.batch`: its rows as `T` (see runSql). */
export function allSql<T>(db: Database, query: SQL) {
  return batchable(db, db.all<T>(query));
}

function batchable<Q extends { getQuery(): { sql: string; params: unknown[] } }>(
  db: Database,
  query: Q,
): Q {
  const { sql, params } = query.getQuery();
  // Without parameters drizzle prepares the statement itself.
  return params.length > 0 ? Object.assign(query, { stmt: d1Of(db).prepare(sql) }) : query;
}

/** The D1 binding under a drizzle instance (drizzle keeps it as $client). */
export function d1Of(db: Database): D1Database {
  return (db as Database & { $client: D1Database }).$client;
}

/**
 * D1's failures that its docs tell you to retry (developers.cloudflare.com/d1/observability/
 * debug-d1/#error-list): the database, not the request, failed, and the same request usually
 * succeeds a moment later. drizzle wraps the binding's error, so the cause chain is searched.
 */
const TRANSIENT_D1_ERRORS = [
  "Network connection lost",
  "storage caused object to be reset",
  "reset because its code was updated",
  "D1 DB is overloaded",
];

export function isTransientD1Error(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const message = e.message;
    if (TRANSIENT_D1_ERRORS.some((text) => message.includes(text))) return true;
  }
  return false;
}
