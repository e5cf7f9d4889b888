import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { rideInputSchema } from "../../domain/schemas.ts";
import { rideMessages, rideParticipants, rides } from "../../worker/db/schema.ts";
import { updateRide } from "../../worker/ride-core/writes.ts";
import { createRide, createUser, db, HOUR, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import {
  messagesOf,
  multipart,
  participantIds,
  rideBody,
  rideRow,
  SMALL_GPX,
} from "./helpers/rides.ts";

async function addMessage(rideId: string, userId: string) {
  await db()
    .insert(rideMessages)
    .values({ id: crypto.randomUUID(), rideId, userId, body: "¡Hola!" });
}

describe("POST /api/rides", () => {
  it("creates a published ride with the organizer joined", async () => {
    const { user, browser } = await signedIn();
    const res = await browser.post("/api/rides", rideBody());
    expect(res.status).toBe(201);
    const { ride } = await json(res);
    expect(ride).toMatchObject({
      title: "Café y Casa de Campo",
      status: "published",
      capacity: 20,
      maxParticipants: null,
      routeKm: 35.5,
      routeElev: 250,
      socialTags: ["coffee"],
      participantCount: 1,
      participantIds: [user.id],
      organizer: { id: user.id, username: user.username },
      viewer: {
        joined: true,
        isOrganizer: true,
        rodeWithCount: 0,
        rodeWith: [],
        waitingPosition: null,
      },
      hasRoute: false,
    });
    expect(await participantIds(ride.id)).toEqual([user.id]);
  });

  it("asks visitors to sign in with the spec's message", async () => {
    const res = await new Browser().post("/api/rides", rideBody());
    expect(res.status).toBe(401);
    expect((await json(res)).error).toEqual({
      code: "unauthenticated",
      message: MSG.createUnauthenticated,
    });
  });

  it("requires a completed profile", async () => {
    const { browser } = await signedIn({ username: null });
    const res = await browser.post("/api/rides", rideBody());
    expect(res.status).toBe(403);
  });

  it.each([
    ["a missing title", { title: "  " }, MSG.rideRequiredFields],
    ["no modality", { modalities: [] }, MSG.rideRequiredFields],
    ["no meeting point", { meetingPoint: "" }, MSG.rideRequiredFields],
    ["an unknown level", { level: "pro" }, MSG.rideRequiredFields],
    ["a missing distance", { distanceKm: "" }, MSG.rideDistanceElevationRequired],
    ["a missing elevation", { elevationM: null }, MSG.rideDistanceElevationRequired],
    ["a distance under 1 km", { distanceKm: 0.5 }, MSG.distanceMin],
    ["two decimals of distance", { distanceKm: 10.25 }, MSG.distanceStep],
    ["a negative elevation", { elevationM: -1 }, MSG.elevationInvalid],
    ["a cap of 1", { maxParticipants: 1 }, MSG.maxParticipantsRange],
    ["a cap of 21", { maxParticipants: 21 }, MSG.maxParticipantsRange],
    ["three social tags", { socialTags: ["coffee", "sweet", "early"] }, MSG.socialTagsMax],
    ["a tag the form does not offer", { socialTags: ["golden"] }, MSG.invalidInput],
    ["an over-long title", { title: "x".repeat(81) }, MSG.titleTooLong],
    ["an over-long description", { description: "x".repeat(1001) }, MSG.descriptionTooLong],
  ])("refuses %s", async (_name, overrides, message) => {
    const { browser } = await signedIn();
    const res = await browser.post("/api/rides", rideBody(overrides));
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.code).toBe("validation_error");
    expect(body.error.message).toBe(message);
  });

  it("refuses a start in the past", async () => {
    const { browser } = await signedIn();
    const res = await browser.post("/api/rides", rideBody({}, -HOUR));
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(MSG.ridePastStart);
  });

  it("names every refused field at once, the past start included", async () => {
    const { browser } = await signedIn();
    const res = await browser.post(
      "/api/rides",
      rideBody({ title: "", distanceKm: "", maxParticipants: 30 }, -HOUR),
    );
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.code).toBe("validation_error");
    expect(error.fields).toEqual({
      title: MSG.rideRequiredFields,
      distanceKm: MSG.rideDistanceElevationRequired,
      maxParticipants: MSG.maxParticipantsRange,
      startTime: MSG.ridePastStart,
    });
  });

  it("stores a multipart GPX under a server-chosen key and serves the route to participants", async () => {
    const { browser } = await signedIn();
    const res = await browser.fetch("/api/rides", {
      method: "POST",
      body: multipart(rideBody(), SMALL_GPX, "../../evil name.gpx"),
    });
    expect(res.status).toBe(201);
    const { ride } = await json(res);
    expect(ride.hasRoute).toBe(true);
    const row = await rideRow(ride.id);
    expect(row!.routeGpxKey).toMatch(new RegExp(`^rides/${ride.id}/[a-z0-9]+\\.gpx$`));
    expect(await env.GPX.head(row!.routeGpxKey!)).not.toBeNull();

    const route = await json(await browser.get(`/api/rides/${ride.id}/route`));
    expect(route.segments).toHaveLength(1);
    expect(route.segments[0]).toHaveLength(4);
    expect(route.segments[0][0]).toEqual([40.4168, -3.7038]);
    expect(route.elevationGain).toBe(35);
    expect(route.maxElevation).toBe(680);
    expect(route.profile).toHaveLength(4);

    const gpx = await browser.get(`/api/rides/${ride.id}/gpx`);
    expect(gpx.status).toBe(200);
    expect(gpx.headers.get("Content-Type")).toBe("application/gpx+xml");
    expect(gpx.headers.get("Content-Disposition")).toBe(
      'attachment; filename="cafe-y-casa-de-campo.gpx"',
    );
    expect(gpx.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await gpx.text()).toBe(SMALL_GPX);
  });

  it("refuses the GPX and the route to someone who is not in the ride", async () => {
    const { browser } = await signedIn();
    const { ride } = await json(
      await browser.fetch("/api/rides", { method: "POST", body: multipart(rideBody(), SMALL_GPX) }),
    );
    const stranger = await signedIn();
    for (const path of [`/api/rides/${ride.id}/gpx`, `/api/rides/${ride.id}/route`]) {
      const res = await stranger.browser.get(path);
      expect(res.status).toBe(403);
      expect((await json(res)).error.code).toBe("not_participant");
    }
    expect((await new Browser().get(`/api/rides/${ride.id}/gpx`)).status).toBe(401);
  });

  it.each([
    ["malformed XML", "<gpx><trk>", MSG.gpxInvalidXmlAt(1, MSG.gpxXmlUnclosedTag("trk"))],
    [
      "a GPX without coordinates",
      '<gpx version="1.1"><trk><trkseg></trkseg></trk></gpx>',
      MSG.gpxNoCoordinates,
    ],
    ["only blank content", "   ", MSG.gpxEmpty],
    ["an entity declaration", '<!DOCTYPE gpx [<!ENTITY x "y">]><gpx></gpx>', MSG.gpxDoctype],
  ])("refuses %s with gpx_invalid and creates nothing", async (_name, gpx, message) => {
    const { user, browser } = await signedIn();
    const res = await browser.fetch("/api/rides", {
      method: "POST",
      body: multipart(rideBody(), gpx),
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toEqual({ code: "gpx_invalid", message });
    const mine = await db().select().from(rides).where(eq(rides.organizerId, user.id)).all();
    expect(mine).toHaveLength(0);
  });

  it("refuses a GPX over 5 MB with 413", async () => {
    const { browser } = await signedIn();
    const justOver = new Uint8Array(5 * 1024 * 1024 + 10).fill(32);
    const res = await browser.fetch("/api/rides", {
      method: "POST",
      body: multipart(rideBody(), justOver),
    });
    expect(res.status).toBe(413);
    expect((await json(res)).error.code).toBe("payload_too_large");
    const wayOver = new Uint8Array(7 * 1024 * 1024).fill(32);
    const res2 = await browser.fetch("/api/rides", {
      method: "POST",
      body: multipart(rideBody(), wayOver),
    });
    expect(res2.status).toBe(413);
  });
});

describe("PUT /api/rides/:id", () => {
  it("lets the organizer edit and posts the system notice when others participate", async () => {
    const { user, browser } = await signedIn();
    const other = await createUser();
    const ride = await createRide({ organizerId: user.id, participants: [other.id] });
    const res = await browser.put(
      `/api/rides/${ride.id}`,
      rideBody({ title: "Nuevo título", city: "Ávila", maxParticipants: 8 }),
    );
    expect(res.status).toBe(200);
    const row = await rideRow(ride.id);
    expect(row).toMatchObject({
      title: "Nuevo título",
      city: "Ávila",
      cityKey: "avila",
      searchText: "nuevo titulo avila",
      maxParticipants: 8,
    });
    const messages = await messagesOf(ride.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: "system", body: MSG.systemEditNotice, userId: null });
  });

  it("posts no notice when she is alone", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id });
    expect((await browser.put(`/api/rides/${ride.id}`, rideBody())).status).toBe(200);
    expect(await messagesOf(ride.id)).toHaveLength(0);
  });

  it("refuses another rider's edit with not_authorized and changes nothing", async () => {
    const owner = await createUser();
    const ride = await createRide({ organizerId: owner.id, title: "Original" });
    const before = await rideRow(ride.id);
    const { browser } = await signedIn();
    const res = await browser.put(`/api/rides/${ride.id}`, rideBody({ title: "Robada" }));
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe("not_authorized");
    expect(await rideRow(ride.id)).toEqual(before);
    expect(await messagesOf(ride.id)).toHaveLength(0);
  });

  it("refuses a cap below the riders already in", async () => {
    const { user, browser } = await signedIn();
    const [a, b] = [await createUser(), await createUser()];
    const ride = await createRide({ organizerId: user.id, participants: [a.id, b.id] });
    const res = await browser.put(`/api/rides/${ride.id}`, rideBody({ maxParticipants: 2 }));
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(MSG.maxParticipantsBelowJoined);
  });

  it("never overbooks when a join lands between the route's count and the edit", async () => {
    // updateRide on its own, as the route calls it after counting 2 riders against a cap of 2
    // (the join below is the one that raced in between).
    const organizer = await createUser();
    const [a, b] = [await createUser(), await createUser()];
    const ride = await createRide({ organizerId: organizer.id, participants: [a.id] });
    await db().insert(rideParticipants).values({ rideId: ride.id, userId: b.id });
    const before = await rideRow(ride.id);
    const input = rideInputSchema.parse(rideBody({ title: "Más pequeña", maxParticipants: 2 }));
    const change = {
      rideId: ride.id,
      organizerId: organizer.id,
      routeGpxKey: null,
      routeFileName: null,
      timeZone: "Europe/Madrid",
      now: Date.now(),
    };
    const refused = await updateRide(db(), { ...change, noticeId: crypto.randomUUID() }, input);
    expect(refused.edited).toBe(false);
    expect(await rideRow(ride.id)).toEqual(before);
    expect(await messagesOf(ride.id)).toHaveLength(0);
    // With room for the three of them the same edit applies, with its notice.
    const roomy = rideInputSchema.parse(rideBody({ title: "Más pequeña", maxParticipants: 3 }));
    const applied = await updateRide(db(), { ...change, noticeId: crypto.randomUUID() }, roomy);
    expect(applied.edited).toBe(true);
    expect((await rideRow(ride.id))?.maxParticipants).toBe(3);
    expect(await messagesOf(ride.id)).toHaveLength(1);
  });

  it("refuses to edit a cancelled ride", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id, status: "cancelled" });
    const res = await browser.put(`/api/rides/${ride.id}`, rideBody());
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe("ride_cancelled");
  });

  it("refuses to edit a ride that has started, and changes nothing", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id, startsIn: -HOUR });
    const before = await rideRow(ride.id);
    // A form left open since before the start: a valid body, its start tomorrow.
    const res = await browser.put(`/api/rides/${ride.id}`, rideBody({ title: "Otra vez mañana" }));
    expect(res.status).toBe(409);
    expect((await json(res)).error).toEqual({ code: "ride_started", message: MSG.editStarted });
    expect(await rideRow(ride.id)).toEqual(before);
    expect(await messagesOf(ride.id)).toEqual([]);
  });

  it("replaces the GPX and removes the old file", async () => {
    const { browser } = await signedIn();
    const { ride } = await json(
      await browser.fetch("/api/rides", { method: "POST", body: multipart(rideBody(), SMALL_GPX) }),
    );
    const oldKey = (await rideRow(ride.id))!.routeGpxKey!;
    const res = await browser.fetch(`/api/rides/${ride.id}`, {
      method: "PUT",
      body: multipart(rideBody(), SMALL_GPX),
    });
    expect(res.status).toBe(200);
    const newKey = (await rideRow(ride.id))!.routeGpxKey!;
    expect(newKey).not.toBe(oldKey);
    expect(await env.GPX.head(oldKey)).toBeNull();
    expect(await env.GPX.head(newKey)).not.toBeNull();
  });

  it("keeps the GPX when the edit sends none", async () => {
    const { browser } = await signedIn();
    const { ride } = await json(
      await browser.fetch("/api/rides", { method: "POST", body: multipart(rideBody(), SMALL_GPX) }),
    );
    const key = (await rideRow(ride.id))!.routeGpxKey;
    expect((await browser.put(`/api/rides/${ride.id}`, rideBody())).status).toBe(200);
    expect((await rideRow(ride.id))!.routeGpxKey).toBe(key);
  });
});

