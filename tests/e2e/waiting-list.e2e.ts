// A full ride's waiting list in real Chromium, three riders in their own browsers (DESIGN.md
// decision 23): Carla finds Ana's ride full and gets in line; Ana sees her on the list; Bea
// leaves; Carla, still on the ride's page, is in at once and told so, and the chat says it.
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { expectAccessible } from "./a11y.ts";
import {
  animationsSettled,
  closeSession,
  connectBrowser,
  openSession,
  type Session,
  saveScreenshot,
  uniqueEmail,
} from "./fixtures.ts";

connectBrowser();

let counter = 0;
async function rider(name: string): Promise<Session & { userId: string; username: string }> {
  const session = await openSession();
  const username = `${name}_${Date.now().toString(36).slice(-5)}${counter++}`;
  const res = await session.context.request.post("/dev/test-login", {
    data: { email: uniqueEmail(name), username },
  });
  expect(res.status()).toBe(200);
  const { userId } = (await res.json()) as { userId: string };
  return { ...session, userId, username };
}

async function fullRide(
  context: BrowserContext,
  input: { organizerId: string; participantIds: string[]; title: string; maxParticipants: number },
) {
  const res = await context.request.post("/dev/fixtures/ride", {
    data: { ...input, startsInMinutes: 24 * 60 },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { rideId: string }).rideId;
}

/** Resolves once the page's app-wide notification channel is accepted (its 'ready' frame). */
async function notificationSocketOpened(session: Session) {
  const ws = await session.page.waitForEvent("websocket", {
    predicate: (socket) => socket.url().includes("/api/notifications/socket"),
  });
  await ws.waitForEvent("framereceived", {
    predicate: (frame) => String(frame.payload).includes('"ready"'),
  });
}

describe("waiting list", () => {
  it("a rider leaves a full ride and the first in line is in, and sees it", async () => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    const carla = await rider("carla");
    const title = "Grupeta completa al Pardo";
    const rideId = await fullRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [bea.userId],
      title,
      maxParticipants: 2,
    });

    // Carla finds it full: the list instead of the old disabled 'Completa'.
    const connected = notificationSocketOpened(carla);
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
