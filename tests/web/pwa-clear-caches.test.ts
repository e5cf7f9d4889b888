import { describe, expect, it } from "vitest";
import { clearRuntimeCaches } from "../../web/pwa/clear-caches.ts";

function fakeCacheStorage(names: string[]) {
  const present = new Set(names);
  return {
    present,
    storage: {
      keys: async () => [...present],
      delete: async (name: string) => present.delete(name),
    } as unknown as CacheStorage,
  };
}

describe("clearRuntimeCaches (logout)", () => {
  it("deletes every cache except workbox's precache of the app code", async () => {
    const { storage, present } = fakeCacheStorage([
      "workbox-precache-v2-http://localhost/app/",
      "api-responses",
      "images",
    ]);
    expect(await clearRuntimeCaches(storage)).toEqual(["api-responses", "images"]);
    expect([...present]).toEqual(["workbox-precache-v2-http://localhost/app/"]);
  });

  it("does nothing without Cache Storage", async () => {
    expect(await clearRuntimeCaches(undefined)).toEqual([]);
  });

  it("swallows a Cache Storage failure (private mode)", async () => {
    const broken = {
      keys: async () => {
        throw new DOMException("denied", "SecurityError");
      },
    } as unknown as CacheStorage;
    expect(await clearRuntimeCaches(broken)).toEqual([]);
  });
});
