// Blocking (docs/product.md#blocking): mutual, silent, enforced by the API everywhere, and the
// same answer as for something that does not exist.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { ChatsResponse } from "../../domain/api/chat.ts";
import type { RideDetailResponse, RideListResponse } from "../../domain/api/rides.ts";
import type { BlockedUsersResponse, BlockResponse } from "../../domain/api/safety.ts";
import { CLOSE_CODES, type NotificationFrame } from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";
import { createDb } from "../../worker/db/client.ts";
import { blocks, emailOutbox, rodeWith } from "../../worker/db/schema.ts";
import { blockedBetween } from "../../worker/ride-core/block-sql.ts";
import { participantsQuery } from "../../worker/ride-core/read-model.ts";
import { joinRideAtomically } from "../../worker/ride-core/writes.ts";
import {
  type ListFilters,
  listingPageQuery,
  listingWithParticipantsQuery,
  listRides,
} from "../../worker/rides/listing.ts";
import { myRides } from "../../worker/rides/my-rides.ts";
import { countingD1 } from "./helpers/d1-proxy.ts";
import {
  createRide,
  createUser,
  db,
  HOUR,
  rideWithThree,
  rideWithTwo,
  signedIn,
} from "./helpers/factories.ts";
import { type Browser, json } from "./helpers/http.ts";
import { runnable } from "./helpers/runnable.ts";
import { answerOf, block, insertMessage } from "./helpers/safety.ts";
import {
  openSocket,
  sendFrame,
  socketsClosedAfterEach,
  type TestSocket,
} from "./helpers/sockets.ts";

const { open, chat } = socketsClosedAfterEach();
const noFilters: ListFilters = { modalities: [], levels: [], page: 0 };
const MISSING_RIDE = "abcdefghijklmnopqrstuvwx";

async function titles(browser: Browser, query = "") {
  const res = await browser.get(`/api/rides${query}`);
  expect(res.status).toBe(200);
  return (await json<RideListResponse>(res)).rides.map((r) => r.title);
}

async function say(socket: TestSocket, text: string) {
  const clientId = crypto.randomUUID();
  socket.send(sendFrame(text, clientId));
  return (await socket.next("ack", (f) => f.clientId === clientId)).message;
}

describe("blocking and unblocking", () => {
  it("lists whom she blocked, newest first, and unblocks", async () => {
    const ana = await signedIn();
    const bea = await createUser({ username: "BeaBloqueada" });
    const cris = await createUser({ username: "CrisBloqueada" });
    const first: BlockResponse = await block(ana.browser, bea.id);
    expect(first).toEqual({
      blocked: { userId: bea.id, username: "BeaBloqueada" },
      sharedRides: [],
    });
    // Newest first is by when each block was made: Bea's a minute earlier, not in the same
    // millisecond as Cris's (where the order would be chance).
    await db()
      .update(blocks)
      .set({ createdAt: sql`${blocks.createdAt} - 60000` })
      .where(eq(blocks.blockedId, bea.id));
    await block(ana.browser, cris.id);
    // Twice is the same as once.
    await block(ana.browser, cris.id);
    const listed = await json<BlockedUsersResponse>(await ana.browser.get("/api/blocks"));
    expect(listed.blocked.map((b) => b.username)).toEqual(["CrisBloqueada", "BeaBloqueada"]);

    expect((await ana.browser.delete(`/api/blocks/${cris.id}`)).status).toBe(200);
    expect((await ana.browser.delete(`/api/blocks/${cris.id}`)).status).toBe(200);
    const after = await json<BlockedUsersResponse>(await ana.browser.get("/api/blocks"));
    expect(after.blocked.map((b) => b.userId)).toEqual([bea.id]);
  });

  it("refuses blocking herself and an unknown rider", async () => {
    const ana = await signedIn();
    const self = await ana.browser.post("/api/blocks", { userId: ana.user.id });
    expect(self.status).toBe(400);
    expect((await json(self)).error.message).toBe(MSG.blockSelf);
    const unknown = await ana.browser.post("/api/blocks", { userId: "nadie-con-este-id" });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error).toEqual({ code: "not_found", message: MSG.userNotFound });
  });

  it("is silent: blocking someone who blocked her first answers as any block", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    await block(bea.browser, ana.user.id);
    const res = await ana.browser.post("/api/blocks", { userId: bea.user.id });
    expect(res.status).toBe(200);
    expect((await json<BlockResponse>(res)).blocked.userId).toBe(bea.user.id);
  });
});

