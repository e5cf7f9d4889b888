// Ride chat journeys in real Chromium with two (or three) riders, each in her own browser
// context. Riders and rides come from the development-only /dev routes.
import type { BrowserContext } from "@playwright/test";
import type { ChatsResponse } from "../../domain/api/chat.ts";
import type {
  PendingConnectionsResponse,
  RideConnectionsResponse,
} from "../../domain/api/connections.ts";
import { MSG } from "../../domain/messages.ts";
import { expectAccessible } from "./a11y.ts";
import {
  animationsSettled,
  expect,
  fixtureRide,
  notificationSocketOpened,
  saveScreenshot,
  sendMessage,
  test,
} from "./fixtures.ts";

async function unreadFor(context: BrowserContext, rideId: string) {
  const res = await context.request.get("/api/chats");
  const { chats } = (await res.json()) as ChatsResponse;
  return chats.find((c) => c.rideId === rideId)?.unread;
}

test.describe("ride chat", () => {
  test("two riders see each other's messages live", async ({ rider }) => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    const title = "Grupeta del Retiro";
    const rideId = await fixtureRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [bea.userId],
      startsInMinutes: 120,
      title,
    });

    await ana.page.goto(`/app/chat/${rideId}`);
    await bea.page.goto(`/app/ride/${rideId}/chat`);
    for (const { page } of [ana, bea]) {
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      await expect(page.getByText("0 mensajes")).toBeVisible();
    }
    // Send stays disabled until there is text.
    await expect(ana.page.getByRole("button", { name: "Enviar" })).toBeDisabled();
    await ana.page.getByLabel("Escribe un mensaje").fill("   ");
    await expect(ana.page.getByRole("button", { name: "Enviar" })).toBeDisabled();

    await sendMessage(ana.page, "¡Hola Bea! ¿Café en la salida?");
    await expect(bea.page.getByText("¡Hola Bea! ¿Café en la salida?")).toBeVisible();
    await expect(bea.page.getByText(ana.username).first()).toBeVisible();
    await sendMessage(bea.page, "¡Claro! Llevo bizcocho 🍰");
    await expect(ana.page.getByText("¡Claro! Llevo bizcocho 🍰")).toBeVisible();
    await expect(ana.page.getByText(bea.username).first()).toBeVisible();
    await expect(ana.page.getByText("2 mensajes")).toBeVisible();
    // Acknowledged, not pending.
    await expect(ana.page.getByText("Enviando…")).toHaveCount(0);

    // A reload shows the stored conversation once, in order.
    await bea.page.reload();
    await expect(bea.page.getByText("¡Claro! Llevo bizcocho 🍰")).toBeVisible();
    const texts = await bea.page.locator("li[data-kind=user]").allInnerTexts();
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain("¡Hola Bea!");

    await expectAccessible(ana.page, "chat (participant)");
    await saveScreenshot(ana.page, "chat");
  });

  test("on the feed she gets the badge, the row and the toast; opening the chat clears them", async ({
    rider,
  }) => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    const title = "Gravel por la Casa de Campo";
    const rideId = await fixtureRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [bea.userId],
      startsInMinutes: 60,
      title,
    });

    const connected = notificationSocketOpened(bea.page);
    await bea.page.goto("/app/feed");
    await connected;
    await ana.page.goto(`/app/chat/${rideId}`);
    await expect(ana.page.getByRole("heading", { name: title })).toBeVisible();
    await sendMessage(ana.page, "¿Quién se apunta a la vuelta larga?");

    // Within 2 s: the toast and the Inicio badge.
    await expect(bea.page.getByText("Conversación en curso")).toBeVisible({ timeout: 5000 });
    await expect(bea.page.getByText(`Ya hay mensajes en "${title}"`)).toBeVisible();
    await expect(bea.page.getByText("1 mensaje", { exact: true })).toBeVisible();
    await expect(bea.page.getByTestId("nav-badge").getByText("1")).toBeVisible();
    expect(await unreadFor(bea.context, rideId)).toBe(1);
    // 'Conversaciones en curso' shows the ride with its preview.
    const row = bea.page.getByRole("link", { name: new RegExp(title) });
    await expect(row.getByText("¿Quién se apunta a la vuelta larga?")).toBeVisible();

    await bea.page.getByRole("button", { name: "Ver mensajes" }).click();
    await bea.page.waitForURL(`**/app/chat/${rideId}`);
    await expect(bea.page.getByText("¿Quién se apunta a la vuelta larga?")).toBeVisible();
    await expect.poll(() => unreadFor(bea.context, rideId)).toBe(0);
    await expect(bea.page.getByTestId("nav-badge")).not.toBeAttached();

    // While she reads the chat, new messages raise no toast and stay read.
    await sendMessage(ana.page, "Salimos a las 9");
    await expect(bea.page.getByText("Salimos a las 9")).toBeVisible();
    await expect.poll(() => unreadFor(bea.context, rideId)).toBe(0);
    expect(await bea.page.getByText("Conversación en curso").count()).toBe(0);

    // Leaving with a message unread, a beacon on pagehide marks it read (Origin included).
    const reconnected = notificationSocketOpened(bea.page);
    await bea.page.goto("/app/feed");
    await reconnected;
    await sendMessage(ana.page, "¡No olvidéis las luces!");
    await expect(bea.page.getByText("Conversación en curso")).toBeVisible({ timeout: 5000 });
    expect(await unreadFor(bea.context, rideId)).toBe(1);
    const beaconSent = await bea.page.evaluate(
      (id) => navigator.sendBeacon(`/api/rides/${id}/chat/read`),
      rideId,
    );
    expect(beaconSent).toBe(true);
    await expect.poll(() => unreadFor(bea.context, rideId)).toBe(0);
  });

  test("a non-participant sees only the count and the join prompt", async ({ rider }) => {
    const ana = await rider("ana");
    const cris = await rider("cris");
    const title = "Rodada nocturna";
    const rideId = await fixtureRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [],
      startsInMinutes: 180,
      title,
    });
    await ana.page.goto(`/app/chat/${rideId}`);
    await sendMessage(ana.page, "Mensaje solo para participantes");
    await expect(ana.page.getByText("1 mensaje", { exact: true })).toBeVisible();

    await cris.page.goto(`/app/chat/${rideId}`);
    await expect(
      cris.page.getByRole("heading", { name: "El chat es para las participantes" }),
    ).toBeVisible();
    await expect(cris.page.getByText("Hay 1 mensaje en esta conversación.")).toBeVisible();
    expect(await cris.page.getByText("Mensaje solo para participantes").count()).toBe(0);
    await expectAccessible(cris.page, "chat (non-participant)");
    await cris.page.getByRole("button", { name: "Cerrar" }).click();
    await expect(cris.page.getByText("Hay 1 mensaje en esta conversación.")).not.toBeAttached();
    // Joining from the chat (before the start) opens the conversation.
    await cris.page.getByRole("button", { name: "UNIRME" }).click();
    await expect(cris.page.getByText(MSG.joinedShort)).toBeVisible();
    await expect(cris.page.getByText("Mensaje solo para participantes")).toBeVisible();
    // The toast that says so stays above the message box: over it, it took the tap on 'Enviar'.
    await animationsSettled(cris.page);
    const toastBox = await cris.page.locator("[data-sonner-toast]").boundingBox();
    const composerBox = await cris.page.getByLabel("Escribe un mensaje").boundingBox();
    expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(composerBox!.y);
    await sendMessage(cris.page, "¡Me apunto!");
    await expect(ana.page.getByText("¡Me apunto!")).toBeVisible();
  });

  test("a started ride cannot be joined from its chat", async ({ rider }) => {
    const ana = await rider("ana");
    const cris = await rider("cris");
    const rideId = await fixtureRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [],
      startsInMinutes: -10,
      title: "Ya en ruta",
    });
    await cris.page.goto(`/app/chat/${rideId}`);
    await expect(cris.page.getByText(MSG.rideStarted)).toBeVisible();
    expect(await cris.page.getByRole("button", { name: "UNIRME" }).count()).toBe(0);
  });

  test("sends malformed and unknown ride ids back to the feed with the spec's messages", async ({
    rider,
  }) => {
    const ana = await rider("ana");
    await ana.page.goto("/app/chat/x!");
    await expect(ana.page.getByText(MSG.invalidRideId)).toBeVisible();
    await ana.page.waitForURL("**/app/feed");
    await ana.page.goto("/app/chat/abcdefghijklmnopqrstuvwx");
    await expect(ana.page.getByText(MSG.rideGone)).toBeVisible();
    await ana.page.waitForURL("**/app/feed");
  });
});

