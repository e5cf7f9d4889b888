// Regular grupetas in worker tests: the daily cron run at a given time, a series' dates, and a
// series created through the API as the form sends it.
import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { rides } from "../../../worker/db/schema.ts";
import handler from "../../../worker/index.ts";
import { db, HOUR, type signedIn } from "./factories.ts";
import { json } from "./http.ts";
import { rideBody } from "./rides.ts";

export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

/** The daily cron, as if it ran at `scheduledTime`, its background work settled. */
export async function runCron(scheduledTime: number) {
  const ctx = createExecutionContext();
  await handler.scheduled?.(
    createScheduledController({ scheduledTime, cron: "17 3 * * *" }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

/** The series' dates, in order. */
export async function datesOf(seriesId: string) {
  return db()
    .select()
    .from(rides)
    .where(eq(rides.seriesId, seriesId))
    .orderBy(asc(rides.seriesIndex))
    .all();
}

/** Her grupeta (weekly, 4 dates unless `overrides` say otherwise), its first date answered. */
export async function createSeries(
  browser: Awaited<ReturnType<typeof signedIn>>["browser"],
  overrides: Record<string, unknown> = {},
  startsIn = 2 * DAY,
) {
  const res = await browser.post("/api/rides", {
    ...rideBody({}, startsIn),
    repeat: { everyWeeks: 1, count: 4 },
    ...overrides,
  });
  expect(res.status).toBe(201);
  const { ride } = (await json(res)) as { ride: { id: string; series: { id: string } | null } };
  expect(ride.series).not.toBeNull();
  return { firstId: ride.id, seriesId: ride.series!.id };
}
