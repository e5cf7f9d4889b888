// Public site journeys against the production build: waiting list, variant, blog, 404, about,
// pages without JavaScript, and the app's info screens.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { MSG } from "../../domain/messages.ts";
import { baseURL, expect, saveScreenshot, test, uniqueEmail } from "./fixtures.ts";

const require = createRequire(import.meta.url);

const toast = (page: Page, text: string) =>
  page.locator("#toasts").getByText(text, { exact: true });

test.describe("landing launch sign-up", () => {
  test("goes from step 1 to step 2 to the thank-you panel", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: /Encuentra tu grupeta/ }),
    ).toBeVisible();
    await saveScreenshot(page, "site-landing");

    const step1 = page.waitForResponse((r) => r.url().endsWith("/api/launch-signups"));
    await page.getByLabel("Tu email").fill(uniqueEmail("launch-signup"));
    await page.getByRole("button", { name: "Quiero unirme" }).click();
    expect((await step1).status()).toBe(200);
    await expect(
      page.getByRole("heading", { name: "¡Bienvenida a la lista de espera!" }),
    ).toBeVisible();

    // The city field suggests cities from the domain list.
    const city = page.getByRole("combobox", { name: "Tu ciudad" });
    await city.fill("valen");
    await page.getByRole("option", { name: "Valencia", exact: true }).click();
    await expect(city).toHaveValue("Valencia");
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
    await expect(saving).toBeVisible();
    await expect(saving).toBeDisabled();
    release();
    expect((await step2).status()).toBe(200);

    await expect(toast(page, MSG.launchSignupStep2SuccessTitle)).toBeVisible();
    await expect(toast(page, MSG.launchSignupStep2Success)).toBeVisible();
    await expect(page.getByRole("heading", { name: "¡Gracias por apuntarte!" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Síguenos en Instagram/ }).first()).toHaveAttribute(
      "href",
      "https://instagram.com/rodamos.app",
    );
  });

  test("asks for city and modality before saving step 2, and keeps values when saving fails", async ({
    page,
  }) => {
    await page.goto("/#join");
    await page.getByLabel("Tu email").fill(uniqueEmail("launch-signup"));
    await page.getByRole("button", { name: "Quiero unirme" }).click();
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, MSG.launchSignupMissingInfoTitle)).toBeVisible();
    await expect(toast(page, MSG.launchSignupMissingInfo)).toBeVisible();

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
    await expect(toast(page, MSG.launchSignupStep2FailedTitle)).toBeVisible();
    await expect(toast(page, MSG.launchSignupStep2Failed)).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Tu ciudad" })).toHaveValue("Madrid");
    await expect(page.getByRole("checkbox", { name: "Gravel" })).toBeChecked();
    await expect(page.getByRole("button", { name: "Guardar" })).toBeEnabled();
  });
});

test.describe("landing variant /ciclismo-mujeres", () => {
  test("opens one FAQ answer at a time and collapses the open one", async ({ page }) => {
    await page.goto("/ciclismo-mujeres");
    await expect(page.getByRole("heading", { name: "Preguntas frecuentes" })).toBeVisible();
    const questions = page.locator("[data-accordion-trigger]");
    await expect(questions).toHaveCount(3);
    const expanded = async () =>
      Promise.all([0, 1, 2].map((i) => questions.nth(i).getAttribute("aria-expanded")));
    const answer = page.getByText(/Le dices dónde estás y cuál es tu nivel/);
    await expect(answer).toBeHidden();

    await questions.nth(0).click();
    await expect.poll(expanded).toEqual(["true", "false", "false"]);
    await expect(answer).toBeVisible();
    await questions.nth(1).click();
    await expect.poll(expanded).toEqual(["false", "true", "false"]);
    await expect(answer).toBeHidden();
    await questions.nth(1).click();
    await expect.poll(expanded).toEqual(["false", "false", "false"]);
  });

  test("refuses an empty email, then joins and sends the analytics event", async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => {
      const w = window as unknown as { gtagCalls: unknown[][]; gtag: (...a: unknown[]) => void };
      w.gtagCalls = [];
      w.gtag = (...args: unknown[]) => w.gtagCalls.push(args);
    });
    await page.goto("/ciclismo-mujeres");
    await page.getByRole("button", { name: "Quiero unirme" }).click();
    await expect(toast(page, MSG.errorTitle)).toBeVisible();
    await expect(toast(page, MSG.emailInvalid)).toBeVisible();

    const saved = page.waitForResponse((r) => r.url().endsWith("/api/launch-signups"));
    await page.getByLabel("Tu email").fill(uniqueEmail("variant"));
    await page.getByRole("button", { name: "Quiero unirme" }).click();
    expect((await saved).status()).toBe(200);
    await expect(toast(page, "¡Gracias!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "¡Ya estás en la lista!" })).toBeVisible();
    const calls = await page.evaluate(
      () => (window as unknown as { gtagCalls: unknown[] }).gtagCalls,
    );
    expect(calls).toEqual([
      ["event", "join_waitlist", { event_category: "conversion", event_label: "email_signup" }],
    ]);
  });
});

