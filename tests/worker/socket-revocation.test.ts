// An idle socket whose session was revoked is closed at once, not at its next use
// (ADR 0020): logout, password change, reset and account deletion tell her UserHub, which closes
// her tabs and asks each ride room she has sockets in to re-check hers.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { CLOSE_CODES, type NotificationFrame } from "../../domain/chat-protocol.ts";
import { createSession, SESSION_COOKIE } from "../../worker/sessions/session.ts";
import { requestsSettled } from "./helpers/background.ts";
import { createRide, db, HOUR, rideWithTwo, signedIn } from "./helpers/factories.ts";
import { createGroup } from "./helpers/groups.ts";
import { Browser, json } from "./helpers/http.ts";
import { lastMailTo } from "./helpers/mail.ts";
import { openSocket, socketsClosedAfterEach, type TestSocket } from "./helpers/sockets.ts";

const { open, chat } = socketsClosedAfterEach();

async function hubOf(browser: Browser) {
  const { res, socket } = await openSocket(browser, "/api/notifications/socket");
  if (!socket) throw new Error(`notification socket refused: ${res.status}`);
  open.push(socket);
  await socket.nextRaw((f) => (f as NotificationFrame).type === "ready");
  return socket;
}

/** Her socket in a group's chat ('Charla del grupo'). */
async function groupChat(browser: Browser, slug: string) {
  const { res, socket } = await openSocket(browser, `/api/groups/${slug}/chat/socket`);
  if (!socket) throw new Error(`group chat refused: ${res.status}`);
  open.push(socket);
  return socket;
}

/** Another browser of hers: a second session of the same rider. */
async function secondDevice(userId: string) {
  const browser = new Browser();
  browser.cookies.set(SESSION_COOKIE, (await createSession(db(), userId)).token);
  return browser;
}

const ended = { code: CLOSE_CODES.sessionEnded, reason: "session_ended" };

/** Closed promptly, having received nothing (no frame was ever sent to make it re-check). */
async function closedAtOnce(...sockets: TestSocket[]) {
  await vi.waitFor(() => {
    for (const socket of sockets) expect(socket.closed).toEqual(ended);
  });
  for (const socket of sockets) {
    expect(socket.frames.filter((f) => (f as { type?: string }).type !== "ready")).toEqual([]);
  }
}

const stillOpen = (...sockets: TestSocket[]) => {
  for (const socket of sockets) expect(socket.closed).toBeNull();
};

