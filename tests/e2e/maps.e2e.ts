import type { BrowserContext, Page } from "@playwright/test";
import { RIDE_DAY_TEXT } from "../../domain/ride-day-live.ts";
import { OFFLINE_MAP_TEXT } from "../../domain/texts/maps-offline.ts";
import { NEAR_ORDER_TEXT } from "../../domain/texts/rides-search.ts";
import {
  apiFromPage,
  createRideWithRoute,
  expect,
  type Rider,
  saveScreenshot,
  test,
} from "./fixtures.ts";

const OFFLINE_NOISE = [
  /ERR_INTERNET_DISCONNECTED/,
  // A tile past the saved corridor, asked for while offline.
  /net::ERR_FAILED/,
  /Failed to (fetch|update)/i,
  /ServiceWorker/i,
  /WebSocket connection to '[^']*\/api\/[^']*socket' failed/,
];

/** A ride with the Casa de Campo GPX, starting in 20 minutes (the ride day is open), and a rider in it. */
async function rideWithRoute(ana: Rider, bea: Rider) {
  const rideId = await createRideWithRoute(ana, {
    title: "Casa de Campo sin cobertura",
    meetingPoint: "Puerta del Ángel",
    startsInMinutes: 20,
  });
  await bea.page.goto("/app/offline");
  expect((await apiFromPage(bea, "POST", `/api/rides/${rideId}/join`)).status).toBe(200);
  return rideId;
}

/** Every host a page asks anything of, from now on. */
function recordHosts(context: BrowserContext) {
  const hosts = new Set<string>();
  const tiles: number[] = [];
  context.on("request", (request) => {
    hosts.add(new URL(request.url()).hostname);
  });
  context.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/tiles/")) tiles.push(response.status());
  });
  return { hosts, tiles };
}

/** The basemap drew tiles on this map: canvases Leaflet marked loaded. */
const drawnTiles = (page: Page, map: string) =>
  page.getByTestId(map).locator("canvas.leaflet-tile-loaded");

