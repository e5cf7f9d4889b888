// Helpers for pwa-update.e2e.ts: a second build, a preview server of any build on a port of
// our choosing (the same origin across versions, as a deploy is), and a signed-in rider with a
// profile written straight into that server's local D1 (the sign-up API is another area's).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

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

// `vite preview` (the cloudflare plugin) serves the build named in this file, which every
// `vite build` rewrites: a build elsewhere must put it back, and a preview must point it first.
const DEPLOY_CONFIG = path.join(root, "web/.wrangler/deploy/config.json");

function pointPreviewAt(outDir: string) {
  const configPath = path.relative(
    path.dirname(DEPLOY_CONFIG),
    path.join(outDir, "rodamos/wrangler.json"),
  );
  writeFileSync(DEPLOY_CONFIG, JSON.stringify({ configPath, auxiliaryWorkers: [] }));
}

/** Restores the deploy config to the main build (dist/) — call when done. */
export function pointPreviewAtMainBuild() {
  if (existsSync(path.join(root, "dist/rodamos/wrangler.json"))) {
    pointPreviewAt(path.join(root, "dist"));
  }
}

/**
 * Builds the app into `outDir` with the given build id (what the settings screen shows),
 * leaving `vite preview` pointed where it was.
 */
export function buildVersion(outDir: string, buildId: string) {
  const before = existsSync(DEPLOY_CONFIG) ? readFileSync(DEPLOY_CONFIG, "utf8") : null;
  try {
    runBuild(outDir, buildId);
  } finally {
    if (before !== null) writeFileSync(DEPLOY_CONFIG, before);
  }
}

function runBuild(outDir: string, buildId: string) {
  execFileSync(bin("vite"), ["build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: root,
    env: { ...env, RODAMOS_BUILD_ID: buildId },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** A fresh local D1 with the migrations applied. */
export function freshState(): string {
  const stateDir = mkdtempSync(path.join(tmpdir(), "rodamos-pwa-state-"));
  execFileSync(
    bin("wrangler"),
    ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir],
    {
      cwd: root,
      env,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  return stateDir;
}

/**
 * Inserts a user with a profile and a session (as worker/auth/session.ts stores it: the
 * SHA-256 of the token) and returns the cookie value.
 */
export function seedSignedInRider(stateDir: string, username: string): string {
  const userId = randomBytes(10).toString("hex");
  const token = randomBytes(20).toString("hex");
  const sessionId = createHash("sha256").update(token).digest("hex");
  const expiresAt = Date.now() + 24 * 60 * 60 * 1000;
  const sql = [
    `INSERT INTO users (id, email) VALUES ('${userId}', '${username}@rodamos.test');`,
    `INSERT INTO profiles (user_id, username, username_key, city, modalities) VALUES ('${userId}', '${username}', '${username.toLowerCase()}', 'Madrid', '["road"]');`,
    `INSERT INTO sessions (id, user_id, expires_at) VALUES ('${sessionId}', '${userId}', ${expiresAt});`,
  ].join(" ");
  execFileSync(
    bin("wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--command", sql],
    { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] },
  );
  return token;
}

export interface Preview {
  url: string;
  stop: () => Promise<void>;
}

/** `vite preview` of the build in `outDir` on `port`, with `stateDir` as its local D1/DO/R2. */
export async function startPreview(options: {
  outDir: string;
  port: number;
  stateDir: string;
  logFile: string;
}): Promise<Preview> {
  // The preview reads the deploy config once, at start-up.
  pointPreviewAt(options.outDir);
  const server: ChildProcess = spawn(
    bin("vite"),
    ["preview", "--port", String(options.port), "--strictPort"],
    {
      cwd: root,
      env: { ...env, RODAMOS_STATE_DIR: options.stateDir },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const log = createWriteStream(options.logFile, { flags: "a" });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const url = `http://localhost:${options.port}`;
  try {
    await waitUntilHealthy(server, url, options.logFile);
  } finally {
    pointPreviewAtMainBuild();
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once("exit", () => resolve());
        server.kill("SIGTERM");
      }),
  };
}

async function waitUntilHealthy(server: ChildProcess, url: string, logFile: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`preview exited early; see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`preview did not start; see ${logFile}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}
