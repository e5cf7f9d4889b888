import { reset } from "cloudflare:test";
import { waitForGlobalWaitUntil } from "cloudflare:test-internal";
import { env } from "cloudflare:workers";
import { afterAll, expect, vi } from "vitest";
import { setHashCostForTests } from "../../worker/auth/password.ts";
import { replaceWeatherProvider } from "../../worker/weather/provider.ts";
import { TEST_HASH_COST } from "./helpers/hash-cost.ts";
import { countRoomActivity, roomsQuiet } from "./helpers/room-activity.ts";

// Worker test files share one workerd per vitest worker (isolate: false in vitest.config.ts), so
// the app's modules load once instead of once per file. Before every file this gives it what
// isolation gave: the earlier file's background work (waitUntil) settled, empty storage with the
// schema migrated again, and no stubs or fake timers left.

// A request's background work (waitUntil: pushes, chat notices, mail) runs after the answer its
// test checked, so a failure there is one no assertion saw. Each file waits for its own at the end
// and fails with it (the file whose code failed, its last file included). Swallowing it hid such
// bugs; logging it would not fail anything, as the console.error guard only watches tests.
const file = expect.getState().testPath ?? "this file";
afterAll(async () => {
  try {
    await waitForGlobalWaitUntil();
  } catch (error) {
    throw new Error(
      `Background work (waitUntil) of ${file} failed after its answer was sent (see the cause)`,
      { cause: error },
    );
  }
  // Then the rooms' own work, which that wait does not cover (helpers/room-activity.ts).
  await roomsQuiet();
});
// What is left here was started after that wait (an after-hook's request): it is the earlier
// file's, and fails this one's setup, saying so.
const previous = globalThis as { lastWorkerTestFile?: string };
try {
  await waitForGlobalWaitUntil();
} catch (error) {
  throw new Error(
    `Background work (waitUntil) left by the previous file in this vitest worker, ${previous.lastWorkerTestFile ?? "unknown"}, failed (see the cause)`,
    { cause: error },
  );
}
previous.lastWorkerTestFile = file;
// reset() deletes the storage and alarms of every Durable Object in memory (D1, R2 and the rate
// limiters are Durable Objects in workerd too), but workerd evicts an object idle for ~10 s and an
// evicted one keeps its storage: wake D1 and R2 first. An evicted ride room or hub is an earlier
// file's, whose ids no later file uses, and its alarms find that file's rides gone from D1; the
// rate limiters count per IP and email, which differ from file to file.
await env.DB.prepare("SELECT 1").run();
await env.GPX.head("wake");
await env.TILES.head("wake");
await reset();
await countRoomActivity();
// The schema again, in one D1 batch: what applyD1Migrations of "cloudflare:test" does with a round
// trip per migration (0.33 s a file instead of 0.19 s, on this loaded machine). The storage is
// empty, so every statement applies; if it were not, the first CREATE TABLE fails the setup.
// The first file of each workerd applies the migrations themselves (so one that D1 refuses fails
// the suite) and keeps the schema they left; later files create that schema directly: 71
// statements instead of 137, 14 ms a file instead of 34–42 ms (reset included).
const shared = globalThis as { consoleLogToVitest?: typeof console.log; migratedSchema?: string[] };
const migrationNames = env.TEST_MIGRATIONS.map((migration) => migration.name);
const D1_MIGRATIONS_TABLE =
  "CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)";
if (shared.migratedSchema) {
  await env.DB.batch([
    ...shared.migratedSchema.map((statement) => env.DB.prepare(statement)),
    env.DB.prepare(
      `INSERT INTO d1_migrations (name) VALUES ${migrationNames.map(() => "(?)").join(", ")}`,
    ).bind(...migrationNames),
  ]);
} else {
  await env.DB.batch([
    env.DB.prepare(D1_MIGRATIONS_TABLE),
    ...env.TEST_MIGRATIONS.flatMap((migration) => [
      ...migration.queries.map((query) => env.DB.prepare(query)),
      env.DB.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(migration.name),
    ]),
  ]);
  // In creation order (tables before their indexes and triggers). A full-text index's own
  // tables ("shadow" tables) are left out: creating the index creates them.
  const { results } = await env.DB.prepare(
    `SELECT sql FROM sqlite_master
      WHERE sql IS NOT NULL AND substr(name, 1, 7) <> 'sqlite_' AND substr(name, 1, 4) <> '_cf_'
        AND name NOT IN (SELECT name FROM pragma_table_list WHERE type = 'shadow')
      ORDER BY rowid`,
  ).all<{ sql: string }>();
  shared.migratedSchema = results.map((row) => row.sql);
}
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

// The worker's line per request (worker/http/request-log.ts) stays here: each console call is sent
// on to vitest, and thousands of lines nobody reads cost about a tenth of the worker tests' CPU.
// Other output goes through. tests/worker/request-log.test.ts reads the lines with a spy of its own.
// (Wrapped once: the files share this isolate and its console.)
const REQUEST_LINE = /^[A-Z]+ \S+ \d{3} \d+ms$/;
if (!shared.consoleLogToVitest) {
  const toVitest = console.log;
  shared.consoleLogToVitest = toVitest;
  console.log = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && REQUEST_LINE.test(args[0])) return;
    toVitest(...args);
  };
}

// No test reaches the weather provider over the network: without a stand-in of its own, a test's
// rides have no forecast, as when the provider is down (tests/worker/weather.test.ts).
replaceWeatherProvider({
  forecast: () => Promise.reject(new Error("no network in tests")),
});

// Cheap password hashing for the suite (tests/worker/password.test.ts keeps production's cost).
setHashCostForTests(TEST_HASH_COST);
