// The README's first command, in a browser: `npm run dev` started as on a new clone (fresh local
// D1/DO/R2 with the demo data, empty Vite dependency cache). Every other journey runs against
// the build, which is why a dev server that never left its splash once went unnoticed.
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { closeSession, connectBrowser, openSession, type Session } from "./fixtures.ts";

connectBrowser();

const devURL = () => inject("devURL");
const GPX_FIXTURE = path.resolve(import.meta.dirname, "fixtures/casa-de-campo.gpx");
const sessions: Session[] = [];
afterAll(async () => {
  for (const s of sessions) await closeSession(s);
});

async function demoRider(email: string): Promise<Session> {
  const session = await openSession({ baseURL: devURL() });
  sessions.push(session);
  const { page } = session;
  await page.goto("/app/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill("rodamos123");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await page.waitForURL("**/app/feed");
  return session;
}

/** A page reload (Vite re-optimizing dependencies mid-visit) would drop this mark. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { devSmokeMark: number }).devSmokeMark = 1;
  });
const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { devSmokeMark?: number }).devSmokeMark === 1);

/** A client-side navigation, as a link would do (page.goto would load the page anew). */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, to);
  await page.waitForURL(`**${encodeURI(to)}`);
}

describe("npm run dev in Chromium", () => {
  it("a demo rider signs in, sees the feed, opens a ride and chats with another", async () => {
    const ana = await demoRider("ana@rodamos.test");
    await ana.page
      .getByRole("link", { name: /Puertos de la sierra/ })
      .first()
      .waitFor();
    await markPage(ana.page);

    // Every lazy screen loads in place: none reloads the page while Vite pre-bundles.
    await ana.page.getByRole("link", { name: "Buscar" }).click();
    await ana.page.waitForURL("**/app/search");
    await ana.page.getByRole("link", { name: "Crear" }).click();
    await ana.page.waitForURL("**/app/create");
    // The GPX parser and the route map load on demand: their first use must not reload the
    // page under the form she is filling in.
    const title = ana.page.getByLabel("Título");
    await title.fill("Vuelta por El Pardo");
    await ana.page.getByLabel("Archivo GPX (opcional)").setInputFiles(GPX_FIXTURE);
    await ana.page.waitForTimeout(2000);
    expect(await title.inputValue()).toBe("Vuelta por El Pardo");
    for (const screen of [
      "/app/profile/edit",
      "/app/profile/Lucía_BTT",
      "/app/settings",
      "/app/blog",
      "/app/faqs",
      "/app/contacto",
      "/app/no-existe",
      "/app/feed",
    ]) {
      await navigateInApp(ana.page, screen);
      await ana.page.locator("main h1, main h2").first().waitFor();
    }
    expect(await stillSamePage(ana.page)).toBe(true);
    await ana.page.getByRole("link", { name: "Mis Salidas", exact: true }).click();
    await ana.page.waitForURL("**/app/my-rides");
    await ana.page
      .getByRole("link", { name: /Café y Casa de Campo/ })
      .first()
      .click();
    await ana.page.waitForURL(/\/app\/(ride|chat)\/demo-ride-01/);
    // Her card's title opens the ride, whose 'Chat' opens the conversation.
    if (new URL(ana.page.url()).pathname === "/app/ride/demo-ride-01") {
      await ana.page.getByRole("link", { name: /^Chat/ }).first().click();
      await ana.page.waitForURL("**/app/chat/demo-ride-01");
    }
    await ana.page.getByRole("heading", { name: "Café y Casa de Campo" }).first().waitFor();
    expect(await stillSamePage(ana.page)).toBe(true);

    const lucia = await demoRider("lucia@rodamos.test");
    await lucia.page.goto("/app/ride/demo-ride-01/chat");
    await lucia.page.getByRole("heading", { name: "Café y Casa de Campo" }).waitFor();
    await ana.page.getByLabel("Escribe un mensaje").waitFor();
    const text = `Hola desde npm run dev ${Date.now()}`;
    await ana.page.getByLabel("Escribe un mensaje").fill(text);
    await ana.page.getByRole("button", { name: "Enviar" }).click();
    await lucia.page.getByText(text).waitFor();
    await ana.page.getByText(text).waitFor();
  });
});
