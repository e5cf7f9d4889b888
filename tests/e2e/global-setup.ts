// Starts one server (the production build under `vite preview`, real worker in workerd with
// local D1/DO/R2 in a throwaway folder) and one Chromium for the whole E2E run.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { copyFileSync, createWriteStream, existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserServer, chromium } from "playwright-core";
import type { TestProject } from "vitest/node";

const root = path.resolve(import.meta.dirname, "../..");
export const RESULTS_DIR = path.join(root, "test-results");

export function chromePath(): string {
  const candidate = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}. Install it with \`apt-get install -y chromium\` or set CHROME_PATH.`,
    );
  }
  return candidate;
}

export const CHROME_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

function freePort(): Promise<number> {
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

async function waitForHealth(url: string, server: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`Server exited early (code ${server.exitCode}); see test-results/server.log`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("Server did not become healthy in time; see test-results/server.log");
}

let server: ChildProcess | undefined;
let browserServer: BrowserServer | undefined;

export default async function setup(project: TestProject) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
  // ENVIRONMENT=development (from .dev.vars) enables the /dev routes journeys use (outbox,
  // fixtures); the build copies .dev.vars next to the built worker for `vite preview`.
  if (!existsSync(path.join(root, ".dev.vars"))) {
    copyFileSync(path.join(root, ".dev.vars.example"), path.join(root, ".dev.vars"));
  }
  if (!existsSync(path.join(root, "dist/rodamos/wrangler.json"))) {
    execFileSync("node_modules/.bin/vite", ["build"], { cwd: root, stdio: "inherit", env });
  }
  if (!existsSync(path.join(root, "dist/rodamos/.dev.vars"))) {
    copyFileSync(path.join(root, ".dev.vars"), path.join(root, "dist/rodamos/.dev.vars"));
  }
  const stateDir = mkdtempSync(path.join(tmpdir(), "rodamos-e2e-state-"));
  execFileSync(
    "node_modules/.bin/wrangler",
    ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"], env },
  );
  const port = await freePort();
  const log = createWriteStream(path.join(RESULTS_DIR, "server.log"));
  server = spawn("node_modules/.bin/vite", ["preview", "--port", String(port), "--strictPort"], {
    cwd: root,
    env: { ...env, RODAMOS_STATE_DIR: stateDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const baseURL = `http://localhost:${port}`;
  await waitForHealth(baseURL, server);

  browserServer = await chromium.launchServer({ executablePath: chromePath(), args: CHROME_ARGS });
  project.provide("baseURL", baseURL);
  project.provide("wsEndpoint", browserServer.wsEndpoint());

  return async () => {
    await browserServer?.close();
    server?.kill("SIGTERM");
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    wsEndpoint: string;
  }
}
