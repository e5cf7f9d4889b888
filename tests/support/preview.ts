// Running the production build locally, shared by the E2E run, the update-flow E2E and the
// benchmarks: a free loopback port, a throwaway local D1/DO/R2 folder with the migrations
// applied, and `vite preview` (the real worker in workerd) waited on until /api/health answers.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { copyFileSync, createWriteStream, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { ensureDevVars } from "../../scripts/dev-vars.ts";
import { putLocalBasemap } from "../../scripts/tiles/local.ts";
import { toolEnv } from "../../scripts/tool-env.ts";

export const root = path.resolve(import.meta.dirname, "../..");
export { toolEnv };
export const bin = (name: string) => path.join(root, "node_modules/.bin", name);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/** `vite build` into dist/ unless a build is there, with the development vars beside it. */
export async function ensureBuilt() {
  // ENVIRONMENT=development (from .dev.vars) enables the /dev routes tests and benchmarks use
  // (outbox, fixtures, test login) and a local VAPID pair web push; the build copies .dev.vars
  // next to the built worker.
  const devVars = await ensureDevVars();
  if (!existsSync(path.join(root, "dist/rodamos/wrangler.json"))) {
    execFileSync(bin("vite"), ["build"], { cwd: root, stdio: "inherit", env: toolEnv });
  }
  // Always: an older build's copy may predate the VAPID keys.
  copyFileSync(devVars, path.join(root, "dist/rodamos/.dev.vars"));
}

/**
 * Removes a run's throwaway folder once its servers have stopped. A process of theirs may still be
 * closing files: retried, and a folder that stays is only reported (the run itself is done).
 */
export function removeScratch(dir: string) {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch (error) {
    console.warn(`could not remove ${dir}: ${String(error)}`);
  }
}

/**
 * A fresh local D1 (and DO/R2 storage) folder with the migrations applied and the development
 * basemap in its R2.
 */
export async function freshState(prefix: string): Promise<string> {
  const stateDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  wranglerD1(stateDir, ["migrations", "apply", "DB", "--local"]);
  await putLocalBasemap(["--persist-to", stateDir]);
  return stateDir;
}

/** `wrangler d1 <args> --persist-to stateDir` (execute a file or a command, apply migrations). */
export function wranglerD1(stateDir: string, args: string[]) {
  execFileSync(bin("wrangler"), ["d1", ...args, "--persist-to", stateDir], {
    cwd: root,
    env: toolEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export interface Preview {
  url: string;
  port: number;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * The port Vite says it listens on ("Local: http://host:PORT/"). A server started with port 0
 * takes a free one as it binds: a port picked in advance (freePort) can be taken by another
 * process on a shared machine before a slow start binds it (`npm run dev` seeds first).
 */
function listeningPort(child: ChildProcess, logFile: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = "";
    const done = () => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
    };
    const onData = (chunk: Buffer) => {
      output = (output + stripVTControlCharacters(chunk.toString())).slice(-4096);
      const match = /Local:\s+https?:\/\/[^\s/]+:(\d+)/.exec(output);
      if (!match) return;
      done();
      resolve(Number(match[1]));
    };
    const onExit = (code: number | null) => {
      done();
      reject(new Error(`the server exited early (code ${code}); see ${logFile}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`the server said no address in 180 s; see ${logFile}`));
    }, 180_000);
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
  });
}

/**
 * `vite preview` of the build its deploy config names (web/.wrangler/deploy/config.json) on
 * `port` (one it takes when free as it binds, unless said), with `stateDir` as its local
 * D1/DO/R2, logging to `logFile`; resolves once healthy.
 */
export async function startPreview(options: {
  port?: number;
  stateDir: string;
  logFile: string;
  /** "localhost" (what the browser tests use as origin) or "127.0.0.1". */
  host?: "localhost" | "127.0.0.1";
}): Promise<Preview> {
  const host = options.host ?? "localhost";
  const args = ["preview", "--port", String(options.port ?? 0), "--strictPort"];
  if (host === "127.0.0.1") args.push("--host", host);
  const child = spawn(bin("vite"), args, {
    cwd: root,
    env: { ...toolEnv, RODAMOS_STATE_DIR: options.stateDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const bound = listeningPort(child, options.logFile);
  const log = createWriteStream(options.logFile, { flags: "a" });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  try {
    const port = await bound;
    const url = `http://${host}:${port}`;
    await waitForHealth(url, child, options.logFile);
    return { url, port, process: child, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Resolves once `url`/api/health answers; fails when the server exits or after 180 s (a fresh
 * `npm run dev` pre-bundling its dependencies took over 2 minutes on a loaded 2-core machine).
 */
export async function waitForHealth(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited early (code ${child.exitCode}); see ${logFile}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not become healthy in 180 s; see ${logFile}`);
}

/**
 * `npm run dev` as a newcomer runs it (scripts/dev.ts: migrations, demo data, Vite with the
 * worker in workerd) on a port Vite takes as it binds, with a fresh D1/DO/R2 folder and a fresh
 * Vite dependency cache, as on a new clone; resolves once healthy.
 */
export async function startDevServer(options: { logFile: string }): Promise<Preview> {
  const scratch = mkdtempSync(path.join(tmpdir(), "rodamos-dev-"));
  const child = spawn(process.execPath, ["scripts/dev.ts"], {
    cwd: root,
    env: {
      ...toolEnv,
      PORT: "0",
      RODAMOS_STATE_DIR: path.join(scratch, "state"),
      RODAMOS_VITE_CACHE_DIR: path.join(scratch, "vite"),
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: scripts/dev.ts starts Vite, and both go when the run ends.
    detached: true,
  });
  const bound = listeningPort(child, options.logFile);
  const log = createWriteStream(options.logFile, { flags: "a" });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  // Stopped, it leaves nothing behind: its state and Vite cache were a fresh clone's.
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      process.kill(-child.pid!, "SIGTERM");
    }).then(() => removeScratch(scratch));
  try {
    const port = await bound;
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, child, options.logFile);
    return { url, port, process: child, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
