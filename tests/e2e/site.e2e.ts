// Public site journeys against the production build: waiting list, variant, blog, 404, about,
// pages without JavaScript, and the app's info screens.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import {
  baseURL,
  closeSession,
  connectBrowser,
  openSession,
  saveScreenshot,
  uniqueEmail,
} from "./fixtures.ts";

connectBrowser();

const require = createRequire(import.meta.url);

const toast = (page: Page, text: string) =>
  page.locator("#toasts").getByText(text, { exact: true });

describe("landing launch sign-up", () => {
  it("goes from step 1 to step 2 to the thank-you panel", async () => {
    const session = await openSession();
    const { page } = session;
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: /Encuentra tu grupeta/ }).waitFor();
    await saveScreenshot(page, "site-landing");

    const step1 = page.waitForResponse((r) => r.url().endsWith("/api/launch-signups"));
    await page.getByLabel("Tu email").fill(uniqueEmail("launch-signup"));
    await page.getByRole("button", { name: "Quiero unirme" }).click();
    expect((await step1).status()).toBe(200);
    await page.getByRole("heading", { name: "¡Bienvenida a la lista de espera!" }).waitFor();

    // The city field suggests cities from the domain list.
    const city = page.getByRole("combobox", { name: "Tu ciudad" });
    await city.fill("valen");
    await page.getByRole("option", { name: "Valencia", exact: true }).click();
    expect(await city.inputValue()).toBe("Valencia");
    await page.getByRole("checkbox", { name: "Carretera" }).check();
    await page.getByRole("checkbox", { name: "BTT" }).check();

    // Hold the request to see the saving state ('Guardando...', disabled).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/launch-signups/details", async (route) => {
      await held;
      await route.continue();
    });
    const step2 = page.waitForResponse((r) => r.url().endsWith("/api/launch-signups/details"));
    await page.getByRole("button", { name: "Guardar" }).click();
    const saving = page.getByRole("button", { name: MSG.launchSignupSaving });
    await saving.waitFor();
    expect(await saving.isDisabled()).toBe(true);
    release();
    expect((await step2).status()).toBe(200);

    await toast(page, MSG.launchSignupStep2SuccessTitle).waitFor();
    await toast(page, MSG.launchSignupStep2Success).waitFor();
    await page.getByRole("heading", { name: "¡Gracias por apuntarte!" }).waitFor();
    expect(
      await page
        .getByRole("link", { name: /Síguenos en Instagram/ })
        .first()
        .getAttribute("href"),
    ).toBe("https://instagram.com/rodamos.app");
    await closeSession(session);
  });

  it("asks for city and modality before saving step 2, and keeps values when saving fails", async () => {
    const session = await openSession();
    const { page } = session;
    await page.goto("/#join");
    await page.getByLabel("Tu email").fill(uniqueEmail("launch-signup"));
    await page.getByRole("button", { name: "Quiero unirme" }).click();
    await page.getByRole("button", { name: "Guardar" }).click();
    await toast(page, MSG.launchSignupMissingInfoTitle).waitFor();
    await toast(page, MSG.launchSignupMissingInfo).waitFor();

    // City without modality is still missing info.
    await page.getByRole("combobox", { name: "Tu ciudad" }).fill("Madrid");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Guardar" }).click();
    expect(await toast(page, MSG.launchSignupMissingInfo).count()).toBeGreaterThan(0);

    await page.getByRole("checkbox", { name: "Gravel" }).check();
    await page.route("**/api/launch-signups/details", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "rate_limited", message: MSG.rateLimited } }),
      }),
    );
    await page.getByRole("button", { name: "Guardar" }).click();
    await toast(page, MSG.launchSignupStep2FailedTitle).waitFor();
    await toast(page, MSG.launchSignupStep2Failed).waitFor();
    expect(await page.getByRole("combobox", { name: "Tu ciudad" }).inputValue()).toBe("Madrid");
    expect(await page.getByRole("checkbox", { name: "Gravel" }).isChecked()).toBe(true);
    expect(await page.getByRole("button", { name: "Guardar" }).isEnabled()).toBe(true);
    await closeSession(session);
  });
});

