import { RIDE_DAY_TEXT } from "../../domain/ride-day-live.ts";
import { expectAccessible } from "./a11y.ts";
import { apiFromPage, createRideWithRoute, expect, saveScreenshot, test } from "./fixtures.ts";

test.describe("ride day", () => {
  test("a rider shares her position, the escoba sees it move, is told she stayed behind, and it goes", async ({
    rider,
  }) => {
    // Three browsers and a 10-second pace to wait out: longer than a usual journey.
    test.setTimeout(180_000);
    const ana = await rider("ana");
    const bea = await rider("bea");
    const cris = await rider("cris");
    const title = "Casa de Campo al amanecer";

    // Ana creates the ride, with its route, to start in 20 minutes: the window is open.
    const rideId = await createRideWithRoute(ana, {
      title,
      meetingPoint: "Puerta del Sol",
      startsInMinutes: 20,
    });
    for (const rider of [bea, cris]) {
      await rider.page.goto("/app/offline");
      expect((await apiFromPage(rider, "POST", `/api/rides/${rideId}/join`)).status).toBe(200);
    }

    // Ana names Cris escoba in her ride's management.
    await ana.page.goto(`/app/ride/${rideId}`);
    await ana.page.getByLabel("Escoba").selectOption({ label: cris.username });
    await expect(ana.page.getByText("Escoba guardada.")).toBeVisible();

    // Bea shares from the chat, at Puerta del Sol.
    await bea.context.grantPermissions(["geolocation"]);
    await bea.context.setGeolocation({ latitude: 40.4168, longitude: -3.7038, accuracy: 15 });
    await bea.page.goto(`/app/ride/${rideId}/chat`);
    await bea.page.getByRole("button", { name: RIDE_DAY_TEXT.share }).click();
    await expect(
      bea.page.getByTestId("sharing-bar").getByText(RIDE_DAY_TEXT.sharing),
    ).toBeVisible();

    // Cris opens the group map: the route and Bea's dot, named, with its age; Ana does not share.
    await cris.page.goto(`/app/ride/${rideId}/chat`);
    await cris.page.getByRole("button", { name: RIDE_DAY_TEXT.groupMap }).click();
    // Her live dot (a left-behind notice's position is drawn apart: .live-dot--behind).
    const beaDot = cris.page.locator(".live-dot:not(.live-dot--behind)", { hasText: bea.username });
    await expect(beaDot).toBeVisible();
    const beaRow = cris.page.getByTestId("live-rider").filter({ hasText: bea.username });
    await expect(beaRow.getByText(/hace un momento|hace 1 min/)).toBeVisible();
    const notSharing = cris.page.getByTestId("live-not-sharing");
    await expect(
      notSharing.getByText(`${cris.username} (tú) (escoba)`, { exact: false }),
    ).toBeVisible();
    await expect(notSharing).toContainText(ana.username);
    await expect(cris.page.locator(".leaflet-overlay-pane path").first()).toBeVisible();
    await expectAccessible(cris.page, "chat, the group map");
    const before = await beaDot.evaluate((el) => (el as HTMLElement).style.transform);

    // Bea rides on: after the 10-second pace her new fix reaches Cris's map.
    await bea.context.setGeolocation({ latitude: 40.4232, longitude: -3.731, accuracy: 15 });
    await expect
      .poll(() => beaDot.evaluate((el) => (el as HTMLElement).style.transform), {
        timeout: 25_000,
      })
      .not.toBe(before);
    await saveScreenshot(cris.page, "ride-day-group-map");

    // "Me he quedado atrás": the escoba is told, in her chat.
    await bea.page.getByRole("button", { name: RIDE_DAY_TEXT.leftBehind }).click();
    await expect(bea.page.getByText(RIDE_DAY_TEXT.leftBehindSent)).toBeVisible();
    await expect(
      cris.page.getByTestId("left-behind-notice").getByText(`${bea.username} se ha quedado atrás`),
    ).toBeVisible();

    // "Modo ruta": full screen, says that sharing pauses when the screen turns off.
    await cris.page.getByRole("button", { name: RIDE_DAY_TEXT.routeMode }).click();
    const routeMode = cris.page.getByRole("dialog", { name: RIDE_DAY_TEXT.routeMode });
    await expect(
      routeMode.getByText(/Si se apaga la pantalla, tu ubicación deja de compartirse/),
    ).toBeVisible();
    const dotInRouteMode = routeMode.locator(".live-dot", { hasText: bea.username });
    await expect(dotInRouteMode).toBeVisible();
    await saveScreenshot(cris.page, "ride-day-route-mode");
    // A name at the map's edge stays whole: she drags the map until Bea's dot is at its left side.
    const map = (await routeMode.getByTestId("group-map").boundingBox())!;
    const dot = (await dotInRouteMode.locator(".live-dot__point").boundingBox())!;
    const from = { x: map.x + map.width / 2, y: map.y + map.height - 60 };
    const by = map.x + 6 - (dot.x + dot.width / 2);
    await cris.page.mouse.move(from.x, from.y);
    await cris.page.mouse.down();
    await cris.page.mouse.move(from.x + by, from.y, { steps: 10 });
    await cris.page.mouse.up();
    const centreFromEdge = async () => {
      const box = (await dotInRouteMode.locator(".live-dot__point").boundingBox())!;
      return box.x + box.width / 2 - map.x;
    };
    await expect.poll(centreFromEdge).toBeLessThan(20);
    const name = (await dotInRouteMode.locator(".live-dot__name").boundingBox())!;
    expect(name.x).toBeGreaterThanOrEqual(map.x);
    expect(name.x + name.width).toBeLessThanOrEqual(map.x + map.width);
    await cris.page.keyboard.press("Escape");
    await expect(routeMode).not.toBeAttached();

    // Bea stops: her dot leaves Cris's map, and she is listed as not sharing.
    await bea.page.getByRole("button", { name: `· ${RIDE_DAY_TEXT.stop}` }).click();
    await expect(bea.page.getByRole("button", { name: RIDE_DAY_TEXT.share })).toBeVisible();
    await expect(beaDot).not.toBeAttached();
    await expect(
      cris.page.getByTestId("live-not-sharing").getByText(bea.username, { exact: false }),
    ).toBeVisible();
  });

  test("says how to turn location on when she refused it", async ({ rider }) => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    await ana.page.goto("/app/offline");
    const res = await ana.context.request.post("/dev/fixtures/ride", {
      data: { organizerId: ana.userId, participantIds: [bea.userId], startsInMinutes: 10 },
    });
    expect(res.status()).toBe(200);
    const { rideId } = (await res.json()) as { rideId: string };
    await bea.context.clearPermissions();
    await bea.page.goto(`/app/ride/${rideId}/chat`);
    await bea.page.getByRole("button", { name: RIDE_DAY_TEXT.share }).click();
    await expect(bea.page.getByRole("alert").getByText(RIDE_DAY_TEXT.denied)).toBeVisible();
  });
});
