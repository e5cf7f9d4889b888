// The Durable Objects' own tables are migrated when an object starts
// (docs/decisions/0049-durable-object-storage-migrations.md): a room or hub whose storage an
// earlier version wrote keeps its rows under the new code, and a migration added later reaches
// objects that already exist.
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type MigrationBundle, migrateStorage, objectDb } from "../../worker/db/durable-storage.ts";
import roomMigrations from "../../worker/ride-room/storage/migrations/migrations.js";
import { rideDay } from "../../worker/ride-room/storage/schema.ts";
import hubMigrations from "../../worker/user-hub/storage/migrations/migrations.js";
import { rooms } from "../../worker/user-hub/storage/schema.ts";

const roomOf = (name: string) => env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(name));
const hubOf = (name: string) => env.USER_HUB.get(env.USER_HUB.idFromName(name));

/**
 * What rooms and hubs created before their storage had migrations, word for word: each
 * constructor ran these on every start.
 */
const ROOM_TABLES_BEFORE = [
  `CREATE TABLE IF NOT EXISTS live_positions (user_id TEXT PRIMARY KEY,
      lat REAL NOT NULL, lng REAL NOT NULL, accuracy REAL NOT NULL, at INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS live_pace (user_id TEXT NOT NULL, kind TEXT NOT NULL,
      at INTEGER NOT NULL, PRIMARY KEY (user_id, kind))`,
  `CREATE TABLE IF NOT EXISTS live_notices (user_id TEXT PRIMARY KEY,
      username TEXT NOT NULL, lat REAL, lng REAL, accuracy REAL, at INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS ride_day (user_id TEXT PRIMARY KEY,
        checked_in_at INTEGER, started_at INTEGER, arrived_at INTEGER,
        timer_off INTEGER NOT NULL DEFAULT 0, asked_at INTEGER, told_at INTEGER)`,
  "CREATE TABLE IF NOT EXISTS ride_day_pace (user_id TEXT NOT NULL, at INTEGER NOT NULL)",
  `CREATE TABLE IF NOT EXISTS chat_pace (user_id TEXT NOT NULL, client_id TEXT NOT NULL,
        sent_at INTEGER NOT NULL, PRIMARY KEY (user_id, client_id))`,
];
const HUB_TABLES_BEFORE = [
  "CREATE TABLE IF NOT EXISTS rooms (ride_id TEXT PRIMARY KEY, opened_at INTEGER NOT NULL)",
];

/** The object's own tables (not the runtime's `_cf_` ones, nor SQLite's). */
function ownTables(state: DurableObjectState): string[] {
  return state.storage.sql
    .exec<{ name: string }>(
      `SELECT name FROM sqlite_master WHERE type = 'table'
        AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'
        ORDER BY name`,
    )
    .toArray()
    .map((row) => row.name);
}

/** Each table's columns and indexes, as SQLite describes them. */
function shapeOf(state: DurableObjectState) {
  const sql = state.storage.sql;
  return Object.fromEntries(
    ownTables(state)
      .filter((name) => name !== "__drizzle_migrations")
      .map((name) => [
        name,
        {
          columns: sql.exec("SELECT * FROM pragma_table_info(?)", name).toArray(),
          indexes: sql
            .exec('SELECT name, "unique", origin FROM pragma_index_list(?) ORDER BY name', name)
            .toArray(),
        },
      ]),
  );
}

/** The migrations this object's storage has recorded, by their journal time. */
function recorded(state: DurableObjectState): number[] {
  return state.storage.sql
    .exec<{ created_at: number }>("SELECT created_at FROM __drizzle_migrations ORDER BY created_at")
    .toArray()
    .map((row) => Number(row.created_at));
}

/**
 * Puts the object's storage back as the version before migrations left it: only its tables, made
 * by its old statements, with `rows` in them (the running instance is evicted next, so the object
 * starts again on that storage, as a deploy finds it).
 */
function writtenBefore(state: DurableObjectState, tables: string[], rows: string[]) {
  for (const name of ownTables(state)) state.storage.sql.exec(`DROP TABLE "${name}"`);
  for (const statement of [...tables, ...rows]) state.storage.sql.exec(statement);
  expect(ownTables(state)).not.toContain("__drizzle_migrations");
}