describe("a revoked session's idle sockets close at once", () => {
  it("logout: her chats in every ride and her notification tab, not her other device's", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const other = await createRide({ organizerId: ana.user.id, participants: [bea.user.id] });
    const chats = [await chat(ana.browser, ride.id), await chat(ana.browser, other.id)];
    const tab = await hubOf(ana.browser);
    const phone = await secondDevice(ana.user.id);
    const phoneChat = await chat(phone, ride.id);
    const phoneTab = await hubOf(phone);
    const beaChat = await chat(bea.browser, ride.id);

    expect((await ana.browser.post("/api/auth/logout")).status).toBe(200);
    await closedAtOnce(...chats, tab);
    // Her other session, and Bea, are untouched: once the logout's work has settled, a pong on
    // each socket comes behind any close frame their objects sent.
    await requestsSettled();
    await Promise.all([phoneChat, phoneTab, beaChat].map((socket) => socket.delivered()));
    stillOpen(phoneChat, phoneTab, beaChat);
  });

  it("password change: every other session's sockets close; she reconnects on the new one", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const phone = await secondDevice(ana.user.id);
    const phoneChat = await chat(phone, ride.id);
    const phoneTab = await hubOf(phone);
    // This browser's own sockets were opened with the session it is about to replace.
    const ownChat = await chat(ana.browser, ride.id);
    const beaChat = await chat(bea.browser, ride.id);

    const res = await ana.browser.post("/api/auth/password", { newPassword: "otra-clave-9" });
    expect(res.status).toBe(200);
    await closedAtOnce(phoneChat, phoneTab, ownChat);
    stillOpen(beaChat);
    const again = await chat(ana.browser, ride.id);
    again.send({ type: "history" });
    expect((await again.next("history")).type).toBe("history");
  });

  it("'Cerrar sesión en todos los dispositivos': every socket of hers closes, this browser's too", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const other = await createRide({ organizerId: bea.user.id, participants: [ana.user.id] });
    const phone = await secondDevice(ana.user.id);
    const sockets = [
      await chat(ana.browser, ride.id),
      await chat(ana.browser, other.id),
      await hubOf(ana.browser),
      await chat(phone, ride.id),
      await hubOf(phone),
    ];
    const beaChat = await chat(bea.browser, ride.id);
    const beaTab = await hubOf(bea.browser);

    expect((await ana.browser.post("/api/auth/logout-everywhere")).status).toBe(200);
    await closedAtOnce(...sockets);
    stillOpen(beaChat, beaTab);
    // And none of hers opens again.
    expect((await openSocket(phone, `/api/rides/${ride.id}/chat/socket`)).res.status).toBe(401);
  });

  it("reset confirmation: all of her sockets close", async () => {
    const email = `reinicio.${Date.now().toString(36)}@example.com`;
    const browser = new Browser();
    await browser.post("/api/auth/signup", { email, password: "clave-vieja-1" });
    await browser.put("/api/profile", {
      username: `reinicio${Date.now().toString(36).slice(-5)}`,
      city: "Madrid",
      modalities: ["road"],
    });
    const me = (await json(await browser.get("/api/me"))).user;
    const friend = await signedIn();
    const ride = await createRide({ organizerId: friend.user.id, participants: [me.id] });
    const herChat = await chat(browser, ride.id);
    const herTab = await hubOf(browser);

    await new Browser().post("/api/auth/reset/request", { email });
    const token = /reset=(\w+)/.exec((await lastMailTo(email))!)![1]!;
    const confirm = await new Browser().post("/api/auth/reset/confirm", {
      token,
      password: "clave-nueva-2",
    });
    expect(confirm.status).toBe(200);
    await closedAtOnce(herChat, herTab);
  });

  it("account deletion: her sockets close and her hub forgets the rooms she had open", async () => {
    const { ana, bea, ride } = await rideWithTwo({ startsIn: 72 * HOUR });
    const beaOwn = await createRide({ organizerId: bea.user.id, participants: [ana.user.id] });
    const inHers = await chat(ana.browser, ride.id);
    const inBeas = await chat(ana.browser, beaOwn.id);
    const tab = await hubOf(ana.browser);
    const hub = env.USER_HUB.get(env.USER_HUB.idFromName(ana.user.id));
    const rooms = () =>
      runInDurableObject(hub, (_, state) =>
        state.storage.sql.exec("SELECT ride_id FROM rooms ORDER BY ride_id").toArray(),
      );
    expect((await rooms()).map((r) => r.ride_id)).toEqual([ride.id, beaOwn.id].sort());

    expect((await ana.browser.delete("/api/account")).status).toBe(200);
    await vi.waitFor(() => {
      for (const socket of [inHers, inBeas, tab]) expect(socket.closed).not.toBeNull();
    });
    await vi.waitFor(async () => expect(await rooms()).toEqual([]));
  });

  it("the hub drops a room once she has no socket left in it", async () => {
    const { ana, ride } = await rideWithTwo();
    const first = await chat(ana.browser, ride.id);
    first.close();
    await vi.waitFor(async () => {
      const room = env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(ride.id));
      expect(await room.connectionCount()).toBe(0);
    });
    const phone = await secondDevice(ana.user.id);
    const phoneTab = await hubOf(phone);
    expect((await ana.browser.post("/api/auth/logout")).status).toBe(200);
    const hub = env.USER_HUB.get(env.USER_HUB.idFromName(ana.user.id));
    await vi.waitFor(async () => {
      const rows = await runInDurableObject(hub, (_, state) =>
        state.storage.sql.exec("SELECT ride_id FROM rooms").toArray(),
      );
      expect(rows).toEqual([]);
    });
    stillOpen(phoneTab);
    open.push(first);
  });

  it("her group chats too: 'Cerrar sesión en todos los dispositivos' closes every one of hers", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const group = await createGroup({ leaderId: bea.user.id, members: [ana.user.id] });
    const other = await createGroup({ leaderId: ana.user.id });
    const phone = await secondDevice(ana.user.id);
    const hers = [
      await groupChat(ana.browser, group.slug),
      await groupChat(ana.browser, other.slug),
      await groupChat(phone, group.slug),
    ];
    const rideChat = await chat(ana.browser, ride.id);
    const beaChat = await groupChat(bea.browser, group.slug);

    expect((await ana.browser.post("/api/auth/logout-everywhere")).status).toBe(200);
    // Closed by the time she has the answer, as her ride chat is, with its code and reason.
    for (const socket of [...hers, rideChat]) {
      expect(socket.closed ?? (await vi.waitFor(() => socket.closed!))).toEqual(ended);
    }
    await closedAtOnce(...hers);
    await beaChat.delivered();
    stillOpen(beaChat);
  });

  it("her group chats too: a logout closes only that session's sockets", async () => {
    const { ana, bea } = await rideWithTwo();
    const group = await createGroup({ leaderId: bea.user.id, members: [ana.user.id] });
    const phone = await secondDevice(ana.user.id);
    const here = await groupChat(ana.browser, group.slug);
    const phoneChat = await groupChat(phone, group.slug);
    const beaChat = await groupChat(bea.browser, group.slug);

    expect((await ana.browser.post("/api/auth/logout")).status).toBe(200);
    await closedAtOnce(here);
    await requestsSettled();
    await Promise.all([phoneChat, beaChat].map((socket) => socket.delivered()));
    stillOpen(phoneChat, beaChat);
  });
});
