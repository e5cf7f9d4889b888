import type { Page } from "@playwright/test";
import { MSG } from "../../domain/messages.ts";
import { apiFromPage, expect, fixtureRide, notificationSocketOpened, test } from "./fixtures.ts";

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
});
