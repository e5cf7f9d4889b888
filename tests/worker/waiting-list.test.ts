// A full ride's waiting list (docs/product.md#ride-waiting-list, ADR 0024): joining and leaving it,
// the promotion of the first in line inside the batch that frees a place (a leave, a raised cap, an
// account deleted), its chat notice and her notification, the list closing at the start and
// emptied by a cancellation; and the same rules under parallel requests.
import { env } from "cloudflare:workers";
import { asc, eq, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { afterEach, describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import type { NotificationFrame } from "../../domain/notification-frame.ts";
import { pushTexts } from "../../domain/push.ts";
import { rideMessages, rideParticipants, rides, rideWaitingList } from "../../worker/db/schema.ts";
import {
  oneRide,
  promotionStatements,
  ridesOfLeavingRider,
} from "../../worker/ride-core/promotion.ts";
import {
  clearWaitingListsOfCancelled,
  waitingListQuery,
} from "../../worker/ride-core/waiting-list-sql.ts";
import { requestsSettled } from "./helpers/background.ts";
import { createRide, createUser, db, HOUR, signedIn } from "./helpers/factories.ts";
import { type Browser, json } from "./helpers/http.ts";
import { eventually, pushServiceStandIn } from "./helpers/push-service.ts";
import { messagesOf, participantIds, rideBody } from "./helpers/rides.ts";
import { moderator } from "./helpers/safety.ts";
import { openSocket, type TestSocket } from "./helpers/sockets.ts";

const open: TestSocket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

type WaitingFrame = Extract<NotificationFrame, { type: "waiting-list" }>;
const isWaitingFrame = (f: unknown): f is WaitingFrame =>
  (f as NotificationFrame).type === "waiting-list";

/** The ride's list, in order. */
async function waitingIds(rideId: string) {
  const rows = await db()
    .select({ userId: rideWaitingList.userId })
    .from(rideWaitingList)
    .where(eq(rideWaitingList.rideId, rideId))
    .orderBy(asc(rideWaitingList.id))
    .all();
  return rows.map((r) => r.userId);
}

/** Promotion notices of the ride, oldest first. */
async function promotionNotices(rideId: string) {
  const messages = await db()
    .select({ body: rideMessages.body, createdAt: rideMessages.createdAt })
    .from(rideMessages)
    .where(eq(rideMessages.rideId, rideId))
    .orderBy(asc(rideMessages.createdAt))
    .all();
  return messages.map((m) => m.body).filter((b) => b.endsWith("entra desde la lista de espera"));
}

/** A full ride of `cap` places (organizer + riders) and `waiting` riders in line, in order. */
async function fullRide(cap: number, waiting: number, startsIn = 48 * HOUR) {
  const organizer = await signedIn();
  const riders = await Promise.all(Array.from({ length: cap - 1 }, () => signedIn()));
  const ride = await createRide({
    organizerId: organizer.user.id,
    participants: riders.map((r) => r.user.id),
    maxParticipants: cap,
    startsIn,
  });
  const queue = [];
  for (let i = 0; i < waiting; i++) {
    const rider = await signedIn();
    const res = await rider.browser.post(`/api/rides/${ride.id}/waiting-list`);
    expect(res.status).toBe(200);
    queue.push(rider);
  }
  return { organizer, riders, ride, queue };
}

describe("POST /api/rides/:id/waiting-list", () => {
  it("puts her in line on a full ride and tells her her place", async () => {
    const { ride, queue } = await fullRide(2, 0);
    const ana = await signedIn();
    const bea = await signedIn();

    // The ride is full: joining is refused, the list is offered.
    const join = await ana.browser.post(`/api/rides/${ride.id}/join`);
    expect(join.status).toBe(409);
    expect((await json(join)).error.code).toBe("ride_full");

    const first = await ana.browser.post(`/api/rides/${ride.id}/waiting-list`);
    expect(first.status).toBe(200);
    expect((await json(first)).ride).toMatchObject({
      waitingCount: 1,
      viewer: { joined: false, waitingPosition: 1 },
      waitingList: null,
    });
    const second = await json(await bea.browser.post(`/api/rides/${ride.id}/waiting-list`));
    expect(second.ride).toMatchObject({ waitingCount: 2, viewer: { waitingPosition: 2 } });
    expect(queue).toHaveLength(0);
    expect(await waitingIds(ride.id)).toEqual([ana.user.id, bea.user.id]);

    // A second tap keeps her place.
    const again = await json(await ana.browser.post(`/api/rides/${ride.id}/waiting-list`));
    expect(again.ride.viewer.waitingPosition).toBe(1);
    expect(await waitingIds(ride.id)).toEqual([ana.user.id, bea.user.id]);
  });

  it("shows the list to the organizer only, and its length and her place on every card", async () => {
    const { organizer, riders, ride, queue } = await fullRide(2, 2);
    const [ana, bea] = queue;

    const forOrganizer = await json(await organizer.browser.get(`/api/rides/${ride.id}`));
    expect(forOrganizer.ride.waitingList.map((p: { id: string }) => p.id)).toEqual([
      ana!.user.id,
      bea!.user.id,
    ]);
    expect(forOrganizer.ride.waitingList[0]).toMatchObject({ username: ana!.user.username });
    const forRider = await json(await riders[0]!.browser.get(`/api/rides/${ride.id}`));
    expect(forRider.ride).toMatchObject({ waitingCount: 2, waitingList: null });
    expect(forRider.ride.viewer.waitingPosition).toBeNull();

    // The feed and search cards: the length for everyone, her place for her.
    // Found by its title: the feed comes in pages, and this file's other rides may fill the first.
    const listing = await json(
      await bea!.browser.get(`/api/rides?q=${encodeURIComponent(ride.title)}`),
    );
    expect(listing.rides).toEqual([
      expect.objectContaining({
        id: ride.id,
        waitingCount: 2,
        viewer: expect.objectContaining({ waitingPosition: 2 }),
      }),
    ]);
    const mine = await json(await organizer.browser.get("/api/my-rides?tab=upcoming"));
    expect(mine.rides[0]).toMatchObject({ id: ride.id, waitingCount: 2 });
  });

  it("refuses with the reason: places left, already in, started, cancelled, unknown", async () => {
    const owner = await createUser();
    const { user, browser } = await signedIn();
    const roomy = await createRide({ organizerId: owner.id, maxParticipants: 5 });
    const notFull = await browser.post(`/api/rides/${roomy.id}/waiting-list`);
    expect(notFull.status).toBe(409);
    expect((await json(notFull)).error).toEqual({
      code: "ride_not_full",
      message: MSG.waitingListNotFull,
    });

    const hers = await createRide({
      organizerId: owner.id,
      participants: [user.id],
      maxParticipants: 2,
    });
    const inIt = await browser.post(`/api/rides/${hers.id}/waiting-list`);
    expect((await json(inIt)).error.code).toBe("already_joined");

    const other = await createUser();
    const started = await createRide({
      organizerId: owner.id,
      participants: [other.id],
      maxParticipants: 2,
      startsIn: -HOUR,
    });
    const late = await browser.post(`/api/rides/${started.id}/waiting-list`);
    expect((await json(late)).error.code).toBe("ride_started");

    const cancelled = await createRide({
      organizerId: owner.id,
      participants: [other.id],
      maxParticipants: 2,
      status: "cancelled",
    });
    const gone = await browser.post(`/api/rides/${cancelled.id}/waiting-list`);
    expect((await json(gone)).error.code).toBe("ride_cancelled");

    expect((await browser.post("/api/rides/nosuchride/waiting-list")).status).toBe(404);
    for (const ride of [roomy, hers, started, cancelled]) {
      expect(await waitingIds(ride.id)).toEqual([]);
    }
  });

  it("is for signed-in riders with a profile", async () => {
    const { ride } = await fullRide(2, 0);
    const { browser } = await signedIn({ username: null });
    expect((await browser.post(`/api/rides/${ride.id}/waiting-list`)).status).toBe(403);
    expect(await waitingIds(ride.id)).toEqual([]);
  });

  it("never lets a join take a free place past the riders waiting for one", async () => {
    const { organizer, ride, queue } = await fullRide(3, 1);
    // A place freed outside the promotion rules (a hand-run fix, say): the list still goes first.
    await db()
      .delete(rideParticipants)
      .where(
        eq(
          rideParticipants.userId,
          (await participantIds(ride.id)).find((id) => id !== organizer.user.id)!,
        ),
      );
    const { browser } = await signedIn();
    const join = await browser.post(`/api/rides/${ride.id}/join`);
    expect(join.status).toBe(409);
    expect((await json(join)).error.code).toBe("ride_full");
    // Her joining the list promotes the first in line, in the same batch.
    const res = await json(await browser.post(`/api/rides/${ride.id}/waiting-list`));
    expect(res.ride.viewer.waitingPosition).toBe(1);
    expect(await participantIds(ride.id)).toContain(queue[0]!.user.id);
    expect(await participantIds(ride.id)).toHaveLength(3);
  });
});

describe("DELETE /api/rides/:id/waiting-list", () => {
  it("takes her out of the line; those behind move up", async () => {
    const { ride, queue } = await fullRide(2, 3);
    const [, bea, cris] = queue;
    expect((await bea!.browser.delete(`/api/rides/${ride.id}/waiting-list`)).status).toBe(200);
    expect(await waitingIds(ride.id)).toEqual([queue[0]!.user.id, cris!.user.id]);
    const detail = await json(await cris!.browser.get(`/api/rides/${ride.id}`));
    expect(detail.ride.viewer.waitingPosition).toBe(2);

    const again = await bea!.browser.delete(`/api/rides/${ride.id}/waiting-list`);
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe(MSG.waitingListNotOnIt);
  });
});

describe("promotion of the first in line", () => {
  it("a rider leaving gives her place to the first in line, with a chat notice", async () => {
    const { ride, riders, queue } = await fullRide(3, 2);
    const [ana, bea] = queue;
    const { socket: hub } = await openSocket(ana!.browser, "/api/notifications/socket");
    open.push(hub!);

    expect((await riders[0]!.browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(200);

    const members = await participantIds(ride.id);
    expect(members).toHaveLength(3);
    expect(members).toContain(ana!.user.id);
    expect(members).not.toContain(riders[0]!.user.id);
    expect(await waitingIds(ride.id)).toEqual([bea!.user.id]);
    expect(await promotionNotices(ride.id)).toEqual([
      MSG.systemWaitingListPromoted(ana!.user.username!),
    ]);

    // She is told in the app (and by push); her own arrival's notice is not news to her.
    const frame = await hub!.nextRaw<WaitingFrame>(isWaitingFrame);
    expect(frame).toEqual({
      type: "waiting-list",
      event: "promoted",
      rideId: ride.id,
      rideTitle: ride.title,
    });
    const detail = await json(await ana!.browser.get(`/api/rides/${ride.id}`));
    expect(detail.ride.viewer).toMatchObject({ joined: true, waitingPosition: null });
    const chats = await json(await ana!.browser.get("/api/chats"));
    expect(chats.chats.find((c: { rideId: string }) => c.rideId === ride.id)?.unread).toBe(0);
    const behind = await json(await bea!.browser.get(`/api/rides/${ride.id}`));
    expect(behind.ride.viewer.waitingPosition).toBe(1);
  });

  it("keeps the promoted rider's copy of the ride's start and status right (ADR 0015)", async () => {
    const { ride, riders, queue } = await fullRide(2, 1);
    await riders[0]!.browser.post(`/api/rides/${ride.id}/leave`);
    const row = await db().select().from(rides).where(eq(rides.id, ride.id)).get();
    const copy = await db()
      .select()
      .from(rideParticipants)
      .where(eq(rideParticipants.userId, queue[0]!.user.id))
      .get();
    expect(copy).toMatchObject({
      rideId: ride.id,
      rideStartTime: row!.startTime,
      rideStatus: "published",
    });
    // Her My Rides (read from that copy) has it.
    const mine = await json(await queue[0]!.browser.get("/api/my-rides?tab=upcoming"));
    expect(mine.rides.map((r: { id: string }) => r.id)).toEqual([ride.id]);
  });

  it("a chat that had messages is all unread for the promoted rider, as after a join", async () => {
    const { organizer, ride, riders, queue } = await fullRide(3, 2);
    await db().insert(rideMessages).values({
      id: crypto.randomUUID(),
      rideId: ride.id,
      userId: organizer.user.id,
      body: "¡Hola!",
    });
    await riders[0]!.browser.post(`/api/rides/${ride.id}/leave`);
    await riders[1]!.browser.post(`/api/rides/${ride.id}/leave`);
    const unreadOf = async (who: (typeof queue)[number]) =>
      (await json(await who.browser.get("/api/chats"))).chats.find(
        (c: { rideId: string }) => c.rideId === ride.id,
      )?.unread;
    // As after a join into a chat that has messages, everything is unread for each of them:
    // the greeting and both arrivals.
    expect(await unreadOf(queue[0]!)).toBe(3);
    expect(await unreadOf(queue[1]!)).toBe(3);
  });

  it("raising the cap promotes as many as the new places, in order, each with a notice", async () => {
    const { organizer, ride, queue } = await fullRide(2, 3);
    const res = await organizer.browser.put(
      `/api/rides/${ride.id}`,
      rideBody({ title: ride.title, maxParticipants: 4 }),
    );
    expect(res.status).toBe(200);
    const members = await participantIds(ride.id);
    expect(members).toHaveLength(4);
    expect(members).toEqual(expect.arrayContaining([queue[0]!.user.id, queue[1]!.user.id]));
    expect(await waitingIds(ride.id)).toEqual([queue[2]!.user.id]);
    // After the edit notice, one per promoted rider in list order.
    expect(await promotionNotices(ride.id)).toEqual([
      MSG.systemWaitingListPromoted(queue[0]!.user.username!),
      MSG.systemWaitingListPromoted(queue[1]!.user.username!),
    ]);
    const bodies = (await messagesOf(ride.id)).sort((a, b) => a.createdAt - b.createdAt);
    expect(bodies[0]?.body).toBe(MSG.systemEditNotice);
    // The answer already shows the new riders.
    expect((await json(res)).ride).toMatchObject({ participantCount: 4, waitingCount: 1 });
  });

  it("gives nothing once the ride has started: the list is closed", async () => {
    const { ride, riders, queue } = await fullRide(2, 1);
    await db()
      .update(rides)
      .set({ startTime: Date.now() - HOUR })
      .where(eq(rides.id, ride.id));
    // Leaving is refused after the start; a freed place (a hand fix) is not given either.
    expect((await riders[0]!.browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(409);
    const late = await signedIn();
    expect((await late.browser.post(`/api/rides/${ride.id}/waiting-list`)).status).toBe(409);
    expect(await participantIds(ride.id)).not.toContain(queue[0]!.user.id);
  });

  it("a cancellation empties the list and tells those who were waiting", async () => {
    const { organizer, ride, queue } = await fullRide(2, 2);
    const { socket: hub } = await openSocket(queue[1]!.browser, "/api/notifications/socket");
    open.push(hub!);
    expect((await organizer.browser.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(200);
    expect(await waitingIds(ride.id)).toEqual([]);
    const frame = await hub!.nextRaw<WaitingFrame>(isWaitingFrame);
    expect(frame).toMatchObject({ event: "closed", rideId: ride.id, rideTitle: ride.title });
    // Nobody became a rider of a cancelled ride.
    expect(await participantIds(ride.id)).toHaveLength(2);
  });
});

describe("her devices are told (web push, docs/product.md#web-push)", () => {
  it("the promoted rider gets 'a place for her from a waiting list'; the one still waiting does not", async () => {
    const service = pushServiceStandIn();
    try {
      const { ride, riders, queue } = await fullRide(2, 2);
      const first = await service.subscribe(queue[0]!.browser);
      const second = await service.subscribe(queue[1]!.browser);
      expect((await riders[0]!.browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(200);
      await eventually(() =>
        expect(service.to(first)).toEqual([
          pushTexts.waitlistPlace({ id: ride.id, title: ride.title }),
        ]),
      );
      await requestsSettled();
      expect(service.to(second)).toEqual([]);
    } finally {
      service.restore();
    }
  });
});

describe("account deletion and the waiting list", () => {
  it("a rider deleting her account frees her place for the first in line", async () => {
    const { ride, riders, queue } = await fullRide(2, 2);
    const res = await riders[0]!.browser.delete("/api/account");
    expect(res.status).toBe(200);
    const members = await participantIds(ride.id);
    expect(members).toHaveLength(2);
    expect(members).toContain(queue[0]!.user.id);
    expect(await waitingIds(ride.id)).toEqual([queue[1]!.user.id]);
    expect(await promotionNotices(ride.id)).toEqual([
      MSG.systemWaitingListPromoted(queue[0]!.user.username!),
    ]);
  });

  it("a waiting rider deleting her account leaves the line; an organizer's deletion empties it", async () => {
    const { organizer, ride, queue } = await fullRide(2, 3);
    expect((await queue[0]!.browser.delete("/api/account")).status).toBe(200);
    expect(await waitingIds(ride.id)).toEqual([queue[1]!.user.id, queue[2]!.user.id]);

    expect((await organizer.browser.delete("/api/account")).status).toBe(200);
    const row = await db().select().from(rides).where(eq(rides.id, ride.id)).get();
    expect(row?.status).toBe("cancelled");
    expect(await waitingIds(ride.id)).toEqual([]);
  });

  it("frees her place in every upcoming ride she was in, but not in past ones", async () => {
    const leaver = await signedIn();
    const owner = await createUser();
    const waiting = await Promise.all([signedIn(), signedIn(), signedIn()]);
    const upcoming = [];
    for (let i = 0; i < 2; i++) {
      const ride = await createRide({
        organizerId: owner.id,
        participants: [leaver.user.id],
        maxParticipants: 2,
      });
      await waiting[i]!.browser.post(`/api/rides/${ride.id}/waiting-list`);
      upcoming.push(ride);
    }
    const past = await createRide({
      organizerId: owner.id,
      participants: [leaver.user.id],
      maxParticipants: 2,
    });
    await waiting[2]!.browser.post(`/api/rides/${past.id}/waiting-list`);
    await db()
      .update(rides)
      .set({ startTime: Date.now() - HOUR })
      .where(eq(rides.id, past.id));

    expect((await leaver.browser.delete("/api/account")).status).toBe(200);
    expect(await participantIds(upcoming[0]!.id)).toEqual([owner.id, waiting[0]!.user.id].sort());
    expect(await participantIds(upcoming[1]!.id)).toEqual([owner.id, waiting[1]!.user.id].sort());
    expect(await participantIds(past.id)).toEqual([owner.id]);
  });
});

describe("blocking and the waiting list (docs/product.md#blocking)", () => {
  const blockOf = (who: { browser: Browser }, userId: string) =>
    who.browser.post("/api/blocks", { userId });

  it("a rider blocked with someone in the ride cannot get in line: as if it did not exist", async () => {
    const { organizer, riders, ride } = await fullRide(3, 0);
    const bea = await signedIn();
    const cris = await signedIn();
    expect((await blockOf(organizer, bea.user.id)).status).toBe(200);
    expect((await blockOf(cris, riders[0]!.user.id)).status).toBe(200);
    for (const who of [bea, cris]) {
      const res = await who.browser.post(`/api/rides/${ride.id}/waiting-list`);
      expect(res.status).toBe(404);
      expect((await json(res)).error).toEqual({ code: "not_found", message: MSG.rideNotFound });
    }
    expect(await waitingIds(ride.id)).toEqual([]);
  });

  it("nor on a list where someone she blocked (or who blocked her) waits", async () => {
    const { ride, queue } = await fullRide(2, 1);
    const bea = await signedIn();
    expect((await blockOf(queue[0]!, bea.user.id)).status).toBe(200);
    const res = await bea.browser.post(`/api/rides/${ride.id}/waiting-list`);
    expect(res.status).toBe(404);
    expect(await waitingIds(ride.id)).toEqual([queue[0]!.user.id]);
  });

  it("a block takes the waiting one off the list of a ride the other rides", async () => {
    const { organizer, riders, ride, queue } = await fullRide(3, 2);
    // The organizer blocks the first in line; a rider blocks the second.
    await blockOf(organizer, queue[0]!.user.id);
    await blockOf(riders[0]!, queue[1]!.user.id);
    expect(await waitingIds(ride.id)).toEqual([]);
    // A place freed later goes to nobody blocked with those riding.
    await riders[1]!.browser.post(`/api/rides/${ride.id}/leave`);
    expect(await participantIds(ride.id)).toHaveLength(2);
  });

  it("two blocked riders on one list: the later arrival leaves, nobody moves up by blocking", async () => {
    const { ride, riders, queue } = await fullRide(2, 3);
    const [first, second, third] = queue;
    // The third blocks the first (ahead of her): the third leaves the list.
    await blockOf(third!, first!.user.id);
    expect(await waitingIds(ride.id)).toEqual([first!.user.id, second!.user.id]);
    // The first blocks the second (behind her): the second leaves.
    await blockOf(first!, second!.user.id);
    expect(await waitingIds(ride.id)).toEqual([first!.user.id]);
    await riders[0]!.browser.post(`/api/rides/${ride.id}/leave`);
    expect(await participantIds(ride.id)).toContain(first!.user.id);
  });

  it("the organizer taking a blocked rider out of her ride gives the place to the first in line", async () => {
    const { organizer, riders, ride, queue } = await fullRide(3, 1);
    await blockOf(organizer, riders[0]!.user.id);
    const res = await organizer.browser.delete(
      `/api/rides/${ride.id}/participants/${riders[0]!.user.id}`,
    );
    expect(res.status).toBe(200);
    const members = await participantIds(ride.id);
    expect(members).toHaveLength(3);
    expect(members).toContain(queue[0]!.user.id);
    expect(await promotionNotices(ride.id)).toEqual([
      MSG.systemWaitingListPromoted(queue[0]!.user.username!),
    ]);
  });
});

describe("suspension and the waiting list (docs/product.md#suspension)", () => {
  it("her places go to the first in line, her own places in line go, her rides' lists close", async () => {
    const mod = await moderator();
    const { ride, riders, queue } = await fullRide(2, 2);
    const suspended = riders[0]!;
    // She also waits for another full ride, and organizes a full one with a list.
    const other = await fullRide(2, 0);
    await suspended.browser.post(`/api/rides/${other.ride.id}/waiting-list`);
    const hers = await createRide({
      organizerId: suspended.user.id,
      participants: [queue[1]!.user.id],
      maxParticipants: 2,
    });
    const waiter = await signedIn();
    await waiter.browser.post(`/api/rides/${hers.id}/waiting-list`);

    const res = await mod.browser.post(`/api/moderation/users/${suspended.user.id}/suspend`, {
      reason: "Incumple las normas",
    });
    expect(res.status).toBe(200);
    expect(await participantIds(ride.id)).toContain(queue[0]!.user.id);
    expect(await waitingIds(ride.id)).toEqual([queue[1]!.user.id]);
    expect(await waitingIds(other.ride.id)).toEqual([]);
    expect(await waitingIds(hers.id)).toEqual([]);
  });
});

/** Every invariant of the list for one ride, after any mix of parallel requests. */
async function expectConsistent(rideId: string, order: string[]) {
  const row = await db().select().from(rides).where(eq(rides.id, rideId)).get();
  const members = await participantIds(rideId);
  const waiting = await waitingIds(rideId);
  // Never over capacity.
  expect(members.length).toBeLessThanOrEqual(row!.maxParticipants ?? 20);
  // Nobody both riding and waiting.
  expect(members.filter((id) => waiting.includes(id))).toEqual([]);
  // Never a free place while someone waits.
  if (waiting.length > 0) expect(members.length).toBe(row!.maxParticipants);
  // Never out of order: every promoted rider was ahead of everyone still waiting, and those
  // still waiting keep their relative order.
  const promoted = order.filter((id) => members.includes(id));
  const stillWaiting = order.filter((id) => waiting.includes(id));
  expect(waiting).toEqual(stillWaiting);
  if (stillWaiting.length > 0) {
    const firstWaiting = order.indexOf(stillWaiting[0]!);
    for (const id of promoted) expect(order.indexOf(id)).toBeLessThan(firstWaiting);
  }
  // Exactly one notice per promotion.
  expect((await promotionNotices(rideId)).length).toBe(promoted.length);
  return { members, waiting, promoted };
}

describe("in parallel", () => {
  it("leaves, joins and new riders in line: never over capacity, never out of order", async () => {
    const { ride, riders, queue } = await fullRide(6, 4);
    const order = queue.map((q) => q.user.id);
    const newcomers = await Promise.all(Array.from({ length: 4 }, () => signedIn()));
    const joiners = await Promise.all(Array.from({ length: 4 }, () => signedIn()));
    const responses = await Promise.all([
      ...riders.slice(0, 3).map((r) => r.browser.post(`/api/rides/${ride.id}/leave`)),
      ...joiners.map((j) => j.browser.post(`/api/rides/${ride.id}/join`)),
      ...newcomers.map((n) => n.browser.post(`/api/rides/${ride.id}/waiting-list`)),
    ]);
    // The leaves succeed; no direct join gets past the line.
    expect(responses.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(responses.slice(3, 7).map((r) => r.status)).toEqual([409, 409, 409, 409]);
    for (const n of newcomers) {
      const detail = await json(await n.browser.get(`/api/rides/${ride.id}`));
      if (!detail.ride.viewer.joined) order.push(n.user.id);
    }
    // Newcomers are behind the four who were already waiting, in whatever order they landed.
    const landed = await waitingIds(ride.id);
    const newcomersInLine = landed.filter((id) => newcomers.some((n) => n.user.id === id));
    order.splice(queue.length, order.length - queue.length, ...newcomersInLine);
    const { members, promoted } = await expectConsistent(ride.id, order);
    expect(members).toHaveLength(6);
    expect(promoted).toEqual(order.slice(0, 3));
  });

  it("parallel leaves with one rider waiting: exactly one promotion, the rest are free places", async () => {
    const { ride, riders, queue } = await fullRide(5, 1);
    await Promise.all(riders.map((r) => r.browser.post(`/api/rides/${ride.id}/leave`)));
    const { members } = await expectConsistent(ride.id, [queue[0]!.user.id]);
    expect(members).toHaveLength(2);
    expect(await promotionNotices(ride.id)).toHaveLength(1);
  });

  it("cap edits racing leaves: every freed place goes to the line once, in order", async () => {
    const { organizer, ride, riders, queue } = await fullRide(4, 6);
    const order = queue.map((q) => q.user.id);
    const edit = (cap: number) =>
      organizer.browser.put(
        `/api/rides/${ride.id}`,
        rideBody({ title: ride.title, maxParticipants: cap }),
      );
    const responses = await Promise.all([
      edit(6),
      riders[0]!.browser.post(`/api/rides/${ride.id}/leave`),
      edit(7),
      riders[1]!.browser.post(`/api/rides/${ride.id}/leave`),
      edit(5),
    ]);
    // Leaves succeed; an edit below the riders already in (after a raise promoted some) is
    // refused as always.
    expect([responses[1]!.status, responses[3]!.status]).toEqual([200, 200]);
    for (const res of [responses[0]!, responses[2]!, responses[4]!]) {
      if (res.status !== 200) {
        expect((await json(res)).error.message).toBe(MSG.maxParticipantsBelowJoined);
      }
    }
    const row = await db().select().from(rides).where(eq(rides.id, ride.id)).get();
    const { members, promoted } = await expectConsistent(ride.id, order);
    // Whichever edit landed last set the cap; the ride is full at it, from the front of the line.
    expect(members).toHaveLength(row!.maxParticipants!);
    expect(promoted).toEqual(order.slice(0, promoted.length));
  });

  it("twenty riders racing for the list and two leaves: each freed place is given once", async () => {
    const { ride, riders } = await fullRide(3, 0);
    const crowd = await Promise.all(Array.from({ length: 20 }, () => signedIn()));
    const all = await Promise.all([
      ...crowd.map((c) => c.browser.post(`/api/rides/${ride.id}/waiting-list`)),
      ...riders.map((r) => r.browser.post(`/api/rides/${ride.id}/leave`)),
    ]);
    expect(all.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const members = await participantIds(ride.id);
    const waiting = await waitingIds(ride.id);
    expect(members.length).toBeLessThanOrEqual(3);
    expect(members.filter((id) => waiting.includes(id))).toEqual([]);
    if (waiting.length > 0) expect(members).toHaveLength(3);
    // Every crowd rider is either in, waiting, or was told the ride had places (ride_not_full).
    const notFull = await Promise.all(
      all.slice(0, 20).map(async (r) => (r.status === 409 ? (await json(r)).error.code : null)),
    );
    expect(notFull.filter((code) => code !== null && code !== "ride_not_full")).toEqual([]);
    const promotedCount = members.filter((id) => crowd.some((c) => c.user.id === id)).length;
    expect(await promotionNotices(ride.id)).toHaveLength(promotedCount);
  });
});

describe("the list in D1", () => {
  it("promotes, notices and clears through indexes only, for one ride or a leaving rider's", async () => {
    const dialect = new SQLiteAsyncDialect();
    const now = Date.now();
    const statements = [
      ...promotionStatements(oneRide("r1"), now),
      ...promotionStatements(ridesOfLeavingRider("u1", now), now),
      clearWaitingListsOfCancelled(sql`(${"r1"})`),
      waitingListQuery(db(), "r1").getSQL(),
    ];
    for (const statement of statements) {
      const built = dialect.sqlToQuery(statement);
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${built.sql}`)
        .bind(...built.params)
        .all<{ detail: string }>();
      const details = results.map((r) => r.detail);
      expect(
        details.filter((d) => d.startsWith("SCAN")),
        details.join(" | "),
      ).toEqual([]);
    }
  });

  it("survives nothing of a deleted ride (cascade)", async () => {
    const { ride } = await fullRide(2, 2);
    await db().delete(rides).where(eq(rides.id, ride.id));
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM ride_waiting_list WHERE ride_id = ?",
    )
      .bind(ride.id)
      .all<{ n: number }>();
    expect(results[0]?.n).toBe(0);
  });
});