/** The bundle with one more migration after its last, as the next `db:generate` would add. */
function withMigration(bundle: MigrationBundle, statement: string): MigrationBundle {
  const last = bundle.journal.entries.at(-1)!;
  const idx = last.idx + 1;
  return {
    journal: {
      entries: [
        ...bundle.journal.entries,
        { idx, when: last.when + 1, tag: `${idx}_later`, breakpoints: true },
      ],
    },
    migrations: { ...bundle.migrations, [`m${String(idx).padStart(4, "0")}`]: statement },
  };
}

const BASELINE = roomMigrations.journal.entries.map((entry) => entry.when);

describe("a ride room whose storage was written before migrations", () => {
  it("starts on the new code with every row it kept, recorded at the first version", async () => {
    const room = roomOf("room-from-before-migrations");
    const now = Date.now();
    await runInDurableObject(room, (_, state) =>
      writtenBefore(state, ROOM_TABLES_BEFORE, [
        `INSERT INTO live_positions VALUES ('ana', 40.4168, -3.7038, 12, ${now - 30_000})`,
        `INSERT INTO live_notices VALUES ('bea', 'bea_rueda', NULL, NULL, NULL, ${now - 20_000})`,
        `INSERT INTO live_pace VALUES ('ana', 'position', ${now - 30_000})`,
        `INSERT INTO ride_day (user_id, checked_in_at, timer_off) VALUES ('ana', ${now - 60_000}, 1)`,
        `INSERT INTO ride_day (user_id, started_at) VALUES ('bea', ${now - 50_000})`,
        `INSERT INTO ride_day_pace VALUES ('ana', ${now - 10_000})`,
        // Five sends in the last seconds: her pace is full (docs/product.md#chat-pace).
        ...[1, 2, 3, 4, 5].map(
          (n) => `INSERT INTO chat_pace VALUES ('ana', 'sent-${n}', ${now - 1000 + n})`,
        ),
      ]),
    );
    await evictDurableObject(room);

    expect(await room.liveStored()).toEqual({
      positions: [
        {
          userId: "ana",
          lat: 40.4168,
          lng: -3.7038,
          accuracy: 12,
          at: new Date(now - 30_000).toISOString(),
        },
      ],
      notices: [
        {
          userId: "bea",
          username: "bea_rueda",
          position: null,
          at: new Date(now - 20_000).toISOString(),
        },
      ],
    });
    expect(await room.rideDayCommand({ kind: "read" })).toEqual({
      ok: true,
      riders: [
        {
          userId: "ana",
          checkedInAt: now - 60_000,
          startedAt: null,
          arrivedAt: null,
          timerOff: true,
          askedAt: null,
          toldAt: null,
        },
        {
          userId: "bea",
          checkedInAt: null,
          startedAt: now - 50_000,
          arrivedAt: null,
          timerOff: false,
          askedAt: null,
          toldAt: null,
        },
      ],
    });
    await runInDurableObject(room, (instance, state) => {
      expect(recorded(state)).toEqual(BASELINE);
      // The chat's part of the room keeps the pace (worker/chat/room/chat-pace.ts).
      const { pace } = (
        instance as unknown as {
          chat: { pace: { within(userId: string, clientId: string): boolean } };
        }
      ).chat;
      // Her kept sends still count: a sixth is refused, a resend of one of them is not new.
      expect(pace.within("ana", "sent-6")).toBe(false);
      expect(pace.within("ana", "sent-3")).toBe(true);
      expect(pace.within("bea", "her-first")).toBe(true);
    });
  });

  it("has the same tables, column for column, as a room created now", async () => {
    const before = roomOf("room-shaped-before-migrations");
    await runInDurableObject(before, (_, state) => writtenBefore(state, ROOM_TABLES_BEFORE, []));
    await evictDurableObject(before);
    const fresh = await runInDurableObject(roomOf("room-created-now"), (_, state) =>
      shapeOf(state),
    );
    const old = await runInDurableObject(before, (_, state) => shapeOf(state));
    expect(Object.keys(fresh)).toEqual([
      "chat_pace",
      "live_notices",
      "live_pace",
      "live_positions",
      "ride_day",
      "ride_day_pace",
    ]);
    expect(old).toEqual(fresh);
  });
});