describe("landing variant /ciclismo-mujeres", () => {
  it("opens one FAQ answer at a time and collapses the open one", async () => {
    const session = await openSession();
    const { page } = session;
    await page.goto("/ciclismo-mujeres");
    await page.getByRole("heading", { name: "Preguntas frecuentes" }).waitFor();
    const questions = page.locator("[data-accordion-trigger]");
    expect(await questions.count()).toBe(3);
    const expanded = async () =>
      Promise.all([0, 1, 2].map((i) => questions.nth(i).getAttribute("aria-expanded")));
    const answer = page.getByText(/Le dices dónde estás y cuál es tu nivel/);
    expect(await answer.isVisible()).toBe(false);

    await questions.nth(0).click();
    expect(await expanded()).toEqual(["true", "false", "false"]);
    expect(await answer.isVisible()).toBe(true);
    await questions.nth(1).click();
    expect(await expanded()).toEqual(["false", "true", "false"]);
    expect(await answer.isVisible()).toBe(false);
    await questions.nth(1).click();
    expect(await expanded()).toEqual(["false", "false", "false"]);
    await closeSession(session);
  });

  it("refuses an empty email, then joins and sends the analytics event", async () => {
    const session = await openSession();
    const { page, context } = session;
    await context.addInitScript(() => {
      const w = window as unknown as { gtagCalls: unknown[][]; gtag: (...a: unknown[]) => void };
      w.gtagCalls = [];
      w.gtag = (...args: unknown[]) => w.gtagCalls.push(args);
    });
    await page.goto("/ciclismo-mujeres");
    await page.getByRole("button", { name: "Quiero unirme" }).click();
    await toast(page, MSG.errorTitle).waitFor();
    await toast(page, MSG.emailInvalid).waitFor();

    const saved = page.waitForResponse((r) => r.url().endsWith("/api/launch-signups"));
    await page.getByLabel("Tu email").fill(uniqueEmail("variant"));
    await page.getByRole("button", { name: "Quiero unirme" }).click();
    expect((await saved).status()).toBe(200);
    await toast(page, "¡Gracias!").waitFor();
    await page.getByRole("heading", { name: "¡Ya estás en la lista!" }).waitFor();
    const calls = await page.evaluate(
      () => (window as unknown as { gtagCalls: unknown[] }).gtagCalls,
    );
    expect(calls).toEqual([
      ["event", "join_waitlist", { event_category: "conversion", event_label: "email_signup" }],
    ]);
    await closeSession(session);
  });
});

describe("blog", () => {
  it("filters cards by category chip", async () => {
    const session = await openSession();
    const { page } = session;
    await page.goto("/blog");
    await page.getByRole("heading", { level: 1, name: "Blog" }).waitFor();
    await saveScreenshot(page, "site-blog");
    const cards = page.locator("[data-blog-list] > li");
    const total = await cards.count();
    expect(total).toBeGreaterThanOrEqual(7);
    const visibleCategories = () =>
      page.$$eval("[data-blog-list] > li:not([hidden])", (els) =>
        els.map((el) => (el as HTMLElement).dataset.category),
      );

    await page.getByRole("button", { name: "Rutas" }).click();
    expect(await page.getByRole("button", { name: "Rutas" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    const rutas = await visibleCategories();
    expect(rutas.length).toBeGreaterThan(0);
    expect(rutas.length).toBeLessThan(total);
    expect(new Set(rutas)).toEqual(new Set(["Rutas"]));
    expect(await page.getByText("No hay artículos en esta categoría aún.").isVisible()).toBe(false);

    await page.getByRole("button", { name: "Todas" }).click();
    expect(await visibleCategories()).toHaveLength(total);
    await closeSession(session);
  });

  it("shows an article with breadcrumb, TL;DR and call to action", async () => {
    const session = await openSession();
    const { page } = session;
    await page.goto("/blog");
    await page
      .getByRole("link", { name: /Tu primera grupeta/i })
      .first()
      .click();
    await page.waitForURL("**/blog/tu-primera-grupeta");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("navigation", { name: "Migas de pan" }).waitFor();
    await page.getByRole("heading", { name: "TL;DR: en resumen" }).waitFor();
    expect(
      await page.getByRole("link", { name: "Unirme a la lista de espera" }).getAttribute("href"),
    ).toBe("/#join");
    await saveScreenshot(page, "site-article");
    await closeSession(session);
  });

  it("sends an unknown article back to /blog", async () => {
    const session = await openSession();
    const { page } = session;
    await page.goto("/blog/este-articulo-no-existe");
    await page.waitForURL((url) => url.pathname === "/blog");
    await page.getByRole("heading", { level: 1, name: "Blog" }).waitFor();
    await closeSession(session);
  });
});

describe("not found", () => {
  it("answers an unknown path with the 404 page and status 404", async () => {
    const res = await fetch(`${baseURL()}/esta-ruta-no-existe`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(MSG.notFoundPage);

    const session = await openSession();
    const { page } = session;
    const response = await page.goto("/esta-ruta-no-existe");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: MSG.notFoundPage }).waitFor();
    expect(await page.getByRole("link", { name: "Volver al inicio" }).getAttribute("href")).toBe(
      "/",
    );
    await closeSession(session);
  });
});

describe("about", () => {
  it("lands on the FAQ for /about#faqs", async () => {
    const session = await openSession();
    const { page } = session;
    await page.goto("/about#faqs");
    const heading = page.getByRole("heading", { name: "Preguntas frecuentes" });
    await heading.waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById("faqs")?.getBoundingClientRect().top ?? 9999;
      return top >= -5 && top < window.innerHeight / 2;
    });
    expect(await page.locator("#faqs [data-accordion-trigger]").count()).toBe(5);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, "site-about");
    await closeSession(session);
  });
});

