// The update flow end to end: a signed-in rider has the app (build 1) open on /app/settings,
// a rebuilt app (build 2, a changed page) is deployed on the same origin, and 'Actualizar app'
// finds it, activates it and reloads onto it. This file runs its own preview servers (one
// port, one local D1) so it can swap builds under the page, as a deploy does.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { freshState, type Preview } from "../support/preview.ts";
import {
  expect,
  notificationSocketOpened,
  saveScreenshot,
  test,
  watchApiRequests,
} from "./fixtures.ts";
import {
  buildVersion,
  pointPreviewAtMainBuild,
  seedSignedInRider,
  startPreviewOf,
} from "./pwa-servers.ts";

const root = path.resolve(import.meta.dirname, "../..");
const CURRENT_BUILD = path.join(root, "dist");
const NEXT_BUILD_ID = "e2e-next";

/** The version the build in dist/ carries (scripts/vite-pwa.ts writes it into the app page). */
function builtVersion(outDir: string) {
  const html = readFileSync(path.join(outDir, "client/app/index.html"), "utf8");
  return /<meta name="rodamos-version" content="([^"]+)">/.exec(html)?.[1];
}

// Records every toast the page shows, across reloads (the update toasts come just before one).
const RECORD_TOASTS = () => {
  const seen = new Set<string>(JSON.parse(sessionStorage.getItem("e2e-toasts") ?? "[]"));
  // Starts the record afresh, in this page and for the next.
  (window as unknown as { resetToasts: () => void }).resetToasts = () => {
    seen.clear();
    sessionStorage.removeItem("e2e-toasts");
  };
  new MutationObserver(() => {
    for (const toast of Array.from(document.querySelectorAll("[data-sonner-toast]"))) {
      const title = toast.querySelector("[data-title]")?.textContent;
      if (title && !seen.has(title)) {
        seen.add(title);
        sessionStorage.setItem("e2e-toasts", JSON.stringify([...seen]));
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
};

const toastsSeen = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e-toasts") ?? "[]") as string[]);

let context: BrowserContext;
let page: Page;
let server: Preview;
let port: number;
let stateDir: string;
/** The server's log, in the run's outputDir (attached to a failed test by the fixtures). */
let logFile: string;
let nextBuild: string;
const consoleErrors: string[] = [];
/** True from stopping the old server until the page has reloaded onto the new build. */
let deploying = false;

test.describe("app update flow (rebuild while the app is open)", () => {
  // One open app through the four steps, each starting where the one before left it.
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async ({ browser }, testInfo) => {
    // A second build of the app, then a server for the first.
    test.setTimeout(300_000);
    mkdirSync(testInfo.project.outputDir, { recursive: true });
    logFile = path.join(testInfo.project.outputDir, "pwa-update-server.log");
    nextBuild = mkdtempSync(path.join(tmpdir(), "rodamos-next-build-"));
    buildVersion(nextBuild, NEXT_BUILD_ID);
    stateDir = await freshState("rodamos-pwa-state");
    const token = seedSignedInRider(stateDir, "Lucia");
    server = await startPreviewOf({ outDir: CURRENT_BUILD, stateDir, logFile });
    port = server.port;

    // The config's phone, with this file's own server.
    context = await browser.newContext({ baseURL: server.url });
    await context.addCookies([
      {
        name: "rodamos_session",
        value: token,
        domain: "localhost",
        path: "/",
        httpOnly: true,
        secure: true,
        sameSite: "Lax",
      },
    ]);
    await context.addInitScript(RECORD_TOASTS);
    page = await context.newPage();
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      // While the server restarts below (the "deploy"), the app's live notification channel keeps
      // reconnecting and its refetches can be in flight; Chromium logs each failed attempt
      // (refused, reset, socket not connected, ...). That is the app working as meant, not an
      // error of the page — but only inside that window.
      const networkFailure =
        /WebSocket connection to .*\/api\/notifications\/socket|Failed to load resource: net::ERR_/;
      if (deploying && networkFailure.test(msg.text())) return;
      // The address says which request failed (Chromium's text does not).
      consoleErrors.push(`${msg.text()} (${msg.location().url})`);
    });
    page.on("pageerror", (err) => consoleErrors.push(`pageerror: ${err.message}`));
  });

  test.beforeEach(() => {
    // Each test answers for its own console.
    consoleErrors.length = 0;
  });

  test.afterAll(async () => {
    await context?.close();
    await server?.stop();
    pointPreviewAtMainBuild();
    for (const dir of [nextBuild, stateDir]) {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the service worker controls /app/feed for a signed-in rider", async () => {
    await page.goto("/app/feed");
    await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      await page.reload();
    }
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    expect(new URL(page.url()).pathname).toBe("/app/feed");
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope),
    ).toBe(`${server.url}/app`);
    expect(consoleErrors).toEqual([]);
  });

  test("/app/settings shows 'Actualizar app', the short FAQ and the e-mail contact", async () => {
    await page.goto("/app/settings");
    await expect(page.getByRole("heading", { name: "Ajustes" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Actualizar app" })).toBeVisible();
    await expect(page.getByText(`Versión ${builtVersion(CURRENT_BUILD)}`)).toBeVisible();
    await page.getByText("¿Cómo instalo Rodamos en mi móvil?").click();
    await expect(page.getByText(/Añadir a pantalla de inicio/)).toBeVisible();
    expect(await page.getByRole("link", { name: "Escríbenos un email" }).getAttribute("href")).toBe(
      "mailto:hola@rodamos.app",
    );
    await saveScreenshot(page, "app-settings");

    // Nothing new yet: the check says so.
    await page.getByRole("button", { name: "Actualizar app" }).click();
    await expect(page.getByText("Estás en la última versión")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("after a rebuild, 'Actualizar app' finds the new version and the page reloads onto it", async () => {
    const current = builtVersion(CURRENT_BUILD);
    expect(current).not.toBe(NEXT_BUILD_ID);
    await page.reload();
    await expect(page.getByText(`Versión ${current}`)).toBeVisible();
    // The toasts' code loads with the first toast (web/lib/toast.ts), and toasts asked for
    // before it is in collapse to the last one: had the check below found the new version
    // before that code arrived, only its last toast would show. A check now brings it in.
    await page.getByRole("button", { name: "Actualizar app" }).click();
    await expect(page.getByText("Estás en la última versión")).toBeVisible();
    // Gone by itself (a toast on screen would be recorded again), then the record starts afresh.
    await expect(page.getByText("Estás en la última versión")).toBeHidden();
    await page.evaluate(() => (window as unknown as { resetToasts: () => void }).resetToasts());

    // Deploy: the same origin now serves the rebuilt app (its page changed, so its worker did).
    deploying = true;
    await server.stop();
    server = await startPreviewOf({ outDir: nextBuild, port, stateDir, logFile });

    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Actualizar app" }).click();
    await reloaded;
    await expect(page.getByText(`Versión ${NEXT_BUILD_ID}`)).toBeVisible();
    // Let the reloaded page's channel settle before errors count again.
    await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
    deploying = false;
    expect(await toastsSeen(page)).toEqual([
      "Buscando actualizaciones...",
      "Nueva versión encontrada",
      "La aplicación se recargará con la nueva versión",
    ]);
    // The new worker controls the reloaded page and nothing is left waiting.
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        controlled: Boolean(navigator.serviceWorker.controller),
        waiting: Boolean(registration?.waiting),
        version: document.querySelector('meta[name="rodamos-version"]')?.getAttribute("content"),
      };
    });
    expect(state).toEqual({ controlled: true, waiting: false, version: NEXT_BUILD_ID });

    await page.getByRole("button", { name: "Actualizar app" }).click();
    await expect(page.getByText("Estás en la última versión")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("an authenticated API response is never served from the worker's caches after logout", async () => {
    const channelReady = notificationSocketOpened(page);
    const appRequests = watchApiRequests(page);
    await page.goto("/app/settings");
    await expect(page.getByRole("heading", { name: "Ajustes" })).toBeVisible();
    // The open app's own requests (the chats refetch after the channel's 'ready') are answered
    // before the session ends under it; one still in flight would fail with a 401 of its own.
    await channelReady;
    await appRequests.settled();
    const signedIn = await page.evaluate(async () => (await (await fetch("/api/me")).json()).user);
    expect(signedIn.username).toBe("Lucia");

    // Logout ends the session cookie; the same browser then asks again.
    await context.clearCookies();
    const afterLogout = await page.evaluate(
      async () => (await (await fetch("/api/me")).json()).user,
    );
    expect(afterLogout).toBeNull();
    const cachedApi = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls.filter((url) => new URL(url).pathname.startsWith("/api/"));
    });
    expect(cachedApi).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
