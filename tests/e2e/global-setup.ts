// Starts the run's two servers once, before any journey: the production build under
// `vite preview` (the real worker in workerd, local D1/DO/R2 in a throwaway folder) and
// `npm run dev` as a newcomer starts it (dev-server.e2e.ts). Their addresses reach the tests
// through the environment, which Playwright's worker processes inherit.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import {
  ensureBuilt,
  freshState,
  type Preview,
  removeScratch,
  startDevServer,
  startPreview,
} from "../support/preview.ts";

export default async function globalSetup(config: FullConfig) {
  // The config's outputDir (test-results/, or `--output DIR`): failed tests attach these logs.
  const RESULTS_DIR = config.projects[0]!.outputDir;
  mkdirSync(RESULTS_DIR, { recursive: true });
  await ensureBuilt();
  const stateDir = await freshState("rodamos-e2e-state");
  const logFile = path.join(RESULTS_DIR, "server.log");
  const devLogFile = path.join(RESULTS_DIR, "dev-server.log");
  rmSync(logFile, { force: true });
  rmSync(devLogFile, { force: true });
  const [server, devServer] = await Promise.allSettled([
    startPreview({ stateDir, logFile }),
    startDevServer({ logFile: devLogFile }),
  ]);
  const started = [server, devServer].flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  // The servers, then the preview's throwaway D1/DO/R2 folder (the dev server removes its own).
  const stopAll = async () => {
    await Promise.all(started.map((s: Preview) => s.stop()));
    removeScratch(stateDir);
  };
  // One that failed must not leave the other running after the run.
  for (const result of [server, devServer]) {
    if (result.status === "rejected") {
      await stopAll();
      throw result.reason;
    }
  }
  process.env.RODAMOS_E2E_URL = (server as PromiseFulfilledResult<Preview>).value.url;
  process.env.RODAMOS_E2E_DEV_URL = (devServer as PromiseFulfilledResult<Preview>).value.url;
  return stopAll;
}
