// Ride day (docs/product.md#check-in-and-arrivals), three rules kept at their edges: the overdue
// push leaves out a carer she and they blocked, as the panel and its frame do; the erasure 24 h
// after the window is never lost to D1 failing; and the organizer sees check-ins only while
// check-in is open (ADR 0040).
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { pushTexts } from "../../domain/push.ts";
import type { RideDayState } from "../../domain/ride-day.ts";
import { rideParticipants, rides } from "../../worker/db/schema.ts";
import type { RideDayRide } from "../../worker/ride-room/ride-day-store.ts";
import { wrapD1 } from "./helpers/d1-proxy.ts";
import { createRide, db, HOUR, signedIn } from "./helpers/factories.ts";
import { type Browser, json } from "./helpers/http.ts";
import { eventually, pushServiceStandIn } from "./helpers/push-service.ts";
import { block } from "./helpers/safety.ts";

const MIN = 60_000;
/** createRide's 40 km at 'chill' (15 km/h): 2 h 40 min. */
const ESTIMATE_MIN = 160;

let service: ReturnType<typeof pushServiceStandIn>;
beforeEach(() => {
  service = pushServiceStandIn();
});
afterEach(() => service.restore());

const roomOf = (rideId: string) => env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(rideId));
const url = (rideId: string, path = "") => `/api/rides/${rideId}/ride-day${path}`;

/** Makes a ride-day job due now and fires the room's alarm (ride-day.test.ts's fireNow). */
async function fireNow(rideId: string, job: string) {
  await runInDurableObject(roomOf(rideId), async (_, state) => {
    await state.storage.put(`alarm:${job}`, Date.now() - 1);
    await state.storage.setAlarm(Date.now() + HOUR);
  });
  expect(await runDurableObjectAlarm(roomOf(rideId))).toBe(true);
}

/**
 * Fires the room's alarm once more if `job` is still set (its retry, a minute ahead, made due
 * now); false when the room dropped it.
 */
async function retryIfSet(rideId: string, job: string) {
  const set = await runInDurableObject(roomOf(rideId), async (_, state) => {
    if ((await state.storage.get(`alarm:${job}`)) === undefined) return false;
    await state.storage.put(`alarm:${job}`, Date.now() - 1);
    await state.storage.setAlarm(Date.now() + HOUR);
    return true;
  });
  if (set) expect(await runDurableObjectAlarm(roomOf(rideId))).toBe(true);
  return set;
}

/** Lets `ms` pass for the riders' times the room remembers (ride-day.test.ts's timePasses). */
async function timePasses(rideId: string, ms: number) {
  await runInDurableObject(roomOf(rideId), (_, state) => {
    for (const column of ["checked_in_at", "started_at", "asked_at", "told_at"]) {
      state.storage.sql.exec(
        `UPDATE ride_day SET ${column} = ${column} - ? WHERE ${column} IS NOT NULL`,
        ms,
      );
    }
  });
}

/** The ride's start moves `ms` earlier, in D1 and as the room remembers it: that much passed. */
async function startPasses(rideId: string, ms: number) {
  const row = await db().select().from(rides).where(eq(rides.id, rideId)).get();
  await db()
    .update(rides)
    .set({ startTime: row!.startTime - ms })
    .where(eq(rides.id, rideId));
  await runInDurableObject(roomOf(rideId), async (_, state) => {
    const ride = await state.storage.get<RideDayRide>("ride-day:ride");
    if (ride) await state.storage.put("ride-day:ride", { ...ride, startTime: ride.startTime - ms });
  });
}

/**
 * The room's D1 stops answering until `restore` (every statement fails, as in an outage). The
 * binding is swapped inside the room's env object, which its ride day holds on to.
 */
async function d1DownInRoom(rideId: string) {
  let down = true;
  await runInDurableObject(roomOf(rideId), (instance) => {
    const roomEnv = (instance as unknown as { env: Env }).env;
    roomEnv.DB = wrapD1(roomEnv.DB, {
      prepare: (original) => (query) => {
        if (down) throw new Error("D1_ERROR: Network connection lost.");
        return original(query);
      },
      batch: (original) => (statements) => {
        if (down) throw new Error("D1_ERROR: Network connection lost.");
        return original(statements);
      },
    });
  });
  return {
    restore() {
      down = false;
    },
  };
}

async function checkIn(rider: { browser: Browser }, rideId: string) {
  const res = await rider.browser.post(url(rideId, "/check-in"));
  expect(res.status, await res.clone().text()).toBe(200);
}

/** What the room's storage holds of the ride day (rows and keys). */
async function kept(rideId: string) {
  return runInDurableObject(roomOf(rideId), async (_, state) => ({
    rows: state.storage.sql.exec("SELECT * FROM ride_day").toArray().length,
    keys: [...(await state.storage.list({ prefix: "ride-day:" })).keys()],
  }));
}

