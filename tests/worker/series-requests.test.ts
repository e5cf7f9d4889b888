import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { pushTexts } from "../../domain/push.ts";
import { latestRideStart } from "../../domain/schemas.ts";
import {
  type JoinSeriesResponse,
  type SeriesDatesResponse,
  type SeriesRepeat,
  seriesRuleOf,
  seriesStarts,
} from "../../domain/series.ts";
import { rideRequests, rideSeries } from "../../worker/db/schema.ts";
import { requestsSettled } from "./helpers/background.ts";
import { recordedBrowser } from "./helpers/d1-proxy.ts";
import { db, signedIn } from "./helpers/factories.ts";
import { json } from "./helpers/http.ts";
import { eventually, pushServiceStandIn } from "./helpers/push-service.ts";
import { participantIds } from "./helpers/rides.ts";
import { createSeries as createGrupeta, DAY, datesOf, runCron, WEEK } from "./helpers/series.ts";

const PIN = { lat: 40.4168, lon: -3.7038 };

type Signed = Awaited<ReturnType<typeof signedIn>>;

let service: ReturnType<typeof pushServiceStandIn>;
beforeEach(() => {
  service = pushServiceStandIn();
});
afterEach(() => service.restore());

/** Her grupeta, created through the API: 'Con aprobación' unless `overrides` say otherwise. */
function createSeries(
  browser: Signed["browser"],
  overrides: Record<string, unknown> = {},
  startsIn = 2 * DAY,
) {
  return createGrupeta(browser, { joinMode: "approval", meetingPin: PIN, ...overrides }, startsIn);
}

async function requestOf(rideId: string, userId: string) {
  return (
    (await db()
      .select()
      .from(rideRequests)
      .where(and(eq(rideRequests.rideId, rideId), eq(rideRequests.userId, userId)))
      .get()) ?? null
  );
}

async function joinSeries(rider: Signed, rideId: string) {
  const res = await rider.browser.post(`/api/rides/${rideId}/series/join`);
  expect(res.status).toBe(200);
  return (await json(res)) as JoinSeriesResponse;
}

describe("the series' dates on a 'Con aprobación' grupeta's page", () => {
  it("name her request on each date, read in as many round trips whatever the number of dates", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const short = await createSeries(ana.browser, { repeat: { everyWeeks: 1, count: 2 } });
    const long = await createSeries(ana.browser, { repeat: { everyWeeks: 1, count: 6 } });
    expect(await joinSeries(bea, long.firstId)).toEqual({ joined: 0, waiting: 0, requested: 6 });
    const dates = await datesOf(long.seriesId);
    const third = (await requestOf(dates[2]!.id, bea.user.id))!;
    const decline = await ana.browser.post(
      `/api/rides/${dates[2]!.id}/requests/${third.id}/decline`,
    );
    expect(decline.status).toBe(200);

    const { browser, trips } = recordedBrowser(bea.browser.cookies);
    const res = await browser.get(`/api/rides/${long.firstId}/series`);
    expect(res.status).toBe(200);
    const body = (await json(res)) as SeriesDatesResponse;
    expect(body.dates.map((d) => d.request)).toEqual([
      "pending",
      "pending",
      "declined",
      "pending",
      "pending",
      "pending",
    ]);
    const sixDates = trips.length;
    trips.length = 0;
    const other = await browser.get(`/api/rides/${short.firstId}/series`);
    expect(((await json(other)) as SeriesDatesResponse).dates.map((d) => d.request)).toEqual([
      null,
      null,
    ]);
    expect(trips).toHaveLength(sixDates);
  });
});

