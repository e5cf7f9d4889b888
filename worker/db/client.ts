import type { SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Database } from "../env.ts";
import * as schema from "./schema.ts";

export function createDb(d1: D1Database): Database {
  return drizzle(d1, { schema });
}

/** The D1 binding under a drizzle instance (drizzle keeps it as $client), for raw batches. */
export function d1Of(db: Database): D1Database {
  return (db as Database & { $client: D1Database }).$client;
}

const dialect = new SQLiteAsyncDialect();

/** A drizzle `sql` statement as a D1 statement, for batches written against the binding. */
export function prepareSql(d1: D1Database, query: SQL): D1PreparedStatement {
  const built = dialect.sqlToQuery(query);
  return d1.prepare(built.sql).bind(...built.params);
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
