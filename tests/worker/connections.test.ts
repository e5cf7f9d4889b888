import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type {
  PendingConnectionsResponse,
  RideConnectionsResponse,
  SaveConnectionsResponse,
} from "../../domain/api/connections.ts";
import { MSG } from "../../domain/messages.ts";
import { pendingConnections } from "../../worker/connections/queries.ts";
import { createDb } from "../../worker/db/client.ts";
import { countingD1 } from "./helpers/d1-proxy.ts";
import { createRide, HOUR, signedIn } from "./helpers/factories.ts";
import { json } from "./helpers/http.ts";

const MINUTE = 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

async function rodeWithRows(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT ride_id, other_user_id, times_rode_with FROM rode_with WHERE user_id = ? ORDER BY id",
  )
    .bind(userId)
    .all<{ ride_id: string; other_user_id: string; times_rode_with: number }>();
  return results;
}

async function rideStart(rideId: string) {
  const row = await env.DB.prepare("SELECT start_time FROM rides WHERE id = ?")
    .bind(rideId)
    .first<{ start_time: number }>();
  return row!.start_time;
}

/** Freezes the worker's clock (it runs in the test's isolate) at an instant. */
function at(instant: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(instant);
}

async function threeRiders(startsIn = -HOUR) {
  const org = await signedIn();
  const ana = await signedIn();
  const bea = await signedIn();
  const ride = await createRide({
    organizerId: org.user.id,
    participants: [ana.user.id, bea.user.id],
    startsIn,
  });
  return { org, ana, bea, ride };
}

describe("pending connections (docs/product.md#connections)", () => {
  it("opens at start + 30 min and closes after start + 48 h, both instants included", async () => {
    const { ana, ride } = await threeRiders();
    const start = await rideStart(ride.id);
    const pendingAt = async (now: number) =>
      (await pendingConnections(createDb(env.DB), ana.user.id, now)).map((p) => p.rideId);
    expect(await pendingAt(start + 29 * MINUTE)).toEqual([]);
    expect(await pendingAt(start + 30 * MINUTE - 1)).toEqual([]);
    expect(await pendingAt(start + 30 * MINUTE)).toEqual([ride.id]);
    expect(await pendingAt(start + 48 * HOUR)).toEqual([ride.id]);
    expect(await pendingAt(start + 48 * HOUR + 1)).toEqual([]);
    expect(await pendingAt(start + 48 * HOUR + MINUTE)).toEqual([]);
  });

  it("is never pending for the organizer, a lone rider, a cancelled ride or once recorded", async () => {
    const { org, ana, bea, ride } = await threeRiders();
    const alone = await signedIn();
    const lonely = await createRide({ organizerId: org.user.id, startsIn: -HOUR });
    await env.DB.prepare("INSERT INTO ride_participants (ride_id, user_id) VALUES (?, ?)")
      .bind(lonely.id, alone.user.id)
      .run();
    await env.DB.prepare("DELETE FROM ride_participants WHERE ride_id = ? AND user_id = ?")
      .bind(lonely.id, org.user.id)
      .run();
    const cancelled = await createRide({
      organizerId: org.user.id,
      participants: [bea.user.id],
      startsIn: -HOUR,
      status: "cancelled",
    });
    const list = async (browser: typeof ana.browser) =>
      (await json<PendingConnectionsResponse>(await browser.get("/api/connections/pending")))
        .pending;
    expect(await list(org.browser)).toEqual([]);
    expect(await list(alone.browser)).toEqual([]);
    expect((await list(bea.browser)).map((p) => p.rideId)).toEqual([ride.id]);
    expect(cancelled.id).not.toBe(ride.id);

    expect(await list(ana.browser)).toEqual([
      { rideId: ride.id, title: ride.title, startTime: await rideStart(ride.id) },
    ]);
    const saved = await ana.browser.post(`/api/rides/${ride.id}/connections`, {
      otherUserIds: [bea.user.id],
    });
    expect(saved.status).toBe(200);
    expect(await list(ana.browser)).toEqual([]);
  });

  it("costs one query for any number of rides", async () => {
    const { ana } = await threeRiders();
    const { d1, counter } = countingD1(env.DB);
    await pendingConnections(createDb(d1), ana.user.id, Date.now());
    expect(counter.statements).toBe(1);
  });
});