describe("blocking back tells her nothing new", () => {
  it("A blocks B, renames herself; B blocks A: the answer and B's list show A as she was", async () => {
    const ana = await signedIn({ username: "NuriaAntes" });
    const bea = await signedIn({ username: "VeraVuelta" });
    await block(ana.browser, bea.user.id);
    const renamed = await ana.browser.put("/api/profile", {
      username: "NuriaDespues",
      city: "Madrid",
      modalities: ["road"],
      avatarKey: "ava07",
    });
    expect(renamed.status).toBe(200);

    const res = await bea.browser.post("/api/blocks", { userId: ana.user.id });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain("NuriaDespues");
    expect((JSON.parse(text) as BlockResponse).blocked).toEqual({
      userId: ana.user.id,
      username: "NuriaAntes",
    });
    const listRes = await bea.browser.get("/api/blocks");
    const listText = await listRes.text();
    expect(listText).not.toContain("NuriaDespues");
    const [listed] = (JSON.parse(listText) as BlockedUsersResponse).blocked;
    expect(listed).toMatchObject({
      userId: ana.user.id,
      username: "NuriaAntes",
      avatarKey: "ava01",
    });

    // Ana's own list names Bea as she is: Bea never blocked her first.
    const anas = await json<BlockedUsersResponse>(await ana.browser.get("/api/blocks"));
    expect(anas.blocked.map((b) => b.username)).toEqual(["VeraVuelta"]);
    // Once Ana lifts her block, Bea's list shows Ana as she is now (nothing hides her then).
    await ana.browser.delete(`/api/blocks/${bea.user.id}`);
    const after = await json<BlockedUsersResponse>(await bea.browser.get("/api/blocks"));
    expect(after.blocked[0]).toMatchObject({ username: "NuriaDespues", avatarKey: "ava07" });
  });
});

describe("the SQL condition (worker/ride-core/block-sql.ts)", () => {
  it("reads both ways, with values and with columns alike", async () => {
    const [a, b, c] = await Promise.all([createUser(), createUser(), createUser()]);
    await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)")
      .bind(a.id, b.id)
      .run();
    // The same condition on columns of an outer statement (as the chat and feed use it).
    const viaColumns = async (x: string, y: string) =>
      (
        await db().get<{ v: number }>(
          sql`select ${blockedBetween(sql`pair.x`, sql`pair.y`)} as v from (select ${x} as x, ${y} as y) pair`,
        )
      ).v;
    const viaDrizzle = async (x: string, y: string) =>
      (await db().get<{ v: number }>(sql`select ${blockedBetween(x, y)} as v`)).v;
    for (const [x, y, expected] of [
      [a.id, b.id, 1],
      [b.id, a.id, 1],
      [a.id, c.id, 0],
      [c.id, b.id, 0],
    ] as const) {
      expect(await viaColumns(x, y)).toBe(expected);
      expect(await viaDrizzle(x, y)).toBe(expected);
    }
  });
});

