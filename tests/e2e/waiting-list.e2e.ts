import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { expectAccessible } from "./a11y.ts";
import {
  animationsSettled,
  closeSession,
  connectBrowser,
  fixtureRide,
  notificationSocketOpened,
  rider,
  saveScreenshot,
} from "./fixtures.ts";

connectBrowser();

describe("waiting list", () => {
  it("a rider leaves a full ride and the first in line is in, and sees it", async () => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    const carla = await rider("carla");
    const title = "Grupeta completa al Pardo";
    const rideId = await fixtureRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [bea.userId],
      title,
      maxParticipants: 2,
      startsInMinutes: 24 * 60,
    });

    // Carla finds it full: the list instead of the old disabled 'Completa'.
    const connected = notificationSocketOpened(carla.page);
    await carla.page.goto(`/app/ride/${rideId}`);
    await connected;
    await carla.page.getByText("Participantes 2/2").first().waitFor();
    expect(await carla.page.getByRole("button", { name: "UNIRME" }).count()).toBe(0);
    expect(await carla.page.getByRole("button", { name: "Completa" }).count()).toBe(0);
    await carla.page.getByRole("button", { name: MSG.waitingListJoin }).click();
    const dialog = carla.page.getByRole("dialog", { name: MSG.waitingListJoinedTitle });
    await dialog.getByText(MSG.waitingListPosition(1), { exact: false }).waitFor();
    await animationsSettled(carla.page);
    await expectAccessible(carla.page, "waiting list dialog");
    await dialog.getByRole("button", { name: "Entendido" }).click();
    await carla.page
      .getByRole("status")
      .filter({ hasText: MSG.waitingListPosition(1) })
      .waitFor();
    await carla.page.getByRole("button", { name: MSG.waitingListLeave }).waitFor();
    await carla.page.getByText(MSG.waitingListCount(1)).waitFor();
    await saveScreenshot(carla.page, "ride-waiting-list");

    // Ana sees who waits on her ride's page.
    await ana.page.goto(`/app/ride/${rideId}`);
    const list = ana.page.getByRole("region", { name: MSG.waitingListCount(1) });
    await list.getByText(carla.username).waitFor();
    await expectAccessible(ana.page, "ride detail, organizer with a waiting list");

    // Bea leaves: the place is Carla's in the same write, and Carla's open page says so.
    await bea.page.goto(`/app/ride/${rideId}`);
    await bea.page.getByRole("button", { name: "Desapuntarme" }).click();
    await bea.page.getByText(MSG.leftShort).waitFor();

    await carla.page.getByText(MSG.waitingListPromotedTitle).waitFor({ timeout: 10_000 });
    await carla.page.getByText(MSG.waitingListPromotedText(title)).waitFor();
    await carla.page.getByRole("button", { name: "Desapuntarme" }).waitFor();
    await carla.page.getByRole("link", { name: "Chat" }).waitFor();
    expect(await carla.page.getByRole("button", { name: MSG.waitingListLeave }).count()).toBe(0);
    await carla.page.getByText("Participantes 2/2").first().waitFor();
    // Her own arrival's chat notice raised no 'Conversación en curso' over it.
    expect(await carla.page.getByText("Conversación en curso").count()).toBe(0);

    // The chat tells the group.
    await ana.page.goto(`/app/chat/${rideId}`);
    await ana.page.getByText(MSG.systemWaitingListPromoted(carla.username)).waitFor();
    await carla.page.goto(`/app/chat/${rideId}`);
    await carla.page.getByText(MSG.systemWaitingListPromoted(carla.username)).waitFor();

    // Ana's page no longer shows a list.
    await ana.page.goto(`/app/ride/${rideId}`);
    await ana.page.getByText(carla.username).first().waitFor();
    expect(await ana.page.getByText(/Lista de espera/).count()).toBe(0);

    for (const session of [ana, bea, carla]) await closeSession(session);
  });
});
