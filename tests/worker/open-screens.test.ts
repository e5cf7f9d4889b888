// Her open screens go stale when someone else changes what she sees of a ride: a rider joins or
// leaves (the places, 'Participantes n/max'), a place frees and the first in line gets it (she is
// now 1st, not 2nd), someone leaves the line, the organizer takes a rider out ('Quitarla de la
// salida') or edits the ride. Everyone who sees the ride's riders (its participants, those in
// line, those who asked for a place; on a grupeta, those of its other dates) gets one
// 'ride-changed' frame (only the ride's id) on her UserHub and her app reads the ride again;
// nobody else gets one. On the ride day, open chats hear the rider join (a 'participant' frame)
// and read the group and the check-ins again.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CLOSE_CODES } from "../../domain/chat-protocol.ts";
import type { NotificationFrame } from "../../domain/notification-frame.ts";
import type { RideDayState } from "../../domain/ride-day.ts";
import { createRide, HOUR, type signedIn } from "./helpers/factories.ts";
import { json } from "./helpers/http.ts";
import {
  drained,
  framesSoFar,
  hubsClosedAfterEach,
  rideChanged,
  rideChangesSoFar,
  rider,
} from "./helpers/hubs.ts";
import { rideBody } from "./helpers/rides.ts";
import { block, moderator } from "./helpers/safety.ts";
import { createSeries, datesOf } from "./helpers/series.ts";
import { socketsClosedAfterEach, type TestSocket } from "./helpers/sockets.ts";

const hubOf = hubsClosedAfterEach();
const sockets = socketsClosedAfterEach();
afterEach(() => vi.useRealTimers());

type Rider = Awaited<ReturnType<typeof signedIn>>;

/** A full ride of `cap` places (organizer + riders) and `waiting` riders in line, in order. */
async function fullRide(cap: number, waiting: number) {
  const organizer = await rider();
  const riders = await Promise.all(Array.from({ length: cap - 1 }, () => rider()));
  const ride = await createRide({
    organizerId: organizer.user.id,
    participants: riders.map((r) => r.user.id),
    maxParticipants: cap,
    startsIn: 48 * HOUR,
  });
  const queue: Rider[] = [];
  for (let i = 0; i < waiting; i++) {
    const next = await rider();
    expect((await next.browser.post(`/api/rides/${ride.id}/waiting-list`)).status).toBe(200);
    queue.push(next);
  }
  return { organizer, riders, ride, queue };
}

const placeOf = async (who: Rider, rideId: string) =>
  (await json(await who.browser.get(`/api/rides/${rideId}`))).ride.viewer.waitingPosition;

/** Exactly one frame, with the ride's id and nothing else, reached each of them. */
async function toldOnce(rideId: string, ...told: [Rider, TestSocket][]) {
  for (const [who, hub] of told) {
    expect(await rideChangesSoFar(who, hub)).toEqual([{ type: "ride-changed", rideId }]);
  }
}

/** Nothing at all reached them. */
async function toldNothing(...others: [Rider, TestSocket][]) {
  for (const [who, hub] of others) expect(await framesSoFar(who, hub)).toEqual([]);
}