describe("feed and search", () => {
  it("neither sees the other's rides, nor rides the other is in; unblocking brings them back", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const cris = await signedIn();
    const city = `Bloqueos${Date.now()}`;
    // The listing is by start time: a minute apart, in the order the titles are expected.
    const startsIn = (minute: number) => 48 * HOUR + minute * 60_000;
    await createRide({ organizerId: ana.user.id, city, title: "De Ana", startsIn: startsIn(0) });
    await createRide({ organizerId: bea.user.id, city, title: "De Bea", startsIn: startsIn(1) });
    await createRide({
      organizerId: cris.user.id,
      city,
      title: "Con Bea",
      participants: [bea.user.id],
      startsIn: startsIn(2),
    });
    await createRide({ organizerId: cris.user.id, city, title: "De Cris", startsIn: startsIn(3) });
    const q = `?city=${city}`;
    expect(await titles(ana.browser, q)).toEqual(["De Ana", "De Bea", "Con Bea", "De Cris"]);

    await block(ana.browser, bea.user.id);
    expect(await titles(ana.browser, q)).toEqual(["De Ana", "De Cris"]);
    // Mutual: the blocked one no longer finds her (nor the rides she is in) either.
    expect(await titles(bea.browser, q)).toEqual(["De Bea", "Con Bea", "De Cris"]);
    // Text search goes through the same listing.
    expect(await titles(ana.browser, `?q=${encodeURIComponent("De Bea")}`)).toEqual([]);
    expect(await titles(bea.browser, `?q=${encodeURIComponent("De Ana")}`)).toEqual([]);
    // A city only her rides bring is not suggested to the other.
    const onlyHers = `SoloAna${Date.now()}`;
    await createRide({ organizerId: ana.user.id, city: onlyHers });
    const suggested = async (browser: Browser) =>
      (await json(await browser.get(`/api/rides/cities?q=${onlyHers}`))).cities;
    expect(await suggested(cris.browser)).toEqual([onlyHers]);
    expect(await suggested(bea.browser)).toEqual([]);

    await ana.browser.delete(`/api/blocks/${bea.user.id}`);
    expect(await titles(ana.browser, q)).toEqual(["De Ana", "De Bea", "Con Bea", "De Cris"]);
  });

  it("a ride they are both in stays in both their lists (My Rides included)", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    await block(ana.browser, bea.user.id);
    for (const browser of [ana.browser, bea.browser]) {
      const mine = await json(await browser.get("/api/my-rides?tab=upcoming"));
      expect(mine.rides.map((r: { id: string }) => r.id)).toEqual([ride.id]);
      expect((await browser.get(`/api/rides/${ride.id}`)).status).toBe(200);
    }
  });

  it("a shared ride's cards and detail leave the other out of the riders shown, not out of the count", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const cris = await signedIn();
    const city = `Compartida${Date.now()}`;
    const ride = await createRide({
      organizerId: cris.user.id,
      city,
      participants: [ana.user.id, bea.user.id],
    });
    await block(ana.browser, bea.user.id);
    const detail = await json<RideDetailResponse>(await ana.browser.get(`/api/rides/${ride.id}`));
    expect(detail.ride.participants.map((p) => p.id)).toEqual([cris.user.id, ana.user.id]);
    expect(detail.ride.participantIds).not.toContain(bea.user.id);
    expect(detail.ride.participantCount).toBe(3);
    const feed = await json<RideListResponse>(await ana.browser.get(`/api/rides?city=${city}`));
    expect(feed.rides[0]?.participantIds).not.toContain(bea.user.id);
    expect(feed.rides[0]?.participantCount).toBe(3);
    const mine = await json(await bea.browser.get("/api/my-rides?tab=upcoming"));
    expect(mine.rides[0].participantIds).not.toContain(ana.user.id);
    expect(mine.rides[0].participantCount).toBe(3);
    // Cris, who blocked nobody, sees everyone.
    const hers = await json<RideDetailResponse>(await cris.browser.get(`/api/rides/${ride.id}`));
    expect(hers.ride.participants).toHaveLength(3);
  });
});

