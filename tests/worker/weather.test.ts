// Weather at the start (docs/product.md#weather-at-the-start): the forecast from 7 days before,
// cached per ride and hour, left out silently when the provider fails or is slow; and the
// organizer's "¿Sigue en pie?" 12 hours before the start. The provider is a stand-in: no test
// reaches the network.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pushTexts } from "../../domain/push.ts";
import {
  type Forecast,
  type RideWeatherResponse,
  WEATHER_TEXTS,
  warningSummary,
} from "../../domain/weather.ts";
import { replaceWeatherProvider, type WeatherProvider } from "../../worker/weather/provider.ts";
import { requestsSettled } from "./helpers/background.ts";
import { createRide, HOUR, rideWithTwo, signedIn, signedInMany } from "./helpers/factories.ts";
import { json, sendUntilLimited } from "./helpers/http.ts";
import { eventually, pushServiceStandIn } from "./helpers/push-service.ts";
import { messagesOf } from "./helpers/rides.ts";
import { runRoomJobNow } from "./helpers/room-alarm.ts";

const DAY = 24 * HOUR;
const MILD: Forecast = { temperatureC: 16, rainChancePct: 10, windKmh: 12, icon: "sun" };
const STORMY: Forecast = { temperatureC: 9, rainChancePct: 80, windKmh: 45, icon: "storm" };

/** A stand-in provider answering `answer`, counting the calls and the hours asked for. */
function standIn(answer: (hourStart: number, signal: AbortSignal) => Promise<Forecast | null>) {
  const calls: { lat: number; lon: number; hourStart: number }[] = [];
  const provider: WeatherProvider = {
    forecast(lat, lon, hourStart, signal) {
      calls.push({ lat, lon, hourStart });
      return answer(hourStart, signal);
    },
  };
  return { calls, restore: replaceWeatherProvider(provider) };
}

/**
 * A call for a ride more than 13 hours ahead: every ride these tests count calls for. A ride of
 * an earlier test in this file that starts within 12 hours may ask the stand-in too, whenever its
 * room's '¿Sigue en pie?' job runs (an alarm no test waits for), as a shuffled run once did.
 */
const isOwnCall = (hourStart: number) => hourStart > Date.now() + 13 * HOUR;
const ownCalls = <Call extends { hourStart: number }>(calls: Call[]) =>
  calls.filter((call) => isOwnCall(call.hourStart));

let restore: (() => void) | undefined;
afterEach(() => restore?.());

async function weatherOf(browser: Awaited<ReturnType<typeof signedIn>>["browser"], id: string) {
  const res = await browser.get(`/api/rides/${id}/weather`);
  expect(res.status).toBe(200);
  return (await json(res)) as RideWeatherResponse;
}