describe("GET /api/rides/:id", () => {
  it("shows any rider the detail with participants' names and avatars", async () => {
    const owner = await createUser({ username: "AnaRueda" });
    const other = await createUser({ username: "Lucia_BTT" });
    const ride = await createRide({ organizerId: owner.id, participants: [other.id] });
    const { browser } = await signedIn();
    const res = await browser.get(`/api/rides/${ride.id}`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.ride.participants.map((p: { username: string }) => p.username)).toEqual([
      "AnaRueda",
      "Lucia_BTT",
    ]);
    expect(body.ride.viewer).toEqual({
      joined: false,
      isOrganizer: false,
      rodeWithCount: 0,
      rodeWith: [],
      waitingPosition: null,
      request: null,
    });
  });

  it("answers 404 'Salida no encontrada' for an unknown id", async () => {
    const { browser } = await signedIn();
    const res = await browser.get("/api/rides/unknownid123");
    expect(res.status).toBe(404);
    expect((await json(res)).error).toEqual({ code: "not_found", message: MSG.rideNotFound });
  });

  // One ride-id pattern for every route under /rides/:id, as the chat always had.
  it.each(["..%2F..%2Fetc", "DROP TABLE", "x".repeat(99)])(
    "answers 400 'ID de salida no válido' for the malformed id %s, before D1",
    async (id) => {
      const { browser } = await signedIn();
      const res = await browser.get(`/api/rides/${encodeURIComponent(id)}`);
      expect(res.status).toBe(400);
      const { error } = await json(res);
      expect(error.code).toBe("validation_error");
      expect(error.message).toBe(MSG.invalidRideId);
    },
  );

  it("falls back to 'Organizadora' and ava01 when the organizer is gone", async () => {
    const owner = await createUser();
    const ride = await createRide({ organizerId: owner.id });
    await db().update(rides).set({ organizerId: null }).where(eq(rides.id, ride.id));
    const { browser } = await signedIn();
    const { ride: detail } = await json(await browser.get(`/api/rides/${ride.id}`));
    expect(detail.organizer).toEqual({
      id: null,
      username: "Organizadora",
      avatarKey: "ava01",
      avatarUrl: null,
      verified: false,
    });
  });
});

