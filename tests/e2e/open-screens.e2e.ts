import type { Page } from "@playwright/test";
import { MSG } from "../../domain/messages.ts";
import { RIDE_DAY_TEXT } from "../../domain/ride-day-live.ts";
import {
  apiFromPage,
  baseURL,
  expect,
  fixtureRide,
  freshUsername,
  notificationSocketOpened,
  test,
  uniqueEmail,
} from "./fixtures.ts";

/** Marks the page's document: still marked later means it was never reloaded. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test.describe("open screens follow what others do to the ride", () => {
  test("the organizer takes a rider out: the 2nd in line reads she is 1st, the removed rider loses 'Chat' and 'Desapuntarme', without a reload", async ({
    rider,
  }) => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    const carla = await rider("carla");
    const dora = await rider("dora");
    const rideId = await fixtureRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [bea.userId],
      title: "Grupeta al Escorial",
      maxParticipants: 2,
      startsInMinutes: 24 * 60,
    });

    // Carla, then Dora, get in line for the full ride.
    for (const who of [carla, dora]) {
      await who.page.goto("/app/feed");
      const res = await apiFromPage(who, "POST", `/api/rides/${rideId}/waiting-list`);
      expect(res.status).toBe(200);
    }

    // Dora (2nd in line) and Bea (riding) have the ride open, their live channel connected.
    for (const who of [dora, bea]) {
      const connected = notificationSocketOpened(who.page);
      await who.page.goto(`/app/ride/${rideId}`);
      await connected;
    }
    const place = (n: number) =>
      dora.page.getByRole("status").filter({ hasText: MSG.waitingListPosition(n) });
    await expect(place(2)).toBeVisible();
    await expect(bea.page.getByRole("button", { name: "Desapuntarme" })).toBeVisible();
    await expect(bea.page.getByRole("link", { name: "Chat" })).toBeVisible();
    await markDocument(dora.page);
    await markDocument(bea.page);

    // Ana blocks Bea and takes her out of the ride: the place is Carla's.
    await ana.page.goto("/app/feed");
    expect((await apiFromPage(ana, "POST", "/api/blocks", { userId: bea.userId })).status).toBe(
      200,
    );
    const removal = await apiFromPage(
      ana,
      "DELETE",
      `/api/rides/${rideId}/participants/${bea.userId}`,
    );
    expect(removal).toMatchObject({ status: 200, body: { removed: true } });

    // Dora's open page moves her up.
    await expect(place(1)).toBeVisible();
    expect(await place(2).count()).toBe(0);
    expect(await sameDocument(dora.page)).toBe(true);

    // Bea's open page no longer offers her the chat or a way out: for her the ride is gone.
    await expect(bea.page.getByText(MSG.rideNotFound)).toBeVisible();
    expect(await bea.page.getByRole("button", { name: "Desapuntarme" }).count()).toBe(0);
    expect(await bea.page.getByRole("link", { name: "Chat" }).count()).toBe(0);
    expect(await sameDocument(bea.page)).toBe(true);
  });

  test("an approval ride on its day: the organizer's requests card and group map and the rider's page follow each other, without a reload", async ({
    rider,
    playwright,
  }) => {
    // Two browsers, a map and a shared position: longer than a usual journey.
    test.setTimeout(120_000);
    const ana = await rider("ana");
    const bea = await rider("bea");
    // Carla rides too, through the API only (no screen of hers is under test).
    const carla = await playwright.request.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { Origin: baseURL() },
    });
    const carlaName = freshUsername("carla");
    const login = await carla.post("/dev/test-login", {
      data: { email: uniqueEmail("carla"), username: carlaName },
    });
    expect(login.status()).toBe(200);
    const { userId: carlaId } = (await login.json()) as { userId: string };

    // Ana's 'Con aprobación' ride, 2 places (Ana and Carla: full), starts in 20 minutes: the
    // ride day's window is open.
    const rideId = await fixtureRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [carlaId],
      title: "Gravel del Pardo, con aprobación",
      maxParticipants: 2,
      startsInMinutes: 20,
      joinMode: "approval",
    });

    // Ana has her ride's page open in one tab and its chat's group map in another.
    const anaChat = await ana.context.newPage();
    let connected = notificationSocketOpened(ana.page);
    await ana.page.goto(`/app/ride/${rideId}`);
    await connected;
    await expect(ana.page.getByRole("heading", { name: `${MSG.requestsTitle} (0)` })).toBeVisible();
    await anaChat.goto(`/app/ride/${rideId}/chat`);
    await anaChat.getByRole("button", { name: RIDE_DAY_TEXT.groupMap }).click();
    const group = anaChat.getByTestId("live-not-sharing");
    await expect(group).toHaveText(
      `${RIDE_DAY_TEXT.notSharing}: ${ana.username} (tú), ${carlaName}`,
    );
    await markDocument(ana.page);
    await markDocument(anaChat);

    // Bea asks for a place from the ride's page.
    connected = notificationSocketOpened(bea.page);
    await bea.page.goto(`/app/ride/${rideId}`);
    await connected;
    await markDocument(bea.page);
    await bea.page.getByRole("button", { name: MSG.requestPlace }).click();
    const dialog = bea.page.getByRole("dialog", { name: MSG.requestPlace });
    await dialog.getByRole("button", { name: MSG.requestPlace }).click();
    await expect(
      bea.page.getByRole("status").filter({ hasText: MSG.requestPending }),
    ).toBeVisible();
    await expect(bea.page.getByRole("button", { name: MSG.requestWithdraw })).toBeVisible();

    // d. Ana's open card shows the request as it comes, held back while the ride is full...
    await expect(ana.page.getByRole("heading", { name: `${MSG.requestsTitle} (1)` })).toBeVisible();
    const accept = ana.page.getByRole("button", { name: `${MSG.requestAccept} a ${bea.username}` });
    await expect(accept).toBeDisabled();
    const fullNote = ana.page.getByText(`${MSG.rideFull}: cuando se libere una plaza`);
    await expect(fullNote).toBeVisible();

    // ...and 'Aceptar' is hers once Carla leaves and frees the place; Carla leaves the map too.
    expect((await carla.post(`/api/rides/${rideId}/leave`)).status()).toBe(200);
    await expect(accept).toBeEnabled();
    await expect(fullNote).not.toBeAttached();
    await expect(group).toHaveText(`${RIDE_DAY_TEXT.notSharing}: ${ana.username} (tú)`);

    // a. Ana accepts: Bea's open page no longer says she asked, nor offers to withdraw.
    await accept.click();
    await expect(ana.page.getByText(MSG.requestAccepted)).toBeVisible();
    await expect(bea.page.getByRole("button", { name: "Desapuntarme" })).toBeVisible();
    expect(await bea.page.getByText(MSG.requestPending).count()).toBe(0);
    expect(await bea.page.getByRole("button", { name: MSG.requestWithdraw }).count()).toBe(0);
    expect(await sameDocument(bea.page)).toBe(true);

    // c. Ana's open group map lists Bea, who joined during the window...
    await expect(group).toHaveText(
      `${RIDE_DAY_TEXT.notSharing}: ${ana.username} (tú), ${bea.username}`,
    );
    // ...and shows her dot once she shares from her chat.
    await bea.context.grantPermissions(["geolocation"]);
    await bea.context.setGeolocation({ latitude: 40.4168, longitude: -3.7038, accuracy: 15 });
    await bea.page.goto(`/app/ride/${rideId}/chat`);
    await bea.page.getByRole("button", { name: RIDE_DAY_TEXT.share }).click();
    await expect(bea.page.getByTestId("sharing-bar")).toBeVisible();
    await expect(
      anaChat.locator(".live-dot:not(.live-dot--behind)", { hasText: bea.username }),
    ).toBeVisible();
    await expect(anaChat.getByTestId("live-rider").filter({ hasText: bea.username })).toBeVisible();
    expect(await sameDocument(anaChat)).toBe(true);
    expect(await sameDocument(ana.page)).toBe(true);
    await carla.dispose();
  });
});
