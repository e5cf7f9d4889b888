import { MSG } from "../../domain/messages.ts";
import { expectAccessible } from "./a11y.ts";
import {
  animationsSettled,
  expect,
  fixtureRide,
  notificationSocketOpened,
  saveScreenshot,
  test,
} from "./fixtures.ts";

test.describe("waiting list", () => {
  test("a rider leaves a full ride and the first in line is in, and sees it", async ({ rider }) => {
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
    await expect(carla.page.getByText("Participantes 2/2").first()).toBeVisible();
    expect(await carla.page.getByRole("button", { name: "UNIRME" }).count()).toBe(0);
    expect(await carla.page.getByRole("button", { name: "Completa" }).count()).toBe(0);
    await carla.page.getByRole("button", { name: MSG.waitingListJoin }).click();
    const dialog = carla.page.getByRole("dialog", { name: MSG.waitingListJoinedTitle });
    await expect(dialog.getByText(MSG.waitingListPosition(1), { exact: false })).toBeVisible();
    await animationsSettled(carla.page);
    await expectAccessible(carla.page, "waiting list dialog");
    await dialog.getByRole("button", { name: "Entendido" }).click();
    await expect(
      carla.page.getByRole("status").filter({ hasText: MSG.waitingListPosition(1) }),
    ).toBeVisible();
    await expect(carla.page.getByRole("button", { name: MSG.waitingListLeave })).toBeVisible();
    await expect(carla.page.getByText(MSG.waitingListCount(1))).toBeVisible();
    await saveScreenshot(carla.page, "ride-waiting-list");

    // Ana sees who waits on her ride's page.
    await ana.page.goto(`/app/ride/${rideId}`);
    const list = ana.page.getByRole("region", { name: MSG.waitingListCount(1) });
    await expect(list.getByText(carla.username)).toBeVisible();
    await expectAccessible(ana.page, "ride detail, organizer with a waiting list");

    // Bea leaves: the place is Carla's in the same write, and Carla's open page says so.
    await bea.page.goto(`/app/ride/${rideId}`);
    await bea.page.getByRole("button", { name: "Desapuntarme" }).click();
    await expect(bea.page.getByText(MSG.leftShort)).toBeVisible();

    await expect(carla.page.getByText(MSG.waitingListPromotedTitle)).toBeVisible({
      timeout: 10_000,
    });
    await expect(carla.page.getByText(MSG.waitingListPromotedText(title))).toBeVisible();
    await expect(carla.page.getByRole("button", { name: "Desapuntarme" })).toBeVisible();
    await expect(carla.page.getByRole("link", { name: "Chat" })).toBeVisible();
    expect(await carla.page.getByRole("button", { name: MSG.waitingListLeave }).count()).toBe(0);
    await expect(carla.page.getByText("Participantes 2/2").first()).toBeVisible();
    // Her own arrival's chat notice raised no 'Conversación en curso' over it.
    expect(await carla.page.getByText("Conversación en curso").count()).toBe(0);

    // The chat tells the group.
    await ana.page.goto(`/app/chat/${rideId}`);
    await expect(ana.page.getByText(MSG.systemWaitingListPromoted(carla.username))).toBeVisible();
    await carla.page.goto(`/app/chat/${rideId}`);
    await expect(carla.page.getByText(MSG.systemWaitingListPromoted(carla.username))).toBeVisible();

    // Ana's page no longer shows a list.
    await ana.page.goto(`/app/ride/${rideId}`);
    await expect(ana.page.getByText(carla.username).first()).toBeVisible();
    expect(await ana.page.getByText(/Lista de espera/).count()).toBe(0);
  });
});