test.describe("blog", () => {
  test("filters cards by category chip", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    await saveScreenshot(page, "site-blog");
    const cards = page.locator("[data-blog-list] > li");
    const total = await cards.count();
    expect(total).toBeGreaterThanOrEqual(7);
    const visibleCategories = () =>
      page.$$eval("[data-blog-list] > li:not([hidden])", (els) =>
        els.map((el) => (el as HTMLElement).dataset.category),
      );

    await page.getByRole("button", { name: "Rutas" }).click();
    await expect(page.getByRole("button", { name: "Rutas" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const rutas = await visibleCategories();
    expect(rutas.length).toBeGreaterThan(0);
    expect(rutas.length).toBeLessThan(total);
    expect(new Set(rutas)).toEqual(new Set(["Rutas"]));
    await expect(page.getByText("No hay artículos en esta categoría aún.")).toBeHidden();

    await page.getByRole("button", { name: "Todas" }).click();
    await expect.poll(visibleCategories).toHaveLength(total);
  });

  test("shows an article with breadcrumb, TL;DR and call to action", async ({ page }) => {
    await page.goto("/blog");
    await page
      .getByRole("link", { name: /Tu primera grupeta/i })
      .first()
      .click();
    await page.waitForURL("**/blog/tu-primera-grupeta");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Migas de pan" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "TL;DR: en resumen" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Unirme a la lista de espera" })).toHaveAttribute(
      "href",
      "/#join",
    );
    await saveScreenshot(page, "site-article");
  });

  test("sends an unknown article back to /blog", async ({ page }) => {
    await page.goto("/blog/este-articulo-no-existe");
    await page.waitForURL((url) => url.pathname === "/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  });
});

test.describe("not found", () => {
  test("answers an unknown path with the 404 page and status 404", async ({ page }) => {
    const res = await fetch(`${baseURL()}/esta-ruta-no-existe`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(MSG.notFoundPage);

    const response = await page.goto("/esta-ruta-no-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: MSG.notFoundPage })).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
  });
});

test.describe("about", () => {
  test("lands on the FAQ for /about#faqs", async ({ page }) => {
    await page.goto("/about#faqs");
    const heading = page.getByRole("heading", { name: "Preguntas frecuentes" });
    await expect(heading).toBeVisible();
    await page.waitForFunction(() => {
      const top = document.getElementById("faqs")?.getBoundingClientRect().top ?? 9999;
      return top >= -5 && top < window.innerHeight / 2;
    });
    await expect(page.locator("#faqs [data-accordion-trigger]")).toHaveCount(5);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, "site-about");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the real text of the landing, an article and the FAQ answers", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/grupeta/);
    await expect(page.getByText("Un chat privado para cada salida.")).toBeVisible();
    await page.goto("/blog/seguridad-rodando-en-grupo");
    expect(await page.locator("article h2").count()).toBeGreaterThan(2);
    await page.goto("/ciclismo-mujeres");
    await expect(page.getByText(/Le dices dónde estás y cuál es tu nivel/)).toBeVisible();
  });
});

test.describe("security headers on static pages", () => {
  test("serves public pages with the CSP and no violations", async ({ page }) => {
    const res = await fetch(`${baseURL()}/about`);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    // The page fixture fails the test on any console error, CSP violations included.
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Quiero unirme" })).toBeVisible();
  });
});

test.describe("app info screens", () => {
  test("shows the blog, an article, the FAQ and the contact page inside /app", async ({ page }) => {
    await page.goto("/app/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    await page.getByRole("button", { name: "Seguridad" }).click();
    await page.getByRole("link", { name: /Rodar seguras en grupo/i }).click();
    await page.waitForURL("**/app/blog/seguridad-rodando-en-grupo");
    await expect(page.getByRole("heading", { name: "TL;DR: en resumen" })).toBeVisible();
    await expect(page.locator(".prose-rodamos h2").first()).toBeVisible();

    await page.goto("/app/blog/no-existe");
    await page.waitForURL((url) => url.pathname === "/app/blog");

    await page.goto("/app/faqs");
    await page.getByRole("button", { name: "¿Quién puede editar o eliminar una salida?" }).click();
    await expect(page.getByText(/Solo la organizadora/)).toBeVisible();

    await page.goto("/app/contacto");
    await expect(page.getByRole("link", { name: "hola@rodamos.app" })).toHaveAttribute(
      "href",
      "mailto:hola@rodamos.app",
    );
    await expect(page.getByRole("link", { name: /TikTok/ })).toBeVisible();
  });
});

test.describe("accessibility (axe-core)", () => {
  for (const path of [
    "/",
    "/ciclismo-mujeres",
    "/about",
    "/blog",
    "/blog/tu-primera-grupeta",
    "/privacy",
  ]) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
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
    });
  }
});

interface AxeResults {
  violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
}
