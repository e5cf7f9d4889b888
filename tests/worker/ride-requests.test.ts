// Join by approval (docs/product.md#join-by-approval): 'Solicitar plaza', the organizer's answer,
// places taken atomically on acceptance, expiry at the start, cancellation and suspension, blocks,
// reports, rate limits, and the meeting point kept for the group in every answer.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RideDetail, RideSummary } from "../../domain/api/rides.ts";
import { MEETING_AREA_OFFSET_KM, MEETING_AREA_RADIUS_KM } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { distanceKm, NEAR_HEADER } from "../../domain/near.ts";
import { pushTexts } from "../../domain/push.ts";
import { sharePreview } from "../../domain/share-preview.ts";
import {
  rideParticipants,
  rideRequests,
  rides,
  rideWaitingList,
  rodeWith,
} from "../../worker/db/schema.ts";
import { publicRideFacts } from "../../worker/share/queries.ts";
import { cardTexts, previewCard } from "../../worker/share-image/card.ts";
import { movedBy } from "../support/moved-pin.ts";
import { createRide, createUser, db, HOUR, signedIn } from "./helpers/factories.ts";
import { Browser, json, sendUntilLimited } from "./helpers/http.ts";
import { eventually, pushServiceStandIn } from "./helpers/push-service.ts";
import { multipart, participantIds, rideBody, SMALL_GPX } from "./helpers/rides.ts";
import { block, moderator } from "./helpers/safety.ts";

/** The pin with more decimals than the area's centre ever has: its text cannot appear by chance. */
const PIN = { lat: 40.432123, lon: -3.698765 };
const SECRET_POINT = "Fuente del Ángel Caído, banco 7";

type Signed = Awaited<ReturnType<typeof signedIn>>;

async function detail(browser: Browser, rideId: string): Promise<RideDetail> {
  const res = await browser.get(`/api/rides/${rideId}`);
  expect(res.status).toBe(200);
  return (await json<{ ride: RideDetail }>(res)).ride;
}

/** An approval ride created through the API as the app does, with a pin and a route. */
async function approvalRideByApi(organizer: Signed, overrides: Record<string, unknown> = {}) {
  const res = await organizer.browser.fetch("/api/rides", {
    method: "POST",
    body: multipart(
      rideBody({
        title: `Con aprobación ${crypto.randomUUID().slice(0, 6)}`,
        meetingPoint: SECRET_POINT,
        meetingPin: PIN,
        joinMode: "approval",
        ...overrides,
      }),
      SMALL_GPX,
    ),
  });
  expect(res.status).toBe(201);
  return (await json<{ ride: RideDetail }>(res)).ride;
}

async function approvalRide(options: { maxParticipants?: number; startsIn?: number } = {}) {
  const organizer = await signedIn();
  const ride = await createRide({
    organizerId: organizer.user.id,
    joinMode: "approval",
    pin: PIN,
    ...options,
  });
  return { organizer, ride };
}

async function requestPlace(rider: Signed, rideId: string, note?: string) {
  return rider.browser.post(`/api/rides/${rideId}/requests`, note === undefined ? {} : { note });
}

async function requestIdOf(rideId: string, userId: string) {
  const row = await db()
    .select({ id: rideRequests.id })
    .from(rideRequests)
    .where(and(eq(rideRequests.rideId, rideId), eq(rideRequests.userId, userId)))
    .get();
  return row!.id;
}

async function requestsOf(rideId: string) {
  return db().select().from(rideRequests).where(eq(rideRequests.rideId, rideId)).all();
}

/** Nothing in `text` gives the exact meeting point away. */
function expectNoExactPoint(text: string, where: string) {
  expect(text, where).not.toContain("Fuente del");
  expect(text, where).not.toContain("banco 7");
  expect(text, where).not.toContain(String(PIN.lat));
  expect(text, where).not.toContain(String(PIN.lon));
}

