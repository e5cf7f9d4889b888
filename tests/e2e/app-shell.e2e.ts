import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { signedInStartupData } from "../../domain/route-preloads.ts";
import {
  baseURL,
  closeSession,
  connectBrowser,
  openSession,
  saveScreenshot,
  signInAs,
} from "./fixtures.ts";

connectBrowser();

describe("app shell", () => {
  it("opens /app in Chromium and shows the real welcome page", async () => {
    const session = await openSession();
    const { page } = session;
    await page.goto("/app");
    await page.getByRole("heading", { name: "Cansada de salir sola en bici?" }).waitFor();
    expect(await page.getByRole("link", { name: "Crear cuenta" }).getAttribute("href")).toBe(
      "/app/signup",
    );
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await saveScreenshot(page, "app-welcome");
    await closeSession(session);
  });

  it("serves the worker's health check with D1 ok", async () => {
    const res = await fetch(`${baseURL()}/api/health`);
    expect(await res.json()).toMatchObject({ ok: true, d1: "ok" });
  });

  it("answers deep /app links with the app shell", async () => {
    const res = await fetch(`${baseURL()}/app/some/deep/link`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(await res.text()).toContain('<div id="root">');
  });

  it("names the screen's own code in the shell, so it downloads with the app's entry", async () => {
    const html = await (await fetch(`${baseURL()}/app/login`)).text();
    const preloads = [
      ...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
    ].map((m) => m[1]!);
    const login = preloads.find((f) => /^\/assets\/login-[\w-]+\.js$/.test(f));
    expect(login).toBeDefined();
    const code = await fetch(`${baseURL()}${login}`);
    expect(code.status).toBe(200);
    expect(code.headers.get("content-type")).toContain("javascript");
    // Another screen gets its own list; /app alone gets the welcome screen's.
    const feed = await (await fetch(`${baseURL()}/app/feed`)).text();
    expect(feed).toMatch(/rel="modulepreload" crossorigin href="\/assets\/feed-/);
    expect(feed).not.toMatch(/href="\/assets\/login-/);
    expect(await (await fetch(`${baseURL()}/app`)).text()).toMatch(/href="\/assets\/welcome-/);
  });

  it("asks for /api/me once, from the shell's preload, which the app's request then uses", async () => {
    const session = await openSession();
    const { page } = session;
    await page.goto("/app/login");
    await page.getByRole("button", { name: "Iniciar sesión" }).waitFor();
    const requests = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((e) => new URL(e.name).pathname === "/api/me")
        .map((e) => (e as PerformanceResourceTiming).initiatorType),
    );
    expect(requests).toEqual(["link"]);
    await closeSession(session);
  });

  it("signed in, the feed's data also comes from the shell's preloads", async () => {
    const session = await openSession();
    const { page } = session;
    await signInAs(session, "Precarga");
    await page.goto("/app/feed");
    await page.getByRole("heading", { name: "Mis próximas salidas" }).waitFor();
    const requests = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => new URL(e.name).pathname.startsWith("/api/"))
        .map((e) => `${e.initiatorType} ${new URL(e.name).pathname}${new URL(e.name).search}`)
        .sort(),
    );
    // Each answer comes from the shell's preload (a request the app made itself would say
    // "fetch"); the chat list may be asked for once more when the notification channel says
    // it is ready (web/chat/notifications.tsx: what was announced before it connected).
    const expected = ["/api/me", ...signedInStartupData("/app/feed")].map((path) => `link ${path}`);
    expect(requests.filter((r) => r !== "fetch /api/chats")).toEqual(expected.sort());
    expect(requests.filter((r) => r === "fetch /api/chats").length).toBeLessThanOrEqual(1);
    await closeSession(session);
  });
});

describe("the feed's first screen", () => {
  /** The action row's height on the feed at Lighthouse's phone size, in a fresh browser context. */
  async function actionRow(font: "Nunito" | "stand-in") {
    const session = await openSession();
    const { page } = session;
    await signInAs(session, font === "Nunito" ? "FuenteNunito" : "FuenteSuplente");
    await page.setViewportSize({ width: 412, height: 823 });
    if (font === "stand-in") await page.route(/\.woff2$/, (route) => route.abort());
    await page.goto("/app/feed");
    await page.getByRole("heading", { name: "En marcha" }).waitFor();
    const nunito = await page.evaluate(async () => {
      await document.fonts.ready;
      // Nunito itself, not its metric-matched stand-ins ("Nunito Variable Fallback: …").
      let loaded = false;
      document.fonts.forEach((f) => {
        if (f.family.replace(/["']/g, "") === "Nunito Variable" && f.status === "loaded") {
          loaded = true;
        }
      });
      return loaded;
    });
    const height = (await page.getByTestId("feed-actions").boundingBox())!.height;
    // The refused font files are logged as failed loads: expected here, and only here.
    if (font === "stand-in") {
      const others = session.consoleErrors.filter((e) => !/Failed to load resource/.test(e));
      session.consoleErrors.splice(0, session.consoleErrors.length, ...others);
    }
    await closeSession(session);
    return { nunito, height };
  }

  /**
   * Opens the feed with its rides answering `delayMs` late, and says whether a loading
   * placeholder was ever drawn before its sections appeared.
   */
  async function feedWithSlowRides(delayMs: number) {
    const session = await openSession();
    const { page } = session;
    await signInAs(session, `Lenta${delayMs}`);
    await page.route(/\/api\/my-rides/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await route.continue();
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { placeholders: string[] }).placeholders = seen;
      // From the document's first node on, whenever React renders; the ride card skeleton
      // (.animate-pulse) is the placeholder's, not the shell splash's.
      new MutationObserver((records) => {
        for (const record of records)
          record.addedNodes.forEach((node) => {
            if (
              node instanceof Element &&
              node.closest("#root") &&
              (node.matches(".animate-pulse") || node.querySelector(".animate-pulse"))
            )
              seen.push(node.outerHTML.slice(0, 80));
          });
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/app/feed");
    await page.getByRole("heading", { name: "Mis próximas salidas" }).waitFor();
    const placeholders = await page.evaluate(
      () => (window as unknown as { placeholders: string[] }).placeholders,
    );
    await closeSession(session);
    return placeholders;
  }

  it("keeps her on her page with 'Reintentar' when the server cannot say who she is", async () => {
    const session = await openSession();
    const { page } = session;
    await signInAs(session, "SinSesion");
    let failing = true;
    await page.route(/\/api\/me$/, (route) =>
      failing
        ? route.fulfill({
            status: 503,
            json: { error: { code: "unavailable", message: MSG.internal } },
          })
        : route.continue(),
    );
    await page.goto("/app/my-rides");
    await page.getByRole("alert").getByText(MSG.internal).waitFor();
    expect(new URL(page.url()).pathname).toBe("/app/my-rides");
    failing = false;
    await page.getByRole("button", { name: "Reintentar" }).click();
    await page.getByRole("heading", { name: "Mis salidas" }).waitFor();
    // The browser logs the 503s it was given.
    const others = session.consoleErrors.filter((e) => !/Failed to load resource/.test(e));
    session.consoleErrors.splice(0, session.consoleErrors.length, ...others);
    await closeSession(session);
  });

  it("waits for data a moment late and draws the screen once, without a placeholder", async () => {
    // Rendering before the data and again when it came made the phone's main thread redo the
    // whole screen in one long task (web/main.tsx, FIRST_DATA_WAIT_MS).
    expect(await feedWithSlowRides(700)).toEqual([]);
  });

  it("shows the loading placeholder when the data is slower than that", async () => {
    expect((await feedWithSlowRides(3000)).length).toBeGreaterThan(0);
  });

  it("keeps its action row's height when Nunito replaces its stand-in (no layout shift)", async () => {
    const withNunito = await actionRow("Nunito");
    const withStandIn = await actionRow("stand-in");
    expect(withNunito.nunito).toBe(true);
    expect(withStandIn.nunito).toBe(false);
    expect(withStandIn.height).toBe(withNunito.height);
  });
});
