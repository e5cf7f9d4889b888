// Which events push, to whom, and when (docs/product.md#web-push), end to end: the API or a chat
// socket acts, the worker (or the ride's room) sends, the stand-in decrypts what arrived.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { CHAT_PUSH_INTERVAL_MS, DEFAULT_PUSH_PREFERENCES, pushTexts } from "../../domain/push.ts";
import { toZonedDateTime } from "../../domain/zones.ts";
import { notifyPlaceFromWaitingList } from "../../worker/push/events.ts";
import { requestsSettled, trackBackgroundWork } from "./helpers/background.ts";
import { createRide, HOUR, rideWithTwo, signedIn } from "./helpers/factories.ts";
import { json } from "./helpers/http.ts";
import { eventually, pushServiceStandIn } from "./helpers/push-service.ts";
import { messagesOf, participantIds, rideBody, rideRow } from "./helpers/rides.ts";
import { runRoomJobNow } from "./helpers/room-alarm.ts";
import { sendFrame, socketsClosedAfterEach } from "./helpers/sockets.ts";

let service: ReturnType<typeof pushServiceStandIn>;
beforeEach(() => {
  service = pushServiceStandIn();
});
afterEach(() => service.restore());
const sockets = socketsClosedAfterEach();

const roomOf = (rideId: string) => env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(rideId));

/** The due time of one of the room's alarm jobs (see worker/rooms/room-alarms.ts). */
async function dueAt(rideId: string, job: string) {
  return runInDurableObject(roomOf(rideId), (_, state) =>
    state.storage.get<number>(`alarm:${job}`),
  );
}

/** Makes a job due now and runs it, as the runtime would at that time (runRoomJobNow). */
async function fireNow(rideId: string, job: string) {
  await runRoomJobNow(roomOf(rideId), job);
}

/** As if her last chat push for the ride was `ago` ms ago. */
async function lastChatPushAgo(rideId: string, userId: string, ago: number) {
  await runInDurableObject(roomOf(rideId), (_, state) =>
    state.storage.put(`push:chat-last:${userId}`, Date.now() - ago),
  );
}

describe("ride edited or cancelled", () => {
  test("her riders are told, the organizer is not; the answer does not wait", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const anaDevice = await service.subscribe(ana.browser);
    const beaDevice = await service.subscribe(bea.browser);
    const res = await ana.browser.put(`/api/rides/${ride.id}`, rideBody({ title: "Nuevo título" }));
    expect(res.status).toBe(200);
    await eventually(() =>
      expect(service.to(beaDevice)).toEqual([
        pushTexts.rideEdited({ id: ride.id, title: "Nuevo título" }),
      ]),
    );
    await requestsSettled();
    expect(service.to(anaDevice)).toEqual([]);

    const cancel = await ana.browser.post(`/api/rides/${ride.id}/cancel`, {
      reason: "Lluvia fuerte",
    });
    expect(cancel.status).toBe(200);
    await eventually(() =>
      expect(service.to(beaDevice)[1]).toEqual(
        pushTexts.rideCancelled({ id: ride.id, title: "Nuevo título" }, "Lluvia fuerte"),
      ),
    );
    expect(service.to(beaDevice)[1]?.body).toContain("Motivo: Lluvia fuerte");
    await requestsSettled();
    expect(service.to(anaDevice)).toEqual([]);
  });

  test("a rider who switched ride changes off hears nothing", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const beaDevice = await service.subscribe(bea.browser);
    await bea.browser.put("/api/push/preferences", {
      ...DEFAULT_PUSH_PREFERENCES,
      rideChanges: false,
    });
    await ana.browser.post(`/api/rides/${ride.id}/cancel`, { reason: null });
    await requestsSettled();
    // The cancellation's background work ran: the reminder went, the push was not sent.
    expect(await dueAt(ride.id, "reminder")).toBeUndefined();
    expect(service.to(beaDevice)).toEqual([]);
  });

  test("a push service that is down changes nothing of the edit", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const beaDevice = await service.subscribe(bea.browser);
    service.answer(beaDevice, "down");
    const res = await ana.browser.put(`/api/rides/${ride.id}`, rideBody({ title: "Sigue" }));
    expect(res.status).toBe(200);
    expect((await json(res)).ride.title).toBe("Sigue");
  });
});

