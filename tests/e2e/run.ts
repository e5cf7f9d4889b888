// `npm run test:e2e [playwright test args]`: builds when there is no build yet, then runs the
// journeys with Playwright (playwright.config.ts: one Chromium and the two servers for the run).
import { spawnSync } from "node:child_process";
import { toolEnv } from "../../scripts/tool-env.ts";
import { ensureBuilt } from "../support/preview.ts";

await ensureBuilt();
const result = spawnSync("node_modules/.bin/playwright", ["test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: toolEnv,
});
process.exit(result.status ?? 1);
