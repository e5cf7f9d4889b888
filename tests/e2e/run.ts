// `npm run test:e2e`: builds when there is no build yet, then runs the E2E project
// (one server and one Chromium for the whole run; see global-setup.ts).
import { spawnSync } from "node:child_process";

const result = spawnSync(
  "node_modules/.bin/vitest",
  ["run", "--project", "e2e", ...process.argv.slice(2)],
  { stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
);
process.exit(result.status ?? 1);
