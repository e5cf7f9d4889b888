// 'Solicitar plaza' on D1 (docs/product.md#join-by-approval): asking, withdrawing, and the
// organizer's answer. Every rule (an approval ride, published, not started, hers, within the cap,
// nobody in it and the rider blocked each other) is checked by the statement that writes, so two
// accepts at once can never overbook (docs/decisions/0036-join-by-approval.md).
import { and, eq, gt, sql } from "drizzle-orm";
import { DEFAULT_MAX_PARTICIPANTS } from "../../domain/constants.ts";
import {
  declinePendingRequest,
  findJoinRequest,
  insertPendingRequest,
  type JoinRequestTable,
  withdrawPendingRequest,
} from "../db/join-requests.ts";
import { rideMessages, rideParticipants, rideRequests, rides, users } from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { rideHiddenFrom } from "../ride-core/block-sql.ts";
import { isVerifiedSql } from "../ride-core/verified-sql.ts";

const p = rideParticipants;
const q = rideRequests;
const REQUESTS: JoinRequestTable = { table: q, parent: q.rideId };

/**
 * 'Solicitar plaza': stored only while the ride asks for approval, is published, has not started,
 * she is not in it and it is not hidden from her by a block. A second tap stores nothing (the
 * unique index). Returns whether her request was stored.
 */
export function requestPlace(
  db: Database,
  request: { id: string; rideId: string; userId: string; note: string | null; now: number },
): Promise<boolean> {
  const { rideId: parentId, ...asked } = request;
  return insertPendingRequest(
    db,
    REQUESTS,
    rides,
    { ...asked, parentId },
    sql`${eq(rides.joinMode, "approval")}
      and ${eq(rides.status, "published")} and ${rides.startTime} > ${request.now}
      and not exists ${subquery`select 1 from ${p} where ${p.rideId} = ${rides.id} and ${p.userId} = ${request.userId}`}
      and not ${rideHiddenFrom(rides.id, request.userId)}`,
  );
}

/** Withdraws her pending request; true when there was one. */
export function withdrawRequest(db: Database, rideId: string, userId: string) {
  return withdrawPendingRequest(db, REQUESTS, rideId, userId);
}

/**
 * 'Aceptar': the rider joins, and her request goes with that insert (the trigger that ends a
 * request whenever she becomes a participant, migration 0026). The insert is one conditional
 * INSERT … SELECT: the request is pending, the ride is the organizer's, published, not started and
 * below its cap, not hidden from the rider by a block, and on a 'Solo verificadas' ride the rider
 * holds the badge. D1 runs statements one at a time, so
 * parallel accepts each count the places left after the others: never overbooked. Returns the
 * accepted rider's id, or null when nothing changed.
 */
export async function acceptRequest(
  db: Database,
  change: { rideId: string; requestId: string; organizerId: string; now: number },
): Promise<string | null> {
  const rows = await db.all<{ userId: string }>(
    sql`insert into ${p} (${columnNames(p.rideId, p.userId, p.joinedAt, p.lastSeenAt)})
    select ${rides.id}, ${q.userId}, ${change.now},
      case when exists ${subquery`select 1 from ${rideMessages} where ${rideMessages.rideId} = ${rides.id}`}
        then null else ${change.now} end
    from ${q} join ${rides} on ${rides.id} = ${q.rideId}
      join ${users} on ${users.id} = ${q.userId}
    where ${q.id} = ${change.requestId} and ${q.rideId} = ${change.rideId}
      and ${eq(q.status, "pending")} and ${users.suspendedAt} is null
      and ${rides.organizerId} = ${change.organizerId}
      and ${eq(rides.status, "published")} and ${rides.startTime} > ${change.now}
      and ${subquery`select count(*) from ${p} where ${p.rideId} = ${rides.id}`}
        < coalesce(${rides.maxParticipants}, ${DEFAULT_MAX_PARTICIPANTS})
      and not ${rideHiddenFrom(rides.id, q.userId)}
      and (not ${rides.verifiedOnly} or ${isVerifiedSql(q.userId)})
    on conflict do nothing
    returning ${p.userId} as "userId"`,
  );
  return rows[0]?.userId ?? null;
}

/**
 * 'Rechazar': the request stays as declined (she is told kindly, and cannot ask again), only while
 * it is pending and the ride is the organizer's and has not started. Returns the rider's id, or
 * null when nothing changed.
 */
export function declineRequest(
  db: Database,
  change: { rideId: string; requestId: string; organizerId: string; now: number },
): Promise<string | null> {
  return declinePendingRequest(
    db,
    REQUESTS,
    change.rideId,
    change,
    sql`exists ${subquery`select 1 from ${rides} where ${rides.id} = ${q.rideId}
      and ${rides.organizerId} = ${change.organizerId} and ${rides.startTime} > ${change.now}`}`,
  );
}

/** The request of the ride with this id, whatever its status (to say why nothing changed). */
export function findRequest(db: Database, rideId: string, requestId: string) {
  return findJoinRequest(db, REQUESTS, rideId, requestId);
}

/**
 * For a batch that takes a rider out (suspension, account deletion), read before it writes: the
 * pending requests that go with her, hers on others' rides and others' on her upcoming rides,
 * each with its ride's organizer, so that whoever sees each one is told (rooms/ride-changed.ts).
 */
export function requestsGoingWith(db: Database, userId: string, now: number) {
  const fields = { rideId: q.rideId, userId: q.userId, organizerId: rides.organizerId };
  return [
    db
      .select(fields)
      .from(q)
      .innerJoin(rides, eq(rides.id, q.rideId))
      .where(and(eq(q.userId, userId), eq(q.status, "pending"))),
    db
      .select(fields)
      .from(rides)
      .innerJoin(q, and(eq(q.rideId, rides.id), eq(q.status, "pending")))
      .where(and(eq(rides.organizerId, userId), gt(rides.startTime, now))),
  ] as const;
}

export type RequestGoing = { rideId: string; userId: string; organizerId: string | null };

/**
 * Suspension (docs/product.md#suspension) clears her pending requests: a statement for its batch.
 * A declined one stays, so after the suspension is lifted she still cannot ask that ride again.
 */
export function clearPendingRequestsOf(db: Database, userId: string) {
  return db.delete(q).where(and(eq(q.userId, userId), eq(q.status, "pending")));
}
