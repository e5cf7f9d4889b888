import path from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { BROWSER_DEPENDENCIES } from "./scripts/app-dependencies.ts";
import { prerenderAppShell } from "./scripts/app-shell-prerender.ts";
import { markdownContent } from "./scripts/markdown-content.ts";
import { prerenderPublicSite, publicSiteDevServer } from "./scripts/prerender.ts";
import { routePreloads } from "./scripts/route-preloads.ts";
import { rodamosPwa } from "./scripts/vite-pwa.ts";

const root = path.join(import.meta.dirname, "web");

/**
 * React Router 7's package.json sends every bundler to its development build, dev warnings
 * included (remix-run/react-router#12532, "intended to be temporary"); its production build
 * is the same code with them compiled out. Builds use that one; `npm run dev` keeps warnings.
 */
const reactRouterProductionBuild = [
  { find: /^react-router$/, replacement: "react-router/dist/production/index.mjs" },
  { find: /^react-router\/dom$/, replacement: "react-router/dist/production/dom-export.mjs" },
].map(({ find, replacement }) => ({
  find,
  replacement: path.join(import.meta.dirname, "node_modules", replacement),
}));

export default defineConfig(({ command }) => ({
  root,
  // The dev-server E2E smoke starts from an empty dependency cache, as a new clone does.
  cacheDir: process.env.RODAMOS_VITE_CACHE_DIR,
  resolve: { alias: command === "build" ? reactRouterProductionBuild : [] },
  publicDir: path.join(root, "public"),
  plugins: [
    react(),
    tailwindcss(),
    // web/content/**/*.md → front matter + HTML, rendered at build time.
    markdownContent(),
    // `npm run dev` renders the public pages on request (the build prerenders them).
    publicSiteDevServer(import.meta.dirname),
    cloudflare({
      configPath: path.join(import.meta.dirname, "wrangler.toml"),
      // The share image's Worker, behind the SHARE_IMAGE binding: dev runs it beside the API
      // worker and the build writes it to dist/rodamos_share_image (ADR 0044).
      auxiliaryWorkers: [
        { configPath: path.join(import.meta.dirname, "worker/share-image/wrangler.toml") },
      ],
      // Same local D1/DO/R2 state as `wrangler d1 migrations apply --local` and the seed.
      persistState: {
        // E2E runs point this at a throwaway folder so journeys start from an empty database.
        path: process.env.RODAMOS_STATE_DIR ?? path.join(import.meta.dirname, ".wrangler/state"),
      },
    }),
    // Per /app route, the code its screen needs: the worker preloads it with the shell.
    routePreloads(root),
    // Manifest, service worker scoped to /app/, icons: scripts/vite-pwa.ts, ADR 0010.
    ...rodamosPwa(),
    // The /app shell's frame, splash and navigation, with their CSS inline (ADR 0057).
    prerenderAppShell(import.meta.dirname),
    // After the client build: writes the public pages' HTML, sitemap, robots.txt, OG PNGs.
    prerenderPublicSite(import.meta.dirname),
  ],
  environments: {
    client: {
      build: {
        rollupOptions: {
          input: {
            // Public pages (prerendered, hydrated) and the /app SPA are separate entries so a
            // public page never downloads the app's code.
            site: path.join(root, "index.html"),
            app: path.join(root, "app/index.html"),
          },
        },
      },
    },
  },
  // The cloudflare plugin writes dist/client (assets) and dist/rodamos (the worker) under this.
  build: { outDir: path.join(import.meta.dirname, "dist"), emptyOutDir: true },
  server: { host: "127.0.0.1" },
  // Pre-bundled when `npm run dev` starts, so a lazy screen's first visit never reloads the page.
  optimizeDeps: { include: BROWSER_DEPENDENCIES },
}));
