import { MSG } from "../../domain/messages.ts";
import { GROUP_MSG, GROUP_SAFETY_TEXT } from "../../domain/texts/groups.ts";
import { expectAccessible } from "./a11y.ts";
import {
  createGroupFromPage,
  expect,
  fixtureRide,
  notificationSocketOpened,
  saveScreenshot,
  sendMessage,
  test,
} from "./fixtures.ts";
import { linesOf } from "./tap-targets.ts";

const MODERATOR_EMAIL = "moderadora@rodamos.test";

test.describe("blocking", () => {
  test("she blocks, and the other can no longer find, join or message her", async ({ rider }) => {
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

    // Before: Bea finds Ana's ride. Any date: 'Esta semana', the search's default, ends on
    // Sunday night, and a ride three hours ahead may be next week's.
    await bea.page.goto(`/app/search?q=${encodeURIComponent(own)}&dateType=none`);
    await expect(bea.page.getByRole("article", { name: own })).toBeVisible();
    // Bea has the chat of Ana's ride with her open.
    await bea.page.goto(`/app/chat/${sharedId}`);
    await expect(bea.page.getByRole("heading", { name: `Con Bea ${tag}` })).toBeVisible();

    // Ana blocks Bea from her profile, and takes her out of her ride.
    await ana.page.goto(`/app/profile/${bea.username}`);
    await ana.page.getByRole("button", { name: "Bloquear" }).click();
    const confirm = ana.page.getByRole("dialog", { name: `¿Bloquear a ${bea.username}?` });
    await expect(confirm).toBeVisible();
    await expectAccessible(ana.page, "block confirmation");
    await confirm.getByRole("button", { name: "Bloquear" }).click();
    const shared = ana.page.getByRole("dialog", { name: "Está en tus próximas salidas" });
    await expect(shared).toBeVisible();
    await saveScreenshot(ana.page, "block-shared-rides");
    await shared.getByRole("button", { name: `Quitarla de la salida Con Bea ${tag}` }).click();
    await expect(shared.getByText("Ya no está en esta salida")).toBeVisible();
    await shared.getByRole("button", { name: "Hecho" }).click();
    await ana.page.waitForURL("**/app/feed");

    // Bea's open chat of that ride goes: for her, the ride no longer exists.
    await expect(bea.page.getByText(MSG.rideGone)).toBeVisible();
    await bea.page.waitForURL("**/app/feed");

    // She can no longer find her…
    await bea.page.goto(`/app/search?q=${encodeURIComponent(own)}&dateType=none`);
    await expect(
      bea.page.getByText("Aquí no hay salidas aún… ¿y si creas la primera?"),
    ).toBeVisible();
    expect(await bea.page.getByRole("article", { name: own }).count()).toBe(0);
    await bea.page.goto(`/app/profile/${ana.username}`);
    await expect(bea.page.getByText(MSG.profileNotFound)).toBeVisible();
    await bea.page.waitForURL("**/app/feed");
    // …nor join her ride, which answers as one that does not exist.
    await bea.page.goto(`/app/ride/${ownId}`);
    await expect(bea.page.getByText(MSG.rideNotFound)).toBeVisible();
    const join = await bea.context.request.post(`/api/rides/${ownId}/join`, {
      headers: { Origin: new URL(bea.page.url()).origin },
    });
    expect(join.status()).toBe(404);

    // …nor message her: in Cris's ride, which they are both in, Ana never sees Bea's messages.
    await ana.page.goto(`/app/chat/${crisRideId}`);
    await cris.page.goto(`/app/chat/${crisRideId}`);
    await bea.page.goto(`/app/chat/${crisRideId}`);
    for (const { page } of [ana, bea, cris]) {
      await expect(page.getByRole("heading", { name: `De Cris ${tag}` })).toBeVisible();
    }
    await sendMessage(bea.page, "¿Me oyes, Ana?");
    await expect(cris.page.getByText("¿Me oyes, Ana?")).toBeVisible();
    await sendMessage(cris.page, "Salimos a las nueve");
    await expect(ana.page.getByText("Salimos a las nueve")).toBeVisible();
    expect(await ana.page.getByText("¿Me oyes, Ana?").count()).toBe(0);
    await ana.page.reload();
    await expect(ana.page.getByText("Salimos a las nueve")).toBeVisible();
    expect(await ana.page.getByText("¿Me oyes, Ana?").count()).toBe(0);

    // Ajustes lists her under 'Usuarias bloqueadas'.
    await ana.page.goto("/app/settings");
    const section = ana.page.getByRole("region", { name: "Usuarias bloqueadas" });
    await expect(
      section.getByRole("button", { name: `Desbloquear a ${bea.username}` }),
    ).toBeVisible();
    await expectAccessible(ana.page, "settings with blocked riders");
  });
});

