// Stored hostile text is rendered as inert text: markup, script and a right-to-left override in a
// ride's title, meeting point, description and a chat message show up as the characters typed on
// every screen a second rider sees (search card, detail, feed, toast, chat), and never become
// elements or run. Usernames follow their rules: emoji and stacked accents are refused, a
// decomposed accent is stored composed (NFC) and shown that way.
import type { Page } from "@playwright/test";
import type { ProfileSaveResponse } from "../../domain/api/profiles.ts";
import type { RideDetail } from "../../domain/api/rides.ts";
import { truncatePreview } from "../../domain/display.ts";
import { MSG } from "../../domain/messages.ts";
import {
  apiFromPage,
  expect,
  freshUsername,
  notificationSocketOpened,
  signInAs,
  test,
} from "./fixtures.ts";

const IMG = `<img src=x onerror="window.__pwned=1">`;
const SCRIPT = "<script>window.__pwned=1</script>";
/** Right-to-left override: what follows reads backwards. */
const RLO = "\u202E";

interface ErrorBody {
  error: { code: string; message: string };
}

/** Nothing the payloads could have become exists in the page, and nothing ran. */
async function expectInert(page: Page, where: string) {
  const found = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
    images: document.querySelectorAll('img[src="x"]').length,
    handlers: document.querySelectorAll("[onerror]").length,
    scripts: Array.from(document.scripts).filter((s) => s.textContent?.includes("__pwned")).length,
    javascriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
  }));
  expect(found, where).toEqual({
    pwned: null,
    images: 0,
    handlers: 0,
    scripts: 0,
    javascriptLinks: 0,
  });
}

/** The text is on screen as text (whitespace normalised, as a reader sees it). */
async function expectVisibleText(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
}

test.describe("hostile text is rendered as inert text", () => {
  test("a ride and a chat message full of markup reach another rider as plain characters", async ({
    openSession,
  }) => {
    const suffix = Date.now().toString(36).slice(-5);
    const ana = await openSession();
    const bea = await openSession();
    await signInAs(ana, freshUsername("ana"));
    await signInAs(bea, freshUsername("bea"));

    // --- Usernames: emoji and stacked combining accents are refused with the rule's message;
    // a decomposed accent ('a' + U+0301) is stored composed, as everywhere else.
    const profile = (username: string) =>
      apiFromPage<ProfileSaveResponse & ErrorBody>(ana, "PUT", "/api/profile", {
        username,
        city: "Madrid",
        modalities: ["road"],
      });
    for (const refused of [`Ana🚴${suffix}`, `Ana\u0301\u0301${suffix}`]) {
      const res = await profile(refused);
      expect(res.status, refused).toBe(400);
      expect(res.body.error).toMatchObject({
        code: "validation_error",
        message: MSG.usernameChars,
      });
    }
    const decomposed = `Lucia\u0301_${suffix}`;
    const anaName = decomposed.normalize("NFC");
    expect(anaName).not.toBe(decomposed);
    const saved = await profile(decomposed);
    expect(saved.status).toBe(200);
    expect(saved.body.user.username).toBe(anaName);

    // --- Ana proposes a ride through the API, as the create form would.
    const title = `${IMG}${SCRIPT}${RLO}${suffix}`;
    const meetingPoint = `${SCRIPT} ${IMG} ${RLO}Puerta del Sol`;
    const description = `Traed luces.\n${IMG}\n${SCRIPT}\n${RLO}gnp.exe`;
    const created = await apiFromPage<{ ride: RideDetail }>(ana, "POST", "/api/rides", {
      title,
      city: "Madrid",
      startTime: new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString(),
      level: "chill",
      modalities: ["road"],
      meetingPoint,
      distanceKm: 40,
      elevationM: 300,
      maxParticipants: null,
      socialTags: [],
      description,
      createKey: crypto.randomUUID(),
    });
    expect(created.status).toBe(201);
    expect(created.body.ride).toMatchObject({ title, meetingPoint, description });
    const rideId = created.body.ride.id;

    const expectRideText = async (page: Page) => {
      await expectVisibleText(page, title);
      await expectVisibleText(page, meetingPoint);
      await expectVisibleText(page, description);
      await expectVisibleText(page, anaName);
    };

    // --- Bea finds it in search: the card shows the characters, nothing more.
    await bea.page.goto(`/app/search?q=${suffix}&dateType=none`);
    const card = bea.page.getByRole("article", { name: title });
    await expect(card).toBeVisible();
    await expectInert(bea.page, "search card");
    expect(await card.getByRole("heading").textContent()).toBe(title);
    await expectRideText(bea.page);

    // --- The detail page, and the organizer's profile through her (composed) name.
    await bea.page.goto(`/app/ride/${rideId}`);
    await expect(bea.page.getByRole("heading", { name: "Participantes 1/20" })).toBeVisible();
    await expectInert(bea.page, "ride detail");
    await expectRideText(bea.page);
    await bea.page.getByRole("link", { name: anaName }).click();
    await bea.page.waitForURL(`**/app/profile/${encodeURIComponent(anaName)}`);
    await expectVisibleText(bea.page, anaName);
    await expectInert(bea.page, "organizer profile");

    // --- Bea joins and waits on the feed; Ana writes the same payloads in the chat.
    const joined = await apiFromPage(bea, "POST", `/api/rides/${rideId}/join`);
    expect(joined.status).toBe(200);
    const connected = notificationSocketOpened(bea.page);
    await bea.page.goto("/app/feed");
    await connected;
    await expect(bea.page.getByRole("article", { name: title })).toBeVisible();
    await expectInert(bea.page, "feed");

    const message = `${IMG} ${SCRIPT} ${RLO}gnp.exe ¡Nos vemos!`;
    await ana.page.goto(`/app/chat/${rideId}`);
    await expect(ana.page.getByRole("heading", { name: title })).toBeVisible();
    await ana.page.getByLabel("Escribe un mensaje").fill(message);
    await ana.page.getByRole("button", { name: "Enviar" }).click();
    await expect(ana.page.locator("li[data-kind=user]")).toBeVisible();
    await expectInert(ana.page, "sender's chat");
    await expectVisibleText(ana.page, message);

    // The toast and 'Conversaciones en curso' carry the title and the message preview.
    await expect(bea.page.getByText("Conversación en curso")).toBeVisible({ timeout: 5000 });
    await expectVisibleText(bea.page, `Ya hay mensajes en "${title}"`);
    await expectVisibleText(bea.page, truncatePreview(message));
    await expectInert(bea.page, "feed with toast");

    await bea.page.getByRole("button", { name: "Ver mensajes" }).click();
    await bea.page.waitForURL(`**/app/chat/${rideId}`);
    const bubble = bea.page.locator("li[data-kind=user]");
    await expect(bubble).toBeVisible();
    await expectInert(bea.page, "reader's chat");
    await expectVisibleText(bea.page, message);
    await expect(bubble).toHaveCount(1);
    await expect(bubble.getByText(anaName)).toBeVisible();

    // A reload renders the stored copy the same way.
    await bea.page.reload();
    await expect(bubble).toBeVisible();
    await expectInert(bea.page, "reader's chat after reload");
    await expectVisibleText(bea.page, message);
  });
});
