// axe-core on every public page and every app screen in its main state: zero serious or
// critical violations.
import type { Page } from "@playwright/test";
import { expectAccessible } from "./a11y.ts";
import { apiFromPage, expect, signInAs, test } from "./fixtures.ts";

const PUBLIC_PAGES = [
  "/",
  "/ciclismo-mujeres",
  "/about",
  "/blog",
  "/blog/seguridad-rodando-en-grupo",
  "/privacy",
  "/terms",
  "/waiver",
  "/ai-policy",
  "/no-existe",
];

const VISITOR_SCREENS = [
  "/app",
  "/app/signup",
  "/app/login",
  "/app/offline",
  "/app/blog",
  "/app/faqs",
  "/app/contacto",
];

async function check(page: Page, path: string, ready?: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  if (ready) await expect(page.getByText(ready).first()).toBeVisible();
  await expectAccessible(page, path);
}

test.describe("accessibility (axe-core)", () => {
  test("public pages", async ({ page }) => {
    for (const path of PUBLIC_PAGES) await check(page, path);
  });

  test("app screens for visitors", async ({ page }) => {
    for (const path of VISITOR_SCREENS) await check(page, path);
  });

  test("app screens for a signed-in rider", async ({ page }) => {
    const username = `axe_${Date.now().toString(36).slice(-6)}`;
    await signInAs({ page }, username);
    const start = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const created = await apiFromPage<{ ride: { id: string } }>({ page }, "POST", "/api/rides", {
      title: "Rodada accesible",
      city: "Madrid",
      startTime: start,
      level: "chill",
      modalities: ["road"],
      meetingPoint: "Puerta del Sol",
      meetingPin: { lat: 40.4169, lon: -3.7035 },
      distanceKm: 30,
      elevationM: 200,
      maxParticipants: null,
      socialTags: ["coffee"],
    });
    const rideId = created.body.ride.id;
    await check(page, "/app/feed", "Mis próximas salidas");
    await check(page, "/app/search", "Resultados");
    await check(page, "/app/create", "Propón una ruta");
    await check(page, `/app/ride/${rideId}`, "Rodada accesible");
    await check(page, "/app/my-rides", "Mis salidas");
    await check(page, `/app/profile/${username}`, username);
    await check(page, "/app/profile/edit", "Guardar cambios");
    await check(page, "/app/settings", "Actualizar app");
  });
});