describe("a 'ride-changed' frame to everyone who sees the ride's riders", () => {
  it("a rider joins: the organizer and the riders in it are told, once, and nobody else", async () => {
    const [organizer, bea, cris, dora] = await Promise.all([rider(), rider(), rider(), rider()]);
    const ride = await createRide({ organizerId: organizer.user.id, participants: [bea.user.id] });
    const hubs = await Promise.all([organizer, bea, dora].map(hubOf));

    expect((await cris.browser.post(`/api/rides/${ride.id}/join`)).status).toBe(200);

    await toldOnce(ride.id, [organizer, hubs[0]!], [bea, hubs[1]!]);
    // Dora has nothing to do with the ride.
    await toldNothing([dora, hubs[2]!]);
  });

  it("a place frees and the first in line gets it: those still waiting and those riding are told once, nobody else", async () => {
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

    expect((await riders[0]!.browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(200);

    // One frame each for the leave and the promotion it made, with the ride's id only: she reads
    // the rest through the API.
    await toldOnce(
      ride.id,
      [bea!, beaHub],
      [cris!, crisHub],
      [organizer, orgHub],
      [riders[1]!, stayingHub],
    );
    expect(await placeOf(bea!, ride.id)).toBe(1);
    expect(await placeOf(cris!, ride.id)).toBe(2);
    await toldNothing([dora, doraHub]);
  });

  it("someone ahead leaves the line: those behind her and the riders are told, no other list", async () => {
    const { organizer, ride, queue } = await fullRide(2, 3);
    const [ana, bea, cris] = queue;
    const other = await fullRide(2, 1);
    const dora = other.queue[0]!;
    const [beaHub, crisHub, orgHub, doraHub] = await Promise.all([
      hubOf(bea!),
      hubOf(cris!),
      hubOf(organizer),
      hubOf(dora),
    ]);

    expect((await ana!.browser.delete(`/api/rides/${ride.id}/waiting-list`)).status).toBe(200);

    await toldOnce(ride.id, [bea!, beaHub], [cris!, crisHub], [organizer, orgHub]);
    expect(await placeOf(bea!, ride.id)).toBe(1);
    await toldNothing([dora, doraHub]);
  });

  it("'Quitarla de la salida': the removed rider's tabs are told and her chat closes; the others read the ride again", async () => {
    const { organizer, riders, ride, queue } = await fullRide(3, 1);
    const [removed, staying] = riders;
    const removedHub = await hubOf(removed!);
    const stayingHub = await hubOf(staying!);
    const removedChat = await sockets.chat(removed!.browser, ride.id);
    await block(organizer.browser, removed!.user.id);

    const res = await organizer.browser.delete(
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
    // The first in line got the place; the rider who stays reads the ride again.
    expect(
      (await json(await queue[0]!.browser.get(`/api/rides/${ride.id}`))).ride.viewer,
    ).toMatchObject({ joined: true });
    await toldOnce(ride.id, [staying!, stayingHub]);
  });

  it("an edit: those in line are told, and the riders besides the chat's notice", async () => {
    const { organizer, riders, ride, queue } = await fullRide(2, 2);
    const hubs = await Promise.all(queue.map(hubOf));
    const riderHub = await hubOf(riders[0]!);

    const res = await organizer.browser.put(
      `/api/rides/${ride.id}`,
      rideBody({ title: "Vuelta al pantano, a las nueve", maxParticipants: 2 }),
    );
    expect(res.status).toBe(200);

    await toldOnce(ride.id, [queue[0]!, hubs[0]!], [queue[1]!, hubs[1]!]);
    await riderHub.nextRaw((f) => (f as NotificationFrame).type === "unread");
    await toldOnce(ride.id, [riders[0]!, riderHub]);
  });

  it("a rider ahead in line is suspended or deletes her account: those behind are told", async () => {
    const { ride, queue } = await fullRide(2, 3);
    const [ana, bea, cris] = queue;
    const crisHub = await hubOf(cris!);

    expect((await ana!.browser.delete("/api/account")).status).toBe(200);
    await toldOnce(ride.id, [cris!, crisHub]);
    expect(await placeOf(cris!, ride.id)).toBe(2);

    const mod = drained(await moderator());
    const suspend = await mod.browser.post(`/api/moderation/users/${bea!.user.id}/suspend`, {
      reason: "Incumple las normas",
    });
    expect(suspend.status).toBe(200);
    await crisHub.nextRaw(rideChanged(ride.id));
    expect(await placeOf(cris!, ride.id)).toBe(1);
  });

  it("a block takes a rider off a list: those behind her are told, the pair never", async () => {
    const { riders, ride, queue } = await fullRide(2, 2);
    const [eva, fina] = queue;
    const riding = riders[0]!;
    const [evaHub, finaHub, ridingHub] = await Promise.all([
      hubOf(eva!),
      hubOf(fina!),
      hubOf(riding),
    ]);

    // The rider blocks Eva, 1st in line: Eva leaves the list, silently; Fina moves up.
    await block(riding.browser, eva!.user.id);

    await toldOnce(ride.id, [fina!, finaHub]);
    expect(await placeOf(fina!, ride.id)).toBe(1);
    await toldNothing([eva!, evaHub], [riding, ridingHub]);
  });

  it("a grupeta: a rider of another date is told of a join, with her own date's id", async () => {
    const organizer = await rider();
    const { seriesId } = await createSeries(organizer.browser);
    const [first, second] = await datesOf(seriesId);
    const [bea, cris, dora] = await Promise.all([rider(), rider(), rider()]);
    expect((await bea.browser.post(`/api/rides/${first!.id}/join`)).status).toBe(200);
    await createRide({ organizerId: dora.user.id });
    const [beaHub, doraHub] = await Promise.all([hubOf(bea), hubOf(dora)]);

    expect((await cris.browser.post(`/api/rides/${second!.id}/join`)).status).toBe(200);

    // Her page of the first date lists the series' next dates with their places.
    await toldOnce(first!.id, [bea, beaHub]);
    await toldNothing([dora, doraHub]);
  });
});

describe("the ride day: open chats hear a rider join inside the window", () => {
  it("the organizer's chat gets 'participant', and the group and the check-ins asked again list her", async () => {
    const [organizer, bea, cris] = await Promise.all([rider(), rider(), rider()]);
    const ride = await createRide({
      organizerId: organizer.user.id,
      participants: [bea.user.id],
      startsIn: 10 * 60_000,
    });
    const chat = await sockets.chat(organizer.browser, ride.id);
    chat.send({ type: "live-join" });
    const before = await chat.next("live-state");
    expect(before.riders.map((r) => r.userId)).not.toContain(cris.user.id);

    expect((await cris.browser.post(`/api/rides/${ride.id}/join`)).status).toBe(200);

    expect(await chat.next("participant")).toEqual({
      type: "participant",
      event: "joined",
      userId: cris.user.id,
    });
    // What her open map and check-in panel read on it.
    chat.send({ type: "live-join" });
    const after = await chat.next("live-state");
    expect(after.riders.map((r) => r.userId)).toContain(cris.user.id);
    const state = (await json(
      await organizer.browser.get(`/api/rides/${ride.id}/ride-day`),
    )) as RideDayState;
    expect(state.checkIns?.missing.map((p) => p.userId)).toContain(cris.user.id);
  });
});
