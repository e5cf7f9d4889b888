// autocannon ships no types; this covers the part the benchmarks use.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

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
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Seconds to wait for one answer before counting an error. */
    timeout?: number;
    /** Each request may rewrite the defaults (e.g. a different body per request). */
    requests?: { setupRequest?: (request: RequestParams) => RequestParams }[];
  }
  /** Emits "response" per request: (client, statusCode, bytes, responseTime in ms). */
  interface Instance extends EventEmitter, PromiseLike<Result> {}
  export default function autocannon(options: Options): Instance;
}
