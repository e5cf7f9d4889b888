// Reaching her when the app is closed (docs/product.md#web-push, #calendar and #share-preview), in
// real Chromium against the build: Settings → Notificaciones subscribes through the real service
// worker and the worker's push reaches a local push-service stand-in, which decrypts it; the
// service worker shows a push delivered over the DevTools protocol and opens the ride on tap, and
// answers '¿Sigue en pie?' from its button;
// 'Añadir al calendario' downloads the ride's event; a shared link shows its public preview.
// Headless Chromium here refuses PushManager.subscribe() and no push service is reachable
// from this machine, so the page's subscribe() returns a subscription on the stand-in with
// real P-256 keys made by the test: the worker's real encryption is what the stand-in reads.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { CDPSession } from "@playwright/test";
import { PUSH_MSG, type PushPayload, pushTexts } from "../../domain/push.ts";
import { WEATHER_TEXTS } from "../../domain/weather.ts";
import { createPushDevice, type PushDevice } from "../support/push-device.ts";
import {
  apiFromPage,
  baseURL,
  expect,
  type OpenSession,
  type Session,
  saveScreenshot,
  signInAs,
  test,
} from "./fixtures.ts";

/** The push service stand-in: keeps what arrives at /push/<n>, answers 201. */
let standIn: Server;
let standInUrl = "";
const arrived: { path: string; body: Buffer; headers: Record<string, unknown> }[] = [];

