// axe-core on every public page and every app screen in its main state: zero serious or
// critical violations.
import type { Page } from "@playwright/test";
import { expectAccessible } from "./a11y.ts";
import { apiFromPage, expect, fixtureRide, sendMessage, signInAs, test } from "./fixtures.ts";
import { smallTargets } from "./tap-targets.ts";

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

  test("tap targets on the main screens", async ({ rider }) => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    // Four rides together: the feed's 'ver todas', a ride with riders, a conversation.
    const rides: string[] = [];
    for (const hours of [24, 48, 72, 96]) {
      rides.push(
        await fixtureRide(ana.context, {
          organizerId: ana.userId,
          participantIds: [bea.userId],
          title: `Tap ${hours}`,
          startsInMinutes: hours * 60,
        }),
      );
    }
    await bea.page.goto(`/app/chat/${rides[0]}`);
    await sendMessage(bea.page, "¿Quedamos en la fuente?");
    await expect(bea.page.getByText("¿Quedamos en la fuente?")).toBeVisible();
    await ana.page.goto("/app/offline");
    // A ride they took an hour ago, Bea saves that she rode with Ana: her profile's 'Historial'.
    const past = await fixtureRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [bea.userId],
      title: "Tap pasada",
      startsInMinutes: -60,
    });
    const saved = await apiFromPage(bea, "POST", `/api/rides/${past}/connections`, {
      otherUserIds: [ana.userId],
    });
    expect(saved.status).toBe(200);
    // A weekly grupeta: its page lists the other date.
    const series = await apiFromPage<{ ride: { id: string } }>(ana, "POST", "/api/rides", {
      title: "Grupeta de los jueves",
      city: "Madrid",
      startTime: new Date(Date.now() + 5 * 24 * 3600_000).toISOString(),
      level: "chill",
      modalities: ["road"],
      meetingPoint: "Puerta del Sol",
      meetingPin: { lat: 40.4169, lon: -3.7035 },
      distanceKm: 30,
      elevationM: 200,
      maxParticipants: null,
      socialTags: [],
      repeat: { everyWeeks: 1, count: 2 },
    });
    expect(series.status).toBe(201);
    const screens: [string, string][] = [
      ["/app/feed", "Mis próximas salidas"],
      [`/app/ride/${rides[0]}`, "Gestiona tu salida"],
      [`/app/ride/${series.body.ride.id}`, "Próximas fechas de la grupeta"],
      [`/app/chat/${rides[0]}`, "¿Quedamos en la fuente?"],
      ["/app/my-rides", "Mis salidas"],
      [`/app/profile/${ana.username}`, "Así te ves en la grupeta"],
      [`/app/profile/${bea.username}`, `1× ${ana.username}`],
      ["/app/search", "Resultados"],
      ["/app/create", "Propón una ruta"],
      ["/app/settings", "Actualizar app"],
    ];
    const found: string[] = [];
    for (const [path, ready] of screens) {
      await ana.page.goto(path);
      await expect(ana.page.getByText(ready).first()).toBeVisible();
      await ana.page.waitForLoadState("networkidle");
      for (const t of await smallTargets(ana.page)) {
        found.push(`${path}: ${t.what} ${t.width}×${t.height} (needs ${t.needs})`);
      }
    }
    await bea.page.goto(`/app/ride/${rides[0]}`);
    await expect(bea.page.getByText("Participantes").first()).toBeVisible();
    for (const t of await smallTargets(bea.page)) {
      found.push(`ride (rider): ${t.what} ${t.width}×${t.height} (needs ${t.needs})`);
    }
    expect(found).toEqual([]);
  });
});
