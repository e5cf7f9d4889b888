// What the cards and the ride detail read of an approval ride's requests
// (docs/product.md#join-by-approval): SQL pieces the rides queries put inside their own statements,
// so a listing page keeps its fixed number of D1 queries.
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { rideRequests } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import { rideHiddenFrom } from "./block-sql.ts";

const rc = alias(rideRequests, "rc");
const rm = alias(rideRequests, "rm");

/**
 * A request the organizer is shown: its ride is not hidden from the rider by a block, either way
 * (docs/product.md#blocking). The list, its count and the free-place push all leave the others out.
 */
export function requestShownSql(request: { rideId: SQLWrapper; userId: SQLWrapper }): SQL<boolean> {
  return sql`not ${rideHiddenFrom(request.rideId, request.userId)}`;
}

/**
 * Pending requests of a ride the organizer is shown (her '2 solicitudes'): one
 * ride_requests_ride_status_idx range, each checked against the rider's blocks.
 */
export function pendingRequestCountSql(rideId: SQLWrapper) {
  return subquery<number>`select count(*) from ${rideRequests} ${rc}
    where ${rc.rideId} = ${rideId} and ${rc.status} = 'pending' and ${requestShownSql(rc)}`;
}

/** Her request's status for a ride ('pending' / 'declined'), null without one (the unique index). */
export function myRequestStatusSql(rideId: SQLWrapper, viewerId: string) {
  return subquery<"pending" | "declined" | null>`select ${rm.status} from ${rideRequests} ${rm}
    where ${rm.userId} = ${viewerId} and ${rm.rideId} = ${rideId}`;
}
