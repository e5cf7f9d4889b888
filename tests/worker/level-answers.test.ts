// Honest levels (docs/product.md#trust-signals-and-honest-levels): two optional, anonymous
// questions in the post-ride step, answered once per ride by riders who were there (never the
// organizer), in the connections window; an organizer's public profile shows the totals from 3
// answers on.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RideConnectionsResponse } from "../../domain/api/connections.ts";
import type { PublicProfileResponse } from "../../domain/api/users.ts";
import { MSG } from "../../domain/messages.ts";
import { createDb } from "../../worker/db/client.ts";
import { publishBatch } from "../../worker/level-answers/queries.ts";
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

/** Each rider of `group` answers about `ride`; every answer is taken. */
async function answerAll(
  group: Awaited<ReturnType<typeof signedIn>>[],
  rideId: string,
  pace: string | null,
  waitedForAll: boolean | null,
) {
  for (const rider of group) {
    const res = await rider.browser.post(
      `/api/rides/${rideId}/level-answers`,
      answer(pace, waitedForAll),
    );
    expect(res.status).toBe(200);
  }
}

const NOTHING_SHOWN = { pace: null, waitedForAll: null };

describe("the organizer's public profile: totals that move only by batches", () => {
  it("publishes a batch whole: answers from 3 riders about 2 of her rides, naming nobody", async () => {
    const { organizer, group, ride } = await rodeRide(2);
    const viewer = await signedIn();
    const username = organizer.user.username!;
    await answerAll([group[0]!], ride.id, "as_announced", true);
    await answerAll([group[1]!], ride.id, "harder", true);
    // Two answers: held back, even from her.
    expect(await levelsOf(viewer, username)).toEqual(NOTHING_SHOWN);
    expect(await levelsOf(organizer, username)).toEqual(NOTHING_SHOWN);

    // A third rider, about another ride of hers: 3 riders, 2 rides, a batch.
    const second = await rodeRide(1, organizer);
    await answerAll(second.group, second.ride.id, "as_announced", false);
    expect(await levelsOf(viewer, username)).toEqual({
      pace: { answers: 3, counts: { softer: 0, as_announced: 2, harder: 1 } },
      waitedForAll: { answers: 3, yes: 2, no: 1 },
    });
    const body = JSON.stringify(await json(await viewer.browser.get(`/api/users/${username}`)));
    for (const rider of [...group, ...second.group]) expect(body).not.toContain(rider.user.id);

    // Answers about someone else's ride are not hers.
    const other = await rodeRide(3);
    await answerAll(other.group.slice(0, 2), other.ride.id, "softer", true);
    const elsewhere = await rodeRide(1, other.organizer);
    await answerAll(elsewhere.group, elsewhere.ride.id, "softer", true);
    expect((await levelsOf(viewer, username)).pace?.counts.softer).toBe(0);
    expect((await levelsOf(viewer, other.organizer.user.username!)).pace?.counts.softer).toBe(3);
  });

  it("one new answer leaves her public profile as it was, until a batch is complete", async () => {
    const { organizer, group, ride } = await rodeRide(2);
    const second = await rodeRide(1, organizer);
    await answerAll(group, ride.id, "as_announced", true);
    await answerAll(second.group, second.ride.id, "as_announced", true);
    const username = organizer.user.username!;
    const published = await levelsOf(organizer, username);
    expect(published.pace?.answers).toBe(3);

    // Her last ride had one other rider: that rider's answer must not show as a change.
    const small = await rodeRide(1, organizer);
    await answerAll(small.group, small.ride.id, "harder", false);
    expect(await levelsOf(organizer, username)).toEqual(published);
    // Two more riders on another ride: 3 riders about 2 rides since the last batch.
    const next = await rodeRide(2, organizer);
    await answerAll([next.group[0]!], next.ride.id, "softer", true);
    expect(await levelsOf(organizer, username)).toEqual(published);
    await answerAll([next.group[1]!], next.ride.id, "as_announced", true);
    expect(await levelsOf(organizer, username)).toEqual({
      pace: { answers: 6, counts: { softer: 1, as_announced: 4, harder: 1 } },
      waitedForAll: { answers: 6, yes: 5, no: 1 },
    });
  });

  it("answers about one ride alone never publish a change, however many", async () => {
    const { organizer, group, ride } = await rodeRide(6);
    const username = organizer.user.username!;
    await answerAll(group, ride.id, "harder", false);
    expect(await levelsOf(organizer, username)).toEqual(NOTHING_SHOWN);
    // One answer about another ride makes them a batch with the six.
    const second = await rodeRide(1, organizer);
    await answerAll(second.group, second.ride.id, "softer", true);
    expect(await levelsOf(organizer, username)).toEqual({
      pace: { answers: 7, counts: { softer: 1, as_announced: 0, harder: 6 } },
      waitedForAll: { answers: 7, yes: 1, no: 6 },
    });
    // After a batch, again: one ride's answers alone wait.
    const third = await rodeRide(4, organizer);
    await answerAll(third.group, third.ride.id, "as_announced", true);
    expect((await levelsOf(organizer, username)).pace?.answers).toBe(7);
  });

  it("one rider's answers about several rides are not a batch", async () => {
    const organizer = await signedIn();
    const ana = await signedIn();
    const username = organizer.user.username!;
    for (let i = 0; i < 3; i++) {
      const ride = await createRide({
        organizerId: organizer.user.id,
        participants: [ana.user.id],
        startsIn: -HOUR,
      });
      await answerAll([ana], ride.id, "softer", true);
    }
    expect(await levelsOf(organizer, username)).toEqual(NOTHING_SHOWN);
  });

  it("each question moves by its own batches: a lone answer to one question waits", async () => {
    const { organizer, group, ride } = await rodeRide(2);
    const second = await rodeRide(1, organizer);
    await answerAll([group[0]!], ride.id, "harder", true);
    await answerAll([group[1]!], ride.id, null, true);
    await answerAll(second.group, second.ride.id, null, false);
    // Three riders answered '¿Se esperó a todas?', one the pace: only the former is a batch.
    expect(await levelsOf(organizer, organizer.user.username!)).toEqual({
      pace: null,
      waitedForAll: { answers: 3, yes: 2, no: 1 },
    });
    const { results } = await env.DB.prepare(
      "SELECT pace_published, waited_published FROM ride_level_answers WHERE ride_id = ? AND user_id = ?",
    )
      .bind(ride.id, group[0]!.user.id)
      .all();
    expect(results).toEqual([{ pace_published: 0, waited_published: 1 }]);
  });

  it("a rider who deletes her account changes nothing published", async () => {
    const { organizer, group, ride } = await rodeRide(2);
    const second = await rodeRide(1, organizer);
    await answerAll(group, ride.id, "harder", true);
    await answerAll(second.group, second.ride.id, "softer", false);
    const username = organizer.user.username!;
    const published = await levelsOf(organizer, username);
    expect(published.pace?.answers).toBe(3);
    expect((await group[0]!.browser.delete("/api/account")).status).toBe(200);
    expect(await levelsOf(organizer, username)).toEqual(published);
  });
});

