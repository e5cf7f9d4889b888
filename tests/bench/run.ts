// `npm run bench`: builds, starts the app on loopback with the bench dataset, runs each
// benchmark and prints a Markdown report (also written to test-results/bench.md).
// docs/benchmarks.md is updated by hand from a run, with the machine and date.
//
// Flags: --no-build (reuse dist/), --no-lighthouse, --lighthouse-pages=/,/app/login (those pages only),
// --lighthouse-dump DIR (each Lighthouse run's report and trace, to study a score), --no-load (skip the local ceiling, the load run
// and the rate-limit hammer), --only gpx,maps,sql,api,chat,ceiling,load,lighthouse (just those sections; gpx alone needs
// no build and no server),
// (maps: the tiles and bytes of a saved 60 km route, no server either; sql: the listings'
// statements in Node's SQLite, no server either),
// --load-seconds N (default 60), --load-riders N (default 1000), --load-processes N (default: one
// per 500 riders),
// --server wrangler|preview (default wrangler: `wrangler dev` on the built worker; see server.ts),
// --smoke (what CI runs: every section but Lighthouse and the rate-limit hammer starts and ends,
// on a tiny dataset with short slices, the build as it is, in about a minute; exits non-zero on
// any failure, like a full run; its figures mean nothing).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEMO_USERS, seedSql } from "../../scripts/seed.ts";
import { putLocalBasemap } from "../../scripts/tiles/local.ts";
import { apiLatencyReport } from "./benchmarks/api-latency.ts";
import { loadCeiling } from "./benchmarks/ceiling.ts";
import type { ChatBenchInput, ChatBenchOutput } from "./benchmarks/chat-process.ts";
import { gpxParseReport } from "./benchmarks/gpx-parse.ts";
import { lighthouseScores, lighthouseTable } from "./benchmarks/lighthouse.ts";
import {
  type LoadRecorder,
  loadAudit,
  loadAuditSql,
  loadReport,
  runLoad,
} from "./benchmarks/load.ts";
import { pageWeightReport } from "./benchmarks/page-weight.ts";
import { rateLimitReport } from "./benchmarks/rate-limit.ts";
import { savedMapReport } from "./benchmarks/saved-map.ts";
import { runInChild } from "./child-process.ts";
import {
  DATASET_SIZE,
  datasetSql,
  generateDataset,
  SMOKE_DATASET_SIZE,
  VIEWER_PROFILE,
} from "./dataset.ts";
import { startEdgeProxyProcess, trustFlags } from "./edge-proxy.ts";
import {
  build,
  d1Bytes,
  prepareState,
  queryD1,
  root,
  type ServerKind,
  startServer,
  writeTempSql,
} from "./server.ts";
import { phaseTimer } from "./stats.ts";

const { values: flags } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    "no-lighthouse": { type: "boolean", default: false },
    "no-load": { type: "boolean", default: false },
    "load-seconds": { type: "string", default: "60" },
    "load-riders": { type: "string", default: String(DATASET_SIZE.loadUsers) },
    "load-processes": { type: "string" },
    server: { type: "string", default: "wrangler" },
    only: { type: "string" },
    // Lighthouse on some pages only: their names, comma-separated ('/,/app/login').
    "lighthouse-pages": { type: "string" },
    // Each Lighthouse run's report and trace, written to this folder.
    "lighthouse-dump": { type: "string" },
    smoke: { type: "boolean", default: false },
  },
});
const smoke = flags.smoke;
const size = smoke ? SMOKE_DATASET_SIZE : DATASET_SIZE;
const only = flags.only?.split(",");
const lighthousePages = flags["lighthouse-pages"]?.split(",");
const runs = (
  section: "gpx" | "maps" | "sql" | "weight" | "api" | "chat" | "ceiling" | "load" | "lighthouse",
) => (only ? only.includes(section) : true);
if (flags.server !== "wrangler" && flags.server !== "preview") {
  throw new Error(`--server must be wrangler or preview, not ${flags.server}`);
}
const serverKind: ServerKind = flags.server;
const loadSeconds = smoke ? 5 : Number(flags["load-seconds"]);
const loadRiders = Math.min(Number(flags["load-riders"]), size.loadUsers);
// One Node process drives up to ~500 riders before its own event loop is what limits the load. A
// smoke run uses two, so that CI runs the child processes' path too.
const loadProcesses = Number(
  flags["load-processes"] ?? Math.max(smoke ? 2 : 1, Math.ceil(loadRiders / 500)),
);

const runStarted = performance.now();
const { phases, timed } = phaseTimer();

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;

// GPX parsing needs no server: measured first, before the server takes the cores.
const gpx = runs("gpx")
  ? await timed("GPX parse", () => (smoke ? gpxParseReport(2, 256 * 1024) : gpxParseReport()))
  : undefined;
const gpxSection = gpx
  ? `## GPX parse (${smoke ? "256 KB" : "5 MB"} files; fresh processes, both sides cold in each)\n\n${gpx.markdown}`
  : undefined;
