// What a ride's room keeps of the ride day (docs/product.md#ride-day, #check-in-and-arrivals:
// live fixes, 'Me he quedado atrás' notices, check-ins and the safety timer, and the paces) goes
// at once when the rider's account is deleted (docs/product.md#account-deletion, ADR 0039, 0040),
// in every room of hers, not hours later with the window's or the ride day's own erasure; and a
// cancelled ride, which has no window, keeps no live position or notice.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { requestsSettled } from "./helpers/background.ts";
import { createRide, signedIn } from "./helpers/factories.ts";
import { moderator } from "./helpers/safety.ts";
import { socketsClosedAfterEach, type TestSocket } from "./helpers/sockets.ts";

const sockets = socketsClosedAfterEach();
const MIN = 60_000;
const roomOf = (rideId: string) => env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(rideId));
type Rider = Awaited<ReturnType<typeof signedIn>>;

/** The room's tables that keep something of a rider, each keyed by her id. */
const HER_TABLES = [
  "live_positions",
  "live_notices",
  "live_pace",
  "ride_day",
  "ride_day_pace",
  "chat_pace",
] as const;

/** How many rows of hers each of the room's tables holds. */
async function heldOf(rideId: string, userId: string) {
  return runInDurableObject(roomOf(rideId), (_, state) =>
    Object.fromEntries(
      HER_TABLES.map((table) => [
        table,
        state.storage.sql
          .exec<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, userId)
          .one().n,
      ]),
    ),
  );
}
const NOTHING = Object.fromEntries(HER_TABLES.map((table) => [table, 0]));

/** Her chat socket with the group map open ("live-join" answered). */
async function onMap(rider: Rider, rideId: string) {
  const socket = await sockets.chat(rider.browser, rideId);
  socket.send({ type: "live-join" });
  await socket.next("live-state");
  return socket;
}

/** A fix, taken (her own comes back). */
async function share(socket: TestSocket) {
  socket.send({ type: "position", lat: 40.4168, lng: -3.7038, accuracy: 12 });
  await socket.next("live-position");
}

/**
 * Everything the ride day can keep of her in this room: a fix, a 'Me he quedado atrás' notice,
 * a chat message (the chat's pace) and a check-in (her safety timer's row).
 */
async function rideDayOf(rider: Rider, rideId: string) {
  const socket = await onMap(rider, rideId);
  await share(socket);
  socket.send({ type: "left-behind" });
  await socket.next("left-behind-sent");
  socket.send({ type: "send", clientId: crypto.randomUUID(), text: "Voy un poco por detrás" });
  await socket.next("ack");
  const res = await rider.browser.post(`/api/rides/${rideId}/ride-day/check-in`);
  expect(res.status, await res.clone().text()).toBe(200);
  // Every table holds something of hers, so the erasure below proves something.
  for (const n of Object.values(await heldOf(rideId, rider.user.id))) expect(n).toBeGreaterThan(0);
  return socket;
}

describe("deleting her account", () => {
  it("erases at once what each room of hers keeps of her ride day, and only hers", async () => {
    const [ana, bea] = await Promise.all([signedIn(), signedIn()]);
    // Ana's ride, which Bea joined, and Bea's own with Ana (cancelled by the deletion).
    const joined = await createRide({
      organizerId: ana.user.id,
      participants: [bea.user.id],
      startsIn: 10 * MIN,
    });
    const hers = await createRide({
      organizerId: bea.user.id,
      participants: [ana.user.id],
      startsIn: 10 * MIN,
    });
    const anaMap = await onMap(ana, joined.id);
    await share(anaMap);
    await rideDayOf(bea, joined.id);
    await rideDayOf(bea, hers.id);

    expect((await bea.browser.delete("/api/account")).status).toBe(200);
    await requestsSettled();

    expect(await heldOf(joined.id, bea.user.id)).toEqual(NOTHING);
    expect(await heldOf(hers.id, bea.user.id)).toEqual(NOTHING);
    // Her dot leaves the open maps; Ana's own fix stays.
    expect(await anaMap.next("live-gone")).toMatchObject({ userId: bea.user.id });
    expect(await roomOf(joined.id).liveStored()).toMatchObject({
      positions: [{ userId: ana.user.id }],
      notices: [],
    });
  });
});

describe("cancelling the ride", () => {
  it("erases the group's live positions and notices at once and closes the maps", async () => {
    const [ana, bea] = await Promise.all([signedIn(), signedIn()]);
    const ride = await createRide({
      organizerId: ana.user.id,
      participants: [bea.user.id],
      startsIn: 10 * MIN,
    });
    const anaMap = await onMap(ana, ride.id);
    await share(anaMap);
    await rideDayOf(bea, ride.id);

    expect((await ana.browser.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(200);
    await requestsSettled();

    expect(await roomOf(ride.id).liveStored()).toEqual({ positions: [], notices: [] });
    expect(await anaMap.next("live-refused")).toMatchObject({ code: "window_closed" });
    // Her check-in stays for the ride day's own erasure, 24 h after the window.
    expect((await heldOf(ride.id, bea.user.id)).ride_day).toBe(1);
  });

  it("as her account's deletion cancels her rides with others", async () => {
    const [ana, bea] = await Promise.all([signedIn(), signedIn()]);
    const ride = await createRide({
      organizerId: bea.user.id,
      participants: [ana.user.id],
      startsIn: 10 * MIN,
    });
    await share(await onMap(ana, ride.id));

    expect((await bea.browser.delete("/api/account")).status).toBe(200);
    await requestsSettled();

    expect(await roomOf(ride.id).liveStored()).toEqual({ positions: [], notices: [] });
  });

  it("as her suspension cancels her rides with others", async () => {
    const [ana, bea, mod] = await Promise.all([signedIn(), signedIn(), moderator()]);
    const ride = await createRide({
      organizerId: bea.user.id,
      participants: [ana.user.id],
      startsIn: 10 * MIN,
    });
    await share(await onMap(ana, ride.id));

    const res = await mod.browser.post(`/api/moderation/users/${bea.user.id}/suspend`, {
      reason: "Acoso en el chat",
    });
    expect(res.status).toBe(200);
    await requestsSettled();

    expect(await roomOf(ride.id).liveStored()).toEqual({ positions: [], notices: [] });
  });
});

describe("what an erasure leaves in the room's storage", () => {
  // An erased row is gone from every read, but SQLite leaves its bytes in free pages and its log
  // until later writes reuse them. `PRAGMA secure_delete` would overwrite them; the platform
  // refuses it, and docs/security.md and the privacy page say so. Should this fail, the platform
  // allows it: turn it on where the room starts, and say so in both.
  it("cannot be overwritten: the platform refuses PRAGMA secure_delete", async () => {
    const room = roomOf("secure-delete");
    await runInDurableObject(room, (_, state) => {
      for (const pragma of ["PRAGMA secure_delete = ON", "PRAGMA secure_delete = FAST"]) {
        expect(() => state.storage.sql.exec(pragma)).toThrow("not authorized: SQLITE_AUTH");
      }
    });
  });
});
