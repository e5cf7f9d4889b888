// Saved maps in Rodamos' service worker (docs/maps.md): /app/sw.js imports this file
// (scripts/vite-pwa.ts, importScripts). Plain script, no build step.
// A ride's saved map is a cache named "rodamos-map:<rideId>:<expiresAtMs>" holding the basemap's
// tiles of its route's corridor (web/maps/saved-map.ts fills it). A tile request is answered
// from a saved map first, so Modo ruta draws the route's surroundings with no signal; anything
// else goes to the network as before. A map past its expiry (the day after the ride) is dropped.
const MAP_CACHE_PREFIX = "rodamos-map:";
const TILE_PREFIX = "/tiles/";

function expired(name, now) {
  const expiresAt = Number(name.split(":")[2]);
  return !(expiresAt > now);
}

/** The saved maps still in date; the expired ones are deleted on the way. */
async function savedMaps() {
  const now = Date.now();
  const names = (await caches.keys()).filter((name) => name.startsWith(MAP_CACHE_PREFIX));
  await Promise.all(names.filter((n) => expired(n, now)).map((n) => caches.delete(n)));
  return names.filter((n) => !expired(n, now));
}

async function savedOrNetwork(request) {
  for (const name of await savedMaps()) {
    const hit = await (await caches.open(name)).match(request.url);
    if (hit) return hit;
  }
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  if (!url.pathname.startsWith(TILE_PREFIX)) return;
  event.respondWith(savedOrNetwork(event.request));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(savedMaps());
});