describe("chat messages", () => {
  test("a rider without the chat open gets one push per 5 minutes, with the count", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const beaDevice = await service.subscribe(bea.browser);
    const anaDevice = await service.subscribe(ana.browser);
    const anaChat = await sockets.chat(ana.browser, ride.id);
    const room = await trackBackgroundWork(roomOf(ride.id));
    anaChat.send(sendFrame("¿Quedamos a las 9?"));
    await anaChat.next("ack");
    await eventually(() => expect(service.to(beaDevice)).toEqual([pushTexts.chat(ride, 1)]));
    expect(service.to(beaDevice)[0]?.url).toBe(`/app/ride/${ride.id}/chat`);

    // Two more within the 5 minutes: held back, then one push saying 3.
    anaChat.send(sendFrame("Llevad luces"));
    await anaChat.next("ack");
    anaChat.send(sendFrame("Y agua"));
    await anaChat.next("ack");
    await room.settled();
    expect(await dueAt(ride.id, "chat")).toBeDefined();
    expect(service.to(beaDevice)).toHaveLength(1);
    await lastChatPushAgo(ride.id, bea.user.id, CHAT_PUSH_INTERVAL_MS + 1);
    await fireNow(ride.id, "chat");
    await eventually(() => expect(service.to(beaDevice)).toHaveLength(2));
    expect(service.to(beaDevice)[1]).toEqual(pushTexts.chat(ride, 3));
    // The sender never gets a push for her own messages.
    await room.settled();
    expect(service.to(anaDevice)).toEqual([]);
  });

  test("no push while she has the ride's chat open", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const beaDevice = await service.subscribe(bea.browser);
    await sockets.chat(bea.browser, ride.id);
    const anaChat = await sockets.chat(ana.browser, ride.id);
    const room = await trackBackgroundWork(roomOf(ride.id));
    anaChat.send(sendFrame("Hola"));
    await anaChat.next("ack");
    // The room decides and sends its pushes after the ack, in its background work.
    await room.settled();
    expect(service.to(beaDevice)).toEqual([]);
  });

  test("a held push is dropped when she read the chat meanwhile", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const beaDevice = await service.subscribe(bea.browser);
    const anaChat = await sockets.chat(ana.browser, ride.id);
    anaChat.send(sendFrame("Uno"));
    await anaChat.next("ack");
    await eventually(() => expect(service.to(beaDevice)).toHaveLength(1));
    anaChat.send(sendFrame("Dos"));
    await anaChat.next("ack");
    await eventually(async () => expect(await dueAt(ride.id, "chat")).toBeDefined());
    await bea.browser.post(`/api/rides/${ride.id}/chat/read`);
    await lastChatPushAgo(ride.id, bea.user.id, CHAT_PUSH_INTERVAL_MS + 1);
    await fireNow(ride.id, "chat");
    expect(service.to(beaDevice)).toHaveLength(1);
  });
});

