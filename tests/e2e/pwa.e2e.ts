// The installable app against the shared build: manifest and icons, the service worker scoped
// to /app/, the offline screen, and that the worker never answers /api.
import type { Page } from "@playwright/test";
import { baseURL, expect, saveScreenshot, test } from "./fixtures.ts";

// Offline, the browser reports the requests it could not make (the app's /api/me, the
// register script's update checks) as console errors: that is the state under test.
const OFFLINE_NOISE = [/ERR_INTERNET_DISCONNECTED/, /Failed to (fetch|update)/i, /ServiceWorker/i];

/** Opens `path` and waits until the /app/ service worker controls the page. */
async function openControlled(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // clientsClaim makes the first page controlled once the worker activates; a reload is the
  // documented way to be sure.
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
  }
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test.describe("installable app (PWA)", () => {
  test("serves a valid Spanish manifest whose icons all load as images", async () => {
    const res = await fetch(`${baseURL()}/app/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as {
      icons: ManifestIcon[];
      shortcuts: { short_name: string; url: string; icons: ManifestIcon[] }[];
      screenshots?: ManifestIcon[];
      [key: string]: unknown;
    };
    expect(manifest).toMatchObject({
      id: "/app/",
      name: "Rodamos",
      short_name: "Rodamos",
      lang: "es",
      start_url: "/app/feed",
      scope: "/app/",
      display: "standalone",
      theme_color: "#C2185B",
      background_color: "#FFF8F5",
    });
    expect(String(manifest.description)).toMatch(/salidas en bici solo para mujeres/);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    expect(manifest.shortcuts.map((s) => [s.short_name, s.url])).toEqual([
      ["Buscar", "/app/search"],
      ["Crear", "/app/create"],
      ["Mis salidas", "/app/my-rides"],
    ]);
    const icons = [
      ...manifest.icons,
      ...manifest.shortcuts.flatMap((s) => s.icons),
      { src: "/icons/apple-touch-icon-180.png", sizes: "180x180", type: "image/png" },
      ...(manifest.screenshots ?? []),
    ];
    for (const icon of icons) {
      const image = await fetch(new URL(icon.src, baseURL()));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get("content-type"), icon.src).toMatch(/^image\/png/);
      const bytes = new Uint8Array(await image.arrayBuffer());
      // PNG signature, and the size in the IHDR chunk matches the declared one.
      expect([...bytes.slice(1, 4)], icon.src).toEqual([0x50, 0x4e, 0x47]);
      const view = new DataView(bytes.buffer);
      expect(`${view.getUint32(16)}x${view.getUint32(20)}`, icon.src).toBe(icon.sizes);
    }
  });

  test("registers the service worker through /app/register-sw.js with scope /app and controls every /app page", async ({
    page,
  }) => {
    // What was on screen when the page asked to install the worker: it waits for the first
    // screen, so its precache download does not compete with it.
    await page.addInitScript(() => {
      const container = navigator.serviceWorker;
      const register = container.register.bind(container);
      container.register = (...args) => {
        (window as unknown as { screenAtRegister: string }).screenAtRegister =
          document.querySelector("main h1")?.textContent ?? "(none)";
        return register(...args);
      };
    });
    await openControlled(page, "/app/login");
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration("/app/");
      return {
        screenAtRegister: (window as unknown as { screenAtRegister?: string }).screenAtRegister,
        scope: registration?.scope,
        script: navigator.serviceWorker.controller?.scriptURL,
        registerScript: document.querySelector('script[src="/app/register-sw.js"]') !== null,
        manifestLink: document.querySelector('link[rel="manifest"]')?.getAttribute("href"),
        robots: document.querySelector('meta[name="robots"]')?.getAttribute("content"),
      };
    });
    expect(state.screenAtRegister).toBe("Iniciar sesión");
    expect(state.scope).toBe(`${baseURL()}/app`);
    expect(state.script).toBe(`${baseURL()}/app/sw.js`);
    expect(state.registerScript).toBe(true);
    expect(state.manifestLink).toBe("/app/manifest.webmanifest");
    expect(state.robots).toBe("noindex");

    // The welcome page at exactly /app is inside the scope too.
    await page.goto("/app");
    await expect(
      page.getByRole("heading", { name: "Cansada de salir sola en bici?" }),
    ).toBeVisible();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    // A deep link in the app is controlled too and gets the shell from the worker.
    await page.goto("/app/offline");
    await expect(page.getByRole("heading", { name: "Sin conexión" })).toBeVisible();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    // The public pages are not part of the app: no manifest link, no worker registration.
    const publicHtml = await (await fetch(`${baseURL()}/`)).text();
    expect(publicHtml).not.toContain('rel="manifest"');
    expect(publicHtml).not.toContain("register-sw.js");
  });

  test("passes Chromium's installability checks on an /app/ page", async ({ page, context }) => {
    await openControlled(page, "/app/login");
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send("Page.getAppManifest")) as {
      url: string;
      errors: { message: string }[];
    };
    expect(manifest.url).toBe(`${baseURL()}/app/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // Playwright's contexts are incognito-like, where Chromium never offers installation;
    // every other check (manifest, icons, worker, scope) must pass.
    expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
  });

  test("precaches the app shell and code, but no public page and nothing from /api", async ({
    page,
  }) => {
    await openControlled(page, "/app/login");
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain("/app/index.html");
    expect(cached.some((url) => /^\/assets\/app-.*\.js$/.test(url))).toBe(true);
    expect(cached.some((url) => url.endsWith(".woff2"))).toBe(true);
    expect(cached).toContain("/icons/icon-192.png");
    expect(cached.filter((url) => url.startsWith("/api/") || url.startsWith("/dev/"))).toEqual([]);
    expect(cached).not.toContain("/index.html");
    expect(cached).not.toContain("/");
  });

  test("offline: a navigation shows 'Sin conexión', /api is not answered from a cache, and 'Reintentar' recovers", async ({
    openSession,
  }) => {
    const { page, context } = await openSession({ expectErrors: OFFLINE_NOISE });
    await openControlled(page, "/app/login");
    // Online, /api/me answers (a visitor: user null).
    expect(
      await page.evaluate(async () => (await (await fetch("/api/me")).json()).user ?? null),
    ).toBeNull();

    await context.setOffline(true);
    await page.goto("/app/settings");
    await expect(page.getByRole("heading", { name: "Sin conexión" })).toBeVisible();
    await expect(
      page.getByText("No tienes conexión a internet. Revisa tu conexión e inténtalo de nuevo."),
    ).toBeVisible();
    expect(page.url()).toBe(`${baseURL()}/app/settings`);
    await saveScreenshot(page, "app-offline");

    // The worker has no answer for /api: offline, the request fails instead of being served.
    const apiOffline = await page.evaluate(async () => {
      try {
        const res = await fetch("/api/me");
        return `answered ${res.status}`;
      } catch {
        return "failed";
      }
    });
    expect(apiOffline).toBe("failed");
    // Same for an API navigation: no app shell in its place.
    const apiTab = await context.newPage();
    expect(await apiTab.goto("/api/me").catch(() => null)).toBeNull();
    await apiTab.close();

    await page.goto("/app/settings");
    await expect(page.getByRole("heading", { name: "Sin conexión" })).toBeVisible();
    await context.setOffline(false);
    await page.getByRole("button", { name: "Reintentar" }).click();
    // Back online the page she asked for loads: settings, which sends a visitor to login.
    await page.waitForURL(/\/app\/login\?from=%2Fapp%2Fsettings$/);
  });

  test("/app/settings asks a visitor to sign in first", async ({ page }) => {
    await page.goto("/app/settings");
    await page.waitForURL(/\/app\/login\?from=%2Fapp%2Fsettings$/);
  });
});
