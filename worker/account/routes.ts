import { Hono } from "hono";
import type { DeleteAccountResponse } from "../../domain/api/auth.ts";
import { clearSessionCookie, requireUser } from "../auth/session.ts";
import type { AppEnv } from "../env.ts";
import { deleteAccount, planAccountDeletion } from "./queries.ts";

export const accountRoutes = new Hono<AppEnv>().delete("/", async (c) => {
  const user = requireUser(c);
  const now = Date.now();
  const plan = await planAccountDeletion(c.var.db, user.id, now);
  await deleteAccount(c.var.db, user, plan, now);
  clearSessionCookie(c);
  // Route files of deleted rides: after the data is gone; a failure only leaves an orphan file.
  const gpxKeys = plan.remove.flatMap((ride) => (ride.routeGpxKey ? [ride.routeGpxKey] : []));
  if (gpxKeys.length > 0) {
    await c.env.GPX.delete(gpxKeys).catch((err: unknown) => {
      console.warn("could not delete route files", err);
    });
  }
  return c.json<DeleteAccountResponse>({ deleted: true });
});