describe("without JavaScript", () => {
  it("shows the real text of the landing, an article and the FAQ answers", async () => {
    const browser = await chromium.connect(inject("wsEndpoint"));
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(/grupeta/);
    expect(await page.getByText("Un chat privado para cada salida.").isVisible()).toBe(true);
    await page.goto("/blog/seguridad-rodando-en-grupo");
    expect(await page.locator("article h2").count()).toBeGreaterThan(2);
    await page.goto("/ciclismo-mujeres");
    expect(await page.getByText(/Le dices dónde estás y cuál es tu nivel/).isVisible()).toBe(true);
    await context.close();
    await browser.close();
  });
});

describe("security headers on static pages", () => {
  it("serves public pages with the CSP and no violations", async () => {
    const res = await fetch(`${baseURL()}/about`);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    // closeSession fails on any console error, CSP violations included.
    const session = await openSession();
    await session.page.goto("/");
    await session.page.getByRole("button", { name: "Quiero unirme" }).waitFor();
    await closeSession(session);
  });
});

describe("app info screens", () => {
  it("shows the blog, an article, the FAQ and the contact page inside /app", async () => {
    const session = await openSession();
    const { page } = session;
    await page.goto("/app/blog");
    await page.getByRole("heading", { level: 1, name: "Blog" }).waitFor();
    await page.getByRole("button", { name: "Seguridad" }).click();
    await page.getByRole("link", { name: /Rodar seguras en grupo/i }).click();
    await page.waitForURL("**/app/blog/seguridad-rodando-en-grupo");
    await page.getByRole("heading", { name: "TL;DR: en resumen" }).waitFor();
    await page.locator(".prose-rodamos h2").first().waitFor();

    await page.goto("/app/blog/no-existe");
    await page.waitForURL((url) => url.pathname === "/app/blog");

    await page.goto("/app/faqs");
    await page.getByRole("button", { name: "¿Quién puede editar o eliminar una salida?" }).click();
    await page.getByText(/Solo la organizadora/).waitFor();

    await page.goto("/app/contacto");
    expect(await page.getByRole("link", { name: "hola@rodamos.app" }).getAttribute("href")).toBe(
      "mailto:hola@rodamos.app",
    );
    await page.getByRole("link", { name: /TikTok/ }).waitFor();
    await closeSession(session);
  });
});

describe("accessibility (axe-core)", () => {
  it.each(["/", "/ciclismo-mujeres", "/about", "/blog", "/blog/tu-primera-grupeta", "/privacy"])(
    "%s has no serious or critical violations",
    async (path) => {
      const session = await openSession();
      const { page } = session;
      await page.goto(path);
      // Evaluated through the DevTools protocol, so the page's CSP does not block it.
      await page.evaluate(readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"));
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe;
        const result = await axe.run();
        return result.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      });
      expect(violations).toEqual([]);
      await closeSession(session);
    },
  );
});

interface AxeResults {
  violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
}