describe("POST /api/rides/:id/join", () => {
  it("joins, with last_seen_at now when the chat is empty", async () => {
    const owner = await createUser();
    const ride = await createRide({ organizerId: owner.id });
    const { user, browser } = await signedIn();
    const res = await browser.post(`/api/rides/${ride.id}/join`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.ride.viewer.joined).toBe(true);
    expect(body.ride.participantCount).toBe(2);
    const row = await db()
      .select()
      .from(rideParticipants)
      .where(eq(rideParticipants.userId, user.id))
      .get();
    expect(row!.lastSeenAt).toEqual(expect.any(Number));
  });

  it("sets last_seen_at null when the chat already has messages", async () => {
    const owner = await createUser();
    const ride = await createRide({ organizerId: owner.id });
    await addMessage(ride.id, owner.id);
    const { user, browser } = await signedIn();
    expect((await browser.post(`/api/rides/${ride.id}/join`)).status).toBe(200);
    const row = await db()
      .select()
      .from(rideParticipants)
      .where(eq(rideParticipants.userId, user.id))
      .get();
    expect(row!.lastSeenAt).toBeNull();
  });

  it("refuses a duplicate with 'Ya formas parte de esta salida'", async () => {
    const owner = await createUser();
    const ride = await createRide({ organizerId: owner.id });
    const { browser } = await signedIn();
    await browser.post(`/api/rides/${ride.id}/join`);
    const res = await browser.post(`/api/rides/${ride.id}/join`);
    expect(res.status).toBe(409);
    expect((await json(res)).error).toEqual({ code: "already_joined", message: MSG.alreadyJoined });
  });

  it("refuses a full ride", async () => {
    const owner = await createUser();
    const other = await createUser();
    const ride = await createRide({
      organizerId: owner.id,
      participants: [other.id],
      maxParticipants: 2,
    });
    const { browser } = await signedIn();
    const res = await browser.post(`/api/rides/${ride.id}/join`);
    expect(res.status).toBe(409);
    expect((await json(res)).error).toEqual({ code: "ride_full", message: MSG.rideFull });
    expect(await participantIds(ride.id)).toHaveLength(2);
  });

  it("treats no cap as 20 places", async () => {
    const owner = await createUser();
    const others = await Promise.all(Array.from({ length: 19 }, () => createUser()));
    const ride = await createRide({ organizerId: owner.id, participants: others.map((o) => o.id) });
    const { browser } = await signedIn();
    expect((await json(await browser.post(`/api/rides/${ride.id}/join`))).error.code).toBe(
      "ride_full",
    );
  });

  it("refuses a ride that has started", async () => {
    const owner = await createUser();
    const ride = await createRide({ organizerId: owner.id, startsIn: -HOUR });
    const { browser } = await signedIn();
    const res = await browser.post(`/api/rides/${ride.id}/join`);
    expect(res.status).toBe(409);
    expect((await json(res)).error).toEqual({ code: "ride_started", message: MSG.rideStarted });
  });

  it("refuses a cancelled ride", async () => {
    const owner = await createUser();
    const ride = await createRide({ organizerId: owner.id, status: "cancelled" });
    const { browser } = await signedIn();
    const res = await browser.post(`/api/rides/${ride.id}/join`);
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe("ride_cancelled");
    expect(await participantIds(ride.id)).toEqual([owner.id]);
  });

  it("asks visitors to sign in with the join message", async () => {
    const owner = await createUser();
    const ride = await createRide({ organizerId: owner.id });
    const res = await new Browser().post(`/api/rides/${ride.id}/join`);
    expect(res.status).toBe(401);
    expect((await json(res)).error.message).toBe(MSG.joinUnauthenticated);
  });

  it("answers 404 for an unknown ride", async () => {
    const { browser } = await signedIn();
    expect((await browser.post("/api/rides/nosuchride/join")).status).toBe(404);
  });

  it("never overbooks: 20 parallel joins on 5 free places end with exactly 5", async () => {
    const owner = await createUser();
    // Organizer + 5 free places.
    const ride = await createRide({ organizerId: owner.id, maxParticipants: 6 });
    const riders = await Promise.all(Array.from({ length: 20 }, () => signedIn()));
    const responses = await Promise.all(
      riders.map(({ browser }) => browser.post(`/api/rides/${ride.id}/join`)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    const codes = await Promise.all(
      responses.filter((r) => r.status === 409).map(async (r) => (await json(r)).error.code),
    );
    expect(new Set(codes)).toEqual(new Set(["ride_full"]));
    expect(await participantIds(ride.id)).toHaveLength(6);
  });
});

describe("POST /api/rides/:id/leave", () => {
  it("lets a participant leave before the start", async () => {
    const owner = await createUser();
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: owner.id, participants: [user.id] });
    expect((await browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(200);
    expect(await participantIds(ride.id)).toEqual([owner.id]);
  });

  it("refuses to leave after the start", async () => {
    const owner = await createUser();
    const { user, browser } = await signedIn();
    const ride = await createRide({
      organizerId: owner.id,
      participants: [user.id],
      startsIn: -HOUR,
    });
    const res = await browser.post(`/api/rides/${ride.id}/leave`);
    expect(res.status).toBe(409);
    expect((await json(res)).error).toEqual({ code: "ride_started", message: MSG.leaveStarted });
    expect(await participantIds(ride.id)).toContain(user.id);
  });

  it("refuses the organizer", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id });
    const res = await browser.post(`/api/rides/${ride.id}/leave`);
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe("organizer_cannot_leave");
    expect(await participantIds(ride.id)).toEqual([user.id]);
  });

  it("refuses someone who is not in the ride", async () => {
    const owner = await createUser();
    const ride = await createRide({ organizerId: owner.id });
    const { browser } = await signedIn();
    const res = await browser.post(`/api/rides/${ride.id}/leave`);
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe("not_participant");
  });

  it("asks visitors to sign in with 'Debes iniciar sesión'", async () => {
    const owner = await createUser();
    const ride = await createRide({ organizerId: owner.id });
    const res = await new Browser().post(`/api/rides/${ride.id}/leave`);
    expect(res.status).toBe(401);
    expect((await json(res)).error.message).toBe(MSG.leaveUnauthenticated);
  });
});