// A saved route's map needs no server either (the development basemap is read from its file).
const savedMap = runs("maps") ? await timed("saved map", savedMapReport) : undefined;
const savedMapSection = savedMap
  ? `## Maps: a saved 60 km route (Guardar el mapa para ir sin cobertura)\n\n${savedMap.markdown}`
  : undefined;
// The listings' statements in SQLite alone need no server either. In a process of its own: it
// imports the worker's code, typed for the Workers runtime, which this Node project is not.
const sqlStatements = runs("sql")
  ? await timed("SQL statements", () =>
      runInChild<{ size: typeof size; rounds: number }, { markdown: string }>(
        path.join(root, "tests/bench/benchmarks/sql-statements.ts"),
        { size, rounds: smoke ? 5 : 300 },
      ),
    )
  : undefined;
const sqlSection = sqlStatements
  ? `## SQL statements: the listings' reads in SQLite alone\n\n${sqlStatements.markdown}`
  : undefined;
if (only?.every((section) => section === "gpx" || section === "maps" || section === "sql")) {
  const report = `# Rodamos benchmarks\n\nRun ${new Date().toISOString()} on ${machine}.\n\n${[gpxSection, savedMapSection, sqlSection].filter(Boolean).join("\n\n")}\n`;
  mkdirSync(path.join(root, "test-results"), { recursive: true });
  writeFileSync(path.join(root, "test-results/bench.md"), report);
  console.log(`\n${report}`);
  process.exit((gpx?.ok ?? true) && (savedMap?.ok ?? true) ? 0 : 1);
}

// A smoke run takes the build as it is (startServer builds when there is none).
if (!flags["no-build"] && !smoke) await timed("build", build);

const dataset = await timed("generate dataset", () => generateDataset(Date.now(), undefined, size));
const stateDir = await timed("migrate + load D1 (wrangler d1 execute)", async () => {
  // A smoke run's SQL is small: one file, one `wrangler d1 execute` (each costs a start-up).
  const files = smoke
    ? [writeTempSql("bench.sql", `${await seedSql()}\n${datasetSql(dataset)}`)]
    : [writeTempSql("seed.sql", await seedSql()), writeTempSql("dataset.sql", datasetSql(dataset))];
  const dir = prepareState(files);
  for (const file of files) rmSync(path.dirname(file), { recursive: true, force: true });
  // The development basemap, as `npm run dev` has it: the ride page's map draws real tiles.
  if (runs("lighthouse") && !flags["no-lighthouse"] && !smoke) {
    await putLocalBasemap(["--persist-to", dir]);
  }
  return dir;
});
// What the dataset takes on disk (docs/capacity.md), measured before any traffic.
const datasetBytes = d1Bytes(stateDir);
const server = await timed("start server", () => startServer(stateDir, serverKind));

