import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { pushTexts } from "../../domain/push.ts";
import type { JoinSeriesResponse, SeriesDatesResponse } from "../../domain/series.ts";
import { rideRequests, rideSeries, rides, rideWaitingList, users } from "../../worker/db/schema.ts";
import { movedBy } from "../support/moved-pin.ts";
import { requestsSettled } from "./helpers/background.ts";
import { db, HOUR, signedIn } from "./helpers/factories.ts";
import { json } from "./helpers/http.ts";
import { eventually, pushServiceStandIn } from "./helpers/push-service.ts";
import { messagesOf, participantIds, rideBody } from "./helpers/rides.ts";
import { createSeries, DAY, datesOf, runCron, WEEK } from "./helpers/series.ts";

let service: ReturnType<typeof pushServiceStandIn>;
beforeEach(() => {
  service = pushServiceStandIn();
});
afterEach(() => service.restore());

/** A date's approximate area, as one comparable value. */
const areaOf = (date: { meetingAreaLat?: number | null; meetingAreaLon?: number | null }) =>
  `${date.meetingAreaLat},${date.meetingAreaLon}`;

describe("creating a regular grupeta", () => {
  it("keeps 09:00 on the ride's clock across the summer-time change", async () => {
    const ana = await signedIn();
    // Saturdays at 09:00 in Madrid: 13, 20 and 27 March 2027 (CET, UTC+1), 3 April (CEST, UTC+2).
    const { seriesId } = await createSeries(ana.browser, {
      startTime: "2027-03-13T08:00:00.000Z",
    });
    // Only the first date exists yet: the others are more than 12 weeks away.
    expect((await datesOf(seriesId)).map((r) => r.seriesIndex)).toEqual([0]);
    await runCron(Date.parse("2027-03-01T03:17:00Z"));
    const dates = await datesOf(seriesId);
    expect(dates.map((r) => new Date(r.startTime).toISOString())).toEqual([
      "2027-03-13T08:00:00.000Z",
      "2027-03-20T08:00:00.000Z",
      "2027-03-27T08:00:00.000Z",
      "2027-04-03T07:00:00.000Z",
    ]);
    // Each date is a ride of its own, with its organizer in it and the series' mark.
    expect(new Set(dates.map((r) => r.id)).size).toBe(4);
    for (const date of dates) {
      expect(await participantIds(date.id)).toEqual([ana.user.id]);
      expect(date.seriesEveryWeeks).toBe(1);
    }
  });

  it("creates the dates of the next 12 weeks at once, every two weeks until a date", async () => {
    const ana = await signedIn();
    const start = Date.now() + 2 * DAY;
    const until = new Date(start + 30 * WEEK).toISOString().slice(0, 10);
    const { seriesId } = await createSeries(ana.browser, { repeat: { everyWeeks: 2, until } });
    const dates = await datesOf(seriesId);
    // It starts in 2 days: weeks 0 to 10 of the series fall within the 12 weeks ahead.
    expect(dates.map((d) => Math.round((d.startTime - dates[0]!.startTime) / WEEK))).toEqual([
      0, 2, 4, 6, 8, 10,
    ]);
  });

  it("refuses a repeat rule that makes no series, naming the field", async () => {
    const ana = await signedIn();
    const res = await ana.browser.post("/api/rides", {
      ...rideBody({}, 2 * DAY),
      repeat: { everyWeeks: 1, until: new Date(Date.now()).toISOString().slice(0, 10) },
    });
    expect(res.status).toBe(400);
    const body = (await json(res)) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.repeat).toBe("Elige una fecha final posterior a la primera salida");
    expect(
      await db().select().from(rideSeries).where(eq(rideSeries.organizerId, ana.user.id)).all(),
    ).toEqual([]);
    const tooMany = await ana.browser.post("/api/rides", {
      ...rideBody({}, 2 * DAY),
      repeat: { everyWeeks: 1, count: 13 },
    });
    expect(tooMany.status).toBe(400);
  });
});