test.describe("He rodado con ella", () => {
  test("after the ride, she records whom she rode with and the API shows the connection", async ({
    rider,
  }) => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    const cris = await rider("cris");
    const rideId = await fixtureRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [bea.userId, cris.userId],
      startsInMinutes: -60,
      title: "Ruta de los pantanos",
    });
    const pendingBefore = (await (
      await bea.context.request.get("/api/connections/pending")
    ).json()) as PendingConnectionsResponse;
    expect(pendingBefore.pending.map((p) => p.rideId)).toEqual([rideId]);

    // Inicio counts the pending ride; the feed's 'He rodado con ella' row opens the detail
    // with #connections, where the card is forced and scrolled to.
    await bea.page.goto("/app/feed");
    await expect(bea.page.getByTestId("nav-badge").getByText("1")).toBeVisible();
    await bea.page.getByRole("link", { name: "Ruta de los pantanos" }).click();
    await bea.page.waitForURL(`**/app/ride/${rideId}#connections`);
    await expect(bea.page.getByRole("heading", { name: "He rodado con ella" })).toBeVisible();
    const save = bea.page.getByRole("button", { name: "Guardar conexiones" });
    await expect(save).toBeDisabled();
    await expectAccessible(bea.page, "connections card");
    await bea.page.getByRole("checkbox", { name: cris.username }).check();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(bea.page.getByText(MSG.connectionsSaved)).toBeVisible();
    // The card shows what she saved instead of the checkboxes and the button.
    const savedCard = bea.page.locator("#connections");
    await expect(savedCard.getByText(`Nuevas conexiones: ${cris.username}`)).toBeVisible();
    await expect(
      savedCard.getByText("Ya has guardado tus conexiones de esta salida."),
    ).toBeVisible();
    expect(await savedCard.getByRole("checkbox").count()).toBe(0);
    expect(await save.count()).toBe(0);

    const card = (await (
      await bea.context.request.get(`/api/rides/${rideId}/connections`)
    ).json()) as RideConnectionsResponse;
    expect(card.alreadySaved).toBe(true);
    expect(card.companions.find((c) => c.userId === cris.userId)?.timesRodeWith).toBe(1);
    const pendingAfter = (await (
      await bea.context.request.get("/api/connections/pending")
    ).json()) as PendingConnectionsResponse;
    expect(pendingAfter.pending).toEqual([]);

    await expect(bea.page.getByTestId("nav-badge")).not.toBeAttached();
    // Her profile counts the connection and lists it in 'Historial'.
    await bea.page.goto(`/app/profile/${bea.username}`);
    await expect(bea.page.getByRole("heading", { name: "Historial" })).toBeVisible();
    await expect(bea.page.getByRole("link", { name: `1× ${cris.username}` })).toBeVisible();

    // The organizer is never offered the card.
    await ana.page.goto(`/app/ride/${rideId}#connections`);
    await expect(
      ana.page.getByRole("heading", { name: "Ruta de los pantanos" }).first(),
    ).toBeVisible();
    expect(await ana.page.getByRole("heading", { name: "He rodado con ella" }).count()).toBe(0);
  });
});
