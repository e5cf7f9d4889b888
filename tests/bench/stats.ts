import autocannon from "autocannon";

export interface LatencySummary {
  name: string;
  requests: number;
  non2xx: number;
  errors: number;
  throughput: number;
  p50: number;
  p975: number;
  p99: number;
}

/**
 * Loads one endpoint from this process (the server is another process) for a bounded time and
 * count, loopback only, and summarises latency percentiles in milliseconds.
 */
export async function loadEndpoint(options: {
  name: string;
  url: string;
  connections?: number;
  durationSeconds?: number;
  maxRequests?: number;
  headers?: Record<string, string>;
}): Promise<LatencySummary> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 20,
    duration: options.durationSeconds ?? 10,
    amount: options.maxRequests,
    headers: options.headers,
  });
  return {
    name: options.name,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    throughput: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
  };
}

export function latencyTable(rows: LatencySummary[]): string {
  const lines = [
    "| Endpoint | Requests | req/s | p50 ms | p97.5 ms | p99 ms | non-2xx | errors |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.requests} | ${r.throughput.toFixed(0)} | ${r.p50} | ${r.p975} | ${r.p99} | ${r.non2xx} | ${r.errors} |`,
    );
  }
  return lines.join("\n");
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