describe("the daily cron", () => {
  it("is idempotent: running it twice, or twice at once, creates each date once", async () => {
    const ana = await signedIn();
    // Every two weeks, 12 dates over 22 weeks: those of the next 12 weeks exist from the start.
    const { seriesId } = await createSeries(ana.browser, { repeat: { everyWeeks: 2, count: 12 } });
    expect(await datesOf(seriesId)).toHaveLength(6);
    const later = Date.now() + 11 * WEEK;
    await runCron(later);
    const after = await datesOf(seriesId);
    expect(after.length).toBe(12);
    await runCron(later);
    await Promise.all([runCron(later + DAY), runCron(later + DAY)]);
    const again = await datesOf(seriesId);
    expect(again.map((d) => d.id)).toEqual(after.map((d) => d.id));
    expect(again.map((d) => d.seriesIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it("takes in the riders who follow the series, and makes no dates for a suspended organizer", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const { firstId, seriesId } = await createSeries(ana.browser, {
      repeat: { everyWeeks: 2, count: 12 },
    });
    const joined = await bea.browser.post(`/api/rides/${firstId}/series/join`);
    expect(joined.status).toBe(200);
    const known = (await datesOf(seriesId)).length;
    await runCron(Date.now() + 4 * WEEK);
    const dates = await datesOf(seriesId);
    expect(dates.length).toBe(known + 2);
    for (const date of dates) expect(await participantIds(date.id)).toContain(bea.user.id);

    await db().update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, ana.user.id));
    await runCron(Date.now() + 8 * WEEK);
    expect((await datesOf(seriesId)).length).toBe(known + 2);
  });
});

describe("Esta y las siguientes", () => {
  async function seriesWithBea() {
    const ana = await signedIn();
    const bea = await signedIn();
    const { firstId, seriesId } = await createSeries(ana.browser);
    expect((await bea.browser.post(`/api/rides/${firstId}/series/join`)).status).toBe(200);
    const device = await service.subscribe(bea.browser);
    return { ana, bea, device, seriesId, dates: await datesOf(seriesId) };
  }

  it("an edit changes this date and the later ones, never the earlier; each date's riders are told", async () => {
    const { ana, device, seriesId, dates } = await seriesWithBea();
    const second = dates[1]!;
    // One hour later on its own day, a new title.
    const res = await ana.browser.put(`/api/rides/${second.id}`, {
      ...rideBody({ title: "Grupeta de los sábados" }),
      startTime: new Date(second.startTime + HOUR).toISOString(),
      scope: "following",
    });
    expect(res.status).toBe(200);
    const after = await datesOf(seriesId);
    expect(after[0]!.title).toBe(dates[0]!.title);
    expect(after[0]!.startTime).toBe(dates[0]!.startTime);
    for (const i of [1, 2, 3]) {
      expect(after[i]!.title).toBe("Grupeta de los sábados");
      expect(after[i]!.startTime).toBe(dates[i]!.startTime + HOUR);
      expect((await messagesOf(after[i]!.id)).map((m) => m.body)).toEqual([MSG.systemEditNotice]);
      // Its calendar event moves on (SEQUENCE follows updated_at).
      expect(after[i]!.updatedAt).not.toBeNull();
    }
    expect(await messagesOf(after[0]!.id)).toEqual([]);
    await eventually(() => expect(service.to(device)).toHaveLength(3));
    expect(service.to(device)).toEqual(
      [1, 2, 3].map((i) =>
        pushTexts.rideEdited({ id: after[i]!.id, title: "Grupeta de los sábados" }),
      ),
    );
    // Dates created later follow the new template.
    const series = await db().select().from(rideSeries).where(eq(rideSeries.id, seriesId)).get();
    expect(series?.template.title).toBe("Grupeta de los sábados");
  });

  it("an edit never touches a date that has already started", async () => {
    const { ana, seriesId, dates } = await seriesWithBea();
    // The last date as if it had started (a series' dates are in order; this is the rule's test).
    const started = Date.now() - HOUR;
    await db().update(rides).set({ startTime: started }).where(eq(rides.id, dates[3]!.id));
    const res = await ana.browser.put(`/api/rides/${dates[1]!.id}`, {
      ...rideBody({ title: "Cambio" }),
      startTime: new Date(dates[1]!.startTime).toISOString(),
      scope: "following",
    });
    expect(res.status).toBe(200);
    const after = await datesOf(seriesId);
    expect(after.map((d) => d.title)).toEqual([
      dates[0]!.title,
      "Cambio",
      "Cambio",
      dates[3]!.title,
    ]);
    expect(after[3]!.startTime).toBe(started);
  });

  it("a cancellation cancels this date and the later ones, tells their riders and ends the series", async () => {
    const { ana, bea, device, seriesId, dates } = await seriesWithBea();
    const res = await ana.browser.post(`/api/rides/${dates[1]!.id}/cancel`, {
      reason: "Vacaciones",
      scope: "following",
    });
    expect(res.status).toBe(200);
    const after = await datesOf(seriesId);
    expect(after.map((d) => d.status)).toEqual([
      "published",
      "cancelled",
      "cancelled",
      "cancelled",
    ]);
    for (const i of [1, 2, 3]) {
      expect((await messagesOf(after[i]!.id)).map((m) => m.body)).toEqual([
        MSG.systemCancelNotice("Vacaciones"),
      ]);
    }
    await eventually(() => expect(service.to(device)).toHaveLength(3));
    expect(service.to(device)).toEqual(
      [1, 2, 3].map((i) =>
        pushTexts.rideCancelled({ id: after[i]!.id, title: after[i]!.title }, "Vacaciones"),
      ),
    );
    // Bea keeps the first date; the cron makes no more.
    expect(await participantIds(after[0]!.id)).toContain(bea.user.id);
    await runCron(Date.now() + 20 * WEEK);
    expect(await datesOf(seriesId)).toHaveLength(4);
  });

  it("Solo esta salida cancels only that date", async () => {
    const { ana, seriesId, dates } = await seriesWithBea();
    const res = await ana.browser.post(`/api/rides/${dates[2]!.id}/cancel`, {
      reason: null,
      scope: "this",
    });
    expect(res.status).toBe(200);
    expect((await datesOf(seriesId)).map((d) => d.status)).toEqual([
      "published",
      "published",
      "cancelled",
      "published",
    ]);
  });

  it("only the organizer changes a series", async () => {
    const { bea, seriesId, dates } = await seriesWithBea();
    const res = await bea.browser.post(`/api/rides/${dates[1]!.id}/cancel`, {
      reason: null,
      scope: "following",
    });
    expect(res.status).toBe(403);
    expect((await datesOf(seriesId)).every((d) => d.status === "published")).toBe(true);
  });
});

describe("Apuntarme a las próximas", () => {
  it("joins every upcoming date with a place and puts her in line for the full ones", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const carla = await signedIn();
    const { firstId, seriesId } = await createSeries(ana.browser, { maxParticipants: 2 });
    const dates = await datesOf(seriesId);
    // Carla takes the last place of the second date.
    expect((await carla.browser.post(`/api/rides/${dates[1]!.id}/join`)).status).toBe(200);

    const res = await bea.browser.post(`/api/rides/${firstId}/series/join`);
    expect(res.status).toBe(200);
    expect((await json(res)) as JoinSeriesResponse).toEqual({
      joined: 3,
      waiting: 1,
      requested: 0,
    });
    expect(await participantIds(dates[1]!.id)).not.toContain(bea.user.id);
    const waiting = await db()
      .select()
      .from(rideWaitingList)
      .where(eq(rideWaitingList.rideId, dates[1]!.id))
      .all();
    expect(waiting.map((w) => w.userId)).toEqual([bea.user.id]);

    const list = (await json(
      await bea.browser.get(`/api/rides/${firstId}/series`),
    )) as SeriesDatesResponse;
    expect(list.series.following).toBe(true);
    expect(list.dates.map((d) => [d.joined, d.waiting, d.placesLeft])).toEqual([
      [true, false, 0],
      [false, true, 0],
      [true, false, 0],
      [true, false, 0],
    ]);

    // A second tap changes nothing.
    expect(
      (await json(
        await bea.browser.post(`/api/rides/${firstId}/series/join`),
      )) as JoinSeriesResponse,
    ).toEqual({
      joined: 0,
      waiting: 0,
      requested: 0,
    });
  });

  it("on a 'Con aprobación' grupeta every date is one, and her tap files a request on each", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const { firstId, seriesId } = await createSeries(ana.browser, {
      joinMode: "approval",
      meetingPin: { lat: 40.4168, lon: -3.7038 },
    });
    const dates = await datesOf(seriesId);
    expect(dates.map((d) => d.joinMode)).toEqual(["approval", "approval", "approval", "approval"]);
    // One approximate area around the pin, the same on every date (see "the series' approximate
    // area" below).
    expect(new Set(dates.map(areaOf))).toEqual(new Set([areaOf(dates[0]!)]));
    expect(dates[0]!.meetingAreaLat).not.toBeNull();

    const res = await bea.browser.post(`/api/rides/${firstId}/series/join`);
    expect((await json(res)) as JoinSeriesResponse).toEqual({
      joined: 0,
      waiting: 0,
      requested: 4,
    });
    const requests = await db()
      .select()
      .from(rideRequests)
      .where(eq(rideRequests.userId, bea.user.id))
      .all();
    expect(requests.map((r) => r.rideId).sort()).toEqual(dates.map((d) => d.id).sort());
    expect(await participantIds(dates[1]!.id)).not.toContain(bea.user.id);
  });

  it("Dejar la serie leaves every upcoming date and waiting list in one tap", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const carla = await signedIn();
    const { firstId, seriesId } = await createSeries(ana.browser, { maxParticipants: 2 });
    const dates = await datesOf(seriesId);
    await carla.browser.post(`/api/rides/${dates[1]!.id}/join`);
    await bea.browser.post(`/api/rides/${firstId}/series/join`);
    const res = await bea.browser.post(`/api/rides/${dates[2]!.id}/series/leave`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ left: 3 });
    for (const date of dates) expect(await participantIds(date.id)).not.toContain(bea.user.id);
    expect(
      await db()
        .select()
        .from(rideWaitingList)
        .where(eq(rideWaitingList.userId, bea.user.id))
        .all(),
    ).toEqual([]);
    const list = (await json(
      await bea.browser.get(`/api/rides/${firstId}/series`),
    )) as SeriesDatesResponse;
    expect(list.series.following).toBe(false);
    // Nothing new for her when the cron adds dates.
    await runCron(Date.now() + 2 * WEEK);
    for (const date of await datesOf(seriesId)) {
      expect(await participantIds(date.id)).not.toContain(bea.user.id);
    }
  });

  it("a ride outside a series has none (404), and the organizer does not follow her own", async () => {
    const ana = await signedIn();
    const single = await ana.browser.post("/api/rides", rideBody());
    const { ride } = (await json(single)) as { ride: { id: string; series: unknown } };
    expect(ride.series).toBeNull();
    expect((await ana.browser.get(`/api/rides/${ride.id}/series`)).status).toBe(404);
    const { firstId } = await createSeries(ana.browser);
    expect((await ana.browser.post(`/api/rides/${firstId}/series/join`)).status).toBe(409);
    await requestsSettled();
  });
});