describe("joins and leaves of her ride", () => {
  test("the organizer gets one batched push naming who joined and who left", async () => {
    const ana = await signedIn({ username: "ana_org" });
    const ride = await createRide({ organizerId: ana.user.id, title: "Gravel al alba" });
    const anaDevice = await service.subscribe(ana.browser);
    const riders = await Promise.all(
      ["carla", "dora", "eva"].map((username) => signedIn({ username })),
    );
    for (const rider of riders) {
      expect((await rider.browser.post(`/api/rides/${ride.id}/join`)).status).toBe(200);
    }
    // Eva changes her mind within the batch: she is neither joined nor left.
    expect((await riders[2]!.browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(200);
    // The room hears of each change in the background, in no set order: the batch holds all four
    // before it goes (one heard after it would open the next batch; a full CI run once sent
    // "dora se ha unido." alone).
    await eventually(async () =>
      expect(
        await runInDurableObject(roomOf(ride.id), (_, state) =>
          state.storage.get<unknown[]>("push:roster"),
        ),
      ).toHaveLength(4),
    );
    expect(await dueAt(ride.id, "roster")).toBeDefined();
    expect(service.to(anaDevice)).toEqual([]);
    await fireNow(ride.id, "roster");
    await eventually(() => expect(service.to(anaDevice)).toHaveLength(1));
    expect(service.to(anaDevice)[0]).toEqual(
      pushTexts.roster({ id: ride.id, title: "Gravel al alba" }, ["carla", "dora"], []),
    );
    expect(service.to(anaDevice)[0]?.body).toBe("carla y dora se han unido.");
  });
});

describe("the reminder 2 hours before", () => {
  test("is set on create, moves with an edit and goes with a cancellation", async () => {
    const { browser } = await signedIn();
    const startsIn = 30 * HOUR;
    const created = await browser.post("/api/rides", rideBody({}, startsIn));
    const { ride } = await json(created);
    await eventually(async () =>
      expect(await dueAt(ride.id, "reminder")).toBe(ride.startTime - 2 * HOUR),
    );
    const moved = await browser.put(`/api/rides/${ride.id}`, rideBody({}, 50 * HOUR));
    const movedStart = (await json(moved)).ride.startTime;
    await eventually(async () =>
      expect(await dueAt(ride.id, "reminder")).toBe(movedStart - 2 * HOUR),
    );
    await browser.post(`/api/rides/${ride.id}/cancel`, { reason: null });
    await eventually(async () => expect(await dueAt(ride.id, "reminder")).toBeUndefined());
  });

  test("reaches who is in the ride then, not who left; coexists with the chat job", async () => {
    const { ana, bea, ride } = await rideWithTwo({ startsIn: 90 * 60 * 1000 });
    const carla = await signedIn();
    await carla.browser.post(`/api/rides/${ride.id}/join`);
    const devices = {
      ana: await service.subscribe(ana.browser),
      bea: await service.subscribe(bea.browser),
      carla: await service.subscribe(carla.browser),
    };
    await bea.browser.post(`/api/rides/${ride.id}/leave`);
    await runInDurableObject(roomOf(ride.id), async (_, state) => {
      await state.storage.put("push:ride-id", ride.id);
      await state.storage.put("alarm:chat", Date.now() + HOUR);
    });
    await fireNow(ride.id, "reminder");
    await eventually(() => expect(service.to(devices.carla)).toHaveLength(1));
    expect(service.to(devices.ana)).toHaveLength(1);
    expect(service.to(devices.bea)).toEqual([]);
    const [push] = service.to(devices.carla);
    // It starts in 90 minutes: 'Mañana' when that is past midnight on Madrid's clock.
    const madridDay = (ms: number) => toZonedDateTime(ms, "Europe/Madrid")?.date;
    const startTime = (await rideRow(ride.id))!.startTime;
    const day = madridDay(startTime) === madridDay(Date.now()) ? "Hoy" : "Mañana";
    expect(push?.title).toBe(`${day} ruedas: «${ride.title}»`);
    // Her riders are asked whether they still count on going, with a button to release the place.
    expect(push?.body).toMatch(
      /^¿Sigues contando con ir\? La salida empieza a las \d\d:\d\d \(hora de Madrid\)\.$/,
    );
    expect(push?.actions).toEqual([
      { action: "going", title: "Sí, voy" },
      {
        action: "release",
        title: "Ya no puedo: soltar mi plaza",
        post: `/api/rides/${ride.id}/leave`,
        done: "Has soltado tu plaza. ¡Gracias por avisar!",
      },
    ]);
    // The organizer, who cannot leave, gets the plain reminder.
    const [organizers] = service.to(devices.ana);
    expect(organizers?.body).toMatch(/^La salida empieza a las \d\d:\d\d \(hora de Madrid\)/);
    expect(organizers?.actions).toBeUndefined();
    // The other jobs (the held chat push, the batch of Carla's join and Bea's leave) keep their
    // times, and the one alarm points at the earliest.
    const chat = await dueAt(ride.id, "chat");
    const roster = await dueAt(ride.id, "roster");
    expect(chat).toBeGreaterThan(Date.now());
    expect(roster).toBeGreaterThan(Date.now());
    expect(await runInDurableObject(roomOf(ride.id), (_, state) => state.storage.getAlarm())).toBe(
      Math.min(chat!, roster!),
    );
  });

  test("'Ya no puedo: soltar mi plaza' leaves: the first in line gets it, the chat says so", async () => {
    const { ana, bea, ride } = await rideWithTwo({ startsIn: 90 * 60 * 1000, maxParticipants: 2 });
    const dora = await signedIn();
    expect((await dora.browser.post(`/api/rides/${ride.id}/waiting-list`)).status).toBe(200);
    const device = await service.subscribe(bea.browser);
    await runInDurableObject(roomOf(ride.id), (_, state) =>
      state.storage.put("push:ride-id", ride.id),
    );
    await fireNow(ride.id, "reminder");
    await eventually(() => expect(service.to(device)).toHaveLength(1));
    const release = service.to(device)[0]?.actions?.find((a) => a.action === "release");
    // What her service worker does with the button: POST the path, with her cookie.
    const res = await bea.browser.post(release!.post!);
    expect(res.status).toBe(200);
    expect((await participantIds(ride.id)).sort()).toEqual([ana.user.id, dora.user.id].sort());
    await requestsSettled();
    const notices = (await messagesOf(ride.id)).filter((m) => m.kind === "system");
    expect(notices.some((m) => m.body.includes(dora.user.username!))).toBe(true);
  });

  test("a cancelled ride sends no reminder even if its alarm fires", async () => {
    const { bea, ride } = await rideWithTwo({ startsIn: HOUR, status: "cancelled" });
    const beaDevice = await service.subscribe(bea.browser);
    await runInDurableObject(roomOf(ride.id), (_, state) =>
      state.storage.put("push:ride-id", ride.id),
    );
    await fireNow(ride.id, "reminder");
    expect(service.to(beaDevice)).toEqual([]);
  });
});

test("a place from the waiting list is pushed to her", async () => {
  const { user, browser } = await signedIn();
  const device = await service.subscribe(browser);
  const ride = { id: "ride-1", title: "Subida a Navacerrada", startTime: Date.now() + 48 * HOUR };
  await notifyPlaceFromWaitingList(env, user.id, ride);
  expect(service.to(device)).toEqual([pushTexts.waitlistPlace(ride)]);
});