test.describe("reports and moderation", () => {
  test("a report reaches the moderator, who hides the message live, suspends a reported group from the queue and suspends the author, whose tab signs out", async ({
    rider,
  }) => {
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
    for (const { page } of [ana, bea])
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    const offensive = `Mensaje ofensivo ${tag}`;
    await sendMessage(ana.page, offensive);
    await expect(bea.page.getByText(offensive)).toBeVisible();

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
    await expect(bea.page.getByText("Gracias. Lo revisaremos lo antes posible.")).toBeVisible();

    // The moderator finds it in her queue, with the message as it was.
    await mod.page.goto("/app/moderacion");
    const card = mod.page.getByRole("article", {
      name: "Mensaje: Acoso o comportamiento inapropiado",
    });
    await expect(card.filter({ hasText: offensive }).first()).toBeVisible();
    const reportCard = card.filter({ hasText: offensive }).first();
    await expect(reportCard.getByText(`${bea.username} · 0 denuncias anteriores`)).toBeVisible();
    await reportCard.getByRole("button", { name: "Ver la conversación" }).click();
    await expect(
      reportCard
        .getByRole("list", { name: "Conversación alrededor del mensaje" })
        .getByText(offensive),
    ).toBeVisible();
    await expectAccessible(mod.page, "moderation queue");
    // Each tab on one line, 'Denuncias (N)' included, on this 390 px phone and on a 360 px one.
    for (const width of [390, 360]) {
      await mod.page.setViewportSize({ width, height: 844 });
      for (const tab of await mod.page.getByRole("tab").all()) expect(await linesOf(tab)).toBe(1);
      const tabs = mod.page.getByRole("tablist", { name: "Moderación" });
      expect(await tabs.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await mod.page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(mod.page, "moderation");

    // She hides it: Bea's open chat swaps it at once.
    await reportCard.getByRole("button", { name: "Ocultar mensaje" }).click();
    const hide = mod.page.getByRole("dialog", { name: "¿Ocultar el mensaje?" });
    await hide.getByLabel("Motivo (queda en el registro)").fill("Acoso en el chat");
    await hide.getByRole("button", { name: "Ocultar mensaje" }).click();
    await expect(mod.page.getByText("Mensaje ocultado", { exact: true })).toBeVisible();
    await expect(bea.page.getByText(MSG.messageHidden)).toBeVisible();
    expect(await bea.page.getByText(offensive).count()).toBe(0);

    // Bea reports a group Ana leads. The queue links to its page, and suspends it there: the
    // report leaves the queue, and its page is gone for Bea.
    const group = await createGroupFromPage(ana, "Grupeta");
    await bea.page.goto(`/app/grupo/${group.slug}`);
    await bea.page.getByRole("button", { name: GROUP_SAFETY_TEXT.report }).click();
    const groupReport = bea.page.getByRole("dialog", { name: GROUP_SAFETY_TEXT.report });
    await groupReport.getByRole("radio", { name: "Spam" }).check();
    await groupReport.getByRole("button", { name: "Enviar denuncia" }).click();
    await expect(bea.page.getByText("Gracias. Lo revisaremos lo antes posible.")).toBeVisible();
    await mod.page.reload();
    const groupCard = mod.page
      .getByRole("article", { name: "Grupo: Spam" })
      .filter({ hasText: group.name });
    await groupCard.getByRole("link", { name: group.name }).click();
    await expect(mod.page.getByRole("heading", { level: 1, name: group.name })).toBeVisible();
    await mod.page.goBack();
    await groupCard.getByRole("button", { name: GROUP_SAFETY_TEXT.suspend }).click();
    const suspendGroup = mod.page.getByRole("dialog", {
      name: GROUP_SAFETY_TEXT.suspendTitle(group.name),
    });
    await suspendGroup.getByLabel("Motivo (queda en el registro)").fill("Grupo de spam");
    await suspendGroup.getByRole("button", { name: GROUP_SAFETY_TEXT.suspend }).click();
    await expect(mod.page.getByText(GROUP_SAFETY_TEXT.suspended, { exact: true })).toBeVisible();
    await expect(groupCard).toHaveCount(0);
    await bea.page.reload();
    await expect(bea.page.getByText(GROUP_MSG.notFound)).toBeVisible();

    // Then she suspends the author: Ana's tab is signed out, and told why.
    await reportCard.getByRole("button", { name: "Suspender cuenta" }).click();
    const suspend = mod.page.getByRole("dialog", {
      name: `¿Suspender la cuenta de ${ana.username}?`,
    });
    await suspend.getByLabel("Motivo (queda en el registro)").fill("Acoso reiterado");
    await suspend.getByRole("button", { name: "Suspender cuenta" }).click();
    await ana.page.waitForURL("**/app/login**");
    await expect(ana.page.getByText(MSG.accountSuspended)).toBeVisible();
    const me = await (await ana.context.request.get("/api/me")).json();
    expect(me.user).toBeNull();

    // The audit says who did what, and why.
    await mod.page.getByRole("tab", { name: "Registro" }).click();
    const log = mod.page.getByRole("list", { name: "Registro de acciones" });
    await expect(log.getByText("Acoso reiterado")).toBeVisible();
    await expect(log.getByText("Acoso en el chat")).toBeVisible();
    await expect(log.getByText("Grupo de spam")).toBeVisible();
    expect(await log.getByText(MODERATOR_EMAIL).count()).toBeGreaterThanOrEqual(2);
  });
});