describe("Dejar la serie on a 'Con aprobación' grupeta", () => {
  it("withdraws her pending requests, so the organizer cannot accept her; a declined one stays", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const { firstId, seriesId } = await createSeries(ana.browser);
    const dates = await datesOf(seriesId);
    expect(await joinSeries(bea, firstId)).toEqual({ joined: 0, waiting: 0, requested: 4 });
    const declined = (await requestOf(dates[3]!.id, bea.user.id))!;
    const decline = await ana.browser.post(
      `/api/rides/${dates[3]!.id}/requests/${declined.id}/decline`,
    );
    expect(decline.status).toBe(200);
    const pending = (await requestOf(dates[1]!.id, bea.user.id))!;

    const res = await bea.browser.post(`/api/rides/${firstId}/series/leave`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ left: 0 });

    const accept = await ana.browser.post(
      `/api/rides/${dates[1]!.id}/requests/${pending.id}/accept`,
    );
    expect(accept.status).toBe(404);
    const body = (await json(accept)) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: "not_found", message: MSG.requestGone });
    for (const date of dates) expect(await participantIds(date.id)).not.toContain(bea.user.id);
    // Only the declined request is left: she cannot ask for that date again.
    const left = await db()
      .select()
      .from(rideRequests)
      .where(eq(rideRequests.userId, bea.user.id))
      .all();
    expect(left.map((r) => [r.rideId, r.status])).toEqual([[dates[3]!.id, "declined"]]);
    expect((await bea.browser.post(`/api/rides/${dates[3]!.id}/requests`, {})).status).toBe(409);
    await requestsSettled();
  });

  it("tells the organizer of a place she frees while other requests wait", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const carla = await signedIn();
    const { firstId, seriesId } = await createSeries(ana.browser, { maxParticipants: 3 });
    const dates = await datesOf(seriesId);
    await joinSeries(bea, firstId);
    const beaRequest = (await requestOf(dates[0]!.id, bea.user.id))!;
    const accepted = await ana.browser.post(
      `/api/rides/${dates[0]!.id}/requests/${beaRequest.id}/accept`,
    );
    expect(accepted.status).toBe(200);
    expect((await carla.browser.post(`/api/rides/${dates[0]!.id}/requests`, {})).status).toBe(201);
    await requestsSettled();
    const anaDevice = await service.subscribe(ana.browser);

    const res = await bea.browser.post(`/api/rides/${dates[2]!.id}/series/leave`);
    expect(await json(res)).toEqual({ left: 1 });
    expect(await participantIds(dates[0]!.id)).not.toContain(bea.user.id);
    const named = { id: dates[0]!.id, title: dates[0]!.title };
    await eventually(() =>
      expect(service.to(anaDevice)).toEqual([pushTexts.placeFreedForRequests(named)]),
    );
    // Her withdrawn requests freed no place: nothing more for the organizer.
    await requestsSettled();
    expect(service.to(anaDevice)).toEqual([pushTexts.placeFreedForRequests(named)]);
  });
});

describe("the daily cron on a 'Con aprobación' grupeta", () => {
  it("tells the organizer of each request it files for a rider who follows the series", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const { firstId, seriesId } = await createSeries(ana.browser, {
      repeat: { everyWeeks: 2, count: 12 },
    });
    const anaDevice = await service.subscribe(ana.browser);
    const known = await datesOf(seriesId);
    expect(await joinSeries(bea, firstId)).toEqual({
      joined: 0,
      waiting: 0,
      requested: known.length,
    });
    const name = bea.user.username!;
    const requested = (date: { id: string; title: string }) =>
      pushTexts.placeRequested({ id: date.id, title: date.title }, name);
    await eventually(() => expect(service.to(anaDevice)).toHaveLength(known.length));

    await runCron(Date.now() + 4 * WEEK);
    const added = (await datesOf(seriesId)).slice(known.length);
    expect(added).toHaveLength(2);
    for (const date of added) expect(await requestOf(date.id, bea.user.id)).not.toBeNull();
    expect(service.to(anaDevice).slice(known.length)).toEqual(added.map(requested));
  });
});

describe("the 12-month limit of a grupeta", () => {
  it("never creates a date past the limit her preview showed, however late the cron runs", async () => {
    const ana = await signedIn();
    const repeat: SeriesRepeat = { everyWeeks: 1, until: null, count: 12 };
    // About 10.5 months ahead: weeks 0 to 6 fall within 12 months of today, weeks 7 to 11 not.
    const { seriesId } = await createSeries(ana.browser, { joinMode: "open", repeat }, 320 * DAY);
    const [first] = await datesOf(seriesId);
    const series = (await db().select().from(rideSeries).where(eq(rideSeries.id, seriesId)).get())!;
    const preview = seriesStarts(
      seriesRuleOf(first!.startTime, series.zone, repeat)!,
      series.createdAt,
    );
    expect(preview).toHaveLength(7);

    // Later, every remaining date would be within the cron's 12 weeks.
    await runCron(Date.now() + 300 * DAY);
    await runCron(Date.now() + 301 * DAY);
    const dates = await datesOf(seriesId);
    expect(dates.map((d) => d.startTime)).toEqual(preview);
    const latest = latestRideStart(series.createdAt);
    for (const date of dates) expect(date.startTime).toBeLessThanOrEqual(latest);
    // The series is done: the cron no longer picks it.
    const after = await db().select().from(rideSeries).where(eq(rideSeries.id, seriesId)).get();
    expect(after!.nextStart).toBeNull();
  });
});
