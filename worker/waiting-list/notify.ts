// Telling riders what happened to their place on a waiting list, after the answer (the data is
// already in D1; a lost notification is not lost data). In the app: her UserHub's
// 'waiting-list' frame (a toast, and her screens refetch); everyone else who sees the ride's
// riders (those still waiting, its participants) gets a 'ride-changed' frame (rooms/ride-changed.ts).
// On her devices: web push. In the chat: the promotion notice, stored by the promotion batch,
// announced here through the ride's room (which also tells the organizer a rider joined).
import { inArray } from "drizzle-orm";
import type { Context } from "hono";
import type { NotificationFrame, WaitingListEvent } from "../../domain/notification-frame.ts";
import { createDb } from "../db/client.ts";
import { rides } from "../db/schema.ts";
import type { AppEnv, Bindings } from "../env.ts";
import { inBackground } from "../http/background.ts";
import { notifyPlaceFromWaitingList } from "../push/events.ts";
import type { Promotion } from "../ride-core/promotion.ts";
import { announceRideChanged } from "../ride-core/ride-watchers.ts";
import { announceStoredMessage, notifyParticipantJoined } from "../rooms/system-messages.ts";

interface RideForNotice {
  id: string;
  title: string;
  startTime: number;
}

async function tellHub(
  env: Bindings,
  userId: string,
  event: WaitingListEvent,
  ride: RideForNotice,
) {
  const frame: NotificationFrame = {
    type: "waiting-list",
    event,
    rideId: ride.id,
    rideTitle: ride.title,
  };
  await env.USER_HUB.get(env.USER_HUB.idFromName(userId)).notify(frame);
}

/** She got a place: her open tabs say so, and her devices by push. */
export async function tellPromoted(env: Bindings, userId: string, ride: RideForNotice) {
  await Promise.all([
    tellHub(env, userId, "promoted", ride),
    // docs/product.md#web-push's "a place for her from a waiting list" (her 'waitlist' switch).
    notifyPlaceFromWaitingList(env, userId, ride),
  ]);
}

/**
 * After a batch that promoted riders: the chat notices reach open chats, the rooms learn of
 * the new riders, each promoted rider is told, and so is everyone else who sees the riders of a
 * ride whose list moved up or got a place (announceRideChanged). `changed`: rides whose riders
 * changed in this batch besides any promotion (a rider left, joined the list, or the ride was
 * edited), told whether or not their list moved. The rides' titles are read here, in the
 * background, so the answer never waits for them.
 */
export function announcePromotion(
  c: Context<AppEnv>,
  promotion: Promotion,
  { changed = [] }: { changed?: readonly string[] } = {},
) {
  for (const { rideId, messageId } of promotion.notices) {
    inBackground(c, announceStoredMessage(c.env, rideId, messageId));
  }
  for (const { rideId, userId } of promotion.promoted) {
    inBackground(c, notifyParticipantJoined(c.env, rideId, userId));
  }
  if (promotion.promoted.length > 0) inBackground(c, tellEachPromoted(c.env, promotion));
  announceRideChanged(c, [...new Set([...promotion.moved, ...changed])]);
}

/** Titles and starts of these rides, read in chunks under D1's 100 bound parameters. */
async function ridesById(env: Bindings, rideIds: string[]) {
  const ids = [...new Set(rideIds)];
  const db = createDb(env.DB);
  const byId = new Map<string, RideForNotice>();
  for (let i = 0; i < ids.length; i += 90) {
    const found = await db
      .select({ id: rides.id, title: rides.title, startTime: rides.startTime })
      .from(rides)
      .where(inArray(rides.id, ids.slice(i, i + 90)))
      .all();
    for (const ride of found) byId.set(ride.id, ride);
  }
  return byId;
}

async function tellEachPromoted(env: Bindings, promotion: Promotion) {
  if (promotion.promoted.length === 0) return;
  const byId = await ridesById(
    env,
    promotion.promoted.map((p) => p.rideId),
  );
  await Promise.all(
    promotion.promoted.map(({ rideId, userId }) => {
      const ride = byId.get(rideId);
      return ride ? tellPromoted(env, userId, ride) : undefined;
    }),
  );
}

async function tellEachClosed(env: Bindings, entries: WaitingEntry[]) {
  const byId = await ridesById(
    env,
    entries.map((e) => e.rideId),
  );
  await Promise.all(
    entries.map(({ rideId, userId }) => {
      const ride = byId.get(rideId);
      return ride ? tellHub(env, userId, "closed", ride) : undefined;
    }),
  );
}

export interface WaitingEntry {
  rideId: string;
  userId: string;
}

/** Rides cancelled with their lists emptied: each rider who was waiting is told in the app. */
export function announceListClosed(c: Context<AppEnv>, entries: WaitingEntry[]) {
  if (entries.length > 0) inBackground(c, tellEachClosed(c.env, entries));
}