test.beforeAll(async () => {
  standIn = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      arrived.push({ path: req.url ?? "", body: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

async function arrivedAt(path: string) {
  await expect
    .poll(() => arrived.some((p) => p.path === path), { message: `a push reaches ${path}` })
    .toBe(true);
  return arrived.find((p) => p.path === path)!;
}

/** Makes the page's PushManager hand out `subscription` (see the file's comment). */
async function fakeSubscribe(
  session: Session,
  subscription: ReturnType<PushDevice["subscription"]>,
) {
  await session.context.grantPermissions(["notifications"], { origin: baseURL() });
  await session.context.addInitScript((sub) => {
    const key = "rodamos-test-subscription";
    const make = () => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      toJSON: () => sub,
      getKey: () => null,
      unsubscribe: async () => {
        localStorage.removeItem(key);
        return true;
      },
    });
    PushManager.prototype.subscribe = async () => {
      localStorage.setItem(key, "1");
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () =>
      (localStorage.getItem(key) ? make() : null) as unknown as PushSubscription;
  }, subscription);
}

async function createRide(session: Session, title: string) {
  const created = await apiFromPage<{ ride: { id: string; startTime: number } }>(
    session,
    "POST",
    "/api/rides",
    {
      title,
      city: "Madrid",
      startTime: new Date(Date.now() + 4 * 24 * 3600_000).toISOString(),
      level: "intermedio",
      modalities: ["gravel"],
      meetingPoint: "Calle del Secreto 7",
      distanceKm: 48,
      elevationM: 600,
      maxParticipants: 8,
      socialTags: [],
      description: "Salimos puntuales",
    },
  );
  expect(created.status).toBe(201);
  return created.body.ride;
}

/** The app's service worker registration id, as the DevTools protocol names it. */
async function appRegistrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const app = registrations.find((r) => /\/app\/?$/.test(r.scopeURL) && !r.isDeleted);
      if (app) resolve(app.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  return found;
}

/**
 * A signed-in rider who allowed notifications, with a ride of hers, on a page of the app once its
 * service worker is ready; `deliver` hands that worker a push as a push service would.
 */
async function withServiceWorker(openSession: OpenSession, name: string, title: string) {
  const session = await openSession();
  await session.context.grantPermissions(["notifications"], { origin: baseURL() });
  await signInAs(session, `${name}_${Date.now().toString(36).slice(-5)}`);
  const ride = await createRide(session, title);
  await session.page.goto("/app/settings");
  await session.page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const cdp = await session.context.newCDPSession(session.page);
  const registrationId = await appRegistrationId(cdp);
  const deliver = (payload: PushPayload) =>
    cdp.send("ServiceWorker.deliverPushMessage", {
      origin: baseURL(),
      registrationId,
      data: JSON.stringify(payload),
    });
  return { session, ride, deliver };
}

/** Her tap on the push the worker shows (or on its button `action`), as the browser dispatches it. */
async function tapPush(session: Session, action = "") {
  const worker = session.context.serviceWorkers().find((w) => w.url().endsWith("/app/sw.js"));
  expect(worker).toBeDefined();
  await worker!.evaluate(async (button) => {
    // The worker's global scope, untyped here (the tests compile with the DOM's types).
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (
        type: string,
        init: { notification: Notification; action: string },
      ) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(
      new scope.NotificationEvent("notificationclick", {
        notification: notification!,
        action: button,
      }),
    );
  }, action);
}

test.describe("reaching her when the app is closed", () => {
  test("Notificaciones: subscribe through the service worker, switches, a test push that arrives encrypted", async ({
    openSession,
  }) => {
    const session = await openSession();
    const device = await createPushDevice();
    const subscription = device.subscription(`${standInUrl}/push/settings`);
    await fakeSubscribe(session, subscription);
    await signInAs(session, `push_${Date.now().toString(36).slice(-5)}`);
    const { page } = session;
    await page.goto("/app/settings");
    await expect(page.getByRole("heading", { name: "Notificaciones" })).toBeVisible();
    // Nothing is asked on arrival: only her tap subscribes.
    expect(await page.evaluate(() => localStorage.getItem("rodamos-test-subscription"))).toBeNull();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.getByRole("button", { name: "Activar avisos en este dispositivo" }).click();
    await expect(page.getByText(PUSH_MSG.enabled, { exact: true }).first()).toBeVisible();

    // The subscription reached D1.
    const settings = await apiFromPage<{ deviceRegistered: boolean }>(
      session,
      "GET",
      `/api/push?endpoint=${encodeURIComponent(subscription.endpoint)}`,
    );
    expect(settings.body.deviceRegistered).toBe(true);

    const chat = page.getByRole("switch", { name: "Mensajes del chat" });
    await expect(chat).toHaveAttribute("aria-checked", "true");
    await chat.click();
    await expect(chat).toHaveAttribute("aria-checked", "false");
    const saved = await apiFromPage<{ preferences: { chat: boolean } }>(
      session,
      "GET",
      "/api/push",
    );
    expect(saved.body.preferences.chat).toBe(false);
    await chat.click();
    await saveScreenshot(page, "settings");

    await page.getByRole("button", { name: "Enviar un aviso de prueba" }).click();
    const push = await arrivedAt("/push/settings");
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(String(push.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    expect(JSON.parse(await device.decrypt(new Uint8Array(push.body)))).toEqual(pushTexts.test());
    await expect(page.getByText(PUSH_MSG.testSent)).toBeVisible();
  });

  test("the service worker shows a push and opens the ride's chat on tap", async ({
    openSession,
  }) => {
    const { session, ride, deliver } = await withServiceWorker(
      openSession,
      "sw",
      "Gravel con aviso",
    );
    const { page } = session;
    const payload: PushPayload = pushTexts.chat({ id: ride.id, title: "Gravel con aviso" }, 3);
    await deliver(payload);
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url: string }).url,
        })),
      );
    await expect
      .poll(shown)
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, url: payload.url }]);

    // Her tap: the worker's notificationclick takes the open window to the chat.
    await tapPush(session);
    await page.waitForURL(`**/app/ride/${ride.id}/chat`);
  });

  test("'Sigue en pie' answers from the push: the notice reaches the chat once, a quiet note says so", async ({
    openSession,
  }) => {
    const { session, ride, deliver } = await withServiceWorker(
      openSession,
      "tiempo",
      "Gravel con tormenta",
    );
    const { page } = session;
    const payload = pushTexts.stillOn(
      { id: ride.id, title: "Gravel con tormenta" },
      "Viento fuerte",
    );
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          actions: (n as Notification & { actions?: { action: string }[] }).actions?.map(
            (a) => a.action,
          ),
        })),
      );
    const tapStillOn = async () => {
      await deliver(payload);
      await expect
        .poll(shown)
        .toEqual([{ title: payload.title, body: payload.body, actions: ["still-on", "cancel"] }]);
      await tapPush(session, "still-on");
      // Nothing opens; the quiet note replaces the question.
      await expect
        .poll(shown)
        .toEqual([{ title: "Rodamos", body: WEATHER_TEXTS.stillOnPosted, actions: [] }]);
      expect(new URL(page.url()).pathname).toBe("/app/settings");
    };
    const notices = async () =>
      (
        await apiFromPage<{ messages: { kind: string; text: string }[] }>(
          session,
          "GET",
          `/api/rides/${ride.id}/chat/messages`,
        )
      ).body.messages.filter((m) => m.kind === "system");

    await tapStillOn();
    await expect
      .poll(notices)
      .toEqual([expect.objectContaining({ kind: "system", text: WEATHER_TEXTS.stillOnNotice })]);
    // The same push tapped again (a second device, a late tap): still one notice.
    await page.evaluate(async () => {
      for (const n of await (await navigator.serviceWorker.ready).getNotifications()) n.close();
    });
    await tapStillOn();
    expect(await notices()).toHaveLength(1);
  });

  test("'Añadir al calendario' downloads the ride's event; the share link shows its public preview", async ({
    openSession,
  }) => {
    const session = await openSession();
    await signInAs(session, `cal_${Date.now().toString(36).slice(-5)}`);
    const ride = await createRide(session, "Gravel del calendario");
    const { page } = session;
    await page.goto(`/app/ride/${ride.id}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Añadir al calendario" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("salida-gravel-del-calendario.ics");
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const ics = Buffer.concat(chunks).toString("utf8");
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain(`UID:ride-${ride.id}@rodamos.app`);
    expect(ics).toMatch(/DTSTART;TZID=Europe\/Madrid:\d{8}T\d{6}/);
    expect(ics).toContain("LOCATION:Calle del Secreto 7\\, Madrid");

    // Her share link, opened by someone who is not signed in (a chat app's crawler or a friend).
    await expect(page.getByRole("article", { name: "Gravel del calendario" })).toBeVisible();
    await page.evaluate(() => {
      (navigator as unknown as { share: (d: ShareData) => Promise<void> }).share = async (d) => {
        (window as unknown as { __shared?: ShareData }).__shared = d;
      };
    });
    await page
      .getByRole("article", { name: "Gravel del calendario" })
      .getByRole("button", { name: "Compartir" })
      .click();
    const shared = await page.evaluate(
      () => (window as unknown as { __shared?: ShareData }).__shared,
    );
    expect(shared?.url).toBe(`${baseURL()}/salida/${ride.id}`);

    const friend = await openSession();
    await friend.page.goto(new URL(shared!.url!).pathname);
    const meta = (key: string) =>
      friend.page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute("content");
    expect(await meta("og:title")).toBe("Gravel del calendario");
    expect(await meta("robots")).toBe("noindex, nofollow");
    expect(await meta("twitter:card")).toBe("summary_large_image");
    const image = await friend.page.request.get((await meta("og:image"))!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    const html = await friend.page.content();
    expect(html).not.toContain("Calle del Secreto");
    expect(html).not.toContain("Salimos puntuales");
    await expect(friend.page.getByText("Quedan 7 plazas")).toBeVisible();
    await saveScreenshot(friend.page, "share-preview");
    // Its button leads into the app: sign-in first, then back to the ride.
    await friend.page.getByRole("link", { name: "Ver la salida en Rodamos" }).click();
    await friend.page.waitForURL(`**/app/login?from=${encodeURIComponent(`/app/ride/${ride.id}`)}`);
  });
});