/** Ana organizes, Bea and Carla ride; the ride started `startsIn` from now (negative: ago). */
async function rideDay(startsIn: number) {
  const ana = await signedIn();
  const bea = await signedIn();
  const carla = await signedIn();
  const ride = await createRide({
    organizerId: ana.user.id,
    participants: [bea.user.id, carla.user.id],
    startsIn,
  });
  return { ana, bea, carla, ride };
}

describe("the overdue push", () => {
  test("leaves out a carer she and they blocked; the others still hear of her", async () => {
    const { ana, bea, carla, ride } = await rideDay(-(ESTIMATE_MIN * MIN + HOUR + MIN));
    // Dora is the escoba; Bea blocked Ana, her organizer.
    const dora = await signedIn();
    await db().insert(rideParticipants).values({ rideId: ride.id, userId: dora.user.id });
    await db().update(rides).set({ sweeperId: dora.user.id }).where(eq(rides.id, ride.id));
    const devices = {
      ana: await service.subscribe(ana.browser),
      dora: await service.subscribe(dora.browser),
    };
    await block(bea.browser, ana.user.id);
    await checkIn(bea, ride.id);
    await checkIn(carla, ride.id);
    await timePasses(ride.id, ESTIMATE_MIN * MIN + HOUR + 2 * MIN);
    await fireNow(ride.id, "safety-ask");
    await timePasses(ride.id, HOUR);
    await fireNow(ride.id, "safety-tell");

    const ofBea = pushTexts.overdue(ride, bea.user.username!);
    const ofCarla = pushTexts.overdue(ride, carla.user.username!);
    await eventually(() => expect(service.to(devices.dora)).toHaveLength(2));
    expect(service.to(devices.dora)).toEqual(expect.arrayContaining([ofBea, ofCarla]));
    await eventually(() => expect(service.to(devices.ana)).toEqual([ofCarla]));
    // As her panel: Ana's overdue list leaves Bea out.
    const panel = await json<RideDayState>(await ana.browser.get(url(ride.id)));
    expect(panel.overdue?.map((p) => p.userId)).toEqual([carla.user.id]);
  });
});

describe("the erasure 24 h after the window", () => {
  test("is not lost when D1 fails more than the alarm's three tries", async () => {
    const { bea, carla, ride } = await rideDay(-HOUR);
    await checkIn(bea, ride.id);
    await bea.browser.post(url(ride.id, "/arrived"));
    await carla.browser.put(url(ride.id, "/timer"), { on: false });
    expect((await kept(ride.id)).rows).toBe(2);
    // A day and a half later: the window closed more than 24 hours ago.
    await startPasses(ride.id, 6 * HOUR + 24 * HOUR + MIN);
    const d1 = await d1DownInRoom(ride.id);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await fireNow(ride.id, "ride-day-erase");
    for (let tries = 1; tries < 5; tries++) await retryIfSet(ride.id, "ride-day-erase");
    expect(warned).toHaveBeenCalled();
    warned.mockRestore();
    d1.restore();
    await retryIfSet(ride.id, "ride-day-erase");
    expect(await kept(ride.id)).toEqual({ rows: 0, keys: [] });
  });
});

describe("the organizer's check-in view", () => {
  test("exists only while check-in is open, in every answer that carries it", async () => {
    const { ana, bea, carla, ride } = await rideDay(-10 * MIN);
    await checkIn(bea, ride.id);
    const open = await json<RideDayState>(await ana.browser.get(url(ride.id)));
    expect(open.checkIns?.present.map((p) => p.userId)).toEqual([bea.user.id]);
    expect(open.checkIns?.missing.map((p) => p.userId)).toEqual([carla.user.id]);

    // 7 hours after the start: check-in closed an hour ago; arrivals and the timer are still open.
    await startPasses(ride.id, 7 * HOUR - 10 * MIN);
    const read = await json<RideDayState>(await ana.browser.get(url(ride.id)));
    expect(read.checkInOpen).toBe(false);
    expect(read.checkIns).toBeNull();
    const timer = await ana.browser.put(url(ride.id, "/timer"), { on: false });
    expect(timer.status).toBe(200);
    expect((await json<RideDayState>(timer)).checkIns).toBeNull();
    const arrived = await ana.browser.post(url(ride.id, "/arrived"));
    expect(arrived.status).toBe(200);
    expect((await json<RideDayState>(arrived)).checkIns).toBeNull();
    expect(JSON.stringify(await json(await ana.browser.get(url(ride.id))))).not.toContain(
      "present",
    );
  });
});
