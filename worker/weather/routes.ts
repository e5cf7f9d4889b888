// Weather at the start (docs/product.md#weather-at-the-start): the forecast, asked apart from the
// ride's detail so a slow or failing provider never slows or breaks the ride page, and the
// organizer's "Sigue en pie" answer, posted in the ride's chat once (still-on.ts).
import { Hono } from "hono";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { rideIdParamSchema } from "../../domain/schemas.ts";
import { hasStarted } from "../../domain/time.ts";
import { type RideWeatherResponse, WEATHER_TEXTS, weatherWarnings } from "../../domain/weather.ts";
import type { AppEnv } from "../env.ts";
import { inBackground } from "../http/background.ts";
import { validate } from "../http/validate.ts";
import { loadRide } from "../ride-core/load-ride.ts";
import { rideRoomStub } from "../rooms/location-hint.ts";
import { announceStoredMessage } from "../rooms/system-messages.ts";
import { requireProfile } from "../sessions/session.ts";
import { generateId } from "../sessions/tokens.ts";
import { hasForecastQuestion, oneLine } from "./forecast.ts";
import { stillOnSaid, storeStillOnNoticeOnce } from "./still-on.ts";

/** /rides/:id — weather and still-on */
export const weatherRoutes = new Hono<AppEnv>()
  .get("/weather", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c);
    // Per account, before any work (docs/decisions/0008-rate-limits.md): each ride she opens may
    // cost a call to the provider.
    const limit = await c.env.WEATHER_LIMITER.limit({ key: `user:${user.id}` });
    if (!limit.success) throw new DomainError("rate_limited", WEATHER_TEXTS.tooManyAsks);
    const row = await loadRide(c, c.req.valid("param").id);
    const { id, city, startTime, status, meetingLat, meetingLon, timeZone } = row;
    const ride = { id, city, startTime, status, meetingLat, meetingLon };
    const [forecast, stillOn] = await Promise.all([
      hasForecastQuestion(ride, Date.now())
        ? // Through the ride's room, where asks arriving together share one provider call.
          rideRoomStub(c.env.RIDE_ROOM, id, timeZone)
            .forecast(ride)
            .catch((error: unknown) => {
              // The room's or the cache's failure is the provider's: no forecast, nothing wrong
              // on her page.
              console.warn(`[${c.get("requestId")}] forecast not read: ${oneLine(error)}`);
              return null;
            })
        : null,
      stillOnSaid(c.var.db, row.id),
    ]);
    c.header("Cache-Control", "private, no-store");
    return c.json<RideWeatherResponse>({
      forecast,
      warnings: forecast ? weatherWarnings(forecast) : [],
      stillOn,
    });
  })
  .post("/still-on", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c);
    const row = await loadRide(c, c.req.valid("param").id);
    if (row.organizerId !== user.id) throw new DomainError("not_authorized", MSG.notAuthorized);
    if (row.status === "cancelled") throw new DomainError("ride_cancelled", MSG.rideCancelledJoin);
    if (hasStarted(row.startTime, Date.now())) {
      throw new DomainError("ride_started", MSG.rideStarted);
    }
    const noticeId = generateId();
    if (await storeStillOnNoticeOnce(c.var.db, { id: noticeId, rideId: row.id, now: Date.now() })) {
      inBackground(c, announceStoredMessage(c.env, row.id, noticeId));
    }
    return c.json({ ok: true as const });
  });
