import { describe, expect, it } from "vitest";
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

const MODERATOR_EMAIL = "moderadora@rodamos.test";

describe("blocking", () => {
  it("she blocks, and the other can no longer find, join or message her", async () => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    const cris = await rider("cris");
    const tag = Date.now().toString(36);
    const own = `Salida de Ana ${tag}`;
    const ownId = await fixtureRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [],
      startsInMinutes: 180,
      title: own,
    });
    const sharedId = await fixtureRide(ana.context, {
      organizerId: ana.userId,
      participantIds: [bea.userId],
      startsInMinutes: 240,
      title: `Con Bea ${tag}`,
    });
    const crisRideId = await fixtureRide(cris.context, {
      organizerId: cris.userId,
      participantIds: [ana.userId, bea.userId],
      startsInMinutes: 120,
      title: `De Cris ${tag}`,
    });

    // Before: Bea finds Ana's ride.
    await bea.page.goto(`/app/search?q=${encodeURIComponent(own)}`);
    await bea.page.getByRole("article", { name: own }).waitFor();
    // Bea has the chat of Ana's ride with her open.
    await bea.page.goto(`/app/chat/${sharedId}`);
    await bea.page.getByRole("heading", { name: `Con Bea ${tag}` }).waitFor();

    // Ana blocks Bea from her profile, and takes her out of her ride.
    await ana.page.goto(`/app/profile/${bea.username}`);
    await ana.page.getByRole("button", { name: "Bloquear" }).click();
    const confirm = ana.page.getByRole("dialog", { name: `¿Bloquear a ${bea.username}?` });
    await confirm.waitFor();
    await expectAccessible(ana.page, "block confirmation");
    await confirm.getByRole("button", { name: "Bloquear" }).click();
    const shared = ana.page.getByRole("dialog", { name: "Está en tus próximas salidas" });
    await shared.waitFor();
    await saveScreenshot(ana.page, "block-shared-rides");
    await shared.getByRole("button", { name: `Quitarla de la salida Con Bea ${tag}` }).click();
    await shared.getByText("Ya no está en esta salida").waitFor();
    await shared.getByRole("button", { name: "Hecho" }).click();
    await ana.page.waitForURL("**/app/feed");

    // Bea's open chat of that ride goes: for her, the ride no longer exists.
    await bea.page.getByText(MSG.rideGone).waitFor();
    await bea.page.waitForURL("**/app/feed");

    // She can no longer find her…
    await bea.page.goto(`/app/search?q=${encodeURIComponent(own)}`);
    await bea.page.getByText("Aquí no hay salidas aún… ¿y si creas la primera?").waitFor();
    expect(await bea.page.getByRole("article", { name: own }).count()).toBe(0);
    await bea.page.goto(`/app/profile/${ana.username}`);
    await bea.page.getByText(MSG.profileNotFound).waitFor();
    await bea.page.waitForURL("**/app/feed");
    // …nor join her ride, which answers as one that does not exist.
    await bea.page.goto(`/app/ride/${ownId}`);
    await bea.page.getByText(MSG.rideNotFound).waitFor();
    const join = await bea.context.request.post(`/api/rides/${ownId}/join`, {
      headers: { Origin: new URL(bea.page.url()).origin },
    });
    expect(join.status()).toBe(404);

    // …nor message her: in Cris's ride, which they are both in, Ana never sees Bea's messages.
    await ana.page.goto(`/app/chat/${crisRideId}`);
    await cris.page.goto(`/app/chat/${crisRideId}`);
    await bea.page.goto(`/app/chat/${crisRideId}`);
    for (const { page } of [ana, bea, cris]) {
      await page.getByRole("heading", { name: `De Cris ${tag}` }).waitFor();
    }
    await sendMessage(bea.page, "¿Me oyes, Ana?");
    await cris.page.getByText("¿Me oyes, Ana?").waitFor();
    await sendMessage(cris.page, "Salimos a las nueve");
    await ana.page.getByText("Salimos a las nueve").waitFor();
    expect(await ana.page.getByText("¿Me oyes, Ana?").count()).toBe(0);
    await ana.page.reload();
    await ana.page.getByText("Salimos a las nueve").waitFor();
    expect(await ana.page.getByText("¿Me oyes, Ana?").count()).toBe(0);

    // Ajustes lists her under 'Usuarias bloqueadas'.
    await ana.page.goto("/app/settings");
    const section = ana.page.getByRole("region", { name: "Usuarias bloqueadas" });
    await section.getByRole("button", { name: `Desbloquear a ${bea.username}` }).waitFor();
    await expectAccessible(ana.page, "settings with blocked riders");

    await closeSession(ana);
    await closeSession(bea);
    await closeSession(cris);
  });
});

