// Calendar (docs/product.md#calendar): a ride's .ics for 'Añadir al calendario', and her personal
// feed: made (its URL shown once), revoked, read by calendar apps with the secret in the URL.
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { CalendarFeedResponse, NewCalendarFeedResponse } from "../../domain/api/calendar.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { rideIdParamSchema } from "../../domain/schemas.ts";
import type { AppEnv } from "../env.ts";
import { expectedOrigin } from "../http/security.ts";
import { validate } from "../http/validate.ts";
import { requireProfile } from "../sessions/session.ts";
import { generateToken } from "../sessions/tokens.ts";
import { addRideEvent, calendarText, icsFileName, rideCalendar } from "./ics.ts";
import {
  feedOwner,
  feedRides,
  feedState,
  replaceFeedToken,
  revokeFeed,
  rideForCalendar,
} from "./queries.ts";

/** Feed URLs end in '<token>.ics' (tokens are base32, 32 characters). */
const feedParam = z.object({ file: z.string().max(100) });
const FEED_FILE = /^([a-z2-7]{32})\.ics$/;

function calendarResponse(body: string, headers: Record<string, string>) {
  return new Response(body, {
    headers: { "Content-Type": "text/calendar; charset=utf-8", ...headers },
  });
}

function origin(c: Context<AppEnv>) {
  return expectedOrigin(c.req.url, c.env.APP_ORIGIN);
}

/**
 * /rides/:id/calendar.ics: 'Añadir al calendario', the ride as one event (anyone who may open the
 * ride, docs/product.md#ride-detail).
 */
export const rideCalendarRoutes = new Hono<AppEnv>().get(
  "/calendar.ics",
  validate("param", rideIdParamSchema),
  async (c) => {
    const user = requireProfile(c);
    // A ride a block hides from her answers as a missing one (ADR 0018).
    const ride = await rideForCalendar(c.var.db, c.req.valid("param").id, user.id);
    if (!ride) throw new DomainError("not_found", MSG.rideNotFound);
    const calendar = rideCalendar({ name: ride.title });
    addRideEvent(calendar, ride, origin(c));
    return calendarResponse(calendarText(calendar), {
      "Content-Disposition": `attachment; filename="${icsFileName(ride.title)}"`,
      "Cache-Control": "private, no-store",
    });
  },
);

/** /calendar: her personal feed. */
export const calendarRoutes = new Hono<AppEnv>()
  .get("/feed", async (c) => {
    const user = requireProfile(c);
    return c.json<CalendarFeedResponse>(await feedState(c.var.db, user.id));
  })

  /** A new secret URL (any earlier one stops working). */
  .post("/feed", async (c) => {
    const user = requireProfile(c);
    const token = generateToken();
    const now = Date.now();
    await replaceFeedToken(c.var.db, user.id, token, now);
    return c.json<NewCalendarFeedResponse>(
      { url: `${origin(c)}/api/calendar/feed/${token}.ics`, createdAt: now },
      201,
    );
  })

  .delete("/feed", async (c) => {
    const user = requireProfile(c);
    await revokeFeed(c.var.db, user.id);
    return c.body(null, 204);
  })

  /** What calendar apps fetch: no session, the secret in the URL is the key. */
  .get("/feed/:file", validate("param", feedParam), async (c) => {
    const token = FEED_FILE.exec(c.req.valid("param").file)?.[1];
    // The primary: a feed just stopped must not answer from a replica's older copy.
    const userId = token ? await feedOwner(c.var.primaryDb, token) : null;
    if (!userId) throw new DomainError("not_found", MSG.notFound);
    const calendar = rideCalendar({ name: "Mis salidas en Rodamos" });
    // Calendar apps may poll often; they need not more than hourly.
    calendar.ttl(60 * 60);
    for (const ride of await feedRides(c.var.db, userId, Date.now())) {
      addRideEvent(calendar, ride, origin(c));
    }
    return calendarResponse(calendarText(calendar), {
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    });
  });
