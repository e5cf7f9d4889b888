// Open screens follow the ride (docs/decisions/0031-open-screens-follow-the-ride.md): after a
// write that changes what riders see of a ride (who is in it, its places, its waiting list, its
// requests, its details), each rider whose screens show it gets a 'ride-changed' frame on her
// UserHub, with the ride's id only; her app reads it again through the API, which applies every
// rule. Sent after the answer: a lost frame costs a stale screen until the next refetch.
import type { NotificationFrame } from "../../domain/notification-frame.ts";
import type { Bindings } from "../env.ts";

/** Each rider's hub gets `{ type: "ride-changed", rideId }`, her ride. Resolves once all are sent. */
export async function tellEach(env: Bindings, rideOf: Map<string, string>) {
  await Promise.all(
    [...rideOf].map(([userId, rideId]) => {
      const frame: NotificationFrame = { type: "ride-changed", rideId };
      return env.USER_HUB.get(env.USER_HUB.idFromName(userId)).notify(frame);
    }),
  );
}

/**
 * These riders' open app tabs read this ride again: something they see of it changed elsewhere
 * (the organizer answered her request, she left from another tab…).
 */
export async function tellRideChanged(
  env: Bindings,
  rideId: string,
  userIds: readonly (string | null)[],
) {
  const ids = userIds.filter((id): id is string => id !== null);
  await tellEach(env, new Map(ids.map((userId) => [userId, rideId])));
}
