// Who is told that a ride changed (docs/decisions/0031-open-screens-follow-the-ride.md): the
// riders whose screens show the ride's riders, read after the write; the frames themselves go
// through rooms/ride-changed.ts.
import { eq, inArray, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Context, MiddlewareHandler } from "hono";
import { createDb } from "../db/client.ts";
import { rideParticipants, rideRequests, rides, rideWaitingList } from "../db/schema.ts";
import type { AppEnv, Bindings, Database } from "../env.ts";
import { inBackground } from "../http/background.ts";
import { tellEach } from "../rooms/ride-changed.ts";
import { rideHiddenFrom } from "./block-sql.ts";
import { requestShownSql } from "./request-sql.ts";

const sibling = alias(rides, "sibling");

/**
 * Who sees the riders of these rides, as (ride, rider) pairs: their participants (the organizer
 * included), those on their waiting lists and those with a pending request, on the ride itself
 * or on a date of its series that has not started (a date's page lists the series' next dates
 * with their places). A rider a block hides a ride from is not told of it.
 */
async function watchersOf(db: Database, rideIds: string[], now: number) {
  const inScope = (rideId: SQLWrapper) => sql`${rideId} in scope`;
  return db.all<{ rideId: string; userId: string }>(sql`with scope(id) as (
      select ${rides.id} from ${rides} where ${inArray(rides.id, rideIds)}
      union select ${sibling.id} from ${rides} join ${rides} ${sibling}
        on ${sibling.seriesId} = ${rides.seriesId}
      where ${inArray(rides.id, rideIds)} and ${sibling.startTime} > ${now})
    select ${rideParticipants.rideId} as "rideId", ${rideParticipants.userId} as "userId"
      from ${rideParticipants} where ${inScope(rideParticipants.rideId)}
    union select ${rideWaitingList.rideId}, ${rideWaitingList.userId} from ${rideWaitingList}
      where ${inScope(rideWaitingList.rideId)}
        and not ${rideHiddenFrom(rideWaitingList.rideId, rideWaitingList.userId)}
    union select ${rideRequests.rideId}, ${rideRequests.userId} from ${rideRequests}
      where ${inScope(rideRequests.rideId)} and ${eq(rideRequests.status, "pending")}
        and ${requestShownSql(rideRequests)}`);
}

/**
 * Everyone who sees the riders of these rides (watchersOf) is told, once each: with the changed
 * ride's id when she is on it, else with the id of the series' date she is on (what she is shown
 * of the other dates changed). `except`: riders who must not hear of this write (a block's pair).
 */
export async function tellRideWatchers(
  env: Bindings,
  rideIds: readonly string[],
  { except = [] }: { except?: readonly string[] } = {},
) {
  const changed = new Set(rideIds);
  const db = createDb(env.DB);
  const rideOf = new Map<string, string>();
  const ids = [...changed];
  // In chunks: each id is bound twice, under D1's 100 bound parameters.
  for (let i = 0; i < ids.length; i += 45) {
    for (const { rideId, userId } of await watchersOf(db, ids.slice(i, i + 45), Date.now())) {
      if (except.includes(userId)) continue;
      if (!rideOf.has(userId) || changed.has(rideId)) rideOf.set(userId, rideId);
    }
  }
  await tellEach(env, rideOf);
}

/**
 * tellRideWatchers after the answer, once per request: a write that changes several rides, or
 * one ride in several steps (a leave, then the promotion it made), tells each rider once.
 */
export function announceRideChanged(c: Context<AppEnv>, rideIds: readonly string[]) {
  const pending = c.get("changedRides");
  if (pending) for (const id of rideIds) pending.add(id);
  else if (rideIds.length > 0) inBackground(c, tellRideWatchers(c.env, rideIds));
}

/** The API's middleware that gathers a request's changed rides and announces them at its end. */
export const rideChangesAnnounced: MiddlewareHandler<AppEnv> = async (c, next) => {
  const pending = new Set<string>();
  c.set("changedRides", pending);
  await next();
  if (pending.size > 0) inBackground(c, tellRideWatchers(c.env, [...pending]));
};

/**
 * Pending requests that went with a rider (suspension, account deletion; requestsGoingWith): the
 * organizer of each ride she had asked for hears her request is gone, and each rider who had
 * asked for a place on one of hers hears her ride changed.
 */
export async function tellRequestsGone(
  env: Bindings,
  riderId: string,
  requests: readonly { rideId: string; userId: string; organizerId: string | null }[],
) {
  const rideOf = new Map<string, string>();
  for (const { rideId, userId, organizerId } of requests) {
    const told = userId === riderId ? organizerId : userId;
    if (told && told !== riderId) rideOf.set(told, rideId);
  }
  await tellEach(env, rideOf);
}
