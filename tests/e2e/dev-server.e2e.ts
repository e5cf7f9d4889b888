// The README's first command, in a browser: `npm run dev` started as on a new clone (fresh local
// D1/DO/R2 with the demo data, empty Vite dependency cache). Every other journey runs against
// the build, which is why a dev server that never left its splash once went unnoticed.
import path from "node:path";
import type { Page } from "@playwright/test";
import { RIDE_DAY_TEXT } from "../../domain/ride-day-live.ts";
import { devURL, expect, fixtureRide, type OpenSession, type Session, test } from "./fixtures.ts";

const GPX_FIXTURE = path.resolve(import.meta.dirname, "fixtures/casa-de-campo.gpx");

/**
 * The full reloads Vite orders the page to make, from its HMR socket (the one at `/?token=…`):
 * it orders one when a dependency it had not pre-bundled turns up and its new bundle changes the
 * ones the page already loaded.
 */
function watchViteReloads(page: Page): string[] {
  const orders: string[] = [];
  page.on("websocket", (socket) => {
    if (!new URL(socket.url()).searchParams.has("token")) return;
    socket.on("framereceived", ({ payload }) => {
      if (String(payload).includes('"full-reload"')) orders.push(String(payload));
    });
  });
  return orders;
}

async function demoRider(
  openSession: OpenSession,
  email: string,
): Promise<Session & { viteReloads: string[] }> {
  const session = await openSession({ baseURL: devURL() });
  const { page } = session;
  const viteReloads = watchViteReloads(page);
  await page.goto("/app/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill("rodamos123");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await page.waitForURL("**/app/feed");
  return { ...session, viteReloads };
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

test.describe("npm run dev in Chromium", () => {
  // A fresh Vite transforms each module on its first request: the first visit is slow.
  test.slow();

  test("a demo rider signs in, sees the feed, opens a ride and chats with another", async ({
    openSession,
  }) => {
    const ana = await demoRider(openSession, "ana@rodamos.test");
    await expect(
      ana.page.getByRole("link", { name: /Puertos de la sierra/ }).first(),
    ).toBeVisible();
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
    // Both have run once the route is drawn on the preview map. A dependency Vite had not
    // pre-bundled is served only when its optimizer run has ended, and a run that changes the
    // bundle orders its full reload before that: with the route drawn, no order can still come.
    await expect(
      ana.page
        .getByRole("figure", { name: /Vista previa de la ruta/ })
        .locator(".leaflet-overlay-pane path")
        .first(),
    ).toBeVisible();
    expect(ana.viteReloads).toEqual([]);
    await expect(title).toHaveValue("Vuelta por El Pardo");
    expect(await stillSamePage(ana.page)).toBe(true);
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
      await expect(ana.page.locator("main h1, main h2").first()).toBeVisible();
    }
    expect(ana.viteReloads).toEqual([]);
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
    await expect(
      ana.page.getByRole("heading", { name: "Café y Casa de Campo" }).first(),
    ).toBeVisible();
    expect(await stillSamePage(ana.page)).toBe(true);

    const lucia = await demoRider(openSession, "lucia@rodamos.test");
    await lucia.page.goto("/app/ride/demo-ride-01/chat");
    await expect(lucia.page.getByRole("heading", { name: "Café y Casa de Campo" })).toBeVisible();
    await expect(ana.page.getByLabel("Escribe un mensaje")).toBeVisible();
    const text = `Hola desde npm run dev ${Date.now()}`;
    await ana.page.getByLabel("Escribe un mensaje").fill(text);
    await ana.page.getByRole("button", { name: "Enviar" }).click();
    await expect(lucia.page.getByText(text)).toBeVisible();
    await expect(ana.page.getByText(text)).toBeVisible();
  });

  test("a chat opened by a full page load draws the group map's live dot whole", async ({
    openSession,
  }) => {
    // Leaflet's stylesheet and the map's own arrive with the map: under dev, in the order their
    // modules run, which must be Leaflet's first (a marker's display: the dot was a 6 px sliver).
    const ana = await demoRider(openSession, "ana@rodamos.test");
    const lucia = await demoRider(openSession, "lucia@rodamos.test");
    const idOf = async (page: Page) =>
      ((await (await page.request.get("/api/me")).json()) as { user: { id: string } }).user.id;
    const rideId = await fixtureRide(ana.context, {
      organizerId: await idOf(ana.page),
      participantIds: [await idOf(lucia.page)],
      title: "Rodada en directo",
      startsInMinutes: 20,
    });
    await ana.context.grantPermissions(["geolocation"]);
    await ana.context.setGeolocation({ latitude: 40.4168, longitude: -3.7038, accuracy: 15 });
    await ana.page.goto(`/app/chat/${rideId}`);
    await ana.page.getByRole("button", { name: RIDE_DAY_TEXT.share }).click();
    await expect(ana.page.getByTestId("sharing-bar")).toBeVisible();

    await lucia.page.goto(`/app/chat/${rideId}`);
    await lucia.page.getByRole("button", { name: RIDE_DAY_TEXT.groupMap }).click();
    const dot = lucia.page.locator(".live-dot__point").first();
    await expect(dot).toBeVisible();
    const box = (await dot.boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([18, 18]);
  });
});
