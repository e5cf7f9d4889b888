import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MyRidesResponse } from "../../domain/api/rides.ts";
import { rideRequests, rides, rideWaitingList } from "../../worker/db/schema.ts";
import { createRide, createUser, db, HOUR, signedIn, signedInMany } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";

const DAY = 24 * HOUR;

describe("GET /api/my-rides", () => {
  it("splits her rides into upcoming, past and cancelled with counts", async () => {
    const { user, browser } = await signedIn();
    const other = await createUser();
    const soon = await createRide({ organizerId: user.id, title: "Soon", startsIn: DAY });
    const later = await createRide({
      organizerId: other.id,
      title: "Later",
      startsIn: 3 * DAY,
      participants: [user.id],
    });
    const closed = await createRide({
      organizerId: other.id,
      title: "Closed",
      startsIn: 2 * DAY,
      status: "closed",
      participants: [user.id],
    });
    const yesterday = await createRide({
      organizerId: other.id,
      title: "Yesterday",
      startsIn: -DAY,
      participants: [user.id],
    });
    const lastWeek = await createRide({
      organizerId: user.id,
      title: "LastWeek",
      startsIn: -7 * DAY,
    });
    const completed = await createRide({
      organizerId: other.id,
      title: "Completed",
      startsIn: DAY,
      status: "completed",
      participants: [user.id],
    });
    const c1 = await createRide({
      organizerId: user.id,
      title: "C1",
      startsIn: 5 * DAY,
      status: "cancelled",
    });
    const c2 = await createRide({
      organizerId: other.id,
      title: "C2",
      startsIn: 4 * DAY,
      status: "cancelled",
      participants: [user.id],
    });
    await db()
      .update(rides)
      .set({ cancelledAt: Date.now() - HOUR })
      .where(eq(rides.id, c1.id));
    await db().update(rides).set({ cancelledAt: Date.now() }).where(eq(rides.id, c2.id));
    // Someone else's ride she is not in never shows.
    await createRide({ organizerId: other.id, title: "NotMine" });

    const titlesOf = (body: { rides: { title: string }[] }) => body.rides.map((r) => r.title);
    const upcoming = await json(await browser.get("/api/my-rides?tab=upcoming"));
    expect(titlesOf(upcoming)).toEqual(["Soon", "Closed", "Later"]);
    expect(upcoming.counts).toEqual({ upcoming: 3, past: 3, cancelled: 2 });
    const past = await json(await browser.get("/api/my-rides?tab=past"));
    expect(titlesOf(past)).toEqual(["Completed", "Yesterday", "LastWeek"]);
    const cancelled = await json(await browser.get("/api/my-rides?tab=cancelled"));
    expect(titlesOf(cancelled)).toEqual(["C2", "C1"]);
    expect(cancelled.rides[0].viewer).toMatchObject({ joined: true, isOrganizer: false });
    void [soon, later, closed, yesterday, lastWeek, completed];
  });

  it("pages each tab by 10", async () => {
    const { user, browser } = await signedIn();
    for (let i = 0; i < 11; i++)
      await createRide({ organizerId: user.id, startsIn: DAY + i * HOUR });
    const first = await json(await browser.get("/api/my-rides?tab=upcoming"));
    expect(first.rides).toHaveLength(10);
    expect(first.hasMore).toBe(true);
    const second = await json(await browser.get("/api/my-rides?tab=upcoming&page=1"));
    expect(second.rides).toHaveLength(1);
    expect(second.hasMore).toBe(false);
  });

  it("lists the rides she is waiting on above 'En marcha': her pending requests and waiting lists", async () => {
    const [her, org, cris, blocker] = await signedInMany([{}, {}, {}, {}]);
    const approval = (title: string, startsIn: number) =>
      createRide({ organizerId: org.user.id, title, startsIn, joinMode: "approval" });
    const asked = await approval("Pedida", 3 * DAY);
    expect((await her.browser.post(`/api/rides/${asked.id}/requests`, {})).status).toBe(201);
    // Full (the organizer and Cris in a ride for two): she goes on its waiting list.
    const full = await createRide({
      organizerId: org.user.id,
      title: "Completa",
      startsIn: DAY,
      maxParticipants: 2,
      participants: [cris.user.id],
    });
    expect((await her.browser.post(`/api/rides/${full.id}/waiting-list`)).status).toBe(200);
    // Not listed: a declined request, one for a ride that has started, a cancelled ride's, a ride
    // she already rides, and a ride whose organizer blocked her after she asked.
    const declined = await approval("Rechazada", 2 * DAY);
    const started = await approval("Empezada", -HOUR);
    const cancelled = await createRide({
      organizerId: org.user.id,
      title: "Cancelada",
      status: "cancelled",
      joinMode: "approval",
    });
    const hidden = await createRide({
      organizerId: blocker.user.id,
      title: "Oculta",
      joinMode: "approval",
    });
    await db().batch([
      db()
        .insert(rideRequests)
        .values([
          { id: "rq-declined", rideId: declined.id, userId: her.user.id, status: "declined" },
          { id: "rq-started", rideId: started.id, userId: her.user.id },
          { id: "rq-cancelled", rideId: cancelled.id, userId: her.user.id },
          { id: "rq-hidden", rideId: hidden.id, userId: her.user.id },
        ]),
      db().insert(rideWaitingList).values({ rideId: cancelled.id, userId: her.user.id }),
    ]);
    const mine = await createRide({ organizerId: her.user.id, title: "Mía", startsIn: DAY });
    expect((await blocker.browser.post("/api/blocks", { userId: her.user.id })).status).toBe(200);

    const upcoming = await json<MyRidesResponse>(await her.browser.get("/api/my-rides"));
    expect(
      upcoming.awaiting.map((r) => [r.title, r.viewer.request, r.viewer.waitingPosition]),
    ).toEqual([
      ["Completa", null, 1],
      ["Pedida", "pending", null],
    ]);
    expect(upcoming.rides.map((r) => r.title)).toEqual([mine.title]);
    // An approval ride's card shows her the area, not the pin: she has not been accepted.
    expect(upcoming.awaiting[1]?.viewer.joined).toBe(false);
    // Only with the first page of 'En marcha'.
    const past = await json<MyRidesResponse>(await her.browser.get("/api/my-rides?tab=past"));
    expect(past.awaiting).toEqual([]);
    // Withdrawn and left, they are gone.
    expect((await her.browser.delete(`/api/rides/${asked.id}/requests`)).status).toBe(200);
    expect((await her.browser.delete(`/api/rides/${full.id}/waiting-list`)).status).toBe(200);
    const after = await json<MyRidesResponse>(await her.browser.get("/api/my-rides"));
    expect(after.awaiting).toEqual([]);
  });

  it("refuses an unknown tab and visitors", async () => {
    const { browser } = await signedIn();
    expect((await browser.get("/api/my-rides?tab=all")).status).toBe(400);
    expect((await new Browser().get("/api/my-rides")).status).toBe(401);
  });
});

describe("POST /dev/test-login", () => {
  it("does not exist outside development", async () => {
    const res = await new Browser().post("/dev/test-login", { email: "a@b.es", username: "Ana" });
    expect(res.status).toBe(404);
  });
});
