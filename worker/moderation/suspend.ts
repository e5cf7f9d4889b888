// Suspending an account (docs/product.md#suspension): the D1 batch (suspendAccount), then at once
// her open sockets close everywhere and the rides she left see her go.

import { createDb } from "../db/client.ts";
import type { Bindings } from "../env.ts";
import { membershipsChanged } from "../groups/membership.ts";
import { placeFreedForRequests } from "../push/events.ts";
import { closeUserSockets } from "../rooms/close-sockets.ts";
import { rideRoomStub } from "../rooms/location-hint.ts";
import { notifyParticipantLeft } from "../rooms/system-messages.ts";
import { dropBadgeAndVouchesOf } from "../verification/queries.ts";
import { recomputeVerification } from "../verification/recompute.ts";
import { type Moderator, type SuspensionOutcome, suspendAccount } from "./actions.ts";

export async function suspend(
  env: Bindings,
  moderator: Moderator,
  input: { userId: string; reason: string; reportId?: string | undefined; now: number },
): Promise<SuspensionOutcome> {
  const db = createDb(env.DB);
  const outcome = await suspendAccount(db, moderator, input);
  if (!outcome.suspended) return outcome;
  // Her badge and every vouch she gave go, and the badges that rested on them are recomputed
  // (docs/product.md#verificada). Even before this runs, a suspended voucher counts for nobody.
  const vouchees = await dropBadgeAndVouchesOf(db, input.userId, input.now);
  await recomputeVerification(db, vouchees, input.now);
  // Awaited: the moderator's answer means her tabs and chats are closed. Her sessions are
  // already gone, so a room that cannot be reached closes her socket on its next use anyway.
  const { changes, successors } = outcome.groups;
  await Promise.all([
    // Her group chats close as suspended first; then the groups she was in hear she left and a
    // leader named in her place is told (their 'no longer a member' close must not overtake it).
    closeUserSockets(env, input.userId, {
      reason: "suspended",
      rideIds: outcome.rideIds,
      groupIds: changes.map((change) => change.groupId),
    }).finally(() => membershipsChanged(env, changes, successors)),
    ...outcome.leftRideIds.map((rideId) => notifyParticipantLeft(env, rideId, input.userId)),
    // The 'Con aprobación' rides she left with requests waiting: their organizers are told.
    ...outcome.leftRideIds.map((rideId) => placeFreedForRequests(env, rideId)),
    // Her rides with others, cancelled: their rooms keep no reminder and no live position, as
    // after any cancellation.
    ...outcome.cancelled.map(({ rideId }) =>
      rideRoomStub(env.RIDE_ROOM, rideId).rideCalledOff(rideId),
    ),
  ]).catch((error: unknown) => console.warn("suspension: closing her sockets failed", error));
  return outcome;
}
