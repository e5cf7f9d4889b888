// The listings' statements in SQLite alone (docs/benchmarks.md, "SQL statements"): the bench's
// dataset in an in-memory database of Node's own SQLite, each listing's D1 batch captured as the
// worker writes it for the API latency rows (her session read in the same batch, her likely id
// bound), then each statement prepared and run again and again, every statement once per round.
// Locally D1 prepares every statement it is sent, so both halves are what a request pays. No
// server, no build: a change to a statement is measured here in a minute, against the commit
// before it in the same sitting (the old file checked out, a run; the new one, a run).
//
// It runs in a Node process of its own (run.ts starts it; `npm run bench -- --only sql`): it
// imports the worker's code, whose types are the Workers runtime's (tsconfig.tests.json checks
// it, not the bench's Node project).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { roundPosition } from "../../../domain/near.ts";
import { seedSql } from "../../../scripts/seed.ts";
import { sessions } from "../../../worker/db/schema.ts";
import type { ViewerLookup } from "../../../worker/db/statements.ts";
import type { Database } from "../../../worker/env.ts";
import { type ListFilters, listRides } from "../../../worker/rides/listing.ts";
import { myRides } from "../../../worker/rides/my-rides.ts";
import { sessionQuery } from "../../../worker/sessions/session.ts";
import { hashToken } from "../../../worker/sessions/tokens.ts";
import { childInput } from "../child-process.ts";
import { type DatasetSize, datasetSql, generateDataset, VIEWER_PROFILE } from "../dataset.ts";
import { median, percentile } from "../stats.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

interface Captured {
  text: string;
  params: unknown[];
}

/** D1 binds booleans as 0 and 1; Node's SQLite refuses them. */
const bindable = (value: unknown) => (typeof value === "boolean" ? Number(value) : value);

/**
 * A D1 binding over `sqlite` that records every statement it runs: enough of D1 for the
 * listings' batches (prepare, bind, batch, raw).
 */
function recordingD1(sqlite: DatabaseSync, captured: Captured[]) {
  const run = ({ text, params }: Captured) => {
    captured.push({ text, params });
    return sqlite.prepare(text).all(...(params as never[]));
  };
  const statement = (text: string, params: unknown[] = []) => ({
    text,
    params,
    bind: (...values: unknown[]) => statement(text, values.map(bindable)),
    all: async () => ({ results: run({ text, params }) }),
    raw: async () => run({ text, params }).map((row) => Object.values(row)),
  });
  return {
    prepare: (text: string) => statement(text),
    batch: async (statements: ReturnType<typeof statement>[]) =>
      Promise.all(statements.map((s) => s.all())),
  } as unknown as D1Database;
}

/**
 * Her session as the API reads it in a one-trip read (worker/sessions/session.ts), once the
 * isolate has read it before: her likely id bound beside her session's row, as in every API row's
 * requests but an isolate's first for her.
 */
function sessionOf(cookie: string, userId: string): ViewerLookup {
  const key = hashToken(cookie.slice(cookie.indexOf("=") + 1));
  return {
    name: "session",
    key,
    likelyId: userId,
    statement: (template, sessionId) => sessionQuery(template, { sessionId }),
    idQuery: (template, sessionId) =>
      template.select({ id: sessions.userId }).from(sessions).where(eq(sessions.id, sessionId)),
    accept: async () => userId,
  };
}