describe("the forecast on the ride page", () => {
  it("is the provider's for the meeting pin at the start hour, asked once per ride and hour", async () => {
    const stub = standIn(async () => STORMY);
    restore = stub.restore;
    const { ana, bea, ride } = await rideWithTwo({
      startsIn: 3 * DAY,
      pin: { lat: 40.4168, lon: -3.7038 },
    });
    expect(await weatherOf(bea.browser, ride.id)).toEqual({
      forecast: STORMY,
      warnings: ["rain", "wind"],
      stillOn: false,
    });
    expect(await weatherOf(ana.browser, ride.id)).toEqual({
      forecast: STORMY,
      warnings: ["rain", "wind"],
      stillOn: false,
    });
    expect(ownCalls(stub.calls)).toHaveLength(1);
    const call = ownCalls(stub.calls)[0]!;
    expect([call.lat, call.lon]).toEqual([40.4168, -3.7038]);
    expect(call.hourStart % HOUR).toBe(0);
  });

  it("without a pin, is asked for the city's centre", async () => {
    const stub = standIn(async () => MILD);
    restore = stub.restore;
    const { bea, ride } = await rideWithTwo({ startsIn: 2 * DAY });
    expect((await weatherOf(bea.browser, ride.id)).forecast).toEqual(MILD);
    expect(ownCalls(stub.calls)).toHaveLength(1);
  });

  it("is not asked for more than 7 days ahead, nor for a cancelled ride", async () => {
    const stub = standIn(async () => MILD);
    restore = stub.restore;
    const { bea, ride } = await rideWithTwo({ startsIn: 8 * DAY });
    expect(await weatherOf(bea.browser, ride.id)).toEqual({
      forecast: null,
      warnings: [],
      stillOn: false,
    });
    const cancelled = await rideWithTwo({ startsIn: DAY, status: "cancelled" });
    expect((await weatherOf(cancelled.bea.browser, cancelled.ride.id)).forecast).toBeNull();
    expect(ownCalls(stub.calls)).toEqual([]);
  });

  it("a provider failure leaves the forecast out, and the ride page answers as always", async () => {
    const stub = standIn(async () => {
      throw new Error("503 from the provider");
    });
    restore = stub.restore;
    const { bea, ride } = await rideWithTwo({ startsIn: 2 * DAY });
    expect(await weatherOf(bea.browser, ride.id)).toEqual({
      forecast: null,
      warnings: [],
      stillOn: false,
    });
    expect((await bea.browser.get(`/api/rides/${ride.id}`)).status).toBe(200);
    // The failure is remembered for the hour: the provider is not asked on every visit.
    await weatherOf(bea.browser, ride.id);
    expect(ownCalls(stub.calls)).toHaveLength(1);
  });

  it("a provider that does not answer is given up after 2 seconds; the detail never waits for it", async () => {
    let aborted = false;
    const stub = standIn(
      (_, signal) =>
        new Promise<never>(() => {
          signal.addEventListener("abort", () => {
            aborted = true;
          });
        }),
    );
    restore = stub.restore;
    const warn = vi.spyOn(console, "warn");
    const { bea, ride } = await rideWithTwo({ startsIn: 2 * DAY });
    // The detail does not ask the provider at all: the forecast is its own request.
    expect((await bea.browser.get(`/api/rides/${ride.id}`)).status).toBe(200);
    expect(ownCalls(stub.calls)).toEqual([]);
    const start = Date.now();
    expect(await weatherOf(bea.browser, ride.id)).toEqual({
      forecast: null,
      warnings: [],
      stillOn: false,
    });
    const took = Date.now() - start;
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(4000);
    expect(aborted).toBe(true);
    // Riders see nothing wrong; the log says it.
    expect(warn).toHaveBeenCalledWith("weather provider gave no answer in time");
    warn.mockRestore();
  });

  it("an answer without the start hour leaves the forecast out, with a warning in the log", async () => {
    const stub = standIn(async () => null);
    restore = stub.restore;
    const warn = vi.spyOn(console, "warn");
    const { bea, ride } = await rideWithTwo({ startsIn: 2 * DAY });
    expect((await weatherOf(bea.browser, ride.id)).forecast).toBeNull();
    expect(warn).toHaveBeenCalledWith("weather provider had no forecast for the hour");
    warn.mockRestore();
  });
});

