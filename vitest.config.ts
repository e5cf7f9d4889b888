import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { markdownContent } from "./scripts/markdown-content.ts";

const root = import.meta.dirname;

/**
 * Vitest runs the projects one after another, by name. The worker project goes first: its
 * longest file (the authorization matrix) then starts at once on one vitest worker while the
 * other takes the rest, instead of being the run's tail.
 */
class WorkerFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => (file.project.name === "worker" ? 0 : 1);
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time (cores - 1). Worker test files spend much
    // of their time waiting on workerd and D1, so two at a time keep both cores busy.
    maxWorkers: 2,
    // The worker's one line per request (worker/http/request-log.ts) would bury the output;
    // tests/worker/request-log.test.ts reads those lines itself. (A root option: vitest ignores
    // it in a project.)
    onConsoleLog: (log) => !/^[A-Z]+ \S+ \d{3} \d+ms\s*$/.test(log),
    sequence: { sequencer: WorkerFilesFirst },
    projects: [
      {
        test: {
          name: "domain",
          include: ["tests/domain/**/*.test.ts"],
          environment: "node",
          // Pure functions: the files share a vitest worker and its loaded modules.
          isolate: false,
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations(path.join(root, "migrations")),
                ENVIRONMENT: "test",
                // The moderator of the worker tests (tests/worker/helpers/safety.ts).
                MODERATOR_EMAILS: "moderadora@example.com",
                // A key pair for tests only (web push's VAPID), never used anywhere else.
                VAPID_PUBLIC_KEY:
                  "BKhnQlEhHSs-x5RvbPB_cz97xe7Y6FyPDE3byHZhNvPyejCw9_rWNb9j8LIp9jq9A4KWzHTqc9RNW8nrw0awJZY",
                VAPID_PRIVATE_KEY: "PdZ5ppeZhCREyq7iRRxSxgqZbm9QDmNPer7bQNdyMFA",
              },
            },
          })),
        ],
        test: {
          name: "worker",
          // The files share a workerd (the app loads once); tests/worker/setup.ts empties storage
          // before each (docs/decisions/0028-a-fast-suite.md).
          isolate: false,
          include: ["tests/worker/**/*.test.ts"],
          // Real workerd, D1 and sockets: a file sending 60 requests or 50 frames needs more than
          // vitest's 5 s on a loaded 2-core machine.
          testTimeout: 20_000,
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/worker/setup.ts"],
        },
      },
      {
        // web/content/*.md imports are turned into modules at build time; tests need the same.
        plugins: [markdownContent()],
        test: {
          name: "web",
          include: ["tests/web/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          // The files share a worker (React loads once); tests/setup/web.ts gives each a new
          // happy-dom window and fresh app modules (docs/decisions/0028-a-fast-suite.md).
          isolate: false,
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/web.ts"],
        },
      },
      {
        // Checks dist/ after `npm run build` (npm run test:build).
        test: {
          name: "site-build",
          include: ["tests/build/**/*.test.ts"],
          environment: "node",
        },
      },
    ],
  },
});