async function sqlStatementsReport(size: DatasetSize, rounds: number) {
  const now = Date.now();
  const sqlite = new DatabaseSync(":memory:");
  const migrations = path.join(root, "migrations");
  for (const file of readdirSync(migrations)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    sqlite.exec(readFileSync(path.join(migrations, file), "utf8"));
  }
  const dataset = generateDataset(now, undefined, size);
  sqlite.exec("begin");
  sqlite.exec(await seedSql(now));
  sqlite.exec(datasetSql(dataset));
  sqlite.exec("commit");

  const captured: Captured[] = [];
  const db: Database = drizzle(recordingD1(sqlite, captured));
  const viewer = () => sessionOf(dataset.viewer.cookie, dataset.viewer.userId);
  const blocker = () => sessionOf(dataset.blocker.cookie, dataset.blocker.userId);
  // As the API latency rows ask (api-latency.ts): from the start of today, Madrid's centre.
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  const from = today.getTime();
  const madrid = roundPosition({ lat: 40.4168, lon: -3.7038 });
  const base: ListFilters = { modalities: [], levels: [], fromMs: from, page: 0 };
  const weekEnd = from + 7 * 24 * 3_600_000 - 1;
  const reads: [string, () => Promise<unknown>][] = [
    ["Listing, no filter", () => listRides(db, base, viewer(), now)],
    [
      "Listing, first visit: her city + modalities",
      () =>
        listRides(
          db,
          { ...base, city: VIEWER_PROFILE.city, modalities: [...VIEWER_PROFILE.modalities] },
          viewer(),
          now,
        ),
    ],
    ["Listing, text search q=sierra", () => listRides(db, { ...base, q: "sierra" }, viewer(), now)],
    [
      "Listing, m=gravel & level=chill",
      () => listRides(db, { ...base, modalities: ["gravel"], levels: ["chill"] }, viewer(), now),
    ],
    [
      "Listing, Sevilla, page 6",
      () => listRides(db, { ...base, city: "Sevilla", page: 5 }, viewer(), now),
    ],
    [
      "Listing, Cerca de mí (Madrid, no date filter)",
      () => listRides(db, { ...base, near: madrid }, viewer(), now),
    ],
    [
      "Listing, Cerca de mí, this week + her modalities",
      () =>
        listRides(
          db,
          { ...base, modalities: ["road", "gravel"], toMs: weekEnd, near: madrid },
          viewer(),
          now,
        ),
    ],
    [
      "Listing, Cerca de mí, page 6",
      () => listRides(db, { ...base, page: 5, near: madrid }, viewer(), now),
    ],
    [
      "Listing, Cerca de mí, a rider with blocks",
      () => listRides(db, { ...base, near: madrid }, blocker(), now),
    ],
    ["Feed: My Rides upcoming", () => myRides(db, viewer(), "upcoming", 0, now)],
  ];
  // Each read's batch, her session's statement first (as cheap for every row: left out). Its
  // second: a 'Cerca de mí' page then reads the box that held it the first time (listRides), as
  // every API row's requests do but an isolate's first.
  const batches: { name: string; statements: Captured[] }[] = [];
  for (const [name, read] of reads) {
    await read();
    captured.length = 0;
    await read();
    batches.push({ name, statements: captured.slice(1) });
  }
  batches.unshift({
    name: "select 1 (the health endpoint's)",
    statements: [{ text: "select 1", params: [] }],
  });

  const timing = new Map<string, { prepare: number[]; run: number[] }>();
  for (let round = 0; round < rounds; round++) {
    for (const { name, statements } of batches) {
      let prepare = 0;
      let run = 0;
      for (const { text, params } of statements) {
        const t0 = performance.now();
        const prepared = sqlite.prepare(text);
        const t1 = performance.now();
        prepared.all(...(params as never[]));
        prepare += t1 - t0;
        run += performance.now() - t1;
      }
      const times = timing.get(name) ?? { prepare: [], run: [] };
      times.prepare.push(prepare);
      times.run.push(run);
      timing.set(name, times);
    }
  }
  const version = (sqlite.prepare("select sqlite_version() as v").get() as { v: string }).v;
  sqlite.close();

  const listing = timing.get("Listing, no filter")!;
  const totalOf = (t: { prepare: number[]; run: number[] }) =>
    t.prepare.map((p, i) => p + t.run[i]!);
  const listingMedian = median(totalOf(listing));
  const ms = (n: number) => n.toFixed(3);
  const rows = batches.map(({ name, statements }) => {
    const times = timing.get(name)!;
    const total = totalOf(times);
    const chars = statements.reduce((sum, s) => sum + s.text.length, 0);
    const values = statements.reduce((sum, s) => sum + s.params.length, 0);
    return `| ${name} | ${statements.length} | ${chars.toLocaleString("en")} / ${values} | ${ms(median(times.prepare))} | ${ms(median(times.run))} | ${ms(median(total))} | ${ms(percentile(total, 95))} | ${(median(total) / listingMedian).toFixed(2)}× |`;
  });
  const markdown = [
    `SQLite ${version} (Node's), ${rounds} rounds, every statement once per round; ms per read (its statements after her session's).`,
    "",
    "| Read | Statements | Characters / values | Prepare p50 | Run p50 | Total p50 | Total p95 | Total / the listing's |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n");
  return { markdown };
}

/** What run.ts sends: the run's dataset size and rounds (it reads back `{ markdown }`). */
interface SqlBenchInput {
  size: DatasetSize;
  rounds: number;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { size, rounds } = await childInput<SqlBenchInput>();
  process.stdout.write(JSON.stringify(await sqlStatementsReport(size, rounds)));
}
