// `npm run test:shuffled [vitest args]`: the worker and web tests in a random order, files and
// the tests within each file. A test that passes only after (or before) another one fails here
// some day instead of on an unlucky CI run: files share a runtime (isolate: false) and the tests
// of a file share its storage and modules. The seed is printed first and last; SHUFFLE_SEED=<seed>
// runs the same order again.
import { spawnSync } from "node:child_process";
import { toolEnv } from "./tool-env.ts";

const given = process.env.SHUFFLE_SEED;
if (given !== undefined && !/^\d+$/.test(given)) {
  console.error(`SHUFFLE_SEED must be a whole number, not "${given}".`);
  process.exit(2);
}
const seed = given ?? String(Math.floor(Math.random() * 2 ** 31));
const again = `SHUFFLE_SEED=${seed} npm run test:shuffled`;
console.log(`Tests in a shuffled order, seed ${seed} (the same order again: ${again})`);
const result = spawnSync(
  "node_modules/.bin/vitest",
  [
    "run",
    "--project",
    "worker",
    "--project",
    "web",
    "--sequence.shuffle",
    `--sequence.seed=${seed}`,
    ...process.argv.slice(2),
  ],
  { stdio: "inherit", env: toolEnv },
);
const status = result.status ?? 1;
console.log(
  status === 0
    ? `Shuffled run passed, seed ${seed}.`
    : `Shuffled run failed, seed ${seed}: ${again}`,
);
process.exit(status);