const sections: string[] = [
  `# Rodamos benchmarks\n\nRun ${new Date().toISOString()} on ${machine}; server: ${serverKind === "wrangler" ? "wrangler dev" : "vite preview"} on the built worker.`,
  `## Bench dataset\n\n${Object.entries(dataset.counts)
    .map(([table, n]) => `${table}: ${n.toLocaleString("en")}`)
    .join(
      " · ",
    )} (tests/bench/dataset.ts; ${size.cities} cities, seeded${smoke ? "; smoke run" : ""}). D1 on disk: ${(datasetBytes / 2 ** 20).toFixed(1)} MiB.`,
];
if (gpxSection) sections.push(gpxSection);
if (savedMapSection) sections.push(savedMapSection);
if (sqlSection) sections.push(sqlSection);
let ok = (gpx?.ok ?? true) && (savedMap?.ok ?? true);
let load: LoadRecorder | undefined;
let rateLimits: { markdown: string; ok: boolean } | undefined;
let loadSectionAt = 0;
try {
  if (runs("weight")) sections.push(`## Page weight\n\n${pageWeightReport()}`);

  // Page loads first, on a server that has not yet taken minutes of API and load traffic on the
  // same two cores: a visitor's first load is a client-side measure, and a run after the load
  // phases measured the feed 5 points lower with nothing else changed (docs/benchmarks.md).
  if (runs("lighthouse") && !flags["no-lighthouse"] && !smoke) {
    const cookie = dataset.viewer.cookie;
    // Through a stand-in for Cloudflare's edge: HTTPS + HTTP/2 and compression, which loopback
    // does not have (tests/bench/edge-proxy.ts).
    const edge = await startEdgeProxyProcess(server.baseURL);
    const rows = await timed("Lighthouse", () =>
      lighthouseScores(
        edge.url,
        [
          { name: "/", path: "/" },
          { name: "/blog", path: "/blog" },
          { name: "/blog/seguridad-rodando-en-grupo", path: "/blog/seguridad-rodando-en-grupo" },
          { name: "/app/login", path: "/app/login", noindex: true },
          { name: "/app/feed (signed in)", path: "/app/feed", cookie, noindex: true },
          // A ride's page with its meeting pin's map (Leaflet and our own tiles, loaded lazily).
          {
            // No comma in a name: --lighthouse-pages splits on commas.
            name: "/app/ride/:id (signed in: its map)",
            path: `/app/ride/${dataset.loadRides[0]?.id}`,
            cookie,
            noindex: true,
          },
          // What a newcomer opens from a WhatsApp link: the ride's public preview (noindex).
          {
            name: "/salida/:id (share page)",
            path: `/salida/${dataset.loadRides[0]?.id}`,
            noindex: true,
          },
        ].filter((page) => !lighthousePages || lighthousePages.includes(page.name)),
        { chromeFlags: trustFlags(edge), dumpDir: flags["lighthouse-dump"] },
      ).finally(() => edge.close()),
    );
    sections.push(
      `## Lighthouse (mobile, Debian Chromium, through the edge stand-in: HTTPS, HTTP/2, compression)\n\n${lighthouseTable(rows)}\n\nSEO on /app pages leaves out \`is-crawlable\`: they are noindex on purpose (ADR 0013).`,
    );
  }

  if (runs("api")) {
    const api = await timed("API latency", () =>
      apiLatencyReport(
        server.baseURL,
        {
          cookie: dataset.viewer.cookie,
          blockerCookie: dataset.blocker.cookie,
          city: VIEWER_PROFILE.city,
          groupSlug: dataset.largestGroupSlug,
        },
        smoke ? { rounds: 1, sliceSeconds: 0.5, connections: 2, warmUp: false } : {},
      ),
    );
    ok &&= api.ok;
    sections.push(
      `## API latency (${smoke ? "2 connections; per endpoint 1 × 0.5 s" : "20 connections; per endpoint 3 × 3 s"}, interleaved with /api/health)\n\nSigned in as a rider of the dataset who is in ~330 rides.\n\n${api.markdown}`,
    );
  }

  if (runs("chat")) {
    // In a process of their own: the samples are timed there (chat-process.ts says why).
    const chat = await runInChild<ChatBenchInput, ChatBenchOutput>(
      path.join(import.meta.dirname, "benchmarks/chat-process.ts"),
      { baseURL: server.baseURL, smoke },
    );
    ok &&= chat.ok;
    sections.push(...chat.sections);
    phases.push(...chat.phases);
  }

  if (runs("ceiling") && !flags["no-load"]) {
    // Before the load run, with its riders and rides (the run's audit counts from its own start).
    const ceiling = await timed("local ceiling", () =>
      loadCeiling({
        baseURL: server.baseURL,
        riders: dataset.loadRiders,
        rides: dataset.loadRides,
        steps: smoke ? [2, 4] : [25, 50, 100, 200, 400, 700, 1000],
        secondsPerStep: smoke ? 2 : 10,
      }),
    );
    ok &&= ceiling.ok;
    sections.push(`## Local ceiling (the load run's riders, in steps)\n\n${ceiling.markdown}`);
  }

  if (runs("load") && !flags["no-load"]) {
    load = await timed("load run", () =>
      runLoad({
        baseURL: server.baseURL,
        riders: dataset.loadRiders.slice(0, loadRiders),
        rides: dataset.loadRides,
        seconds: loadSeconds,
        processes: loadProcesses,
      }),
    );
    // After the load run, not during it: each checked password is a scrypt hash that holds the
    // (single, local) worker isolate, which would dominate the load figures. A smoke run skips
    // it: it may wait half a minute for a fresh rate-limit window.
    if (!smoke) {
      rateLimits = await timed("rate limits", () =>
        rateLimitReport(server.baseURL, DEMO_USERS[0].email),
      );
    }
  }
  loadSectionAt = sections.length;
} finally {
  await server.stop();
}

try {
  if (load) {
    // The audit reads D1 itself, now that no workerd holds it.
    const rideIds = dataset.loadRides.map((r) => r.id);
    const audit = loadAudit(queryD1(stateDir, loadAuditSql(rideIds, load.startedAt)));
    const report = loadReport(load, audit, {
      riders: loadRiders,
      rides: rideIds.length,
      processes: loadProcesses,
    });
    ok &&= report.ok && (rateLimits?.ok ?? true);
    // Where the load run ran, between the chat fan-out and the run times.
    sections.splice(
      loadSectionAt,
      0,
      `## Load run\n\n${report.markdown}`,
      ...(rateLimits
        ? [
            `## Rate limits under load (login hammered with a wrong password from one IP)\n\n${rateLimits.markdown}`,
          ]
        : []),
    );
  }
} finally {
  rmSync(stateDir, { recursive: true, force: true });
}

phases.push(["total", (performance.now() - runStarted) / 1000]);
sections.push(
  `## Run time\n\n| Phase | Seconds |\n|---|---:|\n${phases.map(([name, s]) => `| ${name} | ${s.toFixed(1)} |`).join("\n")}`,
);

const report = `${sections.join("\n\n")}\n`;
writeFileSync(path.join(root, "test-results/bench.md"), report);
console.log(`\n${report}`);
if (!ok) {
  console.error("Some checks failed (non-2xx, errors, or a load/rate-limit check): see above.");
  process.exit(1);
}