describe("POST /api/rides/:id/cancel", () => {
  it("cancels with a reason and tells the participants in the chat", async () => {
    const { user, browser } = await signedIn();
    const other = await createUser();
    const ride = await createRide({ organizerId: user.id, participants: [other.id] });
    const res = await browser.post(`/api/rides/${ride.id}/cancel`, { reason: "  Lluvia  " });
    expect(res.status).toBe(200);
    const row = await rideRow(ride.id);
    expect(row).toMatchObject({ status: "cancelled", cancelReason: "Lluvia" });
    expect(row!.cancelledAt).toEqual(expect.any(Number));
    const messages = await messagesOf(ride.id);
    expect(messages.map((m) => [m.kind, m.body])).toEqual([
      ["system", MSG.systemCancelNotice("Lluvia")],
    ]);
  });

  it("stores an empty reason as null and posts nothing when she is alone", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id });
    expect((await browser.post(`/api/rides/${ride.id}/cancel`, { reason: "   " })).status).toBe(
      200,
    );
    expect((await rideRow(ride.id))!.cancelReason).toBeNull();
    expect(await messagesOf(ride.id)).toHaveLength(0);
  });

  it("refuses another rider with the spec's message and changes nothing", async () => {
    const owner = await createUser();
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: owner.id, participants: [user.id] });
    const before = await rideRow(ride.id);
    const res = await browser.post(`/api/rides/${ride.id}/cancel`, { reason: "ja" });
    expect(res.status).toBe(403);
    expect((await json(res)).error).toEqual({
      code: "not_authorized",
      message: MSG.cancelNotAuthorized,
    });
    expect(await rideRow(ride.id)).toEqual(before);
    expect(await messagesOf(ride.id)).toHaveLength(0);
  });

  it("refuses a ride that has started or is already cancelled", async () => {
    const { user, browser } = await signedIn();
    const started = await createRide({ organizerId: user.id, startsIn: -HOUR });
    const res = await browser.post(`/api/rides/${started.id}/cancel`, {});
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe("ride_started");
    expect((await rideRow(started.id))!.status).toBe("published");
    const cancelled = await createRide({ organizerId: user.id, status: "cancelled" });
    const res2 = await browser.post(`/api/rides/${cancelled.id}/cancel`, {});
    expect(res2.status).toBe(409);
    expect((await json(res2)).error.code).toBe("ride_cancelled");
  });

  it("refuses an over-long reason", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id });
    const res = await browser.post(`/api/rides/${ride.id}/cancel`, { reason: "x".repeat(301) });
    expect(res.status).toBe(400);
    expect((await rideRow(ride.id))!.status).toBe("published");
  });
});

