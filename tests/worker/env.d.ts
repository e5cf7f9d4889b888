declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** The stand-in behind SHARE_IMAGE in the worker tests (vitest.config.ts). */
    SHARE_IMAGE_PROBE: Service<import("./helpers/share-image-probe.ts").default>;
  }
}
