import { Hono } from "hono";
import type { DeleteAccountResponse } from "../../domain/api/auth.ts";
import { clearSessionCookie, requireUser } from "../auth/session.ts";
import { announceStoredMessage, closeRevokedSockets } from "../chat/system-messages.ts";
import type { AppEnv } from "../env.ts";
import { deleteRideFiles } from "../gpx/storage.ts";
import { inBackground } from "../http/background.ts";
import { announceListClosed, announcePromotion } from "../waiting-list/notify.ts";
import { deleteAccount } from "./queries.ts";

export const accountRoutes = new Hono<AppEnv>().delete("/", async (c) => {
  const user = requireUser(c);
  const outcome = await deleteAccount(c.var.db, user, Date.now());
  clearSessionCookie(c);
  inBackground(c, closeRevokedSockets(c.env, user.id, { erase: true }));
  // Open chats and badges learn of each cancellation, as after a cancel from the ride page.
  for (const { rideId, noticeId } of outcome.cancelled) {
    inBackground(c, announceStoredMessage(c.env, rideId, noticeId));
  }
  announceListClosed(c, outcome.waitingLists.waitingCleared);
  announcePromotion(c, outcome.waitingLists.promotion);
  // Her rides' files: after the data is gone; a failure only leaves an orphan file.
  await deleteRideFiles(c.env.GPX, outcome.rideFiles).catch((err: unknown) => {
    console.warn("could not delete route files", err);
  });
  return c.json<DeleteAccountResponse>({ deleted: true });
});
