// The E2E journeys (`npm run test:e2e`): @playwright/test driving Debian's Chromium against the
// production build, plus one journey against `npm run dev`. How a journey is written here:
// tests/e2e/README.md.
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/** Debian's Chromium (or CHROME_PATH): Playwright never downloads a browser for this project. */
function chromePath(): string {
  const candidate = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}. Install it with \`apt-get install -y chromium\` or set CHROME_PATH.`,
    );
  }
  return candidate;
}

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.e2e.ts",
  // The build's server and `npm run dev`, once per run; their URLs reach tests via process.env.
  globalSetup: "./tests/e2e/global-setup.ts",
  // One worker, so one Chromium and the two servers serve the whole run, a file at a time.
  workers: 1,
  fullyParallel: false,
  // A flake is a bug: it fails the run.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A journey with three riders, each in her own browser, on real workerd, D1 and sockets: well
  // under a minute on an idle 2-core machine, over one when the machine is shared. Each step
  // still waits at most `expect.timeout`.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  outputDir: "test-results",
  // On failure the list reporter prints the test's attachments: its trace, screenshots and the
  // server logs (tests/e2e/fixtures.ts).
  reporter: "list",
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: chromePath(),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // Every browser context of a test (the `page` fixture's and each openSession's) is a phone
    // in Madrid, in Spanish, unless the test says otherwise.
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    hasTouch: true,
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
  },
});
