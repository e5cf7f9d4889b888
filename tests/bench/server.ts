// Starts the production build (real worker in workerd, local D1/DO/R2 in a throwaway folder)
// on loopback for a benchmark run, and stops it afterwards.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { storageTmpdir } from "../../scripts/ram-disk.ts";
import { toolEnv } from "../../scripts/tool-env.ts";
import { freePort, waitForHealth } from "../support/preview.ts";

export const root = path.resolve(import.meta.dirname, "../..");

export function build() {
  execFileSync("node_modules/.bin/vite", ["build"], { cwd: root, stdio: "inherit", env: toolEnv });
}

function wrangler(stateDir: string, args: string[]): string {
  return execFileSync("node_modules/.bin/wrangler", [...args, "--persist-to", stateDir], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: toolEnv,
    encoding: "utf8",
    maxBuffer: 256 * 2 ** 20,
  });
}

/** A fresh local database with migrations applied, optionally loaded with SQL files. */
export function prepareState(sqlFiles: string[] = []): string {
  // On a RAM disk when there is one, as the worker tests' (scripts/ram-disk.ts): the figures
  // then measure our code rather than this machine's disk syncs.
  const stateDir = mkdtempSync(path.join(storageTmpdir(), "rodamos-bench-state-"));
  wrangler(stateDir, ["d1", "migrations", "apply", "DB", "--local"]);
  for (const file of sqlFiles) {
    wrangler(stateDir, ["d1", "execute", "DB", "--local", `--file=${file}`]);
  }
  return stateDir;
}

/** Bytes of the local D1 database files (SQLite file and its write-ahead log), for capacity. */
export function d1Bytes(stateDir: string): number {
  const dir = path.join(stateDir, "v3/d1");
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.sqlite(-wal)?$/.test(entry.name))
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

/** Rows of each `;`-separated statement, read from the local D1 (server stopped). */
export function queryD1<Row>(stateDir: string, sql: string): Row[][] {
  const out = wrangler(stateDir, ["d1", "execute", "DB", "--local", "--json", `--command=${sql}`]);
  return (JSON.parse(out) as { results: Row[] }[]).map((r) => r.results);
}

export function writeTempSql(name: string, sql: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "rodamos-bench-sql-"));
  const file = path.join(dir, name);
  writeFileSync(file, sql);
  return file;
}

export interface RunningServer {
  baseURL: string;
  /** Resolves once the server (and the workerd it runs) has exited. */
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Which local server runs the built worker (dist/rodamos, the bundle `npm run deploy` ships):
 * - "wrangler": `wrangler dev --config dist/rodamos/wrangler.json` (and the share image's Worker
 *   beside it, `--config dist/rodamos_share_image/wrangler.json`), clients talk to workerd
 *   directly. The default: under concurrent POSTs, vite preview's Node proxy (undici pool →
 *   workerd) sometimes reuses a connection workerd has just closed and answers its own
 *   500 "TypeError: fetch failed" page — measured in docs/benchmarks.md, not the app's.
 * - "preview": `vite preview`, the Cloudflare vite plugin's Node server in front of workerd.
 */
export type ServerKind = "wrangler" | "preview";

function spawnServer(kind: ServerKind, stateDir: string, port: number, inspectorPort: number) {
  const options = { cwd: root, stdio: ["ignore", "pipe", "pipe"] as ("ignore" | "pipe")[] };
  if (kind === "preview") {
    return spawn(
      "node_modules/.bin/vite",
      ["preview", "--port", String(port), "--strictPort", "--host", "127.0.0.1"],
      { ...options, env: { ...toolEnv, RODAMOS_STATE_DIR: stateDir } },
    );
  }
  return spawn(
    "node_modules/.bin/wrangler",
    [
      "dev",
      "--config=dist/rodamos/wrangler.json",
      // The share image's Worker, behind the API worker's SHARE_IMAGE binding (ADR 0044).
      "--config=dist/rodamos_share_image/wrangler.json",
      `--persist-to=${stateDir}`,
      "--ip=127.0.0.1",
      `--port=${port}`,
      `--inspector-port=${inspectorPort}`,
      "--show-interactive-dev-session=false",
    ],
    { ...options, env: toolEnv },
  );
}

/**
 * The server stands in for Cloudflare's edge, which does not share a phone's CPU; here it
 * shares the browser's two cores. At a lower CPU priority (inherited by the workerd it starts)
 * it still answers everything, but page-load figures measure the page rather than the server
 * compressing and querying on the same cores (docs/benchmarks.md, runs of 2026-11-25 06:02).
 */
export function behindTheBrowser(child: ChildProcess) {
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, 10);
  } catch {
    // Not permitted here: the figures are then taken at equal priority.
  }
}

export async function startServer(
  stateDir: string,
  kind: ServerKind = "wrangler",
): Promise<RunningServer> {
  const built = ["rodamos", "rodamos_share_image"].every((worker) =>
    existsSync(path.join(root, `dist/${worker}/wrangler.json`)),
  );
  if (!built) build();
  // Development settings enable /dev/test-login, which the chat benchmark uses for its riders.
  const devVars = path.join(root, "dist/rodamos/.dev.vars");
  if (!existsSync(devVars)) copyFileSync(path.join(root, ".dev.vars.example"), devVars);
  const port = await freePort();
  mkdirSync(path.join(root, "test-results"), { recursive: true });
  const log = createWriteStream(path.join(root, "test-results/bench-server.log"));
  const child: ChildProcess = spawnServer(kind, stateDir, port, await freePort());
  behindTheBrowser(child);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, child, "test-results/bench-server.log");
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { baseURL, stop: () => stopChild(child) };
}
