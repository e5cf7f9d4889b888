import autocannon, { type Options } from "autocannon";

export interface LatencySummary {
  name: string;
  requests: number;
  non2xx: number;
  errors: number;
  throughput: number;
  p50: number;
  p95: number;
  p975: number;
  p99: number;
  /** Every response time in ms, for percentiles over several runs together. */
  samples: number[];
  statusCodes: Record<string, number>;
  /** Status of each answer in the order they arrived. */
  statusSequence: number[];
}

/**
 * Loads one endpoint from this process (the server is another process) for a bounded time and
 * count, loopback only. Percentiles come from every response time (autocannon's own histogram
 * has no p95 and rounds to whole ms).
 */
export async function loadEndpoint(options: {
  name: string;
  url: string;
  connections?: number;
  durationSeconds?: number;
  maxRequests?: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  requests?: Options["requests"];
  /** Seconds before autocannon gives up on one answer (its default: 10). */
  timeoutSeconds?: number;
}): Promise<LatencySummary> {
  const samples: number[] = [];
  const statusSequence: number[] = [];
  // autocannon treats a key set to undefined as a value: only pass what is given.
  const given = Object.fromEntries(
    Object.entries({
      amount: options.maxRequests,
      headers: options.headers,
      method: options.method,
      body: options.body,
      requests: options.requests,
      timeout: options.timeoutSeconds,
    }).filter(([, value]) => value !== undefined),
  );
  const instance = autocannon({
    url: options.url,
    connections: options.connections ?? 20,
    duration: options.durationSeconds ?? 10,
    ...given,
  });
  instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    samples.push(ms);
    statusSequence.push(status);
  });
  const result = await instance;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
  );
  return {
    name: options.name,
    requests: samples.length,
    non2xx: result.non2xx,
    errors: result.errors,
    throughput: samples.length / Math.max(result.duration, 0.001),
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p975: percentile(samples, 97.5),
    p99: percentile(samples, 99),
    samples,
    statusCodes,
    statusSequence,
  };
}

/** A short unmeasured run first, so the measured one starts with warm isolates and caches. */
export async function warmUp(url: string, headers?: Record<string, string>) {
  await autocannon({ url, connections: 5, duration: 1, ...(headers ? { headers } : {}) });
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "–");

export function latencyTable(rows: LatencySummary[]): string {
  const lines = [
    "| Endpoint | Requests | req/s | p50 ms | p95 ms | p97.5 ms | p99 ms | non-2xx | errors |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.requests} | ${r.throughput.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p975)} | ${ms(r.p99)} | ${r.non2xx} | ${r.errors} |`,
    );
  }
  return lines.join("\n");
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile; NaN for no values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

/** A run's phases and their seconds, for its "Run time" table: `timed` records each one. */
export function phaseTimer() {
  const phases: [string, number][] = [];
  async function timed<T>(name: string, work: () => T | Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await work();
    phases.push([name, (performance.now() - started) / 1000]);
    return result;
  }
  return { phases, timed };
}