test.describe("maps", () => {
  test("the ride, near-me and group-map screens ask nothing of any host but ours, and draw our tiles", async ({
    rider,
  }) => {
    test.setTimeout(120_000);
    const ana = await rider("ana");
    const bea = await rider("bea");
    const rideId = await rideWithRoute(ana, bea);
    const { hosts, tiles } = recordHosts(bea.context);

    await bea.page.goto(`/app/ride/${rideId}`);
    await expect(drawnTiles(bea.page, "route-map").first()).toBeVisible();
    await expect(bea.page.getByTestId("map-unavailable")).toBeEmpty();

    await bea.context.grantPermissions(["geolocation"]);
    await bea.context.setGeolocation({ latitude: 40.4168, longitude: -3.7038 });
    await bea.page.goto("/app/search?dateType=none");
    await bea.page.getByRole("radio", { name: NEAR_ORDER_TEXT.near }).click();
    await expect(bea.page.getByText(NEAR_ORDER_TEXT.fromPosition)).toBeVisible();
    await expect(bea.page.getByRole("region", { name: "Resultados" })).toBeVisible();

    await bea.page.goto(`/app/ride/${rideId}/chat`);
    await bea.page.getByRole("button", { name: RIDE_DAY_TEXT.groupMap }).click();
    await expect(drawnTiles(bea.page, "group-map").first()).toBeVisible();

    expect([...hosts]).toEqual(["localhost"]);
    expect(tiles.filter((status) => status === 200).length).toBeGreaterThan(0);
  });

  test("without a basemap the route is still drawn, and the map says 'Mapa no disponible' once", async ({
    rider,
  }) => {
    const ana = await rider("ana", { expectErrors: [/status of 404/] });
    const bea = await rider("bea", { expectErrors: [/status of 404/] });
    const rideId = await rideWithRoute(ana, bea);
    // As the worker answers when no archive was uploaded.
    await bea.context.route("**/tiles/**", (route) => route.fulfill({ status: 404 }));
    await bea.page.goto(`/app/ride/${rideId}`);
    const map = bea.page.getByTestId("route-map");
    await expect(map.getByText(OFFLINE_MAP_TEXT.unavailable)).toBeVisible();
    await expect(map.getByText(OFFLINE_MAP_TEXT.unavailable)).toHaveCount(1);
    await expect(map.locator(".leaflet-overlay-pane path").first()).toBeVisible();
    await expect(bea.page.getByRole("heading", { name: "Ruta completa" })).toBeVisible();
  });

  test("on a ride with a meeting pin and no route she saves the meeting area's map", async ({
    rider,
  }) => {
    test.setTimeout(120_000);
    const ana = await rider("ana");
    const bea = await rider("bea");
    await ana.page.goto("/app/offline");
    const created = await apiFromPage<{ ride: { id: string } }>(ana, "POST", "/api/rides", {
      title: "Quedada en Puerta del Ángel",
      city: "Madrid",
      startTime: new Date(Date.now() + 2 * 3600_000).toISOString(),
      level: "chill",
      modalities: ["road"],
      meetingPoint: "Puerta del Ángel",
      meetingPin: { lat: 40.4135, lon: -3.7249 },
      distanceKm: 25,
      elevationM: 150,
      maxParticipants: null,
      socialTags: [],
    });
    expect(created.status).toBe(201);
    const rideId = created.body.ride.id;
    const { page } = bea;
    await page.goto(`/app/ride/${rideId}`);
    // Only for those who ride: she is not in it yet.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quedada en Puerta del Ángel");
    await expect(page.getByRole("button", { name: OFFLINE_MAP_TEXT.save })).toHaveCount(0);

    expect((await apiFromPage(bea, "POST", `/api/rides/${rideId}/join`)).status).toBe(200);
    await page.reload();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const save = page.getByRole("button", { name: OFFLINE_MAP_TEXT.save });
    await expect(save).toBeEnabled();
    await expect(page.getByText(/^Unos \d+ MB$/)).toBeVisible();
    await save.click();
    await expect(page.getByText(OFFLINE_MAP_TEXT.saved)).toBeVisible({ timeout: 60_000 });
    // The meeting area's tiles are in the saved map's cache.
    const saved = await page.evaluate(async () => {
      let count = 0;
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) {
          if (new URL(request.url).pathname.startsWith("/tiles/")) count++;
        }
      }
      return count;
    });
    expect(saved).toBeGreaterThan(0);
  });

  test("she saves her ride's map, loses the signal, and Modo ruta draws the route on its tiles and her moving position", async ({
    rider,
  }) => {
    test.setTimeout(180_000);
    const ana = await rider("ana");
    const bea = await rider("bea", { expectErrors: OFFLINE_NOISE });
    const rideId = await rideWithRoute(ana, bea);
    const { page, context } = bea;

    await page.goto(`/app/ride/${rideId}`);
    // The saved tiles are answered by the service worker: it must control the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      await page.reload();
    }
    const save = page.getByRole("button", { name: OFFLINE_MAP_TEXT.save });
    await expect(save).toBeEnabled();
    await expect(page.getByText(/^Unos \d+ MB$/)).toBeVisible();
    await save.click();
    await expect(page.getByText(OFFLINE_MAP_TEXT.saved)).toBeVisible({ timeout: 60_000 });
    await saveScreenshot(page, "ride-map-saved");

    // On the ride day, with her position, the group map loads the route.
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 40.4192, longitude: -3.7402, accuracy: 10 });
    await page.goto(`/app/ride/${rideId}/chat`);
    await page.getByRole("button", { name: RIDE_DAY_TEXT.groupMap }).click();
    await expect(
      page.getByTestId("group-map").locator(".leaflet-overlay-pane path").first(),
    ).toBeVisible();

    // The signal goes; nothing of the map is left in the browser's HTTP cache.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await context.setOffline(true);

    await page.getByRole("button", { name: RIDE_DAY_TEXT.routeMode }).click();
    const routeMode = page.getByRole("dialog", { name: RIDE_DAY_TEXT.routeMode });
    const map = routeMode.getByTestId("group-map");
    await expect(map.locator(".leaflet-overlay-pane path").first()).toBeVisible();
    await expect(map.locator("canvas.leaflet-tile-loaded").first()).toBeVisible();
    // Tiles past the saved corridor are left plain: the map is there, so no "Mapa no disponible".
    await expect(map.getByTestId("map-unavailable")).toBeEmpty();
    const me = map.locator(".live-dot--me");
    await expect(me).toBeVisible();
    const before = await me.evaluate((el) => (el as HTMLElement).style.transform);

    await context.setGeolocation({ latitude: 40.4232, longitude: -3.731, accuracy: 10 });
    await expect
      .poll(() => me.evaluate((el) => (el as HTMLElement).style.transform))
      .not.toBe(before);
    await saveScreenshot(page, "route-mode-offline");
    await context.setOffline(false);
  });
});