describe("a series and the rest of the app", () => {
  it("her calendar feed lists each date she is in", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const { firstId, seriesId } = await createSeries(ana.browser, { title: "Grupeta del lunes" });
    await bea.browser.post(`/api/rides/${firstId}/series/join`);
    const feed = await bea.browser.post("/api/calendar/feed");
    expect(feed.status).toBe(201);
    const { url } = (await json(feed)) as { url: string };
    const ics = await (await bea.browser.get(new URL(url).pathname)).text();
    for (const date of await datesOf(seriesId)) expect(ics).toContain(date.id);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(4);
  });

  it("deleting the organizer's account takes the series with it; its dates stay, cancelled", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const { firstId, seriesId } = await createSeries(ana.browser);
    await bea.browser.post(`/api/rides/${firstId}/series/join`);
    const dates = await datesOf(seriesId);
    expect((await ana.browser.delete("/api/account")).status).toBe(200);
    expect(await db().select().from(rideSeries).where(eq(rideSeries.id, seriesId)).all()).toEqual(
      [],
    );
    const after = await db()
      .select({ status: rides.status, seriesId: rides.seriesId })
      .from(rides)
      .where(eq(rides.id, dates[0]!.id))
      .get();
    expect(after).toEqual({ status: "cancelled", seriesId: null });
    await requestsSettled();
  });
});