describe("a migration added later", () => {
  const LATER = "ALTER TABLE ride_day ADD COLUMN note TEXT NOT NULL DEFAULT 'sin nota'";

  it("reaches a room that exists, once, keeping its rows", async () => {
    const room = roomOf("room-that-exists");
    await runInDurableObject(room, async (_, state) => {
      expect(recorded(state)).toEqual(BASELINE);
      objectDb(state.storage).insert(rideDay).values({ userId: "ana", checkedInAt: 1000 }).run();
      const later = withMigration(roomMigrations, LATER);
      await migrateStorage(state.storage, later);
      // A second start finds it recorded and does not apply it again (it would fail if it did).
      await migrateStorage(state.storage, later);
      expect(recorded(state)).toEqual([...BASELINE, BASELINE.at(-1)! + 1]);
      expect(
        state.storage.sql.exec("SELECT user_id, checked_in_at, note FROM ride_day").toArray(),
      ).toEqual([{ user_id: "ana", checked_in_at: 1000, note: "sin nota" }]);
    });
    // It starts again on that storage: nothing of its own bundle is applied twice.
    await evictDurableObject(room);
    expect((await room.rideDayCommand({ kind: "read" })).ok).toBe(true);
    await runInDurableObject(room, (_, state) => {
      expect(recorded(state)).toEqual([...BASELINE, BASELINE.at(-1)! + 1]);
    });
  });

  it("that fails leaves the room's storage as it was, and says which statement failed", async () => {
    const room = roomOf("room-with-a-failing-migration");
    await runInDurableObject(room, async (_, state) => {
      objectDb(state.storage).insert(rideDay).values({ userId: "ana" }).run();
      const failing = withMigration(
        roomMigrations,
        `${LATER};\n--> statement-breakpoint\nALTER TABLE no_such_table ADD COLUMN x INTEGER`,
      );
      await expect(migrateStorage(state.storage, failing)).rejects.toThrow(
        "Storage migration failed, nothing applied; last statement: ALTER TABLE no_such_table ADD COLUMN x INTEGER",
      );
      expect(recorded(state)).toEqual(BASELINE);
      expect(state.storage.sql.exec("SELECT * FROM ride_day").columnNames).not.toContain("note");
    });
  });

  it("reaches a room written before migrations after the first version", async () => {
    const room = roomOf("room-before-a-later-migration");
    await runInDurableObject(room, async (_, state) => {
      writtenBefore(state, ROOM_TABLES_BEFORE, [
        "INSERT INTO ride_day (user_id, arrived_at) VALUES ('bea', 2000)",
      ]);
      await migrateStorage(state.storage, withMigration(roomMigrations, LATER));
      expect(recorded(state)).toEqual([...BASELINE, BASELINE.at(-1)! + 1]);
      expect(
        state.storage.sql.exec("SELECT user_id, arrived_at, note FROM ride_day").toArray(),
      ).toEqual([{ user_id: "bea", arrived_at: 2000, note: "sin nota" }]);
    });
  });
});

describe("a user hub whose storage was written before migrations", () => {
  it("starts on the new code with the rooms it remembered", async () => {
    const hub = hubOf("hub-from-before-migrations");
    await runInDurableObject(hub, (_, state) =>
      writtenBefore(state, HUB_TABLES_BEFORE, [
        "INSERT INTO rooms VALUES ('ride-1', 1000), ('ride-2', 2000)",
      ]),
    );
    await evictDurableObject(hub);
    // Opening a room she already had updates its row (the old table's key), adding none.
    await hub.roomOpened("ride-1");
    await runInDurableObject(hub, (_, state) => {
      expect(recorded(state)).toEqual(hubMigrations.journal.entries.map((entry) => entry.when));
      const kept = objectDb(state.storage).select().from(rooms).orderBy(rooms.rideId).all();
      expect(kept.map((row) => row.rideId)).toEqual(["ride-1", "ride-2"]);
      expect(kept[0]!.openedAt).toBeGreaterThan(2000);
      expect(kept[1]!.openedAt).toBe(2000);
    });
  });
});
