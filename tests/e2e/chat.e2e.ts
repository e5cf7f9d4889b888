// Ride chat journeys in real Chromium with two (or three) riders, each in her own browser
// context. Riders and rides come from the development-only /dev routes.
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ChatsResponse } from "../../domain/api/chat.ts";
import type {
  PendingConnectionsResponse,
  RideConnectionsResponse,
} from "../../domain/api/connections.ts";
import { MSG } from "../../domain/messages.ts";
import { expectAccessible } from "./a11y.ts";
import {
  closeSession,
  connectBrowser,
  fixtureRide,
  notificationSocketOpened,
  rider,
  saveScreenshot,
  sendMessage,
} from "./fixtures.ts";

connectBrowser();

async function unreadFor(context: BrowserContext, rideId: string) {
  const res = await context.request.get("/api/chats");
  const { chats } = (await res.json()) as ChatsResponse;
  return chats.find((c) => c.rideId === rideId)?.unread;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("condition not met in time");
}

describe("ride chat", () => {
  it("two riders see each other's messages live", async () => {
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
      await page.getByRole("heading", { name: title }).waitFor();
      await page.getByText("0 mensajes").waitFor();
    }
    // Send stays disabled until there is text.
    expect(await ana.page.getByRole("button", { name: "Enviar" }).isDisabled()).toBe(true);
    await ana.page.getByLabel("Escribe un mensaje").fill("   ");
    expect(await ana.page.getByRole("button", { name: "Enviar" }).isDisabled()).toBe(true);

    await sendMessage(ana.page, "¡Hola Bea! ¿Café en la salida?");
    await bea.page.getByText("¡Hola Bea! ¿Café en la salida?").waitFor();
    await bea.page.getByText(ana.username).first().waitFor();
    await sendMessage(bea.page, "¡Claro! Llevo bizcocho 🍰");
    await ana.page.getByText("¡Claro! Llevo bizcocho 🍰").waitFor();
    await ana.page.getByText(bea.username).first().waitFor();
    await ana.page.getByText("2 mensajes").waitFor();
    // Acknowledged, not pending.
    await waitFor(async () => (await ana.page.getByText("Enviando…").count()) === 0);

    // A reload shows the stored conversation once, in order.
    await bea.page.reload();
    await bea.page.getByText("¡Claro! Llevo bizcocho 🍰").waitFor();
    const texts = await bea.page.locator("li[data-kind=user]").allInnerTexts();
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain("¡Hola Bea!");

    await expectAccessible(ana.page, "chat (participant)");
    await saveScreenshot(ana.page, "chat");
    await closeSession(ana);
    await closeSession(bea);
  });

  it("on the feed she gets the badge, the row and the toast; opening the chat clears them", async () => {
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
    await ana.page.getByRole("heading", { name: title }).waitFor();
    await sendMessage(ana.page, "¿Quién se apunta a la vuelta larga?");

    // Within 2 s: the toast and the Inicio badge.
    await bea.page.getByText("Conversación en curso").waitFor({ timeout: 5000 });
    await bea.page.getByText(`Ya hay mensajes en "${title}"`).waitFor();
    await bea.page.getByText("1 mensaje", { exact: true }).waitFor();
    await bea.page.getByTestId("nav-badge").getByText("1").waitFor();
    expect(await unreadFor(bea.context, rideId)).toBe(1);
    // 'Conversaciones en curso' shows the ride with its preview.
    const row = bea.page.getByRole("link", { name: new RegExp(title) });
    await row.getByText("¿Quién se apunta a la vuelta larga?").waitFor();

    await bea.page.getByRole("button", { name: "Ver mensajes" }).click();
    await bea.page.waitForURL(`**/app/chat/${rideId}`);
    await bea.page.getByText("¿Quién se apunta a la vuelta larga?").waitFor();
    await waitFor(async () => (await unreadFor(bea.context, rideId)) === 0);
    await bea.page.getByTestId("nav-badge").waitFor({ state: "detached" });

    // While she reads the chat, new messages raise no toast and stay read.
    await sendMessage(ana.page, "Salimos a las 9");
    await bea.page.getByText("Salimos a las 9").waitFor();
    await waitFor(async () => (await unreadFor(bea.context, rideId)) === 0);
    expect(await bea.page.getByText("Conversación en curso").count()).toBe(0);

    // Leaving with a message unread, a beacon on pagehide marks it read (Origin included).
    const reconnected = notificationSocketOpened(bea.page);
    await bea.page.goto("/app/feed");
    await reconnected;
    await sendMessage(ana.page, "¡No olvidéis las luces!");
    await bea.page.getByText("Conversación en curso").waitFor({ timeout: 5000 });
    expect(await unreadFor(bea.context, rideId)).toBe(1);
    const beaconSent = await bea.page.evaluate(
      (id) => navigator.sendBeacon(`/api/rides/${id}/chat/read`),
      rideId,
    );
    expect(beaconSent).toBe(true);
    await waitFor(async () => (await unreadFor(bea.context, rideId)) === 0);

    await closeSession(ana);
    await closeSession(bea);
  });

  it("a non-participant sees only the count and the join prompt", async () => {
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
    await ana.page.getByText("1 mensaje", { exact: true }).waitFor();

    await cris.page.goto(`/app/chat/${rideId}`);
    await cris.page.getByRole("heading", { name: "El chat es para las participantes" }).waitFor();
    await cris.page.getByText("Hay 1 mensaje en esta conversación.").waitFor();
    expect(await cris.page.getByText("Mensaje solo para participantes").count()).toBe(0);
    await expectAccessible(cris.page, "chat (non-participant)");
    await cris.page.getByRole("button", { name: "Cerrar" }).click();
    await cris.page.getByText("Hay 1 mensaje en esta conversación.").waitFor({ state: "detached" });
    // Joining from the chat (before the start) opens the conversation.
    await cris.page.getByRole("button", { name: "UNIRME" }).click();
    await cris.page.getByText(MSG.joinedShort).waitFor();
    await cris.page.getByText("Mensaje solo para participantes").waitFor();
    await sendMessage(cris.page, "¡Me apunto!");
    await ana.page.getByText("¡Me apunto!").waitFor();
    await closeSession(ana);
    await closeSession(cris);
  });

  it("a started ride cannot be joined from its chat", async () => {
    const ana = await rider("ana");
    const cris = await rider("cris");
    const rideId = await fixtureRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [],
      startsInMinutes: -10,
      title: "Ya en ruta",
    });
    await cris.page.goto(`/app/chat/${rideId}`);
    await cris.page.getByText(MSG.rideStarted).waitFor();
    expect(await cris.page.getByRole("button", { name: "UNIRME" }).count()).toBe(0);
    await closeSession(ana);
    await closeSession(cris);
  });

  it("sends malformed and unknown ride ids back to the feed with the spec's messages", async () => {
    const ana = await rider("ana");
    await ana.page.goto("/app/chat/x!");
    await ana.page.getByText(MSG.invalidRideId).waitFor();
    await ana.page.waitForURL("**/app/feed");
    await ana.page.goto("/app/chat/abcdefghijklmnopqrstuvwx");
    await ana.page.getByText(MSG.rideGone).waitFor();
    await ana.page.waitForURL("**/app/feed");
    await closeSession(ana);
  });
});

