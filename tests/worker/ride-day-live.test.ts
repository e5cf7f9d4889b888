// Ride day, live part (docs/product.md#ride-day, docs/security.md#ride-day-positions): the group's
// live positions pass through the ride's room to the open sockets of its participants only,
// inside the window; only the latest fix is kept, in the room's storage, and erased when she
// stops, leaves, is removed or blocked, and when the window ends. "Me he quedado atrás" reaches
// the organizer and the escoba only. Everything here is paced.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { leftBehindPush, POSITION_EVERY_MS } from "../../domain/ride-day-live.ts";
import { rideDayWindow } from "../../domain/time.ts";
import { requestsSettled } from "./helpers/background.ts";
import { createRide, HOUR, signedIn } from "./helpers/factories.ts";
import { json } from "./helpers/http.ts";
import { eventually, pushServiceStandIn } from "./helpers/push-service.ts";
import { runRoomJobNow } from "./helpers/room-alarm.ts";
import { block } from "./helpers/safety.ts";
import { openSocket, socketsClosedAfterEach, type TestSocket } from "./helpers/sockets.ts";

const sockets = socketsClosedAfterEach();
const MIN = 60_000;
const roomOf = (rideId: string) => env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(rideId));

afterEach(() => {
  vi.useRealTimers();
});

/** Ana organizes, Bea, Cris and Dora are in; the ride starts in `startsIn` (inside the window). */
async function rideDay(startsIn = 10 * MIN) {
  const [ana, bea, cris, dora] = await Promise.all([
    signedIn(),
    signedIn(),
    signedIn(),
    signedIn(),
  ]);
  const ride = await createRide({
    organizerId: ana.user.id,
    participants: [bea.user.id, cris.user.id, dora.user.id],
    startsIn,
  });
  return { ana, bea, cris, dora, ride };
}

/** Her chat socket with the group map open ("live-join" answered). */
async function onMap(rider: Awaited<ReturnType<typeof signedIn>>, rideId: string) {
  const socket = await sockets.chat(rider.browser, rideId);
  socket.send({ type: "live-join" });
  const state = await socket.next("live-state");
  return { socket, state };
}

const HERE = { lat: 40.4168, lng: -3.7038, accuracy: 12 };

/** Sends a fix and waits for the room's answer to it (her own fix back, or a refusal). */
async function share(socket: TestSocket, at = HERE) {
  socket.send({ type: "position", ...at });
  return socket.nextRaw<{ type: string; code?: string }>(
    (f) =>
      typeof f === "object" &&
      f !== null &&
      ((f as { type: string }).type === "live-position" ||
        (f as { type: string }).type === "live-refused"),
  );
}

/** The live frames a socket got, once everything the room sent before now has arrived. */
async function liveFramesOf(socket: TestSocket) {
  await socket.delivered();
  return socket.frames.filter(
    (f) =>
      typeof f === "object" && f !== null && String((f as { type: string }).type).startsWith("l"),
  ) as { type: string; fix?: { userId: string }; userId?: string }[];
}

const stored = (rideId: string) => roomOf(rideId).liveStored();

describe("the window", () => {
  it("refuses the group map and every fix before it opens", async () => {
    const { bea, ride } = await rideDay(31 * MIN);
    const socket = await sockets.chat(bea.browser, ride.id);
    socket.send({ type: "live-join" });
    expect(await socket.next("live-refused")).toMatchObject({ code: "window_closed" });
    expect(await share(socket)).toMatchObject({ type: "live-refused", code: "window_closed" });
    expect((await liveFramesOf(socket)).filter((f) => f.type === "live-state")).toEqual([]);
    expect((await stored(ride.id)).positions).toEqual([]);
  });

  it("serves the group inside it, from 30 minutes before the start", async () => {
    const { ana, bea, cris, dora, ride } = await rideDay(29 * MIN);
    const { state } = await onMap(bea, ride.id);
    expect(state.organizerId).toBe(ana.user.id);
    expect(state.riders.map((r) => r.userId).sort()).toEqual(
      [ana.user.id, bea.user.id, cris.user.id, dora.user.id].sort(),
    );
    const { socket } = await onMap(cris, ride.id);
    expect(await share(socket)).toMatchObject({ type: "live-position" });
  });

  it("refuses them after it closes, 6 hours after the start", async () => {
    const { bea, ride } = await rideDay(-6 * HOUR - MIN);
    const socket = await sockets.chat(bea.browser, ride.id);
    socket.send({ type: "live-join" });
    expect(await socket.next("live-refused")).toMatchObject({ code: "window_closed" });
    expect(await share(socket)).toMatchObject({ type: "live-refused", code: "window_closed" });
    expect((await liveFramesOf(socket)).filter((f) => f.type === "live-state")).toEqual([]);
    expect((await stored(ride.id)).positions).toEqual([]);
  });
});

