// Starts one server (the production build under `vite preview`, real worker in workerd with
// local D1/DO/R2 in a throwaway folder) and one Chromium for the whole E2E run.
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { type BrowserServer, chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import {
  ensureBuilt,
  freePort,
  freshState,
  type Preview,
  root,
  startDevServer,
  startPreview,
} from "../support/preview.ts";

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

let server: Preview | undefined;
let devServer: Preview | undefined;
let browserServer: BrowserServer | undefined;

export default async function setup(project: TestProject) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await ensureBuilt();
  const stateDir = freshState("rodamos-e2e-state");
  const logFile = path.join(RESULTS_DIR, "server.log");
  const devLogFile = path.join(RESULTS_DIR, "dev-server.log");
  rmSync(logFile, { force: true });
  rmSync(devLogFile, { force: true });
  // The build (most journeys) and `npm run dev` (the newcomer's path: dev-server.e2e.ts).
  [server, devServer] = await Promise.all([
    startPreview({ port: await freePort(), stateDir, logFile }),
    startDevServer({ port: await freePort(), logFile: devLogFile }),
  ]);
  const baseURL = server.url;

  browserServer = await chromium.launchServer({ executablePath: chromePath(), args: CHROME_ARGS });
  project.provide("baseURL", baseURL);
  project.provide("devURL", devServer.url);
  project.provide("wsEndpoint", browserServer.wsEndpoint());

  return async () => {
    await browserServer?.close();
    await server?.stop();
    await devServer?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** `npm run dev`'s URL, for the newcomer's smoke journey. */
    devURL: string;
    wsEndpoint: string;
  }
}
