// A Durable Object's own SQLite storage through drizzle, and its migrations: the room's and the
// hub's tables are declared in their storage/schema.ts and every object brings its storage to the
// newest migration when it starts (docs/decisions/0049-durable-object-storage-migrations.md).
import { type DrizzleSqliteDODatabase, drizzle } from "drizzle-orm/durable-sqlite";
import { migrate } from "drizzle-orm/durable-sqlite/migrator";

export type ObjectDatabase = DrizzleSqliteDODatabase;

/** What drizzle-kit's migrations.js bundle holds: the journal and each migration's SQL. */
export type MigrationBundle = Parameters<typeof migrate>[1];

// One drizzle instance per object: its parts (room, live map, ride day) share it.
const instances = new WeakMap<DurableObjectStorage, ObjectDatabase>();

export function objectDb(storage: DurableObjectStorage): ObjectDatabase {
  let db = instances.get(storage);
  if (!db) {
    db = drizzle(storage);
    instances.set(storage, db);
  }
  return db;
}

/**
 * Statements written on their first use and kept for the object's life: drizzle writes a
 * statement's SQL anew on every call (ADR 0045), for the room's per-frame statements far more
 * CPU than running them.
 */
export function writtenOnFirstUse<T>(write: () => T): () => T {
  let statements: T | undefined;
  return () => {
    statements ??= write();
    return statements;
  };
}

/**
 * Applies, in one transaction, the migrations this object's storage has not recorded yet
 * (drizzle keeps them in `__drizzle_migrations`). drizzle's migrator reports any failure as a
 * bare "Rollback" (drizzle-orm#3865, open in 0.45), so the statement it failed on is named here.
 */
export async function migrateStorage(storage: DurableObjectStorage, bundle: MigrationBundle) {
  let last = "";
  const db = drizzle(storage, {
    logger: {
      logQuery(query) {
        last = query;
      },
    },
  });
  try {
    await migrate(db, bundle);
  } catch (error) {
    throw new Error(`Storage migration failed, nothing applied; last statement: ${last.trim()}`, {
      cause: error,
    });
  }
}

/**
 * Called from the object's constructor: nothing reaches the object (a request, a socket frame,
 * an alarm) until its storage is migrated. If a migration fails the runtime resets the object:
 * what came gets the error, and the next event starts it (and tries the migration) again.
 */
export function migrateOnStart(ctx: DurableObjectState, bundle: MigrationBundle) {
  void ctx.blockConcurrencyWhile(() => migrateStorage(ctx.storage, bundle));
}
