// Helpers for pwa-update.e2e.ts: a second build, a preview server of any build on a port of
// our choosing (the same origin across versions, as a deploy is), and a signed-in rider with a
// profile written straight into that server's local D1 (the sign-up API is another area's).
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bin, type Preview, root, startPreview, toolEnv, wranglerD1 } from "../support/preview.ts";

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
    env: { ...toolEnv, RODAMOS_BUILD_ID: buildId },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * Inserts a user with a profile and a session (as worker/sessions/session.ts stores it: the
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
  wranglerD1(stateDir, ["execute", "DB", "--local", "--command", sql]);
  return token;
}

/**
 * `vite preview` of the build in `outDir` on `port` (one it takes as it binds, unless said), with
 * `stateDir` as its local D1/DO/R2.
 */
export async function startPreviewOf(options: {
  outDir: string;
  port?: number;
  stateDir: string;
  logFile: string;
}): Promise<Preview> {
  // The preview reads the deploy config once, at start-up.
  pointPreviewAt(options.outDir);
  try {
    return await startPreview(options);
  } finally {
    pointPreviewAtMainBuild();
  }
}
