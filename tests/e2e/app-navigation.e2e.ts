// Moving around the app in a phone-sized Chromium: Volver, a connection lost mid-session,
// logging out, and where toasts appear. Riders and rides come from the development-only routes.
import type { Locator, Page } from "@playwright/test";
import { MSG } from "../../domain/messages.ts";
import { animationsSettled, expect, fixtureRide, test } from "./fixtures.ts";

// Offline, the browser reports the requests it could not make (the app's refetches, the
// notification socket, the service worker's update check) as console errors: that is the state
// under test.
const OFFLINE_NOISE = [
  /ERR_INTERNET_DISCONNECTED/,
  /Failed to (fetch|update)/i,
  /ServiceWorker/i,
  /WebSocket connection to '[^']*\/api\/notifications\/socket' failed/,
];

const navigation = (page: Page) => page.getByRole("navigation", { name: "Navegación principal" });

/** Whether two on-screen boxes share any pixel. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) throw new Error("not on screen");
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}

test.describe("moving around the app", () => {
  test("Volver from a ride goes back to her search with its filters, or to the feed when she arrived on the ride", async ({
    rider,
  }) => {
    const bea = await rider("bea");
    const title = `Vuelta al pantano ${Date.now().toString(36)}`;
    const rideId = await fixtureRide(bea.context, {
      organizerId: bea.userId,
      participantIds: [],
      title,
    });
    const { page } = bea;
    await page.goto("/app/search");
    await page.getByRole("searchbox", { name: "Buscar" }).fill(title);
    await page.waitForURL(/[?&]q=/);
    await page.getByRole("button", { name: "Gravel" }).click();
    await page.waitForURL(/[?&]m=road(%2C|,)gravel/);
    // Any date (the ride is in two days, maybe next week).
    await page.getByRole("button", { name: "Esta semana" }).click();
    await page.waitForURL(/[?&]dateType=/);
    const search = new URL(page.url()).search;
    await page.getByRole("link", { name: title }).click();
    await page.waitForURL(`**/app/ride/${rideId}`);

    await page.getByText("Volver", { exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/app/search" && url.search === search);
    await expect(page.getByRole("searchbox", { name: "Buscar" })).toHaveValue(title);
    await expect(page.getByRole("button", { name: "Gravel" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // A shared link opened on its own: Volver goes to the feed, not out of the app.
    await page.goto(`/app/ride/${rideId}`);
    await page.getByText("Volver", { exact: true }).click();
    await page.waitForURL("**/app/feed");
  });

  test("offline mid-session, Buscar says 'Sin conexión' and fills in once the connection is back", async ({
    rider,
  }) => {
    const ana = await rider("ana", { expectErrors: OFFLINE_NOISE });
    const title = `Sin cobertura ${Date.now().toString(36)}`;
    await fixtureRide(ana.context, { organizerId: ana.userId, participantIds: [], title });
    const { page, context } = ana;
    await page.goto("/app/feed");
    // The service worker holds the app's code, so screens open offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      await page.reload();
    }
    await expect(page.getByRole("heading", { name: "Quiero rodar" }).first()).toBeVisible();

    await context.setOffline(true);
    await navigation(page).getByRole("link", { name: "Buscar" }).click();
    const results = page.getByRole("region", { name: "Resultados" });
    await expect(results.getByText(MSG.offlineTitle)).toBeVisible();
    await expect(results.getByText(MSG.networkError)).toBeVisible();

    await context.setOffline(false);
    // The answer, whatever it holds: the rides of this week (other journeys' rides share the
    // database, so hers may be on a later page), or none.
    await expect(
      results
        .getByRole("article")
        .first()
        .or(results.getByText("Aquí no hay salidas aún… ¿y si creas la primera?")),
    ).toBeVisible();
    expect(await results.getByText(MSG.offlineTitle).count()).toBe(0);
  });

  test("toasts sit between the header and the navigation, and after Cerrar sesión there is no navigation", async ({
    rider,
  }) => {
    const cris = await rider("cris");
    const { page, context } = cris;
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/app/feed");
    await page.getByRole("button", { name: "Compartir invitación" }).click();
    // Copied or not, a toast says so.
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toBeVisible();
    // A toast sliding in crosses the navigation on its way.
    await animationsSettled(page);
    expect(await overlap(toast, page.getByRole("heading", { level: 1 }))).toBe(false);
    expect(await overlap(toast, navigation(page))).toBe(false);

    await navigation(page).getByRole("link", { name: "Perfil" }).click();
    await page.getByRole("link", { name: "Cerrar sesión" }).click();
    await page.waitForURL("**/app/login");
    await expect(page.getByText(MSG.logoutSuccess)).toBeVisible();
    // One toast at a time: the feed's goes (after its exit animation).
    await expect(toast).toHaveCount(1);
    expect(await navigation(page).count()).toBe(0);
    await animationsSettled(page);
    expect(await overlap(toast, page.getByRole("link", { name: "Volver" }))).toBe(false);
    expect(await overlap(toast, page.getByRole("heading", { level: 1 }))).toBe(false);
  });
});
