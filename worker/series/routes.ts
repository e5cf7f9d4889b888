// Regular grupetas on the ride page (docs/product.md#regular-grupetas): the series' next dates,
// "Apuntarme a las próximas" and "Dejar la serie". Each date is joined or left as a single ride
// is (the same statements, so capacity, start, cancellation and blocks hold); a ride hidden from
// her by a block answers 404 (loadRide), and so does a ride that is not part of a series.
import { Hono } from "hono";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { rideIdParamSchema } from "../../domain/schemas.ts";
import {
  type JoinSeriesResponse,
  type LeaveSeriesResponse,
  SERIES_DATES_SHOWN,
  SERIES_TEXTS,
  type SeriesDatesResponse,
} from "../../domain/series.ts";
import { capacityOf } from "../../domain/time.ts";
import type { AppEnv } from "../env.ts";
import { inBackground } from "../http/background.ts";
import { validate } from "../http/validate.ts";
import { placeFreedForRequests, placeRequested } from "../push/events.ts";
import { loadRide } from "../ride-core/load-ride.ts";
import { announceRideChanged } from "../ride-core/ride-watchers.ts";
import { leaveRide } from "../ride-core/writes.ts";
import { tellRideChanged } from "../rooms/ride-changed.ts";
import { notifyParticipantJoined, notifyParticipantLeft } from "../rooms/system-messages.ts";
import { requireProfile } from "../sessions/session.ts";
import { refuseUnverified } from "../verification/gate.ts";
import { announcePromotion } from "../waiting-list/notify.ts";
import {
  followSeries,
  isFollowing,
  joinSeriesDate,
  leaveSeriesWaitingLists,
  placesOf,
  unfollowSeries,
  withdrawSeriesRequests,
} from "./members.ts";
import { participantCounts, upcomingDates } from "./queries.ts";

/** The ride's series id, or the 404 of a ride that is not part of one. */
function seriesOf(row: { seriesId: string | null }): string {
  if (!row.seriesId) throw new DomainError("not_found", SERIES_TEXTS.notInSeries);
  return row.seriesId;
}

/** /rides/:id/series */
export const seriesRoutes = new Hono<AppEnv>()
  .get("/", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c);
    const now = Date.now();
    const row = await loadRide(c, c.req.valid("param").id);
    const seriesId = seriesOf(row);
    const dates = await upcomingDates(c.var.db, seriesId, now + 1, user.id, SERIES_DATES_SHOWN);
    const ids = dates.map((d) => d.id);
    const [places, counts, following] = await Promise.all([
      placesOf(c.var.db, ids, user.id),
      participantCounts(c.var.db, ids),
      isFollowing(c.var.db, seriesId, user.id),
    ]);
    return c.json<SeriesDatesResponse>({
      series: {
        id: seriesId,
        everyWeeks: row.seriesEveryWeeks === 2 ? 2 : 1,
        following,
        isOrganizer: row.organizerId === user.id,
      },
      dates: dates.map((d) => ({
        id: d.id,
        startTime: d.startTime,
        status: d.status,
        placesLeft: Math.max(0, capacityOf(d.maxParticipants) - (counts.get(d.id) ?? 0)),
        joined: places.joined.has(d.id),
        waiting: places.waiting.has(d.id),
        request: places.requests.get(d.id) ?? null,
      })),
    });
  })
  .post("/join", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c, MSG.joinUnauthenticated);
    const now = Date.now();
    const row = await loadRide(c, c.req.valid("param").id);
    const seriesId = seriesOf(row);
    if (row.organizerId === user.id) {
      throw new DomainError("conflict", SERIES_TEXTS.organizerCannotFollow);
    }
    await refuseUnverified(c.env, c.var.db, row, user);
    await followSeries(c.var.db, seriesId, user.id, now);
    const dates = (await upcomingDates(c.var.db, seriesId, now + 1, user.id)).filter(
      (d) => d.status === "published",
    );
    const places = await placesOf(
      c.var.db,
      dates.map((d) => d.id),
      user.id,
    );
    let joined = 0;
    let waiting = 0;
    let requested = 0;
    for (const date of dates) {
      if (places.joined.has(date.id) || places.waiting.has(date.id)) continue;
      const result = await joinSeriesDate(c.var.db, date.id, user.id, now);
      if (result.outcome === "joined") {
        joined++;
        inBackground(c, notifyParticipantJoined(c.env, date.id, user.id, date.startTime));
        announceRideChanged(c, [date.id]);
      } else if (result.outcome === "waiting") {
        waiting++;
        announcePromotion(c, result.promotion, { changed: [date.id] });
      } else if (result.outcome === "requested") {
        requested++;
        inBackground(c, placeRequested(c.env, date.id, user.id));
      }
    }
    // As for a single request: the organizer's open screens hear of them (once), no other rider.
    if (requested > 0) inBackground(c, tellRideChanged(c.env, row.id, [row.organizerId, user.id]));
    return c.json<JoinSeriesResponse>({ joined, waiting, requested });
  })
  .post("/leave", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c, MSG.leaveUnauthenticated);
    const now = Date.now();
    const row = await loadRide(c, c.req.valid("param").id);
    const seriesId = seriesOf(row);
    if (row.organizerId === user.id) {
      throw new DomainError("organizer_cannot_leave", MSG.organizerCannotLeave);
    }
    await unfollowSeries(c.var.db, seriesId, user.id);
    // Her pending requests go too, or the organizer could still accept her onto a date she left.
    if ((await withdrawSeriesRequests(c.var.db, seriesId, user.id, now)) > 0) {
      inBackground(c, tellRideChanged(c.env, row.id, [row.organizerId, user.id]));
    }
    const dates = await upcomingDates(c.var.db, seriesId, now + 1);
    const places = await placesOf(
      c.var.db,
      dates.map((d) => d.id),
      user.id,
    );
    let left = 0;
    for (const date of dates) {
      if (!places.joined.has(date.id)) continue;
      const result = await leaveRide(c.var.db, date.id, user.id, now);
      if (!result.left) continue;
      left++;
      inBackground(c, notifyParticipantLeft(c.env, date.id, user.id));
      announcePromotion(c, result.promotion, { changed: [date.id] });
      // An approval date's requests are its queue: the organizer hears of the free place.
      if (date.joinMode === "approval") inBackground(c, placeFreedForRequests(c.env, date.id));
    }
    if ((await leaveSeriesWaitingLists(c.var.db, seriesId, user.id, now)) > 0) {
      announceRideChanged(
        c,
        dates.filter((d) => places.waiting.has(d.id)).map((d) => d.id),
      );
    }
    return c.json<LeaveSeriesResponse>({ left });
  });
