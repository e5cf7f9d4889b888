// The Workers vitest plugin's module behind "cloudflare:test", for the one function
// tests/worker/setup.ts and tests/worker/helpers/background.ts need that "cloudflare:test" does
// not re-export.
declare module "cloudflare:test-internal" {
  /**
   * Settles every waitUntil() promise that requests registered so far (a Durable Object's own
   * ctx.waitUntil is not among them); rejects with the failure of one that failed.
   */
  export function waitForGlobalWaitUntil(): Promise<void>;
}
