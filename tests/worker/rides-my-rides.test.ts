import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rides } from "../../worker/db/schema.ts";
import { createRide, createUser, db, HOUR, signedIn } from "./helpers/factories.ts";
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
