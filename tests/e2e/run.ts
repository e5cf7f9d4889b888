// `npm run test:e2e`: builds when there is no build yet, then runs the E2E project
// (one server and one Chromium for the whole run; see global-setup.ts).
import { spawnSync } from "node:child_process";
import { toolEnv } from "../../scripts/tool-env.ts";

const result = spawnSync(
  "node_modules/.bin/vitest",
  ["run", "--project", "e2e", ...process.argv.slice(2)],
  { stdio: "inherit", env: toolEnv },
);
process.exit(result.status ?? 1);
