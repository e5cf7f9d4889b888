// `wrangler dev` at the root, as the Workers docs tell a newcomer to run a worker: it bundles
// worker/ without Vite and serves the build's dist/client as assets. Run after `npm run build`
// (CI does): starts it on a free port with a throwaway local D1/DO/R2 folder and checks that the
// API, the /app shell and a ride's share image (drawn by the second Worker, ADR 0044) answer.
// Once, every API call there was a 500 (the worker read `import.meta.env`, which only Vite fills in).
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import {
  bin,
  freePort,
  freshState,
  removeScratch,
  root,
  toolEnv,
} from "../tests/support/preview.ts";
import { ensureDevVars } from "./dev-vars.ts";
import { seedLocal } from "./seed.ts";

if (!existsSync(path.join(root, "dist/client/app/index.html"))) {
  console.error("No build in dist/: run `npm run build` first.");
  process.exit(1);
}
await ensureDevVars();
const stateDir = await freshState("rodamos-wrangler-dev");
// The demo rides: one of them gets its share image drawn.
await seedLocal(["--persist-to", stateDir]);
const port = await freePort();
mkdirSync(path.join(root, "test-results"), { recursive: true });
const logFile = path.join(root, "test-results/wrangler-dev.log");
const child = spawn(
  bin("wrangler"),
  // The API worker first (it serves); the share image's Worker behind its SHARE_IMAGE binding.
  [
    "dev",
    "-c",
    "wrangler.toml",
    "-c",
    "worker/share-image/wrangler.toml",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--local",
    "--persist-to",
    stateDir,
  ],
  // Its own process group: wrangler starts workerd, and both go when the check ends.
  { cwd: root, env: toolEnv, stdio: ["ignore", "pipe", "pipe"], detached: true },
);
const log = createWriteStream(logFile);
child.stdout?.pipe(log);
child.stderr?.pipe(log);
const url = `http://127.0.0.1:${port}`;

/** Resolves once the server answers at all (any status): the checks below then say what it said. */
async function started() {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (code ${child.exitCode})`);
    try {
      return await fetch(`${url}/api/health`);
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error("wrangler dev did not answer in 90 s");
}

const failures: string[] = [];
try {
  await (await started()).body?.cancel();
  const health = await fetch(`${url}/api/health`);
  const body = (await health.json()) as { ok?: boolean };
  if (health.status !== 200 || body.ok !== true) {
    failures.push(`/api/health: ${health.status} ${JSON.stringify(body)}`);
  }
  const shell = await fetch(`${url}/app`);
  const html = await shell.text();
  if (shell.status !== 200) failures.push(`/app: ${shell.status}`);
  if (
    !html.includes('<div id="root">') ||
    !/<script type="module"[^>]* src="\/assets\//.test(html)
  ) {
    failures.push(`/app is not the SPA shell: ${html.slice(0, 200)}`);
  }
  const preview = await (await fetch(`${url}/salida/demo-ride-01`)).text();
  const image = preview.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
  const png = image
    ? await fetch(new URL(new URL(image).pathname + new URL(image).search, url))
    : null;
  const bytes = new Uint8Array((await png?.arrayBuffer()) ?? new ArrayBuffer(0));
  if (png?.status !== 200 || png.headers.get("Content-Type") !== "image/png" || bytes[1] !== 0x50) {
    failures.push(
      `the share image of demo-ride-01 (${image}): ${png?.status} ${bytes.length} bytes`,
    );
  }
} catch (error) {
  failures.push(String(error));
} finally {
  await new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    process.kill(-child.pid!, "SIGTERM");
  });
  removeScratch(stateDir);
}
if (failures.length > 0) {
  console.error(`wrangler dev at the root (log: ${logFile}):\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log(`wrangler dev at the root: /api/health, /app and a share image answer 200 (${url}).`);