describe("DELETE /api/rides/:id", () => {
  it("deletes her ride with its messages and GPX while she is alone", async () => {
    const { user, browser } = await signedIn();
    const { ride } = await json(
      await browser.fetch("/api/rides", { method: "POST", body: multipart(rideBody(), SMALL_GPX) }),
    );
    const key = (await rideRow(ride.id))!.routeGpxKey!;
    await addMessage(ride.id, user.id);
    const res = await browser.delete(`/api/rides/${ride.id}`);
    expect(res.status).toBe(204);
    expect(await rideRow(ride.id)).toBeNull();
    expect(await messagesOf(ride.id)).toHaveLength(0);
    expect(await participantIds(ride.id)).toHaveLength(0);
    expect(await env.GPX.head(key)).toBeNull();
  });

  it("deletes her ride after its start too, while she is alone (the app offers it then)", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id, startsIn: -HOUR });
    expect((await browser.delete(`/api/rides/${ride.id}`)).status).toBe(204);
    expect(await rideRow(ride.id)).toBeNull();
  });

  it("refuses while others participate", async () => {
    const { user, browser } = await signedIn();
    const other = await createUser();
    const ride = await createRide({ organizerId: user.id, participants: [other.id] });
    await addMessage(ride.id, other.id);
    const res = await browser.delete(`/api/rides/${ride.id}`);
    expect(res.status).toBe(409);
    expect((await json(res)).error).toEqual({
      code: "ride_has_participants",
      message: MSG.deleteHasParticipants,
    });
    expect(await rideRow(ride.id)).not.toBeNull();
    expect(await messagesOf(ride.id)).toHaveLength(1);
    expect(await participantIds(ride.id)).toHaveLength(2);
  });

  it("refuses another rider's delete and keeps the ride", async () => {
    const owner = await createUser();
    const ride = await createRide({ organizerId: owner.id });
    const { browser } = await signedIn();
    const res = await browser.delete(`/api/rides/${ride.id}`);
    expect(res.status).toBe(403);
    expect((await json(res)).error).toEqual({
      code: "not_authorized",
      message: MSG.deleteNotAuthorized,
    });
    expect(await rideRow(ride.id)).not.toBeNull();
  });

  it("refuses a cross-origin delete", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id });
    const res = await browser.fetch(`/api/rides/${ride.id}`, {
      method: "DELETE",
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(await rideRow(ride.id)).not.toBeNull();
  });
});