describe("saving connections", () => {
  it("records times 1, then 2 with the same companion on a second ride", async () => {
    const { org, ana, bea, ride } = await threeRiders();
    const first = await ana.browser.post(`/api/rides/${ride.id}/connections`, {
      otherUserIds: [bea.user.id, org.user.id],
    });
    expect(first.status).toBe(200);
    expect(await json<SaveConnectionsResponse>(first)).toEqual({
      newRiders: [bea.user.username, org.user.username],
      repeatRiders: [],
    });

    const second = await createRide({
      organizerId: org.user.id,
      participants: [ana.user.id, bea.user.id],
      startsIn: -2 * HOUR,
    });
    const card = await json<RideConnectionsResponse>(
      await ana.browser.get(`/api/rides/${second.id}/connections`),
    );
    expect(card).toMatchObject({ open: true, alreadySaved: false });
    expect(card.companions).toEqual(
      expect.arrayContaining([
        { userId: bea.user.id, username: bea.user.username, avatarKey: "ava01", timesRodeWith: 1 },
      ]),
    );
    expect(card.companions.map((c) => c.userId)).not.toContain(ana.user.id);

    const again = await ana.browser.post(`/api/rides/${second.id}/connections`, {
      otherUserIds: [bea.user.id],
    });
    expect(await json<SaveConnectionsResponse>(again)).toEqual({
      newRiders: [],
      repeatRiders: [{ username: bea.user.username, times: 2 }],
    });
    expect(await rodeWithRows(ana.user.id)).toEqual([
      { ride_id: ride.id, other_user_id: bea.user.id, times_rode_with: 1 },
      { ride_id: ride.id, other_user_id: org.user.id, times_rode_with: 1 },
      { ride_id: second.id, other_user_id: bea.user.id, times_rode_with: 2 },
    ]);
    // Her records only: Bea has recorded nobody.
    expect(await rodeWithRows(bea.user.id)).toEqual([]);

    // Saving the same companion twice for one ride changes nothing.
    const repeat = await ana.browser.post(`/api/rides/${second.id}/connections`, {
      otherUserIds: [bea.user.id],
    });
    expect(await json(repeat)).toEqual({ newRiders: [], repeatRiders: [] });
    expect(await rodeWithRows(ana.user.id)).toHaveLength(3);
    const after = await json<RideConnectionsResponse>(
      await ana.browser.get(`/api/rides/${second.id}/connections`),
    );
    expect(after.alreadySaved).toBe(true);
  });

  it("enforces the window on save: 29 min refused, 30 min and 48 h allowed, 48 h + 1 min refused", async () => {
    const { ana, bea, ride } = await threeRiders(-HOUR);
    const start = await rideStart(ride.id);
    const save = () =>
      ana.browser.post(`/api/rides/${ride.id}/connections`, { otherUserIds: [bea.user.id] });

    at(start + 29 * MINUTE);
    const early = await save();
    expect(early.status).toBe(409);
    expect((await json(early)).error).toEqual({
      code: "conflict",
      message: MSG.connectionsWindowClosed,
    });
    at(start + 48 * HOUR + MINUTE);
    expect((await save()).status).toBe(409);
    expect(await rodeWithRows(ana.user.id)).toEqual([]);

    at(start + 30 * MINUTE);
    expect((await save()).status).toBe(200);
    await env.DB.prepare("DELETE FROM rode_with").run();
    at(start + 48 * HOUR);
    expect((await save()).status).toBe(200);
    expect(await rodeWithRows(ana.user.id)).toHaveLength(1);
  });

  it("never lets the organizer save, nor anyone pick a non-participant or herself", async () => {
    const { org, ana, bea, ride } = await threeRiders();
    const organizer = await org.browser.post(`/api/rides/${ride.id}/connections`, {
      otherUserIds: [ana.user.id],
    });
    expect(organizer.status).toBe(403);
    expect((await json(organizer)).error.code).toBe("not_authorized");
    expect(
      (
        await json<RideConnectionsResponse>(
          await org.browser.get(`/api/rides/${ride.id}/connections`),
        )
      ).open,
    ).toBe(false);

    const stranger = await signedIn();
    const picked = await ana.browser.post(`/api/rides/${ride.id}/connections`, {
      otherUserIds: [bea.user.id, stranger.user.id],
    });
    expect(picked.status).toBe(400);
    expect((await json(picked)).error.message).toBe(MSG.connectionsNotCompanions);
    const herself = await ana.browser.post(`/api/rides/${ride.id}/connections`, {
      otherUserIds: [ana.user.id],
    });
    expect(herself.status).toBe(400);
    const outsider = await stranger.browser.post(`/api/rides/${ride.id}/connections`, {
      otherUserIds: [ana.user.id],
    });
    expect(outsider.status).toBe(403);
    const outsiderCard = await json<RideConnectionsResponse>(
      await stranger.browser.get(`/api/rides/${ride.id}/connections`),
    );
    expect(outsiderCard).toEqual({
      open: false,
      alreadySaved: false,
      companions: [],
      preselected: [],
      levelQuestions: { open: false, answered: false },
    });
    expect(await rodeWithRows(ana.user.id)).toEqual([]);
    expect(await rodeWithRows(org.user.id)).toEqual([]);
  });

  it("refuses cancelled rides, empty or duplicate selections, unknown rides and other origins", async () => {
    const { org, ana, bea } = await threeRiders();
    const cancelled = await createRide({
      organizerId: org.user.id,
      participants: [ana.user.id, bea.user.id],
      startsIn: -HOUR,
      status: "cancelled",
    });
    const res = await ana.browser.post(`/api/rides/${cancelled.id}/connections`, {
      otherUserIds: [bea.user.id],
    });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe("ride_cancelled");
    const empty = await ana.browser.post(`/api/rides/${cancelled.id}/connections`, {
      otherUserIds: [],
    });
    expect((await json(empty)).error.message).toBe(MSG.connectionsNoneSelected);
    const dup = await ana.browser.post(`/api/rides/${cancelled.id}/connections`, {
      otherUserIds: [bea.user.id, bea.user.id],
    });
    expect((await json(dup)).error.message).toBe(MSG.connectionsDuplicate);
    const unknown = await ana.browser.post("/api/rides/abcdefghijklmnop/connections", {
      otherUserIds: [bea.user.id],
    });
    expect(unknown.status).toBe(404);
    const crossSite = await ana.browser.fetch(`/api/rides/${cancelled.id}/connections`, {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      json: { otherUserIds: [bea.user.id] },
    });
    expect(crossSite.status).toBe(403);
    expect(await rodeWithRows(ana.user.id)).toEqual([]);
  });

  it("makes profile stats a plain aggregate: distinct companions and top 3 by times", async () => {
    const { org, ana, bea, ride } = await threeRiders(-3 * HOUR);
    const cris = await signedIn();
    const second = await createRide({
      organizerId: org.user.id,
      participants: [ana.user.id, bea.user.id, cris.user.id],
      startsIn: -HOUR,
    });
    await ana.browser.post(`/api/rides/${ride.id}/connections`, {
      otherUserIds: [bea.user.id, org.user.id],
    });
    await ana.browser.post(`/api/rides/${second.id}/connections`, {
      otherUserIds: [bea.user.id, cris.user.id],
    });
    const stats = await env.DB.prepare(
      "SELECT count(DISTINCT other_user_id) AS connections FROM rode_with WHERE user_id = ?",
    )
      .bind(ana.user.id)
      .first<{ connections: number }>();
    expect(stats?.connections).toBe(3);
    const { results: top } = await env.DB.prepare(
      `SELECT other_user_id, max(times_rode_with) AS times FROM rode_with WHERE user_id = ?
      GROUP BY other_user_id ORDER BY times DESC, other_user_id LIMIT 3`,
    )
      .bind(ana.user.id)
      .all<{ other_user_id: string; times: number }>();
    expect(top[0]).toEqual({ other_user_id: bea.user.id, times: 2 });
    expect(top).toHaveLength(3);
  });
});
