// What the cards and the ride detail read of an approval ride's requests
// (docs/product.md#join-by-approval): SQL pieces the rides queries put inside their own statements,
// so a listing page keeps its fixed number of D1 queries.
import type { SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { rideRequests } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";

const rc = alias(rideRequests, "rc");
const rm = alias(rideRequests, "rm");

/** Pending requests of a ride (the organizer's '2 solicitudes'): one ride_requests_ride_status_idx range. */
export function pendingRequestCountSql(rideId: SQLWrapper) {
  return subquery<number>`select count(*) from ${rideRequests} ${rc}
    where ${rc.rideId} = ${rideId} and ${rc.status} = 'pending'`;
}

/** Her request's status for a ride ('pending' / 'declined'), null without one (the unique index). */
export function myRequestStatusSql(rideId: SQLWrapper, viewerId: string) {
  return subquery<"pending" | "declined" | null>`select ${rm.status} from ${rideRequests} ${rm}
    where ${rm.userId} = ${viewerId} and ${rm.rideId} = ${rideId}`;
}
