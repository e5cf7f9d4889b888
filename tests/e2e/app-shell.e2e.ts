import { MSG } from "../../domain/messages.ts";
import { signedInStartupData } from "../../domain/route-preloads.ts";
import { baseURL, expect, type OpenSession, saveScreenshot, signInAs, test } from "./fixtures.ts";

test.describe("app shell", () => {
  test("opens /app in Chromium and shows the real welcome page", async ({ page }) => {
    await page.goto("/app");
    await expect(
      page.getByRole("heading", { name: "Cansada de salir sola en bici?" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Crear cuenta" })).toHaveAttribute(
      "href",
      "/app/signup",
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await saveScreenshot(page, "app-welcome");
  });

  test("serves the worker's health check with D1 ok", async () => {
    const res = await fetch(`${baseURL()}/api/health`);
    expect(await res.json()).toMatchObject({ ok: true, d1: "ok" });
  });

  test("answers deep /app links with the app shell", async () => {
    const res = await fetch(`${baseURL()}/app/some/deep/link`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(await res.text()).toContain('<div id="root">');
  });

  test("names the screen's own code in the shell, so it downloads with the app's entry", async () => {
    const html = await (await fetch(`${baseURL()}/app/login`)).text();
    const preloads = [
      ...html.matchAll(
        /<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g,
      ),
    ].map((m) => m[1]!);
    const login = preloads.find((f) => /^\/assets\/login-[\w-]+\.js$/.test(f));
    expect(login).toBeDefined();
    const code = await fetch(`${baseURL()}${login}`);
    expect(code.status).toBe(200);
    expect(code.headers.get("content-type")).toContain("javascript");
    // Another screen gets its own list; /app alone gets the welcome screen's.
    const feed = await (await fetch(`${baseURL()}/app/feed`)).text();
    expect(feed).toMatch(
      /rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/feed-/,
    );
    expect(feed).not.toMatch(/href="\/assets\/login-/);
    expect(await (await fetch(`${baseURL()}/app`)).text()).toMatch(/href="\/assets\/welcome-/);
  });

  test("asks for /api/me once, from the shell's preload, which the app's request then uses", async ({
    page,
  }) => {
    await page.goto("/app/login");
    await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
    const requests = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((e) => new URL(e.name).pathname === "/api/me")
        .map((e) => (e as PerformanceResourceTiming).initiatorType),
    );
    expect(requests).toEqual(["link"]);
  });

  test("signed in, the feed's data also comes from the shell's preloads", async ({ page }) => {
    await signInAs({ page }, "Precarga");
    await page.goto("/app/feed");
    await expect(page.getByRole("heading", { name: "Mis próximas salidas" })).toBeVisible();
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
  });
});

test.describe("the feed's first screen", () => {
  /** The action row's height on the feed at Lighthouse's phone size, in a fresh browser context. */
  async function actionRow(openSession: OpenSession, font: "Nunito" | "stand-in") {
    // The refused font files are logged as failed loads: expected here, and only here.
    const session = await openSession({
      expectErrors: font === "stand-in" ? [/Failed to load resource/] : [],
    });
    const { page } = session;
    await signInAs(session, font === "Nunito" ? "FuenteNunito" : "FuenteSuplente");
    await page.setViewportSize({ width: 412, height: 823 });
    if (font === "stand-in") await page.route(/\.woff2$/, (route) => route.abort());
    await page.goto("/app/feed");
    await expect(page.getByRole("heading", { name: "En marcha" })).toBeVisible();
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
    await session.context.close();
    return { nunito, height };
  }

  /**
   * Opens the feed with its rides held back until `release` resolves, and returns the
   * loading placeholders drawn before its sections appeared.
   */
  async function feedWithHeldRides(
    openSession: OpenSession,
    name: string,
    release: (moment: {
      parsed: Promise<unknown>;
      placeholders: () => Promise<string[]>;
    }) => Promise<void>,
    { stepClock = false } = {},
  ) {
    const session = await openSession();
    const { page } = session;
    await signInAs(session, name);
    // The page's timers (the app's first-data wait among them) move only as the test steps
    // them, so a machine slow to deliver the answer cannot outlast the wait in real time.
    if (stepClock) {
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
    }
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
    const placeholders = () =>
      page.evaluate(
        () => (window as unknown as { placeholders?: string[] }).placeholders?.slice() ?? [],
      );
    let held!: () => void;
    const answered = new Promise<void>((resolve) => {
      held = resolve;
    });
    await page.route(/\/api\/my-rides/, async (route) => {
      await answered;
      await route.continue();
    });
    const parsed = page.waitForEvent("domcontentloaded");
    // Not until 'load': the shell's <link rel="preload"> of the held answer delays it.
    await page.goto("/app/feed", { waitUntil: "commit" });
    await release({ parsed, placeholders });
    held();
    const heading = page.getByRole("heading", { name: "Mis próximas salidas" });
    if (stepClock)
      // 20 ms of the page's time per look: the 1.5 s wait takes 75 looks, seconds of real time.
      await expect
        .poll(async () => {
          await page.clock.runFor(20);
          return heading.isVisible();
        })
        .toBe(true);
    await expect(heading).toBeVisible();
    const seen = await placeholders();
    await session.context.close();
    return seen;
  }

  test("keeps her on her page with 'Reintentar' when the server cannot say who she is", async ({
    openSession,
  }) => {
    // The browser logs the 503s it was given.
    const session = await openSession({
      expectErrors: [/Failed to load resource: the server responded with a status of 503/],
    });
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
    await expect(page.getByRole("alert").getByText(MSG.internal)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/app/my-rides");
    failing = false;
    await page.getByRole("button", { name: "Reintentar" }).click();
    await expect(page.getByRole("heading", { name: "Mis salidas" })).toBeVisible();
  });

  test("waits for data a moment late and draws the screen once, without a placeholder", async ({
    openSession,
  }) => {
    // Rendering before the data and again when it came made the phone's main thread redo the
    // whole screen in one long task (web/main.tsx, FIRST_DATA_WAIT_MS). The answer is let go
    // once the document is parsed: the app's module has run and waits for it. The page's clock
    // is stepped, so that "a moment" stays a moment on a loaded machine.
    const seen = await feedWithHeldRides(openSession, "Lenta1", ({ parsed }) => parsed.then(), {
      stepClock: true,
    });
    expect(seen).toEqual([]);
  });

  test("shows the loading placeholder when the data is slower than that", async ({
    openSession,
  }) => {
    // Held until the placeholder shows, past FIRST_DATA_WAIT_MS: the wait does not hang on.
    const seen = await feedWithHeldRides(openSession, "Lenta2", async ({ placeholders }) => {
      await expect.poll(async () => (await placeholders()).length).toBeGreaterThan(0);
    });
    expect(seen.length).toBeGreaterThan(0);
  });

  test("keeps its action row's height when Nunito replaces its stand-in (no layout shift)", async ({
    openSession,
  }) => {
    const withNunito = await actionRow(openSession, "Nunito");
    const withStandIn = await actionRow(openSession, "stand-in");
    expect(withNunito.nunito).toBe(true);
    expect(withStandIn.nunito).toBe(false);
    expect(withStandIn.height).toBe(withNunito.height);
  });
});
