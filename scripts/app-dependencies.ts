// Every package the browser code imports (web/ and domain/), pre-bundled as soon as `npm run dev`
// starts (vite.config.ts optimizeDeps.include). Left to discovery, Vite may meet one only when a
// lazy screen first loads it (the GPX parser, the map), bundle again and reload the page under a
// rider's half-filled form. tests/web/dev-server-paths.test.ts fails when an import is missing.
export const BROWSER_DEPENDENCIES = [
  "@protomaps/basemaps",
  "@radix-ui/react-dialog",
  "@radix-ui/react-tabs",
  "@tanstack/react-query",
  "clsx",
  "leaflet",
  "lucide-react",
  "pmtiles",
  "protomaps-leaflet",
  "react",
  "react-day-picker",
  "react-day-picker/locale/es",
  "react-dom",
  "react-dom/client",
  "react-hook-form",
  "react-router-dom",
  "react/jsx-dev-runtime",
  "react/jsx-runtime",
  "sonner",
  "zod",
  "zod/v4/locales/es.js",
];

/** Packages only the build's prerendering uses (Node), never the browser. */
export const SERVER_ONLY_DEPENDENCIES = ["react-dom/server"];

/**
 * Every package the worker's tests load in workerd (worker/, domain/, tests/worker/), bundled by
 * vitest into one module each (vitest.config.ts, deps.optimizer). Left unbundled, workerd fetches
 * a package file by file from Vite, one round trip after another (drizzle-orm alone is about a
 * hundred files), on every test worker's start. The share image's Worker is bundled on its own
 * and is not here. tests/web/dev-server-paths.test.ts fails when an import is missing or stale.
 */
export const WORKER_TEST_DEPENDENCIES = [
  "@hono/zod-validator",
  "@oslojs/crypto/sha2",
  "@oslojs/encoding",
  "@photostructure/tz-lookup",
  "arctic",
  "drizzle-orm",
  "drizzle-orm/d1",
  "drizzle-orm/durable-sqlite",
  "drizzle-orm/durable-sqlite/migrator",
  "drizzle-orm/sqlite-core",
  "fast-check",
  "hono",
  "hono/body-limit",
  "hono/client",
  "hono/cookie",
  "hono/html",
  "hono/http-exception",
  "hono/request-id",
  "hono/route",
  "ical-generator",
  "ical.js",
  "pmtiles",
  "timezones-ical-library",
  "zod",
  "zod/v4/locales/es.js",
];
