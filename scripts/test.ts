// `npm test`: the domain, worker and web tests. Two vitest runs side by side (ADR 0028, amended):
// the worker project, whose files wait on workerd and D1, and the domain and web projects, whose
// files wait on their vitest process for modules. One vitest process running all three used the
// two cores about three quarters of the time while its workerds started and while the web files
// ran; side by side each fills the other's gaps. The worker run's output streams; the other's is
// printed once it ends (or at once after the worker run's, whichever is later), so neither is
// interleaved. When the worker run fails, its failures are printed again at the end: a CI log is
// often read from its tail, which the held output would otherwise fill. With arguments
// (`npm test -- tests/worker/blocks.test.ts`), one vitest run over the three projects takes
// them, as before.
import { spawn } from "node:child_process";
import { stripVTControlCharacters } from "node:util";
import { toolEnv } from "./tool-env.ts";

const VITEST = "node_modules/.bin/vitest";
const args = process.argv.slice(2);

function run(vitestArgs: string[], output: "stream" | "hold") {
  const child = spawn(VITEST, ["run", ...vitestArgs], {
    // Both runs write to pipes; they keep colours only where the terminal has them.
    env: { ...toolEnv, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let held = "";
  const keep = (sink: NodeJS.WriteStream) => (chunk: string) => {
    held += chunk;
    if (output === "stream") sink.write(chunk);
  };
  child.stdout.setEncoding("utf8").on("data", keep(process.stdout));
  child.stderr.setEncoding("utf8").on("data", keep(process.stderr));
  const done = new Promise<number>((resolve) => {
    child.on("error", (error) => {
      held += `${error}\n`;
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
  return { done, held: () => held };
}

if (args.length > 0) {
  const one = run(
    ["--project", "domain", "--project", "worker", "--project", "web", ...args],
    "stream",
  );
  process.exit(await one.done);
}

const started = performance.now();
const worker = run(["--project", "worker"], "stream");
// Two vitest workers for these: a third slowed the worker run more than it sped them up.
const others = run(["--project", "domain", "--project", "web", "--maxWorkers", "2"], "hold");
const workerStatus = await worker.done;
const othersStatus = await others.done;
process.stdout.write(`\n${others.held()}`);
if (workerStatus !== 0) process.stdout.write(`\n${failuresOf(worker.held())}`);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const failed = [workerStatus !== 0 && "worker", othersStatus !== 0 && "domain and web"].filter(
  Boolean,
);
console.log(
  failed.length === 0
    ? `npm test: worker, domain and web tests passed in ${seconds} s.`
    : `npm test: the ${failed.join(" and ")} tests failed (${seconds} s); their output is above.`,
);
process.exit(failed.length === 0 ? 0 : 1);

/** The failure report of a vitest run's output: from its first "Failed Suites", "Failed Tests" or
 * "Unhandled Errors" banner on, or its last 80 lines when it has none (a crash). */
function failuresOf(output: string) {
  const plain = stripVTControlCharacters(output);
  const banner = plain.search(/⎯{3,} (Failed Suites|Failed Tests|Unhandled Error)/);
  const report = banner >= 0 ? plain.slice(banner) : plain.split("\n").slice(-80).join("\n");
  return `The worker tests' failures, again:\n${report}`;
}