describe("the same answer as for something that does not exist", () => {
  it("ride detail, join, route, chat info and chat socket of a hidden ride answer as a missing one", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const ride = await createRide({ organizerId: ana.user.id });
    await block(ana.browser, bea.user.id);
    const paths = [
      ["GET", "/api/rides/:id"],
      ["POST", "/api/rides/:id/join"],
      ["GET", "/api/rides/:id/route"],
      ["GET", "/api/rides/:id/gpx"],
      ["GET", "/api/rides/:id/chat"],
      ["GET", "/api/rides/:id/chat/messages"],
      ["POST", "/api/rides/:id/chat/read"],
      ["GET", "/api/rides/:id/connections"],
      ["POST", "/api/rides/:id/leave"],
    ] as const;
    for (const [method, path] of paths) {
      const call = (id: string) =>
        bea.browser.fetch(path.replace(":id", id), {
          method,
          ...(method === "POST" ? { json: {} } : {}),
        });
      const hidden = await answerOf(await call(ride.id));
      const missing = await answerOf(await call(MISSING_RIDE));
      expect(hidden, `${method} ${path}`).toEqual(missing);
      expect(hidden.status, `${method} ${path}`).toBe(404);
    }
    const socket = (id: string) => openSocket(bea.browser, `/api/rides/${id}/chat/socket`);
    const hiddenSocket = await socket(ride.id);
    const missingSocket = await socket(MISSING_RIDE);
    expect(hiddenSocket.socket).toBeNull();
    expect(await answerOf(hiddenSocket.res)).toEqual(await answerOf(missingSocket.res));
    // And nothing was joined.
    const stillAlone = await json<RideDetailResponse>(
      await ana.browser.get(`/api/rides/${ride.id}`),
    );
    expect(stillAlone.ride.participantCount).toBe(1);
  });

  it("the ride's calendar file answers as a missing ride, whichever of them blocked whom", async () => {
    const cases = [
      ["the organizer blocked her", "organizer", "byThem"],
      ["she blocked the organizer", "organizer", "byHer"],
      ["a participant blocked her", "participant", "byThem"],
      ["she blocked a participant", "participant", "byHer"],
    ] as const;
    for (const [label, who, direction] of cases) {
      const organizer = await signedIn();
      const participant = await signedIn();
      const bea = await signedIn();
      const ride = await createRide({
        organizerId: organizer.user.id,
        participants: [participant.user.id],
      });
      const other = who === "organizer" ? organizer : participant;
      const ics = () => bea.browser.get(`/api/rides/${ride.id}/calendar.ics`);
      expect((await ics()).status, label).toBe(200);
      if (direction === "byThem") await block(other.browser, bea.user.id);
      else await block(bea.browser, other.user.id);
      const hidden = await ics();
      const missing = await bea.browser.get(`/api/rides/${MISSING_RIDE}/calendar.ics`);
      expect(await answerOf(hidden), label).toEqual(await answerOf(missing));
      // The ride's own page says the same.
      expect(await answerOf(await bea.browser.get(`/api/rides/${ride.id}`)), label).toEqual(
        await answerOf(await bea.browser.get(`/api/rides/${MISSING_RIDE}`)),
      );
    }
  });

  it("the join statement itself refuses a ride with someone she blocked (no race with a block)", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const cris = await createUser();
    const ride = await createRide({ organizerId: cris.id, participants: [ana.user.id] });
    await block(bea.browser, ana.user.id);
    expect(await joinRideAtomically(db(), ride.id, bea.user.id, Date.now())).toBe(false);
    const res = await bea.browser.post(`/api/rides/${ride.id}/join`);
    expect(await answerOf(res)).toEqual(
      await answerOf(await bea.browser.post(`/api/rides/${MISSING_RIDE}/join`)),
    );
  });

  it("public profiles answer 'not found' both ways, and a profile's Historial leaves the other out", async () => {
    const ana = await signedIn({ username: "AnaPerfil" });
    const bea = await signedIn({ username: "BeaPerfil" });
    const cris = await signedIn({ username: "CrisPerfil" });
    const past = await createRide({
      organizerId: cris.user.id,
      startsIn: -5 * HOUR,
      participants: [ana.user.id, bea.user.id],
    });
    await db()
      .insert(rodeWith)
      .values([
        { rideId: past.id, userId: cris.user.id, otherUserId: bea.user.id },
        { rideId: past.id, userId: cris.user.id, otherUserId: ana.user.id },
      ]);
    await block(ana.browser, bea.user.id);
    const missing = await answerOf(await ana.browser.get("/api/users/nadie_existe"));
    expect(await answerOf(await ana.browser.get("/api/users/BeaPerfil"))).toEqual(missing);
    expect(await answerOf(await bea.browser.get("/api/users/AnaPerfil"))).toEqual(missing);
    const crisSeenByAna = await json(await ana.browser.get("/api/users/CrisPerfil"));
    expect(crisSeenByAna.stats.history.map((h: { username: string }) => h.username)).toEqual([
      "AnaPerfil",
    ]);
    const crisSeenByCris = await json(await cris.browser.get("/api/users/CrisPerfil"));
    expect(crisSeenByCris.stats.history).toHaveLength(2);
  });
});