describe("the series' approximate area", () => {
  // Every date of a 'Con aprobación' grupeta shows outsiders the same area: areas drawn apart
  // around one pin, a dozen of them, could be averaged back to the pin (ADR 0036).
  const PIN = { lat: 40.4168, lon: -3.7038 };
  const MOVED = { lat: 40.4531, lon: -3.6883 };
  const approvalSeries = (ana: Awaited<ReturnType<typeof signedIn>>, pin: typeof PIN | null) =>
    createSeries(ana.browser, {
      joinMode: "approval",
      meetingPin: pin,
      repeat: { everyWeeks: 2, count: 12 },
    });
  const templateOf = async (seriesId: string) =>
    (await db().select().from(rideSeries).where(eq(rideSeries.id, seriesId)).get())!.template;

  it("is one for the series, the dates the cron adds later included", async () => {
    const ana = await signedIn();
    const { seriesId } = await approvalSeries(ana, PIN);
    const first = await datesOf(seriesId);
    // Fortnightly: the dates of the next 12 weeks exist, the rest come with the cron.
    expect(first.length).toBeLessThan(12);
    await runCron(Date.now() + 8 * WEEK);
    const dates = await datesOf(seriesId);
    expect(dates.length).toBeGreaterThan(first.length);
    expect(new Set(dates.map(areaOf))).toEqual(new Set([areaOf(first[0]!)]));
    // Not the pin: drawn at 0.3 km or more, so one coordinate differs (a bearing near east or
    // west leaves the latitude as it was, to 4 decimals, in about one run in 160).
    expect(areaOf(first[0]!)).not.toBe(`${PIN.lat},${PIN.lon}`);
  });

  it("'Esta y las siguientes' placing the pin gives the following dates the edited date's area", async () => {
    const ana = await signedIn();
    const { seriesId } = await approvalSeries(ana, null);
    const dates = await datesOf(seriesId);
    expect(dates.every((d) => d.meetingAreaLat === null)).toBe(true);
    const res = await ana.browser.put(`/api/rides/${dates[1]!.id}`, {
      ...rideBody({ joinMode: "approval", meetingPin: PIN }),
      startTime: new Date(dates[1]!.startTime).toISOString(),
      scope: "following",
    });
    expect(res.status).toBe(200);
    const after = await datesOf(seriesId);
    // Without an area, a date would be measured from its exact pin ('Cerca de mí').
    expect(after[1]!.meetingAreaLat).not.toBeNull();
    expect(after.slice(1).map(areaOf)).toEqual(after.slice(1).map(() => areaOf(after[1]!)));
    expect(after[0]!.meetingAreaLat).toBeNull();
    // The dates not created yet take it too.
    expect(areaOf(await templateOf(seriesId))).toBe(areaOf(after[1]!));
  });

  it("moving the pin draws a new one for the following dates; an edit that keeps it keeps it", async () => {
    const ana = await signedIn();
    const { seriesId } = await approvalSeries(ana, PIN);
    const dates = await datesOf(seriesId);
    const edit = (pin: typeof PIN, title: string, scope: "following" | "this" = "following") =>
      ana.browser.put(`/api/rides/${dates[1]!.id}`, {
        ...rideBody({ joinMode: "approval", meetingPin: pin, title }),
        startTime: new Date(dates[1]!.startTime).toISOString(),
        scope,
      });
    expect((await edit(PIN, "Misma salida")).status).toBe(200);
    expect((await datesOf(seriesId)).map(areaOf)).toEqual(dates.map(areaOf));
    // A pin nudged a few metres keeps the series' one area, on one date or on the following ones.
    expect((await edit(movedBy(PIN, 0.006, 30), "Casi el mismo punto", "this")).status).toBe(200);
    expect((await edit(movedBy(PIN, 0.004, 250), "Casi el mismo punto")).status).toBe(200);
    expect((await datesOf(seriesId)).map(areaOf)).toEqual(dates.map(areaOf));
    expect(areaOf(await templateOf(seriesId))).toBe(areaOf(dates[0]!));

    expect((await edit(MOVED, "Nuevo punto")).status).toBe(200);
    const after = await datesOf(seriesId);
    expect(areaOf(after[1]!)).not.toBe(areaOf(dates[1]!));
    expect(after.slice(1).map(areaOf)).toEqual(after.slice(1).map(() => areaOf(after[1]!)));
    expect(areaOf(after[0]!)).toBe(areaOf(dates[0]!));
    expect(areaOf(await templateOf(seriesId))).toBe(areaOf(after[1]!));
  });
});

