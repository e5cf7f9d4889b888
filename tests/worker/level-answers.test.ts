// Honest levels (DESIGN.md decision 24): two optional, anonymous questions in the post-ride
// step, answered once per ride by riders who were there (never the organizer), in the
// connections window; an organizer's public profile shows the totals from 3 answers on.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RideConnectionsResponse } from "../../domain/api/connections.ts";
import type { PublicProfileResponse } from "../../domain/api/users.ts";
import { MSG } from "../../domain/messages.ts";
import { createRide, HOUR, signedIn } from "./helpers/factories.ts";
import { json } from "./helpers/http.ts";

const MINUTE = 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

/** Freezes the worker's clock (it runs in the test's isolate) at an instant. */
function at(instant: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(instant);
}

/** An organizer's ride that started an hour ago with `riders` riders besides her. */
async function rodeRide(riders: number, org?: Awaited<ReturnType<typeof signedIn>>) {
  const organizer = org ?? (await signedIn());
  const group = await Promise.all(Array.from({ length: riders }, () => signedIn()));
  const ride = await createRide({
    organizerId: organizer.user.id,
    participants: group.map((g) => g.user.id),
    startsIn: -HOUR,
  });
  return { organizer, group, ride };
}

const answer = (pace: string | null, waitedForAll: boolean | null) => ({ pace, waitedForAll });

async function levelsOf(
  viewer: { browser: { get(path: string): Promise<Response> } },
  username: string,
) {
  const res = await viewer.browser.get(`/api/users/${username}`);
  expect(res.status).toBe(200);
  return ((await json(res)) as PublicProfileResponse).stats.levels;
}

describe("POST /api/rides/:id/level-answers", () => {
  it("takes a rider's answers once; the card then says she answered", async () => {
    const { group, ride } = await rodeRide(2);
    const [ana] = group;
    const before = (await json(
      await ana!.browser.get(`/api/rides/${ride.id}/connections`),
    )) as RideConnectionsResponse;
    expect(before.levelQuestions).toEqual({ open: true, answered: false });

    const res = await ana!.browser.post(
      `/api/rides/${ride.id}/level-answers`,
      answer("harder", true),
    );
    expect(res.status).toBe(200);
    const again = await ana!.browser.post(
      `/api/rides/${ride.id}/level-answers`,
      answer("softer", null),
    );
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe(MSG.levelAnswersAlready);

    const after = (await json(
      await ana!.browser.get(`/api/rides/${ride.id}/connections`),
    )) as RideConnectionsResponse;
    expect(after.levelQuestions).toEqual({ open: false, answered: true });
    const { results } = await env.DB.prepare(
      "SELECT pace, waited_for_all FROM ride_level_answers WHERE ride_id = ?",
    )
      .bind(ride.id)
      .all();
    expect(results).toEqual([{ pace: "harder", waited_for_all: 1 }]);
  });

  it("lets her answer one question only, but not none, and only the offered answers", async () => {
    const { group, ride } = await rodeRide(2);
    const none = await group[0]!.browser.post(
      `/api/rides/${ride.id}/level-answers`,
      answer(null, null),
    );
    expect(none.status).toBe(400);
    expect((await json(none)).error.message).toBe(MSG.levelAnswersNone);
    const odd = await group[0]!.browser.post(
      `/api/rides/${ride.id}/level-answers`,
      answer("lenta", null),
    );
    expect(odd.status).toBe(400);
    const extra = await group[0]!.browser.post(`/api/rides/${ride.id}/level-answers`, {
      ...answer("softer", null),
      userId: "someone",
    });
    expect(extra.status).toBe(400);
    const one = await group[0]!.browser.post(
      `/api/rides/${ride.id}/level-answers`,
      answer(null, false),
    );
    expect(one.status).toBe(200);
  });

  it("refuses the organizer about her own ride, and riders who were not there", async () => {
    const { organizer, ride } = await rodeRide(2);
    const own = await organizer.browser.post(
      `/api/rides/${ride.id}/level-answers`,
      answer("as_announced", true),
    );
    expect(own.status).toBe(403);
    expect((await json(own)).error.message).toBe(MSG.levelAnswersOrganizer);
    const card = (await json(
      await organizer.browser.get(`/api/rides/${ride.id}/connections`),
    )) as RideConnectionsResponse;
    expect(card.levelQuestions.open).toBe(false);

    const outsider = await signedIn();
    const res = await outsider.browser.post(
      `/api/rides/${ride.id}/level-answers`,
      answer("softer", true),
    );
    expect(res.status).toBe(403);
    expect(
      (await outsider.browser.post("/api/rides/nosuchride/level-answers", answer("softer", true)))
        .status,
    ).toBe(404);
    const { results } = await env.DB.prepare("SELECT 1 FROM ride_level_answers WHERE ride_id = ?")
      .bind(ride.id)
      .all();
    expect(results).toEqual([]);
  });

  it("opens at start + 30 min and closes after start + 48 h, like the connections", async () => {
    const { group, ride } = await rodeRide(3);
    const start = (await env.DB.prepare("SELECT start_time FROM rides WHERE id = ?")
      .bind(ride.id)
      .first<{ start_time: number }>())!.start_time;
    const post = (i: number) =>
      group[i]!.browser.post(`/api/rides/${ride.id}/level-answers`, answer("as_announced", true));
    at(start + 29 * MINUTE);
    const early = await post(0);
    expect(early.status).toBe(409);
    expect((await json(early)).error.message).toBe(MSG.connectionsWindowClosed);
    at(start + 48 * HOUR + 1);
    expect((await post(1)).status).toBe(409);
    at(start + 48 * HOUR);
    expect((await post(2)).status).toBe(200);
  });

  it("refuses a cancelled ride", async () => {
    const org = await signedIn();
    const ana = await signedIn();
    const ride = await createRide({
      organizerId: org.user.id,
      participants: [ana.user.id],
      startsIn: -HOUR,
      status: "cancelled",
    });
    const res = await ana.browser.post(
      `/api/rides/${ride.id}/level-answers`,
      answer("softer", true),
    );
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe("ride_cancelled");
  });

  it("keeps one answer per rider and ride when she sends twice at once", async () => {
    const { group, ride } = await rodeRide(2);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        group[0]!.browser.post(`/api/rides/${ride.id}/level-answers`, answer("softer", true)),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });
});

