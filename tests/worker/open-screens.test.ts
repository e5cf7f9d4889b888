// Her open screens go stale when someone else changes what she sees of a ride: a place frees and
// the first in line gets it (she is now 1st, not 2nd), someone ahead leaves the line, the
// organizer takes her out of the ride ('Quitarla de la salida') or edits the ride she waits for.
// Each affected rider's UserHub gets a 'ride-changed' frame (only the ride's id) and her app
// reads the ride again; nobody else gets one.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CLOSE_CODES } from "../../domain/chat-protocol.ts";
import type { NotificationFrame } from "../../domain/notification-frame.ts";
import { createRide, HOUR, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { rideBody } from "./helpers/rides.ts";
import { moderator } from "./helpers/safety.ts";
import { openChat, openSocket, type TestSocket } from "./helpers/sockets.ts";

const open: TestSocket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

type Rider = Awaited<ReturnType<typeof signedIn>>;

/** Her app's notification channel, once the hub accepted it. */
async function hubOf(who: Rider) {
  const { res, socket } = await openSocket(who.browser, "/api/notifications/socket");
  if (!socket) throw new Error(`notification socket refused: ${res.status}`);
  open.push(socket);
  await socket.nextRaw((f) => (f as NotificationFrame).type === "ready");
  return socket;
}

/**
 * Her browser, whose requests answer only once their background work (the hub frames) is done:
 * after it, a frame that was going to be sent has been.
 */
function drained(who: { browser: Browser }) {
  const browser = new Browser({ env: {} });
  for (const [name, value] of who.browser.cookies) browser.cookies.set(name, value);
  return browser;
}

const rideChanged = (rideId: string) => (f: unknown) =>
  (f as NotificationFrame).type === "ride-changed" && (f as { rideId?: string }).rideId === rideId;

/**
 * Every frame her hub sent her so far. The work that could send one was drained first; a frame
 * sent now through her hub arrives after anything sent before it, so waiting for it is enough.
 */
async function framesSoFar(who: Rider, socket: TestSocket) {
  const marker = `marker-${crypto.randomUUID()}`;
  await env.USER_HUB.get(env.USER_HUB.idFromName(who.user.id)).notify({
    type: "ride-changed",
    rideId: marker,
  });
  await socket.nextRaw(rideChanged(marker));
  return socket.frames.filter((f) => (f as NotificationFrame).type !== "ready");
}

/** A full ride of `cap` places (organizer + riders) and `waiting` riders in line, in order. */
async function fullRide(cap: number, waiting: number) {
  const organizer = await signedIn();
  const riders = await Promise.all(Array.from({ length: cap - 1 }, () => signedIn()));
  const ride = await createRide({
    organizerId: organizer.user.id,
    participants: riders.map((r) => r.user.id),
    maxParticipants: cap,
    startsIn: 48 * HOUR,
  });
  const queue: Rider[] = [];
  for (let i = 0; i < waiting; i++) {
    const rider = await signedIn();
    expect((await rider.browser.post(`/api/rides/${ride.id}/waiting-list`)).status).toBe(200);
    queue.push(rider);
  }
  return { organizer, riders, ride, queue };
}

const placeOf = async (who: Rider, rideId: string) =>
  (await json(await who.browser.get(`/api/rides/${rideId}`))).ride.viewer.waitingPosition;

describe("a 'ride-changed' frame to those whose view of the ride changed", () => {
  it("a place frees and the first in line gets it: everyone still waiting is told, nobody else", async () => {
    const { organizer, riders, ride, queue } = await fullRide(3, 3);
    const [, bea, cris] = queue;
    // Dora waits for another ride; riders[1] stays in this one.
    const other = await fullRide(2, 1);
    const dora = other.queue[0]!;
    const [beaHub, crisHub, orgHub, stayingHub, doraHub] = await Promise.all([
      hubOf(bea!),
      hubOf(cris!),
      hubOf(organizer),
      hubOf(riders[1]!),
      hubOf(dora),
    ]);
    expect(await placeOf(bea!, ride.id)).toBe(2);

    expect((await drained(riders[0]!).post(`/api/rides/${ride.id}/leave`)).status).toBe(200);

    // Only the ride's id: she reads the rest through the API.
    expect(await beaHub.nextRaw(rideChanged(ride.id))).toEqual({
      type: "ride-changed",
      rideId: ride.id,
    });
    await crisHub.nextRaw(rideChanged(ride.id));
    expect(await placeOf(bea!, ride.id)).toBe(1);
    expect(await placeOf(cris!, ride.id)).toBe(2);
    // The organizer and the rider who stays hear of the arrival through the chat as before
    // (an 'unread' frame), and Dora of nothing at all.
    for (const [who, hub] of [
      [organizer, orgHub],
      [riders[1]!, stayingHub],
    ] as const) {
      const frames = await framesSoFar(who, hub);
      expect(frames.filter((f) => (f as NotificationFrame).type === "ride-changed")).toEqual([]);
    }
    expect(await framesSoFar(dora, doraHub)).toEqual([]);
  });

  it("someone ahead leaves the line: those behind her are told, no other list", async () => {
    const { ride, queue } = await fullRide(2, 3);
    const [ana, bea, cris] = queue;
    const other = await fullRide(2, 1);
    const dora = other.queue[0]!;
    const [beaHub, crisHub, doraHub] = await Promise.all([hubOf(bea!), hubOf(cris!), hubOf(dora)]);

    expect((await drained(ana!).delete(`/api/rides/${ride.id}/waiting-list`)).status).toBe(200);

    await beaHub.nextRaw(rideChanged(ride.id));
    await crisHub.nextRaw(rideChanged(ride.id));
    expect(await placeOf(bea!, ride.id)).toBe(1);
    expect(await framesSoFar(dora, doraHub)).toEqual([]);
  });

  it("'Quitarla de la salida': the removed rider's tabs are told and her chat closes", async () => {
    const { organizer, riders, ride, queue } = await fullRide(3, 1);
    const [removed, staying] = riders;
    const removedHub = await hubOf(removed!);
    const stayingHub = await hubOf(staying!);
    const removedChat = await openChat(removed!.browser, ride.id);
    open.push(removedChat);
    expect((await organizer.browser.post("/api/blocks", { userId: removed!.user.id })).status).toBe(
      200,
    );

    const res = await drained(organizer).delete(
      `/api/rides/${ride.id}/participants/${removed!.user.id}`,
    );
    expect(res.status).toBe(200);

    expect(await removedHub.nextRaw(rideChanged(ride.id))).toEqual({
      type: "ride-changed",
      rideId: ride.id,
    });
    // What her screen then reads: the ride is gone for her (the block), and so is her chat.
    expect((await removed!.browser.get(`/api/rides/${ride.id}`)).status).toBe(404);
    await vi.waitFor(() => expect(removedChat.closed?.code).toBe(CLOSE_CODES.notParticipant));
    // The first in line got the place; the rider who stays is not told anything of the kind.
    expect(
      (await json(await queue[0]!.browser.get(`/api/rides/${ride.id}`))).ride.viewer,
    ).toMatchObject({
      joined: true,
    });
    const frames = await framesSoFar(staying!, stayingHub);
    expect(frames.filter((f) => (f as NotificationFrame).type === "ride-changed")).toEqual([]);
  });

  it("an edit of the ride she waits for: those in line are told", async () => {
    const { organizer, riders, ride, queue } = await fullRide(2, 2);
    const hubs = await Promise.all(queue.map(hubOf));
    const riderHub = await hubOf(riders[0]!);

    const res = await drained(organizer).put(
      `/api/rides/${ride.id}`,
      rideBody({ title: "Vuelta al pantano, a las nueve", maxParticipants: 2 }),
    );
    expect(res.status).toBe(200);

    for (const hub of hubs) await hub.nextRaw(rideChanged(ride.id));
    // Her fellow rider hears of it from the chat's notice (an 'unread' frame, which refreshes
    // her screens too), as before: nothing more.
    await riderHub.nextRaw((f) => (f as NotificationFrame).type === "unread");
    const frames = await framesSoFar(riders[0]!, riderHub);
    expect(frames.filter((f) => (f as NotificationFrame).type === "ride-changed")).toEqual([]);
  });

  it("a rider ahead in line is suspended or deletes her account: those behind are told", async () => {
    const { ride, queue } = await fullRide(2, 3);
    const [ana, bea, cris] = queue;
    const crisHub = await hubOf(cris!);

    expect((await drained(ana!).delete("/api/account")).status).toBe(200);
    await crisHub.nextRaw(rideChanged(ride.id));
    expect(await placeOf(cris!, ride.id)).toBe(2);

    const mod = await moderator();
    const suspend = await drained(mod).post(`/api/moderation/users/${bea!.user.id}/suspend`, {
      reason: "Incumple las normas",
    });
    expect(suspend.status).toBe(200);
    await crisHub.nextRaw(rideChanged(ride.id));
    expect(await placeOf(cris!, ride.id)).toBe(1);
  });
});