describe("already in the same ride", () => {
  it("their messages are hidden from each other in history, live, unread counts and previews", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const cris = await signedIn();
    const ride = await createRide({
      organizerId: cris.user.id,
      participants: [ana.user.id, bea.user.id],
      startsIn: 2 * HOUR,
    });
    const earlier = await insertMessage(ride.id, bea.user.id, "de Bea, antes", Date.now() - 60_000);
    await block(ana.browser, bea.user.id);

    const a = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);
    const c = await chat(cris.browser, ride.id);
    const fromBea = await say(b, "Bea escribe");
    const fromAna = await say(a, "Ana escribe");
    // Cris sees both; each of them only her own.
    await c.next("message", (f) => f.message.id === fromBea.id);
    await c.next("message", (f) => f.message.id === fromAna.id);
    await say(c, "Cris escribe");
    await a.next("message", (f) => f.message.text === "Cris escribe");
    await b.next("message", (f) => f.message.text === "Cris escribe");
    const texts = (s: TestSocket) => JSON.stringify(s.frames);
    expect(texts(a)).not.toContain("Bea escribe");
    expect(texts(b)).not.toContain("Ana escribe");

    // History over HTTP and over the socket.
    const anaHistory = await json(await ana.browser.get(`/api/rides/${ride.id}/chat/messages`));
    expect(anaHistory.messages.map((m: { text: string }) => m.text)).toEqual([
      "Ana escribe",
      "Cris escribe",
    ]);
    b.send({ type: "history" });
    const beaHistory = await b.next("history");
    expect(beaHistory.messages.map((m) => m.text)).toEqual([
      "de Bea, antes",
      "Bea escribe",
      "Cris escribe",
    ]);
    a.send({ type: "sync", after: earlier });
    const synced = await a.next("synced");
    expect(synced.messages.map((m) => m.text)).not.toContain("Bea escribe");

    // Counts and previews.
    const anaInfo = await json(await ana.browser.get(`/api/rides/${ride.id}/chat`));
    expect(anaInfo.messageCount).toBe(2);
    await env.DB.prepare("UPDATE ride_participants SET last_seen_at = NULL WHERE ride_id = ?")
      .bind(ride.id)
      .run();
    await insertMessage(ride.id, bea.user.id, "lo último de Bea", Date.now() + 1000);
    const anaChats = await json<ChatsResponse>(await ana.browser.get("/api/chats"));
    expect(anaChats.chats[0]).toMatchObject({ unread: 1, lastMessage: { text: "Cris escribe" } });
    const crisChats = await json<ChatsResponse>(await cris.browser.get("/api/chats"));
    expect(crisChats.chats[0]).toMatchObject({
      unread: 4,
      lastMessage: { text: "lo último de Bea" },
    });
  });

  it("her notification channel is not told of the blocked rider's messages", async () => {
    const { ana, bea, ride } = await rideWithTwo({ startsIn: 2 * HOUR });
    const cris = await signedIn();
    await env.DB.prepare("INSERT INTO ride_participants (ride_id, user_id) VALUES (?, ?)")
      .bind(ride.id, cris.user.id)
      .run();
    await block(ana.browser, bea.user.id);
    const { socket: hub } = await openSocket(ana.browser, "/api/notifications/socket");
    if (!hub) throw new Error("hub refused");
    open.push(hub);
    await hub.nextRaw((f) => (f as NotificationFrame).type === "ready");
    const b = await chat(bea.browser, ride.id);
    await say(b, "para todas menos Ana");
    const c = await chat(cris.browser, ride.id);
    await say(c, "de Cris");
    const frame = await hub.nextRaw<NotificationFrame>(
      (f) => (f as NotificationFrame).type === "unread",
    );
    expect(frame).toMatchObject({ type: "unread", count: 1, lastMessage: { text: "de Cris" } });
    expect(JSON.stringify(hub.frames)).not.toContain("para todas menos Ana");
  });

  it("no connection can be recorded between them", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const cris = await signedIn();
    const ride = await createRide({
      organizerId: cris.user.id,
      participants: [ana.user.id, bea.user.id],
      startsIn: -2 * HOUR,
    });
    await block(bea.browser, ana.user.id);
    const card = await json(await ana.browser.get(`/api/rides/${ride.id}/connections`));
    expect(card.companions.map((c: { userId: string }) => c.userId)).toEqual([cris.user.id]);
    const refused = await ana.browser.post(`/api/rides/${ride.id}/connections`, {
      otherUserIds: [bea.user.id],
    });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.message).toBe(MSG.connectionsNotCompanions);
    const stored = await db().select().from(rodeWith).where(eq(rodeWith.rideId, ride.id)).all();
    expect(stored).toEqual([]);

    // A ride whose only other rider is blocked is not pending for her.
    const pair = await createRide({
      organizerId: bea.user.id,
      participants: [ana.user.id],
      startsIn: -2 * HOUR,
    });
    const pending = await json(await ana.browser.get("/api/connections/pending"));
    expect(pending.pending.map((p: { rideId: string }) => p.rideId)).toEqual([ride.id]);
    expect(pending.pending.map((p: { rideId: string }) => p.rideId)).not.toContain(pair.id);
  });
});

