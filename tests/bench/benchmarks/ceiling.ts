// The local ceiling (docs/capacity.md): the load run's riders, in steps of more riders each, a
// few seconds per step. Each rider waits for her answer before the next action, so more riders
// ask more often until the server is the limit; from there every step adds only waiting. The
// ceiling is the highest request rate a step served with its p99 under a second.
import type { BenchRider } from "../dataset.ts";
import { percentile } from "../stats.ts";
import { type LoadRide, runLoad } from "./load.ts";

/** Locally a request slower than this at p99 is what a rider feels as stuck. */
const P99_LIMIT_MS = 1000;

/** HTTP kinds of the load run: the probe and chat sends (acks over a socket) are not requests. */
const HTTP_KINDS = ["feed", "ride detail", "join", "leave", "chat connect"] as const;

export interface CeilingStep {
  riders: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  fiveHundreds: number;
}

export async function loadCeiling(options: {
  baseURL: string;
  riders: BenchRider[];
  rides: LoadRide[];
  steps: number[];
  secondsPerStep: number;
}): Promise<{ steps: CeilingStep[]; markdown: string; ok: boolean }> {
  const steps: CeilingStep[] = [];
  for (const count of options.steps) {
    const recorder = await runLoad({
      baseURL: options.baseURL,
      riders: options.riders.slice(0, count),
      rides: options.rides,
      seconds: options.secondsPerStep,
      // One Node process drives up to ~500 riders (run.ts).
      processes: Math.ceil(count / 500),
    });
    const samples = HTTP_KINDS.flatMap((kind) => recorder.latencies.get(kind) ?? []);
    steps.push({
      riders: count,
      requestsPerSecond: recorder.httpRequests / (recorder.elapsedMs / 1000),
      p50: samples.length ? percentile(samples, 50) : Number.NaN,
      p99: samples.length ? percentile(samples, 99) : Number.NaN,
      fiveHundreds: recorder.fiveHundreds,
    });
    // Past the limit: more riders would only wait longer.
    if (samples.length && percentile(samples, 99) > P99_LIMIT_MS * 2) break;
  }
  const served = steps.filter((step) => step.p99 <= P99_LIMIT_MS);
  const ceiling = served.length ? Math.max(...served.map((s) => s.requestsPerSecond)) : 0;
  const rows = steps.map(
    (s) =>
      `| ${s.riders} | ${s.requestsPerSecond.toFixed(0)} | ${s.p50.toFixed(0)} | ${s.p99.toFixed(0)} | ${s.fiveHundreds} |`,
  );
  const markdown = [
    `${options.secondsPerStep} s per step; the load run's mix (feed, ride detail, join or leave, chat connect and send; 0–200 ms between a rider's actions). HTTP requests only.`,
    "",
    "| Riders | Requests/s | p50 ms | p99 ms | 5xx |",
    "|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    `**Local ceiling: ${ceiling.toFixed(0)} requests/s with p99 ≤ ${P99_LIMIT_MS} ms** (the app, D1 and every room on one workerd thread).`,
  ].join("\n");
  return { steps, markdown, ok: steps.every((s) => s.fiveHundreds === 0) };
}
