// Weather at the start (docs/product.md#weather-at-the-start): the forecast, asked apart from the
// ride's detail so a slow or failing provider never slows or breaks the ride page, and the
// organizer's "Sigue en pie" answer, posted in the ride's chat once (still-on.ts).
import { Hono } from "hono";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { rideIdParamSchema } from "../../domain/schemas.ts";
import { hasStarted } from "../../domain/time.ts";
import { type RideWeatherResponse, weatherWarnings } from "../../domain/weather.ts";
import type { AppEnv } from "../env.ts";
import { inBackground } from "../http/background.ts";
import { validate } from "../http/validate.ts";
import { loadRide } from "../ride-core/load-ride.ts";
import { announceStoredMessage } from "../rooms/system-messages.ts";
import { requireProfile } from "../sessions/session.ts";
import { generateId } from "../sessions/tokens.ts";
import { rideForecast } from "./forecast.ts";
import { stillOnSaid, storeStillOnNoticeOnce } from "./still-on.ts";

/** /rides/:id — weather and still-on */
export const weatherRoutes = new Hono<AppEnv>()
  .get("/weather", validate("param", rideIdParamSchema), async (c) => {
    requireProfile(c);
    const row = await loadRide(c, c.req.valid("param").id);
    const [forecast, stillOn] = await Promise.all([
      rideForecast(c.var.db, row, Date.now()).catch((error: unknown) => {
        // The cache's failure is the provider's: no forecast, nothing wrong on her page.
        console.warn(`[${c.get("requestId")}] forecast not read`, String(error));
        return null;
      }),
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
