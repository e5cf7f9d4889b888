// autocannon ships no types; this covers the part the benchmarks use.
declare module "autocannon" {
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