describe("the meeting point of an approval ride is for its group", () => {
  it("appears in no answer to a rider outside it: detail, search, near me, calendar, GPX, route, share preview", async () => {
    const organizer = await signedIn();
    const ride = await approvalRideByApi(organizer);
    const outsider = await signedIn();
    const requester = await signedIn();
    expect((await requestPlace(requester, ride.id, "Hola")).status).toBe(201);

    const seen = await detail(outsider.browser, ride.id);
    expect(seen.joinMode).toBe("approval");
    expect(seen.meetingPoint).toBeNull();
    expect(seen.meetingPin).toBeNull();
    expect(seen.city).toBe("Madrid");
    // The approximate area: about 1.5 km around a centre moved off the pin, the pin inside it.
    const area = seen.meetingArea!;
    expect(area.radiusKm).toBe(MEETING_AREA_RADIUS_KM);
    const offset = distanceKm(area, PIN);
    expect(offset).toBeGreaterThan(MEETING_AREA_OFFSET_KM.min - 0.02);
    expect(offset).toBeLessThan(MEETING_AREA_OFFSET_KM.max + 0.02);
    // Fixed per ride: the same circle on every view.
    expect((await detail(requester.browser, ride.id)).meetingArea).toEqual(area);

    const answers: [string, Response][] = [
      ["detail", await outsider.browser.get(`/api/rides/${ride.id}`)],
      ["request's own answer", await requestPlace(outsider, ride.id)],
      ["requester's detail", await requester.browser.get(`/api/rides/${ride.id}`)],
      ["search", await outsider.browser.get(`/api/rides?q=${encodeURIComponent(ride.title)}`)],
      [
        "near me",
        await outsider.browser.fetch(`/api/rides?q=${encodeURIComponent(ride.title)}`, {
          headers: { [NEAR_HEADER]: "40.42,-3.7" },
        }),
      ],
      ["calendar", await outsider.browser.get(`/api/rides/${ride.id}/calendar.ics`)],
      ["gpx", await outsider.browser.get(`/api/rides/${ride.id}/gpx`)],
      ["route", await outsider.browser.get(`/api/rides/${ride.id}/route`)],
      ["share page", await new Browser().get(`/salida/${ride.id}`)],
      ["share page signed in", await outsider.browser.get(`/salida/${ride.id}`)],
    ];
    for (const [where, res] of answers) expectNoExactPoint(await res.text(), where);
    const facts = await publicRideFacts(db(), ride.id);
    for (const text of cardTexts(previewCard(sharePreview(facts!, Date.now())))) {
      expectNoExactPoint(text, "share image");
    }

    // The search and near-me cards carry the area and measure from its centre.
    const near = await outsider.browser.fetch(`/api/rides?q=${encodeURIComponent(ride.title)}`, {
      headers: { [NEAR_HEADER]: "40.42,-3.7" },
    });
    const [card] = (await json<{ rides: RideSummary[] }>(near)).rides;
    expect(card!.meetingArea).toEqual(area);
    expect(card!.distanceKm).toBeCloseTo(distanceKm({ lat: 40.42, lon: -3.7 }, area), 6);
    // The calendar names the city only; the route and its file are refused.
    const ics = await (await outsider.browser.get(`/api/rides/${ride.id}/calendar.ics`)).text();
    expect(ics.replace(/\r\n[ \t]/g, "")).toMatch(/\r\nLOCATION:Madrid\r\n/);
    expect((await outsider.browser.get(`/api/rides/${ride.id}/gpx`)).status).toBe(403);
    expect((await outsider.browser.get(`/api/rides/${ride.id}/route`)).status).toBe(403);
  });

  it("the organizer and accepted riders get the point, its pin, the route and the calendar location", async () => {
    const organizer = await signedIn();
    const ride = await approvalRideByApi(organizer);
    const rider = await signedIn();
    await requestPlace(rider, ride.id);
    const requestId = await requestIdOf(ride.id, rider.user.id);
    const own = await detail(organizer.browser, ride.id);
    expect(own.meetingPoint).toBe(SECRET_POINT);
    expect(own.meetingPin).toEqual(PIN);
    expect(own.meetingArea).toBeNull();

    const accepted = await organizer.browser.post(
      `/api/rides/${ride.id}/requests/${requestId}/accept`,
    );
    expect(accepted.status).toBe(200);
    const seen = await detail(rider.browser, ride.id);
    expect(seen.viewer.joined).toBe(true);
    expect(seen.meetingPoint).toBe(SECRET_POINT);
    expect(seen.meetingPin).toEqual(PIN);
    expect((await rider.browser.get(`/api/rides/${ride.id}/route`)).status).toBe(200);
    expect((await rider.browser.get(`/api/rides/${ride.id}/gpx`)).status).toBe(200);
    const ics = await (await rider.browser.get(`/api/rides/${ride.id}/calendar.ics`)).text();
    expect(ics.replace(/\r\n[ \t]/g, "")).toContain("Fuente del Ángel Caído");
  });

  it("'Cerca de mí' orders an approval ride by its area's centre, not its pin", async () => {
    const owner = await createUser();
    const tag = `Zona${Date.now()}`;
    // The approval ride's pin is nearer than the open ride's (1.8 km against 2.2 km), its area's
    // centre (0.9 km off its pin) further (2.7 km)…
    const here = { lat: 40.4, lon: -3.7 };
    await createRide({
      organizerId: owner.id,
      title: `${tag} abierta`,
      pin: { lat: 40.42, lon: -3.7 },
    });
    await createRide({
      organizerId: owner.id,
      title: `${tag} aprobación`,
      pin: { lat: 40.416, lon: -3.7 },
      joinMode: "approval",
      area: { lat: 40.4245, lon: -3.7 },
    });
    const { browser } = await signedIn();
    const res = await browser.fetch(`/api/rides?q=${tag}`, {
      headers: { [NEAR_HEADER]: `${here.lat},${here.lon}` },
    });
    const titles = (await json<{ rides: RideSummary[] }>(res)).rides.map((r) => r.title);
    // …and it comes after the open ride: its centre is what is measured.
    expect(titles).toEqual([`${tag} abierta`, `${tag} aprobación`]);
  });
});

