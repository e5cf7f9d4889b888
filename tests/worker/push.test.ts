import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { DEFAULT_PUSH_PREFERENCES, PUSH_MSG, pushTexts } from "../../domain/push.ts";
import { pushSubscriptions } from "../../worker/db/schema.ts";
import { sendPush } from "../../worker/push/send.ts";
import { createPushDevice } from "../support/push-device.ts";
import { db, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { pushServiceStandIn } from "./helpers/push-service.ts";

let service: ReturnType<typeof pushServiceStandIn>;
beforeEach(() => {
  service = pushServiceStandIn();
});
afterEach(() => service.restore());

const devicesOf = (userId: string) =>
  db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).all();

describe("settings", () => {
  test("gives the VAPID public key and every event on by default", async () => {
    const { browser } = await signedIn();
    const res = await browser.get("/api/push");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      publicKey: env.VAPID_PUBLIC_KEY,
      preferences: DEFAULT_PUSH_PREFERENCES,
      deviceRegistered: false,
    });
  });

  test("needs a signed-in rider with a profile", async () => {
    expect((await new Browser().get("/api/push")).status).toBe(401);
    const { browser } = await signedIn({ username: null });
    expect((await browser.get("/api/push")).status).toBe(403);
  });

  test("saves her switches", async () => {
    const { browser } = await signedIn();
    const preferences = { ...DEFAULT_PUSH_PREFERENCES, chat: false, reminders: false };
    expect((await browser.put("/api/push/preferences", preferences)).status).toBe(200);
    expect((await json(await browser.get("/api/push"))).preferences).toEqual(preferences);
    expect((await browser.put("/api/push/preferences", { chat: "yes" })).status).toBe(400);
  });
});

describe("subscriptions", () => {
  test("one row per device; the same device signing in as someone else moves to her", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const device = await createPushDevice();
    const subscription = device.subscription("https://fcm.googleapis.com/fcm/send/shared-tablet");
    expect((await ana.browser.put("/api/push/subscription", subscription)).status).toBe(204);
    expect((await ana.browser.put("/api/push/subscription", subscription)).status).toBe(204);
    expect(await devicesOf(ana.user.id)).toHaveLength(1);
    const query = `/api/push?endpoint=${encodeURIComponent(subscription.endpoint)}`;
    expect((await json(await ana.browser.get(query))).deviceRegistered).toBe(true);

    expect((await bea.browser.put("/api/push/subscription", subscription)).status).toBe(204);
    expect(await devicesOf(ana.user.id)).toHaveLength(0);
    expect(await devicesOf(bea.user.id)).toHaveLength(1);
  });

  test("refuses endpoints that are not a push service, and malformed keys", async () => {
    const { browser, user } = await signedIn();
    const device = await createPushDevice();
    for (const endpoint of [
      "https://evil.example/collect",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com.evil.example/x",
      "https://user:pw@fcm.googleapis.com/fcm/send/x",
      "https://169.254.169.254/latest",
      "javascript:alert(1)",
    ]) {
      const res = await browser.put("/api/push/subscription", device.subscription(endpoint));
      expect(res.status, endpoint).toBe(400);
    }
    const good = device.subscription("https://web.push.apple.com/QGuQ");
    const badKeys = { ...good, keys: { p256dh: "abc", auth: good.keys.auth } };
    expect((await browser.put("/api/push/subscription", badKeys)).status).toBe(400);
    expect(await devicesOf(user.id)).toHaveLength(0);
  });

  test("she removes her own device only", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const endpoint = await service.subscribe(ana.browser);
    await bea.browser.post("/api/push/subscription/remove", { endpoint });
    expect(await devicesOf(ana.user.id)).toHaveLength(1);
    await ana.browser.post("/api/push/subscription/remove", { endpoint });
    expect(await devicesOf(ana.user.id)).toHaveLength(0);
  });

  test("keeps her ten newest devices", async () => {
    const { browser, user } = await signedIn();
    for (let i = 0; i < 12; i++) await service.subscribe(browser);
    expect(await devicesOf(user.id)).toHaveLength(10);
  });
});