describe("'Esta y las siguientes' and the 12-month limit", () => {
  it("refuses a move that would take a following date past 12 months ahead, changing nothing", async () => {
    const ana = await signedIn();
    // Weekly for 12 dates from 2 days on: all 12 exist at once (within the 12 weeks ahead).
    const { seriesId } = await createSeries(ana.browser, { repeat: { everyWeeks: 1, count: 12 } });
    const dates = await datesOf(seriesId);
    expect(dates).toHaveLength(12);
    const seriesRow = () => db().select().from(rideSeries).where(eq(rideSeries.id, seriesId)).get();
    const seriesBefore = await seriesRow();
    const move = (by: number) =>
      ana.browser.put(`/api/rides/${dates[0]!.id}`, {
        ...rideBody({ title: "Grupeta movida" }),
        startTime: new Date(dates[0]!.startTime + by).toISOString(),
        scope: "following",
      });

    // 50 weeks on, the first date is within 12 months; the last one would be ~61 weeks out.
    const res = await move(50 * WEEK);
    expect(res.status).toBe(400);
    const { error } = (await json(res)) as {
      error: { code: string; message: string; fields?: Record<string, string> };
    };
    expect(error).toEqual({
      code: "validation_error",
      message: MSG.rideStartTooFar,
      fields: { startTime: MSG.rideStartTooFar },
    });
    expect(await datesOf(seriesId)).toEqual(dates);
    expect(await seriesRow()).toEqual(seriesBefore);

    // A day later is fine: every date moves by a day.
    expect((await move(DAY)).status).toBe(200);
    const after = await datesOf(seriesId);
    expect(after.map((d) => d.startTime)).toEqual(dates.map((d) => d.startTime + DAY));
    expect(after.every((d) => d.title === "Grupeta movida")).toBe(true);
  });
});
