// The Workers vitest plugin's module behind "cloudflare:test", for the one function
// tests/worker/setup.ts needs that "cloudflare:test" does not re-export.
declare module "cloudflare:test-internal" {
  /** Settles every waitUntil() promise registered so far: requests' and Durable Objects'. */
  export function waitForGlobalWaitUntil(): Promise<void>;
}