describe("requests and answers", () => {
  it("the organizer sees each request with the rider's profile, record and note", async () => {
    const { organizer, ride } = await approvalRide();
    const friend = await createUser();
    const rider = await signedIn({ city: "Valencia", modalities: ["gravel", "btt"] });
    const past = await createRide({
      organizerId: friend.id,
      participants: [rider.user.id],
      startsIn: -48 * HOUR,
      level: "intermedio",
    });
    // A rider of this ride's group has ridden with her (she recorded it).
    const member = await createUser();
    await db()
      .insert(rodeWith)
      .values({ rideId: past.id, userId: member.id, otherUserId: rider.user.id });
    await db().insert(rideParticipants).values({ rideId: ride.id, userId: member.id });

    const res = await requestPlace(rider, ride.id, "  Voy a ritmo tranquilo  ");
    expect(res.status).toBe(201);
    expect((await json<{ ride: RideDetail }>(res)).ride.viewer.request).toBe("pending");

    const seen = await detail(organizer.browser, ride.id);
    expect(seen.pendingRequests).toBe(1);
    expect(seen.requests).toHaveLength(1);
    const request = seen.requests![0]!;
    expect(request.rider.id).toBe(rider.user.id);
    expect(request.rider.username).toBe(rider.user.username);
    expect(request.city).toBe("Valencia");
    expect(request.modalities).toEqual(["gravel", "btt"]);
    expect(request.completedRides).toBe(1);
    expect(request.levels).toEqual(["intermedio"]);
    expect(request.rodeWithGroup).toBe(1);
    expect(request.note).toBe("Voy a ritmo tranquilo");
    // Nobody else sees the requests or their count.
    const other = await detail(rider.browser, ride.id);
    expect(other.requests).toBeNull();
    expect(other.pendingRequests).toBe(0);
  });

  it("refuses a note over 280 characters, a second request, and joining or waiting directly", async () => {
    const { ride } = await approvalRide({ maxParticipants: 2 });
    const rider = await signedIn();
    const long = await requestPlace(rider, ride.id, "a".repeat(281));
    expect(long.status).toBe(400);
    expect((await json(long)).error.message).toBe(MSG.requestNoteTooLong);
    expect((await requestPlace(rider, ride.id, "a".repeat(280))).status).toBe(201);
    const again = await requestPlace(rider, ride.id);
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe(MSG.requestAlready);
    const other = await signedIn();
    const join = await other.browser.post(`/api/rides/${ride.id}/join`);
    expect(join.status).toBe(409);
    expect((await json(join)).error).toEqual({
      code: "request_needed",
      message: MSG.requestNeeded,
    });
    expect(await participantIds(ride.id)).toHaveLength(1);
    const wait = await other.browser.post(`/api/rides/${ride.id}/waiting-list`);
    expect(wait.status).toBe(409);
    expect((await json(wait)).error.message).toBe(MSG.requestNoWaitingList);
  });

  it("an open ride takes no requests", async () => {
    const organizer = await signedIn();
    const ride = await createRide({ organizerId: organizer.user.id });
    const rider = await signedIn();
    const res = await requestPlace(rider, ride.id);
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe(MSG.requestOpenRide);
  });

  it("a decline is kind, final, and told without reasons; a withdrawn request can be made again", async () => {
    const { organizer, ride } = await approvalRide();
    const rider = await signedIn();
    await requestPlace(rider, ride.id);
    const requestId = await requestIdOf(ride.id, rider.user.id);
    const res = await organizer.browser.post(`/api/rides/${ride.id}/requests/${requestId}/decline`);
    expect(res.status).toBe(200);
    expect((await json<{ ride: RideDetail }>(res)).ride.requests).toEqual([]);
    const seen = await detail(rider.browser, ride.id);
    expect(seen.viewer.request).toBe("declined");
    expect(seen.viewer.joined).toBe(false);
    const again = await requestPlace(rider, ride.id);
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe(MSG.requestAlreadyAnswered);
    // Declined twice: nothing left to decline.
    expect(
      (await organizer.browser.post(`/api/rides/${ride.id}/requests/${requestId}/decline`)).status,
    ).toBe(404);

    const second = await signedIn();
    await requestPlace(second, ride.id);
    expect((await second.browser.delete(`/api/rides/${ride.id}/requests`)).status).toBe(200);
    expect((await detail(second.browser, ride.id)).viewer.request).toBeNull();
    expect((await requestPlace(second, ride.id)).status).toBe(201);
  });

  it("parallel accepts never overbook: the places go, the rest answer 'completa'", async () => {
    // The organizer and 2 places.
    const { organizer, ride } = await approvalRide({ maxParticipants: 3 });
    const riders = await Promise.all(Array.from({ length: 6 }, () => signedIn()));
    for (const rider of riders) expect((await requestPlace(rider, ride.id)).status).toBe(201);
    const ids = await Promise.all(riders.map((r) => requestIdOf(ride.id, r.user.id)));
    const answers = await Promise.all(
      ids.map((id) => organizer.browser.post(`/api/rides/${ride.id}/requests/${id}/accept`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect((await json(refused)).error.code).toBe("ride_full");
    }
    expect(await participantIds(ride.id)).toHaveLength(3);
    // The refused stay in the queue for a place that frees.
    expect((await requestsOf(ride.id)).filter((r) => r.status === "pending")).toHaveLength(4);
  });

  it("a freed place goes to the next request only when the organizer accepts it", async () => {
    const { organizer, ride } = await approvalRide({ maxParticipants: 2 });
    const first = await signedIn();
    const second = await signedIn();
    await requestPlace(first, ride.id);
    await requestPlace(second, ride.id);
    const firstId = await requestIdOf(ride.id, first.user.id);
    const secondId = await requestIdOf(ride.id, second.user.id);
    await organizer.browser.post(`/api/rides/${ride.id}/requests/${firstId}/accept`);
    const full = await organizer.browser.post(`/api/rides/${ride.id}/requests/${secondId}/accept`);
    expect(full.status).toBe(409);
    expect((await first.browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(200);
    // Nobody was promoted by the leave.
    expect(await participantIds(ride.id)).toEqual([organizer.user.id]);
    const res = await organizer.browser.post(`/api/rides/${ride.id}/requests/${secondId}/accept`);
    expect(res.status).toBe(200);
    expect((await participantIds(ride.id)).sort()).toEqual(
      [organizer.user.id, second.user.id].sort(),
    );
  });

  it("only the organizer answers, and only her ride's requests", async () => {
    const { ride } = await approvalRide();
    const rider = await signedIn();
    await requestPlace(rider, ride.id);
    const requestId = await requestIdOf(ride.id, rider.user.id);
    const res = await rider.browser.post(`/api/rides/${ride.id}/requests/${requestId}/accept`);
    expect(res.status).toBe(403);
    const { organizer: another, ride: hers } = await approvalRide();
    const cross = await another.browser.post(`/api/rides/${hers.id}/requests/${requestId}/accept`);
    expect(cross.status).toBe(404);
    expect(await participantIds(ride.id)).toHaveLength(1);
  });

  it("requests expire at the start: no answer then, and she sees it expired", async () => {
    const { organizer, ride } = await approvalRide();
    const rider = await signedIn();
    await requestPlace(rider, ride.id);
    const requestId = await requestIdOf(ride.id, rider.user.id);
    await db()
      .update(rides)
      .set({ startTime: Date.now() - 1000 })
      .where(eq(rides.id, ride.id));
    const accept = await organizer.browser.post(
      `/api/rides/${ride.id}/requests/${requestId}/accept`,
    );
    expect(accept.status).toBe(409);
    expect((await json(accept)).error.code).toBe("ride_started");
    const decline = await organizer.browser.post(
      `/api/rides/${ride.id}/requests/${requestId}/decline`,
    );
    expect(decline.status).toBe(409);
    const own = await detail(organizer.browser, ride.id);
    expect(own.requests).toEqual([]);
    expect(own.pendingRequests).toBe(0);
    expect((await detail(rider.browser, ride.id)).viewer.request).toBe("expired");
    expect((await requestPlace(await signedIn(), ride.id)).status).toBe(409);
    expect(await participantIds(ride.id)).toEqual([organizer.user.id]);
  });

  it("cancelling the ride clears its requests", async () => {
    const { organizer, ride } = await approvalRide();
    const rider = await signedIn();
    await requestPlace(rider, ride.id);
    expect(await requestsOf(ride.id)).toHaveLength(1);
    const res = await organizer.browser.post(`/api/rides/${ride.id}/cancel`, { reason: "" });
    expect(res.status).toBe(200);
    expect(await requestsOf(ride.id)).toEqual([]);
    expect((await detail(rider.browser, ride.id)).viewer.request).toBeNull();
  });

  it("a suspension clears her requests; account deletion takes them with her", async () => {
    const { organizer, ride } = await approvalRide();
    const suspended = await signedIn();
    const leaving = await signedIn();
    await requestPlace(suspended, ride.id);
    await requestPlace(leaving, ride.id);
    const mod = await moderator();
    const res = await mod.browser.post(`/api/moderation/users/${suspended.user.id}/suspend`, {
      reason: "prueba",
    });
    expect(res.status).toBe(200);
    expect((await leaving.browser.delete("/api/account")).status).toBe(200);
    expect(await requestsOf(ride.id)).toEqual([]);
    expect((await detail(organizer.browser, ride.id)).requests).toEqual([]);
  });

  it("switching to 'Con aprobación' turns the waiting list into requests; switching back keeps them", async () => {
    const organizer = await signedIn();
    const created = await organizer.browser.post(
      "/api/rides",
      rideBody({ maxParticipants: 2, meetingPin: PIN }),
    );
    const ride = (await json<{ ride: RideDetail }>(created)).ride;
    expect(ride.joinMode).toBe("open");
    const rider = await signedIn();
    const waiting = await signedIn();
    expect((await rider.browser.post(`/api/rides/${ride.id}/join`)).status).toBe(200);
    expect((await waiting.browser.post(`/api/rides/${ride.id}/waiting-list`)).status).toBe(200);
    const edit = await organizer.browser.put(
      `/api/rides/${ride.id}`,
      rideBody({ maxParticipants: 2, meetingPin: PIN, joinMode: "approval" }),
    );
    expect(edit.status).toBe(200);
    const own = (await json<{ ride: RideDetail }>(edit)).ride;
    // The accepted rider stays; the one waiting now waits as a request.
    expect(own.participantCount).toBe(2);
    expect(own.requests!.map((r) => r.rider.id)).toEqual([waiting.user.id]);
    const list = await db()
      .select()
      .from(rideWaitingList)
      .where(eq(rideWaitingList.rideId, ride.id))
      .all();
    expect(list).toEqual([]);
    expect((await detail(rider.browser, ride.id)).meetingPoint).toBe("Puente del Rey");
    expect((await detail(waiting.browser, ride.id)).meetingPoint).toBeNull();
    // Back to open: her request stays for the organizer to answer.
    const back = await organizer.browser.put(
      `/api/rides/${ride.id}`,
      rideBody({ maxParticipants: 3, meetingPin: PIN, joinMode: "open" }),
    );
    expect(back.status).toBe(200);
    const requestId = await requestIdOf(ride.id, waiting.user.id);
    expect(
      (await organizer.browser.post(`/api/rides/${ride.id}/requests/${requestId}/accept`)).status,
    ).toBe(200);
  });

  it("the area stays fixed across edits and moves only with the pin", async () => {
    const organizer = await signedIn();
    const ride = await approvalRideByApi(organizer);
    const outsider = await signedIn();
    const area = (await detail(outsider.browser, ride.id)).meetingArea;
    const body = rideBody({ meetingPoint: SECRET_POINT, meetingPin: PIN, joinMode: "approval" });
    expect((await organizer.browser.put(`/api/rides/${ride.id}`, body)).status).toBe(200);
    expect((await detail(outsider.browser, ride.id)).meetingArea).toEqual(area);
    const moved = { lat: 40.4, lon: -3.71 };
    await organizer.browser.put(`/api/rides/${ride.id}`, { ...body, meetingPin: moved });
    const after = (await detail(outsider.browser, ride.id)).meetingArea!;
    expect(after).not.toEqual(area);
    expect(distanceKm(after, moved)).toBeLessThan(MEETING_AREA_OFFSET_KM.max + 0.02);
  });

  /** The organizer moves the pin to each of `pins` in turn; what an outsider sees after each. */
  async function areasSeenWhileMoving(pins: { lat: number; lon: number }[]) {
    const organizer = await signedIn();
    const ride = await approvalRideByApi(organizer);
    const outsider = await signedIn();
    const seen = [(await detail(outsider.browser, ride.id)).meetingArea!];
    for (const pin of pins) {
      const body = rideBody({ meetingPoint: SECRET_POINT, meetingPin: pin, joinMode: "approval" });
      expect((await organizer.browser.put(`/api/rides/${ride.id}`, body)).status).toBe(200);
      seen.push((await detail(outsider.browser, ride.id)).meetingArea!);
    }
    return seen;
  }

  it("moving the pin a few metres at a time, edit after edit, keeps the area", async () => {
    // 5 m each time in a turning direction: 20 edits, never more than 100 m from the first pin.
    const pins = [movedBy(PIN, 0.005, 0)];
    for (let i = 1; i < 20; i++) pins.push(movedBy(pins.at(-1)!, 0.005, i * 137));
    const seen = await areasSeenWhileMoving(pins);
    expect(seen.slice(1)).toEqual(pins.map(() => seen[0]));
  });

  it("the areas seen over many small edits cannot be averaged back to the pin", async () => {
    // The pin nudged a few metres to and fro around the same spot, as an organizer correcting it.
    const pins = Array.from({ length: 12 }, (_, i) =>
      movedBy(PIN, 0.003 + (i % 3) * 0.002, i * 97),
    );
    const seen = await areasSeenWhileMoving(pins);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const average = { lat: mean(seen.map((a) => a.lat)), lon: mean(seen.map((a) => a.lon)) };
    // As far from the pin as the one area is: at least its smallest offset, less the centre's
    // rounding (4 decimals, under 8 m).
    expect(distanceKm(average, PIN)).toBeGreaterThan(MEETING_AREA_OFFSET_KM.min - 0.01);
    expect(average.lat).toBeCloseTo(seen[0]!.lat, 9);
    expect(average.lon).toBeCloseTo(seen[0]!.lon, 9);
  });

  it("a pin moved out of the area's inner part gets a new area that holds it", async () => {
    const organizer = await signedIn();
    const ride = await approvalRideByApi(organizer);
    const outsider = await signedIn();
    const area = (await detail(outsider.browser, ride.id)).meetingArea!;
    // 1.3 km from the area's centre, straight out through the pin: still inside the 1.5 km
    // circle, but not by the 250 m margin.
    const out =
      (Math.atan2((PIN.lon - area.lon) * Math.cos((PIN.lat * Math.PI) / 180), PIN.lat - area.lat) *
        180) /
      Math.PI;
    const moved = movedBy(area, 1.3, out);
    const body = rideBody({ meetingPoint: SECRET_POINT, meetingPin: moved, joinMode: "approval" });
    expect((await organizer.browser.put(`/api/rides/${ride.id}`, body)).status).toBe(200);
    const after = (await detail(outsider.browser, ride.id)).meetingArea!;
    expect(after).not.toEqual(area);
    expect(distanceKm(after, moved)).toBeLessThan(MEETING_AREA_OFFSET_KM.max + 0.01);
  });
});

describe("a request ends when she becomes a participant", () => {
  /** An approval ride made through the API, so the organizer can switch its mode by editing. */
  async function switchableRide(organizer: Signed, maxParticipants: number | null = null) {
    const created = await organizer.browser.post(
      "/api/rides",
      rideBody({ maxParticipants, meetingPin: PIN, joinMode: "approval" }),
    );
    expect(created.status).toBe(201);
    const ride = (await json<{ ride: RideDetail }>(created)).ride;
    const switchTo = async (joinMode: "open" | "approval") => {
      const edit = await organizer.browser.put(
        `/api/rides/${ride.id}`,
        rideBody({ maxParticipants, meetingPin: PIN, joinMode }),
      );
      expect(edit.status).toBe(200);
    };
    return { ride, switchTo };
  }

  it("'UNIRME' once the ride is 'Abierta': no answer reaches her, and after leaving she may ask again", async () => {
    const organizer = await signedIn();
    const { ride, switchTo } = await switchableRide(organizer);
    const bea = await signedIn();
    expect((await requestPlace(bea, ride.id)).status).toBe(201);
    const requestId = await requestIdOf(ride.id, bea.user.id);
    await switchTo("open");
    expect((await bea.browser.post(`/api/rides/${ride.id}/join`)).status).toBe(200);

    expect(await requestsOf(ride.id)).toEqual([]);
    const own = await detail(organizer.browser, ride.id);
    expect(own.requests).toEqual([]);
    expect(own.pendingRequests).toBe(0);
    // Her old request can be neither declined nor accepted, and nothing changes.
    for (const answer of ["decline", "accept"]) {
      const res = await organizer.browser.post(
        `/api/rides/${ride.id}/requests/${requestId}/${answer}`,
      );
      expect(res.status, answer).toBe(404);
      expect((await json(res)).error.message, answer).toBe(MSG.requestGone);
    }
    expect(await requestsOf(ride.id)).toEqual([]);
    expect(await participantIds(ride.id)).toEqual([organizer.user.id, bea.user.id].sort());

    // She leaves; the ride asks for approval again: nothing says she was turned down.
    expect((await bea.browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(200);
    await switchTo("approval");
    expect((await detail(bea.browser, ride.id)).viewer.request).toBeNull();
    expect((await requestPlace(bea, ride.id)).status).toBe(201);
  });

  it("a waiting-list promotion, a declined request and any other way in end it too", async () => {
    const organizer = await signedIn();
    const { ride, switchTo } = await switchableRide(organizer, 2);
    const [bea, carla, dora] = [await signedIn(), await signedIn(), await signedIn()];
    await requestPlace(bea, ride.id);
    await requestPlace(carla, ride.id);
    await requestPlace(dora, ride.id);
    await organizer.browser.post(
      `/api/rides/${ride.id}/requests/${await requestIdOf(ride.id, carla.user.id)}/decline`,
    );
    await switchTo("open");
    // Dora takes the one place; Bea waits for it, and gets it when Dora leaves.
    expect((await dora.browser.post(`/api/rides/${ride.id}/join`)).status).toBe(200);
    expect((await bea.browser.post(`/api/rides/${ride.id}/waiting-list`)).status).toBe(200);
    expect((await dora.browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(200);
    expect(await participantIds(ride.id)).toEqual([organizer.user.id, bea.user.id].sort());
    // Carla, declined while the ride asked for approval, is added by any other path (the cron's
    // series dates, a fixture): her declined request ends as well.
    await db().insert(rideParticipants).values({ rideId: ride.id, userId: carla.user.id });
    expect(await requestsOf(ride.id)).toEqual([]);
    expect((await detail(bea.browser, ride.id)).viewer.request).toBeNull();
  });
});

describe("requests and the safety rules", () => {
  it("a blocked rider's request answers as a missing ride, both ways", async () => {
    const { organizer, ride } = await approvalRide();
    const blockedByOrganizer = await signedIn();
    const blocker = await signedIn();
    await block(organizer.browser, blockedByOrganizer.user.id);
    await block(blocker.browser, organizer.user.id);
    for (const rider of [blockedByOrganizer, blocker]) {
      const res = await requestPlace(rider, ride.id);
      expect(res.status).toBe(404);
      expect((await json(res)).error.message).toBe(MSG.rideNotFound);
    }
    expect(await requestsOf(ride.id)).toEqual([]);
  });

  it("a block after the request hides it from the organizer and keeps her out", async () => {
    const { organizer, ride } = await approvalRide();
    const rider = await signedIn();
    await requestPlace(rider, ride.id);
    const requestId = await requestIdOf(ride.id, rider.user.id);
    await block(organizer.browser, rider.user.id);
    expect((await detail(organizer.browser, ride.id)).requests).toEqual([]);
    const res = await organizer.browser.post(`/api/rides/${ride.id}/requests/${requestId}/accept`);
    expect(res.status).toBe(404);
    expect(await participantIds(ride.id)).toEqual([organizer.user.id]);
    expect((await rider.browser.get(`/api/rides/${ride.id}`)).status).toBe(404);
  });

  it("the organizer can report a request's note; nobody else can", async () => {
    const { organizer, ride } = await approvalRide();
    const rider = await signedIn();
    await requestPlace(rider, ride.id, "Nota ofensiva de prueba");
    const requestId = await requestIdOf(ride.id, rider.user.id);
    const outsider = await signedIn();
    const body = { kind: "request", targetId: requestId, reason: "offensive" };
    expect((await outsider.browser.post("/api/reports", body)).status).toBe(404);
    expect((await organizer.browser.post("/api/reports", body)).status).toBe(201);
    const mod = await moderator();
    const queue = await json(await mod.browser.get("/api/moderation/reports"));
    const found = queue.reports.find((r: { targetId: string }) => r.targetId === requestId) as {
      snapshot: { kind: string; note: string };
    };
    expect(found.snapshot).toMatchObject({ kind: "request", note: "Nota ofensiva de prueba" });
  });

  it("requests are rate limited per account", async () => {
    const rider = await signedIn();
    const owner = await createUser();
    const refused = await sendUntilLimited(10, async () => {
      const ride = await createRide({ organizerId: owner.id, joinMode: "approval" });
      return requestPlace(rider, ride.id);
    });
    expect((await json(refused)).error.code).toBe("rate_limited");
  });
});

describe("who hears what, by push", () => {
  let service: ReturnType<typeof pushServiceStandIn>;
  beforeEach(() => {
    service = pushServiceStandIn();
  });
  afterEach(() => service.restore());

  it("the organizer hears of each request and of a freed place; the rider hears the answer", async () => {
    const { organizer, ride } = await approvalRide({ maxParticipants: 2 });
    const title = (await detail(organizer.browser, ride.id)).title;
    const organizerDevice = await service.subscribe(organizer.browser);
    const ana = await signedIn();
    const bea = await signedIn();
    const anaDevice = await service.subscribe(ana.browser);
    const beaDevice = await service.subscribe(bea.browser);
    await requestPlace(ana, ride.id);
    await requestPlace(bea, ride.id);
    const named = { id: ride.id, title };
    await eventually(() =>
      expect(service.to(organizerDevice)).toEqual([
        pushTexts.placeRequested(named, ana.user.username!),
        pushTexts.placeRequested(named, bea.user.username!),
      ]),
    );
    const anaId = await requestIdOf(ride.id, ana.user.id);
    const beaId = await requestIdOf(ride.id, bea.user.id);
    await organizer.browser.post(`/api/rides/${ride.id}/requests/${anaId}/accept`);
    await eventually(() =>
      expect(service.to(anaDevice)).toEqual([pushTexts.requestAccepted(named)]),
    );
    // Bea still waits; Ana leaves: the organizer is told a place is free.
    await ana.browser.post(`/api/rides/${ride.id}/leave`);
    await eventually(() =>
      expect(service.to(organizerDevice)).toContainEqual(pushTexts.placeFreedForRequests(named)),
    );
    await organizer.browser.post(`/api/rides/${ride.id}/requests/${beaId}/decline`);
    await eventually(() =>
      expect(service.to(beaDevice)).toEqual([pushTexts.requestDeclined(named)]),
    );
    expect(pushTexts.requestDeclined(named).title).toBe(MSG.requestDeclined);
  });

  it("a place freed by 'Quitarla de la salida' tells the organizer too, while requests wait", async () => {
    const { organizer, ride } = await approvalRide({ maxParticipants: 3 });
    const title = (await detail(organizer.browser, ride.id)).title;
    const organizerDevice = await service.subscribe(organizer.browser);
    const [ana, bea] = [await signedIn(), await signedIn()];
    await requestPlace(ana, ride.id);
    await organizer.browser.post(
      `/api/rides/${ride.id}/requests/${await requestIdOf(ride.id, ana.user.id)}/accept`,
    );
    await requestPlace(bea, ride.id);
    expect((await organizer.browser.post("/api/blocks", { userId: ana.user.id })).status).toBe(200);
    const removed = await organizer.browser.delete(
      `/api/rides/${ride.id}/participants/${ana.user.id}`,
    );
    expect(removed.status).toBe(200);
    await eventually(() =>
      expect(service.to(organizerDevice)).toContainEqual(
        pushTexts.placeFreedForRequests({ id: ride.id, title }),
      ),
    );
  });
});