describe("'Quitarla de la salida'", () => {
  it("blocking a participant of her upcoming ride offers it; removing her closes her chat and sends a neutral notice", async () => {
    const { ana, bea, ride } = await rideWithTwo({
      startsIn: 5 * HOUR,
      city: "Las Palmas de Gran Canaria",
    });
    await createRide({
      organizerId: ana.user.id,
      startsIn: -5 * HOUR,
      participants: [bea.user.id],
    });
    const b = await chat(bea.browser, ride.id);
    const blocked: BlockResponse = await block(ana.browser, bea.user.id);
    // With its stored zone: the dialog shows the time on the ride's clock ('hora canaria').
    expect(blocked.sharedRides).toEqual([
      {
        id: ride.id,
        title: ride.title,
        startTime: expect.any(Number),
        timeZone: "Atlantic/Canary",
        city: "Las Palmas de Gran Canaria",
      },
    ]);

    const res = await ana.browser.delete(`/api/rides/${ride.id}/participants/${bea.user.id}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ removed: true });
    await vi.waitFor(() => expect(b.closed?.code).toBe(CLOSE_CODES.notParticipant));
    const detail = await json<RideDetailResponse>(await ana.browser.get(`/api/rides/${ride.id}`));
    expect(detail.ride.participantCount).toBe(1);
    // For her, the ride is now one that does not exist.
    expect((await bea.browser.get(`/api/rides/${ride.id}`)).status).toBe(404);
    const mail = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toEmail, bea.user.email))
      .all();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.bodyText).toContain(MSG.removedFromRideMail(ride.title));
    expect(`${mail[0]?.subject} ${mail[0]?.bodyText}`).not.toMatch(/bloque|denunc/i);
    // Again: she is no longer in it.
    const again = await ana.browser.delete(`/api/rides/${ride.id}/participants/${bea.user.id}`);
    expect(await json(again)).toEqual({ removed: false });
  });

  it("only the organizer, only a rider she blocked, only before the start", async () => {
    const { ana, bea, cris, ride } = await rideWithThree();
    // Not blocked: no removal (this is no general 'kick').
    const notBlocked = await ana.browser.delete(
      `/api/rides/${ride.id}/participants/${cris.user.id}`,
    );
    expect(notBlocked.status).toBe(403);
    // Cris blocked Bea, but the ride is not hers.
    await block(cris.browser, bea.user.id);
    const notHers = await cris.browser.delete(`/api/rides/${ride.id}/participants/${bea.user.id}`);
    expect(notHers.status).toBe(403);
    const started = await createRide({
      organizerId: ana.user.id,
      startsIn: -HOUR,
      participants: [bea.user.id],
    });
    await block(ana.browser, bea.user.id);
    const late = await ana.browser.delete(`/api/rides/${started.id}/participants/${bea.user.id}`);
    expect(late.status).toBe(409);
    expect((await json(late)).error.message).toBe(MSG.removeStarted);
    // The organizer never removes herself.
    const self = await ana.browser.delete(`/api/rides/${ride.id}/participants/${ana.user.id}`);
    expect(self.status).toBe(403);
  });
});

describe("query cost stays fixed", () => {
  it("a feed page and a My Rides page cost the same statements with blocks as without", async () => {
    const viewer = await createUser();
    const owner = await createUser();
    const riders = await Promise.all(Array.from({ length: 4 }, () => createUser()));
    const blockedRiders = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    const city = `Coste${Date.now()}`;
    // Hers, each with a rider she is about to block: they stay (she is in them).
    for (let i = 0; i < 12; i++) {
      await createRide({
        organizerId: owner.id,
        city,
        participants: [viewer.id, ...riders.map((r) => r.id), blockedRiders[i % 5]!.id],
      });
    }
    // Sooner, organized by a rider she is about to block: they go.
    for (let i = 0; i < 3; i++) {
      await createRide({ organizerId: blockedRiders[0]!.id, city, startsIn: 24 * HOUR });
    }
    const cost = async () => {
      const { d1, counter } = countingD1(env.DB);
      const feed = await listRides(createDb(d1), { ...noFilters, city }, viewer.id, Date.now());
      const feedStatements = counter.statements;
      const mine = await myRides(createDb(d1), viewer.id, "upcoming", 0, Date.now());
      return {
        cost: {
          feed: feedStatements,
          myRides: counter.statements - feedStatements,
          batches: counter.batches,
        },
        feedOrganizers: new Set(feed.rides.map((r) => r.organizer.id)),
        mine: mine.rides.length,
      };
    };
    const before = await cost();
    for (const rider of blockedRiders) {
      await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)")
        .bind(viewer.id, rider.id)
        .run();
    }
    const after = await cost();
    // One batch each: the feed's one statement, My Rides' four.
    expect(before.cost).toEqual({ feed: 1, myRides: 4, batches: 2 });
    expect(after.cost).toEqual(before.cost);
    expect(before.feedOrganizers.has(blockedRiders[0]!.id)).toBe(true);
    expect([...after.feedOrganizers]).toEqual([owner.id]);
    expect(after.mine).toBe(10);
  });

  it("the listing queries still use indexes, blocks included", async () => {
    const viewer = await createUser();
    const plan = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { text, params } = runnable(query);
      const res = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
        .bind(...params)
        .all<{ detail: string }>();
      return res.results.map((r) => r.detail);
    };
    for (const query of [
      listingPageQuery(db(), noFilters, viewer.id, Date.now()),
      listingWithParticipantsQuery(db(), noFilters, viewer.id, Date.now()),
      participantsQuery(db(), ["a", "b"], viewer.id),
    ]) {
      const details = await plan(query);
      const scans = details.filter((d) => /^SCAN (rides|ride_participants|blocks)\b/.test(d));
      expect(scans, details.join(" | ")).toEqual([]);
    }
  });
});