describe("the organizer's public profile", () => {
  it("shows each question's totals from 3 answers on, over all her rides, naming nobody", async () => {
    const { organizer, group, ride } = await rodeRide(3);
    const viewer = await signedIn();
    const username = organizer.user.username!;
    await group[0]!.browser.post(
      `/api/rides/${ride.id}/level-answers`,
      answer("as_announced", true),
    );
    await group[1]!.browser.post(`/api/rides/${ride.id}/level-answers`, answer("harder", true));
    // Two answers: held back, even from her.
    expect(await levelsOf(viewer, username)).toEqual({ pace: null, waitedForAll: null });
    expect(await levelsOf(organizer, username)).toEqual({ pace: null, waitedForAll: null });

    // A third answer on another ride of hers: the pace question reaches 3, the other does not.
    const second = await rodeRide(1, organizer);
    await second.group[0]!.browser.post(
      `/api/rides/${second.ride.id}/level-answers`,
      answer("as_announced", null),
    );
    expect(await levelsOf(viewer, username)).toEqual({
      pace: { answers: 3, counts: { softer: 0, as_announced: 2, harder: 1 } },
      waitedForAll: null,
    });
    await group[2]!.browser.post(`/api/rides/${ride.id}/level-answers`, answer(null, false));
    const levels = await levelsOf(viewer, username);
    expect(levels.waitedForAll).toEqual({ answers: 3, yes: 2, no: 1 });
    // Nothing in the profile names a rider who answered.
    const body = JSON.stringify(await json(await viewer.browser.get(`/api/users/${username}`)));
    for (const rider of group) expect(body).not.toContain(rider.user.id);

    // Answers about someone else's ride are not hers.
    const other = await rodeRide(3);
    for (const g of other.group) {
      await g.browser.post(`/api/rides/${other.ride.id}/level-answers`, answer("softer", true));
    }
    expect((await levelsOf(viewer, username)).pace?.counts.softer).toBe(0);
    expect((await levelsOf(viewer, other.organizer.user.username!)).pace?.counts.softer).toBe(3);
  });
});