describe("one provider call per ride and hour, however many ask at once", () => {
  /** A provider slow enough (50 ms) for the asks below to overlap. */
  const slowly = (forecast: Forecast) => () =>
    new Promise<Forecast>((resolve) => setTimeout(() => resolve(forecast), 50));

  it("12 riders opening a ride's page at once: one call, the same forecast for each", async () => {
    const stub = standIn(slowly(MILD));
    restore = stub.restore;
    const ana = await signedIn();
    const riders = await signedInMany(Array.from({ length: 12 }, () => ({})));
    // A place of its own: the calls counted are this ride's (see the next test).
    const pin = { lat: 41.2345, lon: -3.1234 };
    const ride = await createRide({
      organizerId: ana.user.id,
      participants: riders.map((rider) => rider.user.id),
      startsIn: 2 * DAY,
      pin,
    });
    const answers = await Promise.all(riders.map((rider) => weatherOf(rider.browser, ride.id)));
    expect(answers.map((answer) => answer.forecast)).toEqual(riders.map(() => MILD));
    expect(stub.calls.filter((call) => call.lat === pin.lat && call.lon === pin.lon)).toHaveLength(
      1,
    );
  });

  it("5 rides each opened by 4 riders at once: one call per ride", async () => {
    const stub = standIn(slowly(STORMY));
    restore = stub.restore;
    const ana = await signedIn();
    const riders = await signedInMany([{}, {}, {}, {}]);
    // Five places, so each call can be told apart by where it asked.
    const pins = [0, 1, 2, 3, 4].map((i) => ({ lat: 40.41 + i / 100, lon: -3.7 }));
    const rides = await Promise.all(
      pins.map((pin) =>
        createRide({
          organizerId: ana.user.id,
          participants: riders.map((rider) => rider.user.id),
          startsIn: 2 * DAY,
          pin,
        }),
      ),
    );
    const answers = await Promise.all(
      rides.flatMap((ride) => riders.map((rider) => weatherOf(rider.browser, ride.id))),
    );
    expect(answers.every((answer) => answer.forecast?.icon === STORMY.icon)).toBe(true);
    // Only the calls for these five places: a ride of an earlier file in this workerd may ask
    // the stand-in too, from its room's own job ('¿Sigue en pie?'), as a shuffled run once did.
    const here = stub.calls.filter((call) => call.lon === -3.7);
    expect(here.map((call) => call.lat).sort((a, b) => a - b)).toEqual(pins.map((pin) => pin.lat));
  });

  it("a provider failure is one line in the log, once, however many asked", async () => {
    // Fails for this test's ride only: an earlier test's ride asking too (see ownCalls) gets an
    // answer, and so logs nothing.
    const stub = standIn((hourStart) =>
      isOwnCall(hourStart)
        ? new Promise<never>((_, reject) =>
            setTimeout(
              () => reject(new Error("503 Service Unavailable\n<html>\n<body>down</body>")),
              50,
            ),
          )
        : Promise.resolve(MILD),
    );
    restore = stub.restore;
    const warn = vi.spyOn(console, "warn");
    const { ana, bea, ride } = await rideWithTwo({ startsIn: 2 * DAY });
    const answers = await Promise.all(
      [ana, bea, ana, bea].map((rider) => weatherOf(rider.browser, ride.id)),
    );
    expect(answers.map((answer) => answer.forecast)).toEqual([null, null, null, null]);
    expect(ownCalls(stub.calls)).toHaveLength(1);
    expect(warn.mock.calls).toEqual([
      ["weather provider failed: Error: 503 Service Unavailable <html> <body>down</body>"],
    ]);
    warn.mockRestore();
  });

  it("is limited per account, with a clear answer", async () => {
    const { ana, bea, ride } = await rideWithTwo({ startsIn: 2 * DAY });
    const refused = await sendUntilLimited(60, () =>
      bea.browser.get(`/api/rides/${ride.id}/weather`),
    );
    expect(refused.status).toBe(429);
    expect((await json(refused)).error).toEqual({
      code: "rate_limited",
      message:
        "Has consultado el tiempo muchas veces seguidas. Espera un minuto y vuelve a intentarlo.",
    });
    // The organizer is not held back by her asks.
    expect((await weatherOf(ana.browser, ride.id)).stillOn).toBe(false);
  });
});

