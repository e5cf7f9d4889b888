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
 * Applies, in one transaction, the migrations this object's storage has not recorded yet
 * (drizzle keeps them in `__drizzle_migrations`).
 */
export function migrateStorage(storage: DurableObjectStorage, bundle: MigrationBundle) {
  return migrate(objectDb(storage), bundle);
}

/**
 * Called from the object's constructor: nothing reaches the object (a request, a socket frame,
 * an alarm) until its storage is migrated. A failed migration throws to whatever came, and the
 * next one tries again.
 */
export function migrateOnStart(ctx: DurableObjectState, bundle: MigrationBundle) {
  void ctx.blockConcurrencyWhile(() => migrateStorage(ctx.storage, bundle));
}
