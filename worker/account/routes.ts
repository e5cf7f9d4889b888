import { Hono } from "hono";
import type { DeleteAccountResponse } from "../../domain/api/auth.ts";
import type { AppEnv } from "../env.ts";
import { deleteRideFiles } from "../gpx/storage.ts";
import { membershipsChanged } from "../groups/membership.ts";
import { inBackground } from "../http/background.ts";
import { tellRequestsGone } from "../ride-core/ride-watchers.ts";
import { rideRoomStub } from "../rooms/location-hint.ts";
import { announceStoredMessage, closeRevokedSockets } from "../rooms/system-messages.ts";
import { clearSessionCookie, requireUser } from "../sessions/session.ts";
import { standingVoucheesOf } from "../verification/queries.ts";
import { recomputeVerification } from "../verification/recompute.ts";
import { announceListClosed, announcePromotion } from "../waiting-list/notify.ts";
import { deleteAccount } from "./queries.ts";

export const accountRoutes = new Hono<AppEnv>().delete("/", async (c) => {
  const user = requireUser(c);
  // Whom she vouched for, read before her vouches go with her account: their badges are
  // recomputed after it (docs/product.md#verificada).
  const vouchees = await standingVoucheesOf(c.var.db, user.id);
  const outcome = await deleteAccount(c.var.db, user, Date.now());
  await recomputeVerification(c.var.db, vouchees, Date.now());
  clearSessionCookie(c);
  inBackground(c, closeRevokedSockets(c.env, user.id, { erase: true }));
  // Her ride days (live fix, notices, check-in, timer) leave every room of hers at once, as when
  // she leaves a ride, not hours later with the window's erasure (ADR 0039, 0040).
  for (const rideId of outcome.rideIds) {
    inBackground(c, rideRoomStub(c.env.RIDE_ROOM, rideId).accountDeleted(user.id));
  }
  // Open chats and badges learn of each cancellation, and its room drops the reminder and the
  // group's live positions, as after a cancel from the ride page.
  for (const { rideId, noticeId } of outcome.cancelled) {
    inBackground(c, announceStoredMessage(c.env, rideId, noticeId));
    inBackground(c, rideRoomStub(c.env.RIDE_ROOM, rideId).rideCalledOff(rideId));
  }
  announceListClosed(c, outcome.waitingLists.waitingCleared);
  // The rides she was in, and the requests that went with her account.
  announcePromotion(c, outcome.waitingLists.promotion, { changed: outcome.rideIds });
  inBackground(c, tellRequestsGone(c.env, user.id, outcome.requestsGone));
  // Her groups hear she left; a leader named in her place is told.
  inBackground(c, membershipsChanged(c.env, outcome.groups.changes, outcome.groups.successors));
  // Her rides' files: after the data is gone; a failure only leaves an orphan file.
  await deleteRideFiles(c.env.GPX, outcome.rideFiles).catch((err: unknown) => {
    console.warn("could not delete route files", err);
  });
  return c.json<DeleteAccountResponse>({ deleted: true });
});
