// The ride a route is about, as the signed-in rider may see it: every feature's routes start here.
import type { Context } from "hono";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import type { AppEnv } from "../env.ts";
import { findRideRow, type RideRow } from "./read-model.ts";

/**
 * The ride as she may see it (its id checked by rideIdParamSchema): unknown and hidden by a
 * block get the same 404 (docs/product.md#blocking).
 */
export async function loadRide(c: Context<AppEnv>, rideId: string): Promise<RideRow> {
  const viewerId = c.var.user?.id;
  const row = await findRideRow(c.var.db, rideId, viewerId);
  if (!row) throw new DomainError("not_found", MSG.rideNotFound);
  return row;
}