it("publishing reads her waiting answers through indexes (her rides, then each one's answers)", async () => {
  const d = createDb(env.DB);
  for (const question of ["pace", "waitedForAll"] as const) {
    for (const statement of publishBatch(d, "someone", question, Date.now())) {
      const { sql, params } = "toSQL" in statement ? statement.toSQL() : statement.getQuery();
      const plan = (
        await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>()
      ).results.map((r) => r.detail);
      expect(
        plan.filter((step) => /^SCAN /.test(step)),
        plan.join(" | "),
      ).toEqual([]);
    }
  }
});

describe("the first snapshot (migrations/0013_level_answer_batches_backfill.sql)", () => {
  const backfill = env.TEST_MIGRATIONS.find((m) =>
    m.name.includes("level_answer_batches_backfill"),
  )!;

  /** Answers stored as before batches existed: nothing published, no totals. */
  async function storedBefore(
    rideId: string,
    userId: string,
    pace: string | null,
    waited: 0 | 1 | null,
  ) {
    await env.DB.prepare(
      "INSERT INTO ride_level_answers (ride_id, user_id, pace, waited_for_all) VALUES (?, ?, ?, ?)",
    )
      .bind(rideId, userId, pace, waited)
      .run();
  }

  it("publishes existing answers that are a batch, and keeps the others waiting", async () => {
    // Ana's existing answers: 3 riders about 2 rides on pace, 2 riders on the other question.
    const ana = await rodeRide(2);
    const anaSecond = await rodeRide(1, ana.organizer);
    await storedBefore(ana.ride.id, ana.group[0]!.user.id, "harder", 1);
    await storedBefore(ana.ride.id, ana.group[1]!.user.id, "as_announced", null);
    await storedBefore(anaSecond.ride.id, anaSecond.group[0]!.user.id, "harder", 0);
    // Bea's: 4 riders, but about one ride only.
    const bea = await rodeRide(4);
    for (const rider of bea.group) await storedBefore(bea.ride.id, rider.user.id, "softer", 1);

    // The database as the migration finds it: answers, no totals, nothing published.
    await env.DB.batch([
      env.DB.prepare("DELETE FROM organizer_levels"),
      env.DB.prepare("UPDATE ride_level_answers SET pace_published = 0, waited_published = 0"),
    ]);
    for (const query of backfill.queries) await env.DB.prepare(query).run();

    expect(await levelsOf(ana.organizer, ana.organizer.user.username!)).toEqual({
      pace: { answers: 3, counts: { softer: 0, as_announced: 1, harder: 2 } },
      waitedForAll: null,
    });
    expect(await levelsOf(bea.organizer, bea.organizer.user.username!)).toEqual(NOTHING_SHOWN);
    const { results } = await env.DB.prepare(
      "SELECT sum(pace_published) AS pace, sum(waited_published) AS waited FROM ride_level_answers WHERE ride_id IN (?, ?, ?)",
    )
      .bind(ana.ride.id, anaSecond.ride.id, bea.ride.id)
      .all();
    expect(results).toEqual([{ pace: 3, waited: 0 }]);

    // Ana's waiting answers to '¿Se esperó a todas?' publish with the next batch.
    const anaThird = await rodeRide(1, ana.organizer);
    await answerAll(anaThird.group, anaThird.ride.id, null, true);
    expect((await levelsOf(ana.organizer, ana.organizer.user.username!)).waitedForAll).toEqual({
      answers: 3,
      yes: 2,
      no: 1,
    });
  });
});
