// The installable app: web manifest, a service worker scoped to /app/ and the icons.
// Caching policy and its reasons: docs/decisions/0010-pwa-caching.md.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, PluginOption } from "vite";
import { type ManifestOptions, VitePWA } from "vite-plugin-pwa";
import { renderIcons } from "./icons.ts";

/**
 * What the settings screen shows as the app's version (and what makes a rebuild a new service
 * worker): RODAMOS_BUILD_ID when set, else the commit, so rebuilding one commit changes nothing.
 */
export function buildId(): string {
  if (process.env.RODAMOS_BUILD_ID) return process.env.RODAMOS_BUILD_ID;
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "local";
  }
}

const THEME = "#C2185B";
const BACKGROUND = "#FFF8F5";

const manifest: Partial<ManifestOptions> = {
  id: "/app/",
  name: "Rodamos",
  short_name: "Rodamos",
  description:
    "Encuentra, crea y únete a salidas en bici solo para mujeres: grupetas cerca de ti y a tu ritmo.",
  lang: "es",
  dir: "ltr",
  start_url: "/app/feed",
  scope: "/app/",
  display: "standalone",
  orientation: "portrait",
  theme_color: THEME,
  background_color: BACKGROUND,
  categories: ["sports", "social", "lifestyle"],
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    {
      src: "/icons/icon-maskable-512.png",
      sizes: "512x512",
      type: "image/png",
      purpose: "maskable",
    },
  ],
  shortcuts: [
    {
      name: "Buscar salidas",
      short_name: "Buscar",
      url: "/app/search",
      icons: [{ src: "/icons/shortcut-search-96.png", sizes: "96x96", type: "image/png" }],
    },
    {
      name: "Crear una salida",
      short_name: "Crear",
      url: "/app/create",
      icons: [{ src: "/icons/shortcut-create-96.png", sizes: "96x96", type: "image/png" }],
    },
    {
      name: "Mis salidas",
      short_name: "Mis salidas",
      url: "/app/my-rides",
      icons: [{ src: "/icons/shortcut-my-rides-96.png", sizes: "96x96", type: "image/png" }],
    },
  ],
};

// Manifest screenshots (richer install sheets): the E2E suite's mobile screenshots of the main
// screens (docs/screenshots), the first of these that exist, emitted as /screenshots/NAME.png.
const SCREENSHOTS_DIR = path.join(import.meta.dirname, "../docs/screenshots");
const SCREENSHOT_CANDIDATES = [
  { name: "feed", label: "Las salidas de tu ciudad" },
  { name: "ride-detail", label: "Detalle de una salida" },
  { name: "search", label: "Buscar salidas" },
  { name: "app-welcome", label: "Bienvenida a Rodamos" },
  { name: "app-settings", label: "Ajustes" },
];

function availableScreenshots() {
  return SCREENSHOT_CANDIDATES.filter((s) =>
    existsSync(path.join(SCREENSHOTS_DIR, `${s.name}.png`)),
  )
    .slice(0, 4)
    .map((s) => {
      const bytes = readFileSync(path.join(SCREENSHOTS_DIR, `${s.name}.png`));
      // PNG IHDR: width and height are the big-endian words at bytes 16 and 20.
      const sizes = `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
      return { ...s, sizes, bytes };
    });
}

/** The app shell's page in the build (the public pages are other HTML files). */
const isAppPage = (file: string) => /[\\/]app[\\/]index\.html$/.test(file);

/**
 * The app page gets the switch that lets /app/register-sw.js register the worker (only built
 * pages carry it, so `vite dev` never installs one) and its version; the public pages lose
 * the manifest link vite-plugin-pwa adds to every page (the manifest's scope is /app/).
 */
function pwaHtml(): Plugin {
  const version = buildId();
  return {
    name: "rodamos:pwa-html",
    apply: "build",
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!isAppPage(ctx.filename)) return html.replace(/<link rel="manifest"[^>]*>/g, "");
        return html.replace(
          "</head>",
          `<meta name="rodamos-sw" content="on"><meta name="rodamos-version" content="${version}"></head>`,
        );
      },
    },
  };
}

/**
 * Renders the PNG icons (scripts/icons.ts) into the client build, before the worker globs it,
 * and copies the manifest's screenshots.
 */
function pwaIcons(screenshots: ReturnType<typeof availableScreenshots>): Plugin {
  return {
    name: "rodamos:pwa-icons",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async generateBundle() {
      for (const icon of await renderIcons()) {
        this.emitFile({ type: "asset", fileName: icon.fileName, source: icon.source });
      }
      for (const shot of screenshots) {
        this.emitFile({
          type: "asset",
          fileName: `screenshots/${shot.name}.png`,
          source: shot.bytes,
        });
      }
    },
  };
}

const absolute = (url: string) => (url.startsWith("/") ? url : `/${url}`);

export function rodamosPwa(): PluginOption[] {
  const screenshots = availableScreenshots();
  return [
    VitePWA({
      strategies: "generateSW",
      // The worker waits until the user asks for the update ('Actualizar app').
      registerType: "prompt",
      // /app/register-sw.js (web/public/app) registers it: the layout's script, per the spec.
      injectRegister: false,
      filename: "app/sw.js",
      manifestFilename: "app/manifest.webmanifest",
      scope: "/app/",
      includeManifestIcons: false,
      integration: {
        // The plugin lists the manifest as "app/manifest.webmanifest"; relative to /app/sw.js
        // that would be /app/app/…, failing the install. Entries are site-root paths.
        beforeBuildServiceWorker(options) {
          options.workbox.additionalManifestEntries =
            options.workbox.additionalManifestEntries?.map((entry) =>
              typeof entry === "string" ? absolute(entry) : { ...entry, url: absolute(entry.url) },
            );
        },
      },
      manifest: {
        ...manifest,
        screenshots: screenshots.map((shot) => ({
          src: `/screenshots/${shot.name}.png`,
          sizes: shot.sizes,
          type: "image/png",
          form_factor: "narrow",
          label: shot.label,
        })),
      },
      workbox: {
        // Only the app: its shell, code, styles, fonts, icons and avatars. Never public pages'
        // HTML, never anything from /api or /dev.
        globPatterns: [
          "app/index.html",
          "assets/**/*.{js,css,woff2,png,svg}",
          "icons/*.{png,svg}",
          "avatars/*.svg",
          "favicon.svg",
        ],
        globIgnores: ["**/*.map"],
        // Entries are paths from the site root; the worker lives in /app/, so make them absolute.
        modifyURLPrefix: { "": "/" },
        // Hashed file names carry their own revision.
        dontCacheBustURLsMatching: /^\/assets\//,
        navigateFallback: "/app/index.html",
        navigateFallbackAllowlist: [/^\/app(\/|$)/],
        navigateFallbackDenylist: [/^\/api\//, /^\/dev\//, /^\/app\/[^/]+\.[a-z0-9]+$/i],
        // No runtimeCaching: requests the precache does not hold go to the network untouched.
        inlineWorkboxRuntime: true,
        // Web push (show, open on tap, renewed subscriptions): a plain script beside
        // register-sw.js (web/public/app/sw-push.js), docs/decisions/0023-reach-her-when-closed.md.
        // Saved maps (a ride's tiles answered from its cache without signal):
        // web/public/app/sw-maps.js, docs/maps.md.
        importScripts: ["/app/sw-push.js", "/app/sw-maps.js"],
        clientsClaim: true,
        skipWaiting: false,
        cleanupOutdatedCaches: true,
        sourcemap: false,
      },
    }),
    pwaHtml(),
    pwaIcons(screenshots),
  ];
}
