import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { build } from "esbuild";
import { defineConfig } from "vitest/config";
import { WORKER_TEST_DEPENDENCIES } from "./scripts/app-dependencies.ts";
import { markdownContent } from "./scripts/markdown-content.ts";
import { storageTmpdir } from "./scripts/ram-disk.ts";
import { WorkerFilesFirst } from "./scripts/test-sequencer.ts";

const root = import.meta.dirname;

// The worker tests' storage (miniflare's SQLite files of D1, the Durable Objects and R2, under
// the temp folder) on a RAM disk when there is one (scripts/ram-disk.ts). Nothing there outlives
// the run.
process.env.TMPDIR = storageTmpdir();

/**
 * The share image's Worker (worker/share-image/, ADR 0044) and the tests' stand-in in front of it
 * (tests/worker/helpers/share-image-probe.ts), bundled for workerd: the plugin loads only the
 * tested worker through Vite, other workers must be scripts. esbuild is the bundler wrangler uses.
 */
async function shareImageWorkers() {
  const bundle = async (name: string, entry: string) => {
    // Kept in memory, never written: test runs side by side (and vitest's pool, which may ask
    // for these options more than once) would otherwise rewrite the files a workerd is reading,
    // and a half-written module fails that Worker with only "internal error".
    const outdir = path.join(root, ".wrangler/share-image-test", name);
    const { outputFiles } = await build({
      entryPoints: { index: path.join(root, entry) },
      outdir,
      write: false,
      bundle: true,
      format: "esm",
      platform: "neutral",
      mainFields: ["module", "main"],
      conditions: ["workerd", "worker", "browser"],
      external: ["cloudflare:*"],
      // As wrangler and Vite do (css-to-react-native, in satori, reads it).
      define: { "process.env.NODE_ENV": '"production"' },
      // Each its own workerd module (compiled WebAssembly, bytes), as wrangler's module rules do.
      loader: { ".wasm": "copy", ".bin": "copy" },
      logLevel: "warning",
    });
    const type = (file: string): "CompiledWasm" | "Data" | "ESModule" =>
      file.endsWith(".wasm") ? "CompiledWasm" : file.endsWith(".bin") ? "Data" : "ESModule";
    // The entry first: workerd's main module.
    const entryFirst = [...outputFiles].sort(
      (a, b) => Number(b.path.endsWith("/index.js")) - Number(a.path.endsWith("/index.js")),
    );
    return {
      name,
      modulesRoot: outdir,
      modules: entryFirst.map((file) => ({
        type: type(file.path),
        path: file.path,
        contents: file.contents,
      })),
      compatibilityDate: "2026-08-01",
    };
  };
  const [drawer, probe] = await Promise.all([
    bundle("rodamos-share-image", "worker/share-image/index.ts"),
    bundle("share-image-probe", "tests/worker/helpers/share-image-probe.ts"),
  ]);
  return [drawer, { ...probe, serviceBindings: { DRAWER: "rodamos-share-image" } }];
}

/**
 * The pool asks for the worker project's options once per vitest worker, three at once as the run
 * starts: one bundling serves them all. It starts when this file loads, so esbuild (a process of
 * its own) works while vitest is still starting on the other core, unless the run names only
 * other projects.
 */
let shareImages: ReturnType<typeof shareImageWorkers> | undefined;
const bundledShareImageWorkers = () => (shareImages ??= shareImageWorkers());
const namedProjects = process.argv.flatMap((arg, i, args) =>
  arg === "--project" ? [args[i + 1]] : arg.startsWith("--project=") ? [arg.slice(10)] : [],
);
if (namedProjects.length === 0 || namedProjects.includes("worker")) {
  // A failure is reported where the options await it, not as an unhandled rejection here.
  bundledShareImageWorkers().catch(() => {});
}

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time (cores - 1). A worker test file spends
    // much of its time waiting on its workerd and D1, so three at a time keep both cores busy
    // (ADR 0028: 64–71 s against 72–76 s with two, on this machine's 2 cores).
    maxWorkers: 3,
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
              // SHARE_IMAGE (wrangler.toml) reaches the real drawing Worker through the probe.
              workers: await bundledShareImageWorkers(),
              serviceBindings: {
                SHARE_IMAGE: "share-image-probe",
                SHARE_IMAGE_PROBE: "share-image-probe",
              },
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
          // One module per package instead of one per file (scripts/app-dependencies.ts).
          deps: { optimizer: { ssr: { enabled: true, include: WORKER_TEST_DEPENDENCIES } } },
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
          // user-event takes the document of the page it loads on as `userEvent.setup()`'s
          // default and sends its keys to that document's focused element: loaded once, a later
          // file typed into the first file's page (its fields stayed empty, its forms unsent).
          // Inlined, vi.resetModules() in tests/setup/web.ts loads it anew for each file.
          server: { deps: { inline: ["@testing-library/user-event"] } },
          // Above the 5 s Testing Library waits for a screen (tests/setup/web.ts).
          testTimeout: 15_000,
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