describe("reports and moderation", () => {
  it("a report reaches the moderator, who hides the message live and suspends its author, whose tab signs out", async () => {
    const ana = await rider("ana");
    const bea = await rider("bea");
    const mod = await rider("mod", { email: MODERATOR_EMAIL });
    const tag = Date.now().toString(36);
    const title = `Gravel con Bea ${tag}`;
    const rideId = await fixtureRide(bea.context, {
      organizerId: bea.userId,
      participantIds: [ana.userId],
      startsInMinutes: 120,
      title,
    });

    // Ana has the app open (her notification channel) and writes in the ride's chat.
    const anaConnected = notificationSocketOpened(ana.page);
    await ana.page.goto(`/app/chat/${rideId}`);
    await anaConnected;
    await bea.page.goto(`/app/chat/${rideId}`);
    for (const { page } of [ana, bea]) await page.getByRole("heading", { name: title }).waitFor();
    const offensive = `Mensaje ofensivo ${tag}`;
    await sendMessage(ana.page, offensive);
    await bea.page.getByText(offensive).waitFor();

    // Bea reports it from the message's menu.
    await bea.page.getByRole("button", { name: `Opciones del mensaje de ${ana.username}` }).click();
    await bea.page
      .getByRole("dialog", { name: `Mensaje de ${ana.username}` })
      .getByRole("button", { name: "Denunciar" })
      .click();
    const report = bea.page.getByRole("dialog", { name: "Denunciar este mensaje" });
    await report.getByRole("radio", { name: "Acoso o comportamiento inapropiado" }).check();
    await report.getByLabel("Cuéntanos más (opcional)").fill("Me habla así cada vez.");
    await expectAccessible(bea.page, "report dialog");
    await saveScreenshot(bea.page, "report");
    await report.getByRole("button", { name: "Enviar denuncia" }).click();
    await bea.page.getByText("Gracias. Lo revisaremos lo antes posible.").waitFor();

    // The moderator finds it in her queue, with the message as it was.
    await mod.page.goto("/app/moderacion");
    const card = mod.page.getByRole("article", {
      name: "Mensaje: Acoso o comportamiento inapropiado",
    });
    await card.filter({ hasText: offensive }).first().waitFor();
    const reportCard = card.filter({ hasText: offensive }).first();
    await reportCard.getByText(`${bea.username} · 0 denuncias anteriores`).waitFor();
    await reportCard.getByRole("button", { name: "Ver la conversación" }).click();
    await reportCard
      .getByRole("list", { name: "Conversación alrededor del mensaje" })
      .getByText(offensive)
      .waitFor();
    await expectAccessible(mod.page, "moderation queue");
    await saveScreenshot(mod.page, "moderation");

    // She hides it: Bea's open chat swaps it at once.
    await reportCard.getByRole("button", { name: "Ocultar mensaje" }).click();
    const hide = mod.page.getByRole("dialog", { name: "¿Ocultar el mensaje?" });
    await hide.getByLabel("Motivo (queda en el registro)").fill("Acoso en el chat");
    await hide.getByRole("button", { name: "Ocultar mensaje" }).click();
    await mod.page.getByText("Mensaje ocultado", { exact: true }).waitFor();
    await bea.page.getByText(MSG.messageHidden).waitFor();
    expect(await bea.page.getByText(offensive).count()).toBe(0);

    // Then she suspends the author: Ana's tab is signed out, and told why.
    await reportCard.getByRole("button", { name: "Suspender cuenta" }).click();
    const suspend = mod.page.getByRole("dialog", {
      name: `¿Suspender la cuenta de ${ana.username}?`,
    });
    await suspend.getByLabel("Motivo (queda en el registro)").fill("Acoso reiterado");
    await suspend.getByRole("button", { name: "Suspender cuenta" }).click();
    await ana.page.waitForURL("**/app/login**");
    await ana.page.getByText(MSG.accountSuspended).waitFor();
    const me = await (await ana.context.request.get("/api/me")).json();
    expect(me.user).toBeNull();

    // The audit says who did what, and why.
    await mod.page.getByRole("tab", { name: "Registro" }).click();
    const log = mod.page.getByRole("list", { name: "Registro de acciones" });
    await log.getByText("Acoso reiterado").waitFor();
    await log.getByText("Acoso en el chat").waitFor();
    expect(await log.getByText(MODERATOR_EMAIL).count()).toBeGreaterThanOrEqual(2);

    await closeSession(ana);
    await closeSession(bea);
    await closeSession(mod);
  });
});