describe("¿Sigue en pie?", () => {
  let service: ReturnType<typeof pushServiceStandIn>;
  beforeEach(() => {
    service = pushServiceStandIn();
  });
  afterEach(() => service.restore());

  const roomOf = (rideId: string) => env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(rideId));

  /** The room's "¿Sigue en pie?" job made due now and fired, as the runtime would 12 h before. */
  async function fireStillOn(rideId: string) {
    await runRoomJobNow(roomOf(rideId), "stillOn", {
      before: (storage) => storage.put("push:ride-id", rideId),
    });
  }

  it("is set 12 hours before the start when a ride is created", async () => {
    const ana = await signedIn();
    const startTime = Date.now() + 2 * DAY;
    const res = await ana.browser.post("/api/rides", {
      title: "Sierra",
      city: "Madrid",
      startTime: new Date(startTime).toISOString(),
      level: "chill",
      modalities: ["road"],
      meetingPoint: "Plaza",
      distanceKm: 40,
      elevationM: 300,
      maxParticipants: null,
      socialTags: [],
      description: "",
    });
    const { ride } = (await json(res)) as { ride: { id: string; startTime: number } };
    await requestsSettled();
    const due = await runInDurableObject(roomOf(ride.id), (_, state) =>
      state.storage.get<number>("alarm:stillOn"),
    );
    expect(due).toBe(ride.startTime - 12 * HOUR);
  });

  it("asks the organizer when the forecast crosses a threshold, and nobody else", async () => {
    restore = standIn(async () => STORMY).restore;
    const { ana, bea, ride } = await rideWithTwo({ startsIn: 11 * HOUR });
    const anaDevice = await service.subscribe(ana.browser);
    const beaDevice = await service.subscribe(bea.browser);
    await fireStillOn(ride.id);
    await eventually(() => expect(service.to(anaDevice)).toHaveLength(1));
    expect(service.to(anaDevice)).toEqual([
      pushTexts.stillOn({ id: ride.id, title: ride.title }, warningSummary(["rain", "wind"])),
    ]);
    expect(service.to(beaDevice)).toEqual([]);
  });

  it("says nothing when the forecast is mild or missing", async () => {
    restore = standIn(async () => MILD).restore;
    const mild = await rideWithTwo({ startsIn: 11 * HOUR });
    const device = await service.subscribe(mild.ana.browser);
    await fireStillOn(mild.ride.id);
    restore();
    restore = standIn(async () => {
      throw new Error("down");
    }).restore;
    const failing = await rideWithTwo({ startsIn: 11 * HOUR });
    const other = await service.subscribe(failing.ana.browser);
    await fireStillOn(failing.ride.id);
    // The alarm handler awaited its push (there was none to send): nothing arrived.
    expect(service.to(device)).toEqual([]);
    expect(service.to(other)).toEqual([]);
  });

  it("'Sigue en pie' posts the organizer's confirmation in the chat once; only she may", async () => {
    const { ana, bea, ride } = await rideWithTwo({ startsIn: 11 * HOUR });
    const stillOnSeenBy = async (browser: typeof bea.browser) =>
      (await json<RideWeatherResponse>(await browser.get(`/api/rides/${ride.id}/weather`))).stillOn;
    expect(await stillOnSeenBy(bea.browser)).toBe(false);
    expect((await bea.browser.post(`/api/rides/${ride.id}/still-on`)).status).toBe(403);
    expect(await messagesOf(ride.id)).toEqual([]);
    // Her tap on the push and on the page, at once, then again: one notice.
    const taps = await Promise.all([
      ana.browser.post(`/api/rides/${ride.id}/still-on`),
      ana.browser.post(`/api/rides/${ride.id}/still-on`),
    ]);
    expect(taps.map((res) => res.status)).toEqual([200, 200]);
    expect((await ana.browser.post(`/api/rides/${ride.id}/still-on`)).status).toBe(200);
    expect((await messagesOf(ride.id)).map((m) => [m.kind, m.body])).toEqual([
      ["system", WEATHER_TEXTS.stillOnNotice],
    ]);
    // The ride page knows, for her and for the riders under the warning.
    expect(await stillOnSeenBy(ana.browser)).toBe(true);
    expect(await stillOnSeenBy(bea.browser)).toBe(true);
    const started = await createRide({ organizerId: ana.user.id, startsIn: -HOUR });
    expect((await ana.browser.post(`/api/rides/${started.id}/still-on`)).status).toBe(409);
  });
});
