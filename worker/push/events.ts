// Pushes the rest of the worker asks for (docs/product.md#web-push). Each is meant to run after the
// answer (inBackground / waitUntil): the API never waits for a push service.
import { pushTexts } from "../../domain/push.ts";
import { createDb } from "../db/client.ts";
import type { Bindings } from "../env.ts";
import { rideRoomStub } from "../rooms/location-hint.ts";
import { participantIds, pendingRequestCount, rideForPush, usernamesOf } from "./queries.ts";
import { sendPush } from "./send.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_TTL_S = 28 * 24 * 60 * 60;

/** The ride's room; with its zone, a room made now is placed near the ride (0043). */
function room(env: Bindings, rideId: string, zone?: string) {
  return rideRoomStub(env.RIDE_ROOM, rideId, zone);
}

/** Worth keeping for an offline device until the ride starts (at least a day, at most 4 weeks). */
function ttlUntil(startTime: number, now: number): number {
  return Math.min(MAX_TTL_S, Math.floor(Math.max(startTime - now, DAY_MS) / 1000));
}

/**
 * A new ride: its reminder, 2 hours before the start. This is the call that makes the ride's room,
 * so it carries the ride's zone (docs/decisions/0043-ride-room-placement.md).
 */
export async function rideCreated(
  env: Bindings,
  rideId: string,
  startTime: number,
  timeZone: string,
) {
  await room(env, rideId, timeZone).scheduleReminder(rideId, startTime);
}

/** Her ride changed: every rider but the organizer is told; the reminder follows the start. */
export async function rideEdited(env: Bindings, rideId: string) {
  const db = createDb(env.DB);
  const ride = await rideForPush(db, rideId);
  if (!ride) return;
  const now = Date.now();
  await Promise.all([
    room(env, rideId, ride.timeZone).scheduleReminder(rideId, ride.startTime),
    sendPush(
      env,
      (await participantIds(db, rideId)).filter((id) => id !== ride.organizerId),
      "rideChanges",
      { payload: pushTexts.rideEdited(ride), ttl: ttlUntil(ride.startTime, now) },
    ),
  ]);
}

/**
 * Her ride was cancelled: every rider but the organizer is told, with the reason; no reminder,
 * and no live position left in its room.
 */
export async function rideCancelled(env: Bindings, rideId: string) {
  const db = createDb(env.DB);
  const ride = await rideForPush(db, rideId);
  if (!ride) return;
  const now = Date.now();
  await Promise.all([
    room(env, rideId).rideCalledOff(rideId),
    sendPush(
      env,
      (await participantIds(db, rideId)).filter((id) => id !== ride.organizerId),
      "rideChanges",
      {
        payload: pushTexts.rideCancelled(ride, ride.cancelReason),
        ttl: ttlUntil(ride.startTime, now),
        urgency: "high",
      },
    ),
  ]);
}

/** A deleted ride keeps no reminder and no live position. */
export async function rideDeleted(env: Bindings, rideId: string) {
  await room(env, rideId).rideCalledOff(rideId);
}

/**
 * For the waiting list (docs/product.md#ride-waiting-list): call after the statement that gave her
 * the place, in the background. She is told she is in, and gets the ride's reminder like the
 * others.
 */
export async function notifyPlaceFromWaitingList(
  env: Bindings,
  userId: string,
  ride: { id: string; title: string; startTime: number },
) {
  await sendPush(env, [userId], "waitlist", {
    payload: pushTexts.waitlistPlace(ride),
    ttl: ttlUntil(ride.startTime, Date.now()),
    urgency: "high",
  });
}

/**
 * Join by approval (docs/product.md#join-by-approval): a new request tells the organizer (her
 * 'participants' switch, as a rider joining does).
 */
export async function placeRequested(env: Bindings, rideId: string, userId: string) {
  const db = createDb(env.DB);
  const ride = await rideForPush(db, rideId);
  if (!ride?.organizerId) return;
  const name = (await usernamesOf(db, [userId])).get(userId) ?? "Una ciclista";
  await sendPush(env, [ride.organizerId], "participants", {
    payload: pushTexts.placeRequested(ride, name),
    ttl: ttlUntil(ride.startTime, Date.now()),
  });
}

/** The organizer's answer reaches the rider (her 'waitlist' switch: a place for her, or not). */
export async function requestAnswered(
  env: Bindings,
  rideId: string,
  userId: string,
  accepted: boolean,
) {
  const ride = await rideForPush(createDb(env.DB), rideId);
  if (!ride) return;
  await sendPush(env, [userId], "waitlist", {
    payload: accepted ? pushTexts.requestAccepted(ride) : pushTexts.requestDeclined(ride),
    ttl: ttlUntil(ride.startTime, Date.now()),
    urgency: accepted ? "high" : "normal",
  });
}

/** A place freed on an approval ride while requests wait: the organizer may accept the next. */
export async function placeFreedForRequests(env: Bindings, rideId: string) {
  const db = createDb(env.DB);
  const ride = await rideForPush(db, rideId);
  if (!ride?.organizerId || (await pendingRequestCount(db, rideId)) === 0) return;
  await sendPush(env, [ride.organizerId], "participants", {
    payload: pushTexts.placeFreedForRequests(ride),
    ttl: ttlUntil(ride.startTime, Date.now()),
  });
}