describe("sending", () => {
  test("the test push reaches her device, encrypted for it, with VAPID", async () => {
    const { browser } = await signedIn();
    const endpoint = await service.subscribe(browser);
    const res = await browser.post("/api/push/test", { endpoint });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ sent: 1 });
    expect(service.to(endpoint)).toEqual([pushTexts.test()]);
    const [push] = service.received;
    expect(push?.headers.get("Authorization")).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${env.VAPID_PUBLIC_KEY}$`),
    );
    expect(push?.headers.get("Content-Encoding")).toBe("aes128gcm");
    expect(Number(push?.headers.get("TTL"))).toBeGreaterThan(0);
  });

  test("a device the push service no longer knows (404/410) is deleted; others stay", async () => {
    const { browser, user } = await signedIn();
    const gone = await service.subscribe(browser);
    const expired = await service.subscribe(browser);
    const busy = await service.subscribe(browser);
    const fine = await service.subscribe(browser);
    service.answer(gone, 410);
    service.answer(expired, 404);
    service.answer(busy, 503);
    const outcome = await sendPush(env, [user.id], "chat", {
      payload: pushTexts.test(),
      ttl: 60,
    });
    expect(outcome).toEqual({ sent: 1, gone: 2, failed: 1 });
    expect((await devicesOf(user.id)).map((d) => d.endpoint).sort()).toEqual([busy, fine].sort());
  });

  test("a test push with no device says so; one whose push service fails says that", async () => {
    const { browser } = await signedIn();
    const none = await browser.post("/api/push/test", {});
    expect(none.status).toBe(404);
    expect((await json(none)).error.message).toBe(PUSH_MSG.noDevice);
    const endpoint = await service.subscribe(browser);
    service.answer(endpoint, 500);
    const failed = await browser.post("/api/push/test", { endpoint });
    expect(failed.status).toBe(502);
    expect((await json(failed)).error.message).toBe(PUSH_MSG.testNotSent);
  });

  test("a push service that is down fails only its own device", async () => {
    const { browser, user } = await signedIn();
    const down = await service.subscribe(browser);
    const fine = await service.subscribe(browser);
    service.answer(down, "down");
    const outcome = await sendPush(env, [user.id], null, { payload: pushTexts.test(), ttl: 60 });
    expect(outcome).toEqual({ sent: 1, gone: 0, failed: 1 });
    expect(service.to(fine)).toHaveLength(1);
    expect(await devicesOf(user.id)).toHaveLength(2);
  });

  test("a redirect from the push service is not followed: one POST, a failed send, the device kept", async () => {
    const { browser, user } = await signedIn();
    const endpoint = await service.subscribe(browser);
    service.restore();
    const elsewhere = "https://collector.example/steal";
    const posts: Request[] = [];
    const stub = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init as RequestInit);
      posts.push(request);
      if (request.url !== endpoint) return new Response(null, { status: 201 });
      // What fetch itself does unless told "manual": the same POST again, to the Location.
      if (request.redirect === "follow") return fetch(new Request(elsewhere, request));
      return new Response(null, { status: 307, headers: { Location: elsewhere } });
    });
    try {
      const outcome = await sendPush(env, [user.id], null, { payload: pushTexts.test(), ttl: 60 });
      expect(posts.map((post) => [post.url, post.redirect])).toEqual([[endpoint, "manual"]]);
      expect(stub).toHaveBeenCalledTimes(1);
      expect(outcome).toEqual({ sent: 0, gone: 0, failed: 1 });
      expect((await devicesOf(user.id)).map((d) => d.endpoint)).toEqual([endpoint]);
    } finally {
      stub.mockRestore();
    }
  });

  test("an event she switched off is not sent to her", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const anaDevice = await service.subscribe(ana.browser);
    const beaDevice = await service.subscribe(bea.browser);
    await ana.browser.put("/api/push/preferences", { ...DEFAULT_PUSH_PREFERENCES, chat: false });
    await sendPush(env, [ana.user.id, bea.user.id], "chat", { payload: pushTexts.test(), ttl: 60 });
    expect(service.to(anaDevice)).toHaveLength(0);
    expect(service.to(beaDevice)).toHaveLength(1);
  });

  test("without VAPID keys nothing is sent and the settings say push is off", async () => {
    const plain = new Browser({ env: { VAPID_PUBLIC_KEY: "", VAPID_PRIVATE_KEY: "" } });
    const { browser } = await signedIn();
    plain.cookies = browser.cookies;
    expect((await json(await plain.get("/api/push"))).publicKey).toBeNull();
    expect((await plain.post("/api/push/test", {})).status).toBe(404);
  });
});
