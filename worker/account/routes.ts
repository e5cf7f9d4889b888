import { Hono } from "hono";
import type { DeleteAccountResponse } from "../../domain/api/auth.ts";
import { clearSessionCookie, requireUser } from "../auth/session.ts";
import { announceStoredMessage, inBackground } from "../chat/system-messages.ts";
import type { AppEnv } from "../env.ts";
import { routeKeyOf } from "../gpx/storage.ts";
import { deleteAccount } from "./queries.ts";

export const accountRoutes = new Hono<AppEnv>().delete("/", async (c) => {
  const user = requireUser(c);
  const outcome = await deleteAccount(c.var.db, user, Date.now());
  clearSessionCookie(c);
  // Open chats and badges learn of each cancellation, as after a cancel from the ride page.
  for (const { rideId, noticeId } of outcome.cancelled) {
    inBackground(c, announceStoredMessage(c.env, rideId, noticeId));
  }
  // Route files of deleted rides, each with its parsed route beside it: after the data is gone;
  // a failure only leaves an orphan file. R2 deletes at most 1,000 keys per call.
  const keys = outcome.gpxKeys.flatMap((key) => [key, routeKeyOf(key)]);
  for (let i = 0; i < keys.length; i += 1000) {
    await c.env.GPX.delete(keys.slice(i, i + 1000)).catch((err: unknown) => {
      console.warn("could not delete route files", err);
    });
  }
  return c.json<DeleteAccountResponse>({ deleted: true });
});