describe("who receives a fix", () => {
  it("the participants with the group map open, and nobody else", async () => {
    const { ana, bea, cris, dora, ride } = await rideDay();
    const outsider = await signedIn();
    const refused = await openSocket(outsider.browser, `/api/rides/${ride.id}/chat/socket`);
    expect(refused.socket).toBeNull();
    expect(refused.res.status).toBe(403);

    const anaMap = await onMap(ana, ride.id);
    const beaMap = await onMap(bea, ride.id);
    // Dora has the chat open but not the map: a socket that never asked inside the window.
    const doraChat = await sockets.chat(dora.browser, ride.id);
    const crisMap = await onMap(cris, ride.id);
    expect(await share(crisMap.socket)).toMatchObject({ type: "live-position" });

    expect(await anaMap.socket.next("live-position")).toMatchObject({
      fix: { userId: cris.user.id, ...HERE },
    });
    expect((await beaMap.socket.next("live-position")).fix.userId).toBe(cris.user.id);
    expect(await liveFramesOf(doraChat)).toEqual([]);
    // A map opened later gets the kept fix.
    const late = await onMap(dora, ride.id);
    expect(late.state.positions.map((p) => p.userId)).toEqual([cris.user.id]);
  });

  it("not a rider she blocked, nor one who blocked her (either way), in the group or the list", async () => {
    const { ana, bea, cris, ride } = await rideDay();
    await block(bea.browser, cris.user.id);
    await requestsSettled();
    const anaMap = await onMap(ana, ride.id);
    const beaMap = await onMap(bea, ride.id);
    const crisMap = await onMap(cris, ride.id);
    expect(beaMap.state.riders.map((r) => r.userId)).not.toContain(cris.user.id);
    expect(crisMap.state.riders.map((r) => r.userId)).not.toContain(bea.user.id);

    await share(crisMap.socket);
    expect(
      (await liveFramesOf(beaMap.socket)).filter((f) => f.fix?.userId === cris.user.id),
    ).toEqual([]);
    await share(beaMap.socket);
    expect(
      (await liveFramesOf(crisMap.socket)).filter((f) => f.fix?.userId === bea.user.id),
    ).toEqual([]);
    // The rest of the group sees both.
    await anaMap.socket.next("live-position", (f) => f.fix.userId === cris.user.id);
    await anaMap.socket.next("live-position", (f) => f.fix.userId === bea.user.id);
    // Nor in what a map opened later is given.
    const again = await onMap(bea, ride.id);
    expect(again.state.positions.map((p) => p.userId)).not.toContain(cris.user.id);
  });

  it("not a rider who left: her socket closes and she gets nothing more", async () => {
    const { ana, cris, ride } = await rideDay();
    const anaMap = await onMap(ana, ride.id);
    const crisMap = await onMap(cris, ride.id);
    expect((await cris.browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(200);
    await requestsSettled();
    await share(anaMap.socket);
    await eventually(() => expect(crisMap.socket.closed?.code).toBe(4003));
    expect(
      crisMap.socket.frames.some((f) => (f as { type?: string }).type === "live-position"),
    ).toBe(false);
    const reopened = await openSocket(cris.browser, `/api/rides/${ride.id}/chat/socket`);
    expect(reopened.res.status).toBe(403);
  });

  it("not a rider the organizer removed", async () => {
    const { ana, bea, ride } = await rideDay();
    const beaMap = await onMap(bea, ride.id);
    await block(ana.browser, bea.user.id);
    const removed = await ana.browser.delete(`/api/rides/${ride.id}/participants/${bea.user.id}`);
    expect(removed.status).toBe(200);
    await requestsSettled();
    await eventually(() => expect(beaMap.socket.closed?.code).toBe(4003));
    const cris = await signedIn();
    await env.DB.prepare("INSERT INTO ride_participants (ride_id, user_id) VALUES (?, ?)")
      .bind(ride.id, cris.user.id)
      .run();
    const crisMap = await onMap(cris, ride.id);
    await share(crisMap.socket);
    expect(
      beaMap.socket.frames.some((f) => (f as { type?: string }).type === "live-position"),
    ).toBe(false);
  });
});

describe("erasure", () => {
  it("'Dejar de compartir' erases her fix and takes her dot off every map", async () => {
    const { ana, bea, ride } = await rideDay();
    const anaMap = await onMap(ana, ride.id);
    const beaMap = await onMap(bea, ride.id);
    await share(beaMap.socket);
    expect((await stored(ride.id)).positions.map((p) => p.userId)).toEqual([bea.user.id]);
    beaMap.socket.send({ type: "position-stop" });
    expect(await anaMap.socket.next("live-gone")).toMatchObject({ userId: bea.user.id });
    expect((await stored(ride.id)).positions).toEqual([]);
  });

  it("leaving erases her fix and her notice", async () => {
    const { ana, bea, ride } = await rideDay();
    const anaMap = await onMap(ana, ride.id);
    const beaMap = await onMap(bea, ride.id);
    await share(beaMap.socket);
    beaMap.socket.send({ type: "left-behind" });
    await beaMap.socket.next("left-behind-sent");
    expect((await stored(ride.id)).notices).toHaveLength(1);
    expect((await bea.browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(200);
    await requestsSettled();
    expect(await anaMap.socket.next("live-gone")).toMatchObject({ userId: bea.user.id });
    expect(await stored(ride.id)).toEqual({ positions: [], notices: [] });
  });

  it("removal by the organizer erases her fix", async () => {
    const { ana, bea, ride } = await rideDay();
    const beaMap = await onMap(bea, ride.id);
    await share(beaMap.socket);
    await block(ana.browser, bea.user.id);
    await requestsSettled();
    // The block alone already erased it; she shares again before being removed.
    await runInDurableObject(roomOf(ride.id), (_, state) => {
      state.storage.sql.exec("DELETE FROM live_pace");
    });
    await share(beaMap.socket);
    expect((await stored(ride.id)).positions.map((p) => p.userId)).toEqual([bea.user.id]);
    expect(
      (await ana.browser.delete(`/api/rides/${ride.id}/participants/${bea.user.id}`)).status,
    ).toBe(200);
    await requestsSettled();
    expect((await stored(ride.id)).positions).toEqual([]);
  });

  it("a block erases both riders' fixes at once", async () => {
    const { bea, cris, ride } = await rideDay();
    await share((await onMap(bea, ride.id)).socket);
    await share((await onMap(cris, ride.id)).socket);
    expect((await stored(ride.id)).positions).toHaveLength(2);
    await block(cris.browser, bea.user.id);
    await requestsSettled();
    expect((await stored(ride.id)).positions).toEqual([]);
  });

  it("the room's alarm erases everything when the window ends, and closes the maps", async () => {
    const { ana, bea, ride } = await rideDay();
    const anaMap = await onMap(ana, ride.id);
    const beaMap = await onMap(bea, ride.id);
    await share(beaMap.socket);
    beaMap.socket.send({ type: "left-behind" });
    await beaMap.socket.next("left-behind-sent");
    const start = (await env.DB.prepare("SELECT start_time AS s FROM rides WHERE id = ?")
      .bind(ride.id)
      .first<{ s: number }>())!.s;
    const due = await runInDurableObject(roomOf(ride.id), (_, state) =>
      state.storage.get<number>("alarm:live-erase"),
    );
    expect(due).toBe(rideDayWindow(start).closesAt);

    // The job made due and run now, once, as the runtime would at its time.
    await runRoomJobNow(roomOf(ride.id), "live-erase");
    expect(await stored(ride.id)).toEqual({ positions: [], notices: [] });
    expect(await anaMap.socket.next("live-refused")).toMatchObject({ code: "window_closed" });
    // Her map no longer listens: a fix after that (were it accepted) would not reach it.
    expect(
      await runInDurableObject(roomOf(ride.id), (_, state) =>
        state.storage.sql.exec("SELECT count(*) AS n FROM live_pace").one(),
      ),
    ).toEqual({ n: 0 });
  });

  it("never writes a position to D1", async () => {
    const { bea, ride } = await rideDay();
    await share((await onMap(bea, ride.id)).socket, {
      lat: 40.123456,
      lng: -3.654321,
      accuracy: 5,
    });
    const tables = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%fts%' AND substr(name, 1, 4) != '_cf_' AND name NOT LIKE 'sqlite%'",
    ).all<{ name: string }>();
    for (const { name } of tables.results) {
      const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
      expect(JSON.stringify(rows.results)).not.toContain("40.123456");
    }
  });
});

describe("rate limits", () => {
  it("takes one fix per rider every 10 seconds", async () => {
    const { bea, ride } = await rideDay();
    const { socket } = await onMap(bea, ride.id);
    expect(await share(socket)).toMatchObject({ type: "live-position" });
    expect(await share(socket, { ...HERE, lat: 40.5 })).toMatchObject({
      type: "live-refused",
      code: "rate_limited",
    });
    expect((await stored(ride.id)).positions[0]?.lat).toBe(HERE.lat);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + POSITION_EVERY_MS);
    expect(await share(socket, { ...HERE, lat: 40.5 })).toMatchObject({ type: "live-position" });
    expect((await stored(ride.id)).positions[0]?.lat).toBe(40.5);
  });

  it("takes 'Me he quedado atrás' once every 2 minutes", async () => {
    const { bea, ride } = await rideDay();
    const socket = await sockets.chat(bea.browser, ride.id);
    socket.send({ type: "left-behind", position: HERE });
    await socket.next("left-behind-sent");
    socket.send({ type: "left-behind", position: HERE });
    expect(await socket.next("live-refused")).toMatchObject({
      of: "left-behind",
      code: "rate_limited",
    });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * MIN);
    socket.send({ type: "left-behind", position: HERE });
    await socket.next("left-behind-sent");
  });
});

describe("'Me he quedado atrás'", () => {
  let service: ReturnType<typeof pushServiceStandIn>;
  beforeEach(() => {
    service = pushServiceStandIn();
  });
  afterEach(() => service.restore());

  it("reaches the organizer and the escoba only: a notice in their chat and a push", async () => {
    const { ana, bea, cris, dora, ride } = await rideDay();
    expect(
      (await ana.browser.put(`/api/rides/${ride.id}/sweeper`, { userId: cris.user.id })).status,
    ).toBe(200);
    const [anaDevice, crisDevice, doraDevice] = await Promise.all([
      service.subscribe(ana.browser),
      service.subscribe(cris.browser),
      service.subscribe(dora.browser),
    ]);
    const anaChat = await sockets.chat(ana.browser, ride.id);
    const crisChat = await sockets.chat(cris.browser, ride.id);
    const doraMap = await onMap(dora, ride.id);
    const beaChat = await sockets.chat(bea.browser, ride.id);
    beaChat.send({ type: "left-behind", position: HERE });
    expect(await beaChat.next("left-behind-sent")).toMatchObject({ told: 2 });

    for (const chat of [anaChat, crisChat]) {
      expect(await chat.next("left-behind")).toMatchObject({
        notice: { userId: bea.user.id, username: bea.user.username, position: HERE },
      });
    }
    const expected = leftBehindPush(ride, bea.user.username!, true);
    await eventually(() => {
      expect(service.to(anaDevice)).toEqual([expected]);
      expect(service.to(crisDevice)).toEqual([expected]);
    });
    expect(await liveFramesOf(doraMap.socket)).toEqual([]);
    expect(service.to(doraDevice)).toEqual([]);
    // The organizer's map, opened later, still shows it; Dora's does not.
    expect((await onMap(ana, ride.id)).state.notices.map((n) => n.userId)).toEqual([bea.user.id]);
    expect((await onMap(dora, ride.id)).state.notices).toEqual([]);
  });

  it("without a position says 'sin ubicación', in the push as in the notice", async () => {
    const { ana, bea, ride } = await rideDay();
    const anaDevice = await service.subscribe(ana.browser);
    const anaChat = await sockets.chat(ana.browser, ride.id);
    const beaChat = await sockets.chat(bea.browser, ride.id);
    beaChat.send({ type: "left-behind" });
    await beaChat.next("left-behind-sent");
    expect(await anaChat.next("left-behind")).toMatchObject({
      notice: { userId: bea.user.id, position: null },
    });
    const push = leftBehindPush(ride, bea.user.username!, false);
    expect(push.title).toBe(`${bea.user.username} se ha quedado atrás · sin ubicación`);
    expect(push.body).not.toContain("dónde está.");
    await eventually(() => expect(service.to(anaDevice)).toEqual([push]));
  });
});

describe("the escoba", () => {
  it("is named by the organizer only, and only among the participants", async () => {
    const { ana, bea, cris, ride } = await rideDay(48 * HOUR);
    const outsider = await signedIn();
    const byRider = await bea.browser.put(`/api/rides/${ride.id}/sweeper`, { userId: bea.user.id });
    expect(byRider.status).toBe(403);
    const notIn = await ana.browser.put(`/api/rides/${ride.id}/sweeper`, {
      userId: outsider.user.id,
    });
    expect(notIn.status).toBe(403);
    expect((await json(notIn)).error.code).toBe("not_participant");
    const named = await ana.browser.put(`/api/rides/${ride.id}/sweeper`, { userId: cris.user.id });
    expect(named.status).toBe(200);
    expect(await json(await bea.browser.get(`/api/rides/${ride.id}/sweeper`))).toEqual({
      sweeperId: cris.user.id,
    });
    expect((await outsider.browser.get(`/api/rides/${ride.id}/sweeper`)).status).toBe(403);
  });

  it("is cleared when she leaves or is removed", async () => {
    const { ana, bea, cris, ride } = await rideDay(48 * HOUR);
    await ana.browser.put(`/api/rides/${ride.id}/sweeper`, { userId: cris.user.id });
    expect((await cris.browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(200);
    expect(await json(await ana.browser.get(`/api/rides/${ride.id}/sweeper`))).toEqual({
      sweeperId: null,
    });
    await ana.browser.put(`/api/rides/${ride.id}/sweeper`, { userId: bea.user.id });
    await block(ana.browser, bea.user.id);
    expect(
      (await ana.browser.delete(`/api/rides/${ride.id}/participants/${bea.user.id}`)).status,
    ).toBe(200);
    await requestsSettled();
    expect(await json(await ana.browser.get(`/api/rides/${ride.id}/sweeper`))).toEqual({
      sweeperId: null,
    });
  });

  it("is marked live on open group maps", async () => {
    const { ana, bea, ride } = await rideDay();
    const beaMap = await onMap(bea, ride.id);
    expect(beaMap.state.sweeperId).toBeNull();
    await ana.browser.put(`/api/rides/${ride.id}/sweeper`, { userId: bea.user.id });
    expect(await beaMap.socket.next("live-sweeper")).toEqual({
      type: "live-sweeper",
      sweeperId: bea.user.id,
    });
  });
});
