// Logout hygiene (docs/decisions/0010-pwa-caching.md): the service worker precaches only the
// app's own code, icons and shell, never API responses. Anything else a cache holds (a future
// runtime cache, or one left by an older worker) is deleted on logout so the next person on
// this device never sees it.

/** Workbox's precache (app code only, shared by everyone on the device): kept. */
const isPrecache = (name: string) => name.startsWith("workbox-precache");

/** Deletes every Cache Storage cache except the precache; returns the names it deleted. */
export async function clearRuntimeCaches(
  storage: CacheStorage | undefined = typeof caches === "undefined" ? undefined : caches,
): Promise<string[]> {
  if (!storage) return [];
  try {
    const names = (await storage.keys()).filter((name) => !isPrecache(name));
    await Promise.all(names.map((name) => storage.delete(name)));
    return names;
  } catch {
    // Cache Storage can be unavailable (private mode): nothing was stored there either.
    return [];
  }
}