describe("a ride is one day's ride within the next 12 months", () => {
  const YEAR = 365 * 24 * HOUR;

  it("create refuses a start beyond 12 months, and distances and elevations no day's ride has", async () => {
    const { browser } = await signedIn();
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ startTime: "9999-12-31T10:00:00.000Z" }, "startTime", MSG.rideStartTooFar],
      [
        { startTime: new Date(Date.now() + YEAR + 2 * 24 * HOUR).toISOString() },
        "startTime",
        MSG.rideStartTooFar,
      ],
      [{ elevationM: 1e12 }, "elevationM", MSG.elevationMax],
      [{ elevationM: 10_001 }, "elevationM", MSG.elevationMax],
      [{ distanceKm: 400.1 }, "distanceKm", MSG.distanceMax],
      [{ distanceKm: 1e9 }, "distanceKm", MSG.distanceMax],
    ];
    const before = (await db().select().from(rides).all()).length;
    for (const [override, field, message] of refusals) {
      const res = await browser.post("/api/rides", rideBody(override));
      expect(res.status, field).toBe(400);
      expect((await json(res)).error).toMatchObject({ code: "validation_error", message });
    }
    expect(await db().select().from(rides).all()).toHaveLength(before);
    // The bounds themselves are fine.
    const edge = await browser.post(
      "/api/rides",
      rideBody({ distanceKm: 400, elevationM: 10_000 }, YEAR - HOUR),
    );
    expect(edge.status).toBe(201);
  });

  it("edit refuses them too and leaves the ride as it was", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id });
    for (const override of [
      { startTime: "9999-01-01T08:00:00.000Z" },
      { elevationM: 1e12 },
      { distanceKm: 5000 },
    ]) {
      const res = await browser.put(`/api/rides/${ride.id}`, rideBody(override));
      expect(res.status).toBe(400);
    }
    expect(await rideRow(ride.id)).toMatchObject({ routeKm: 40, routeElev: 300 });
  });
});