describe("He rodado con ella", () => {
  it("after the ride, she records whom she rode with and the API shows the connection", async () => {
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
    await bea.page.getByTestId("nav-badge").getByText("1").waitFor();
    await bea.page.getByRole("link", { name: "Ruta de los pantanos" }).click();
    await bea.page.waitForURL(`**/app/ride/${rideId}#connections`);
    await bea.page.getByRole("heading", { name: "He rodado con ella" }).waitFor();
    const save = bea.page.getByRole("button", { name: "Guardar conexiones" });
    expect(await save.isDisabled()).toBe(true);
    await expectAccessible(bea.page, "connections card");
    await bea.page.getByRole("checkbox", { name: cris.username }).check();
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await bea.page.getByText(MSG.connectionsSaved).waitFor();
    // The card shows what she saved instead of the checkboxes and the button.
    const savedCard = bea.page.locator("#connections");
    await savedCard.getByText(`Nuevas conexiones: ${cris.username}`).waitFor();
    await savedCard.getByText("Ya has guardado tus conexiones de esta salida.").waitFor();
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

    await bea.page.getByTestId("nav-badge").waitFor({ state: "detached" });
    // Her profile counts the connection and lists it in 'Historial'.
    await bea.page.goto(`/app/profile/${bea.username}`);
    await bea.page.getByRole("heading", { name: "Historial" }).waitFor();
    await bea.page.getByRole("link", { name: `1× ${cris.username}` }).waitFor();

    // The organizer is never offered the card.
    await ana.page.goto(`/app/ride/${rideId}#connections`);
    await ana.page.getByRole("heading", { name: "Ruta de los pantanos" }).first().waitFor();
    expect(await ana.page.getByRole("heading", { name: "He rodado con ella" }).count()).toBe(0);

    await closeSession(ana);
    await closeSession(bea);
    await closeSession(cris);
  });
});
