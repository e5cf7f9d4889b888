// The statements a join request's table shares, a ride's ('Solicitar plaza', ride_requests) or a
// group's ('Solicitar unirme', group_requests): asking, withdrawing a pending request, declining
// it under the decider's rule, and reading one back to say why nothing changed. Each rule holds in
// the statement that writes.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../env.ts";
import type { groupRequests, groups, rideRequests, rides } from "./schema.ts";
import { columnNames } from "./sql.ts";

export interface JoinRequestTable {
  table: typeof rideRequests | typeof groupRequests;
  /** What it asks to join: the ride's or the group's id. */
  parent: AnySQLiteColumn;
}

/**
 * Stores her pending request, read from the ride or group she asks to join (`target`) in one
 * INSERT … SELECT, only while `allowed` holds of it. A second ask stores nothing (the unique
 * index). Returns whether her request was stored.
 */
export async function insertPendingRequest(
  db: Database,
  { table, parent }: JoinRequestTable,
  target: typeof rides | typeof groups,
  request: { id: string; parentId: string; userId: string; note: string | null; now: number },
  allowed: SQL,
): Promise<boolean> {
  const result = await db.run(
    sql`insert into ${table} (${columnNames(table.id, parent, table.userId, table.note, table.status, table.createdAt)})
      select ${request.id}, ${target.id}, ${request.userId}, ${request.note}, 'pending', ${request.now}
      from ${target}
      where ${target.id} = ${request.parentId} and ${allowed}
      on conflict do nothing`,
  );
  return result.meta.changes > 0;
}

/** Withdraws her pending request; true when there was one. */
export async function withdrawPendingRequest(
  db: Database,
  { table, parent }: JoinRequestTable,
  parentId: string,
  userId: string,
) {
  const result = await db
    .delete(table)
    .where(and(eq(parent, parentId), eq(table.userId, userId), eq(table.status, "pending")))
    .run();
  return result.meta.changes > 0;
}

/**
 * 'Rechazar': the request stays, declined (she cannot ask again), only while it is pending and
 * `allowed` (the decider's rule) holds. Returns the rider's id, or null when nothing changed.
 */
export async function declinePendingRequest(
  db: Database,
  { table, parent }: JoinRequestTable,
  parentId: string,
  change: { requestId: string; now: number },
  allowed: SQL,
): Promise<string | null> {
  const rows = await db
    .update(table)
    .set({ status: "declined", decidedAt: change.now })
    .where(
      and(
        eq(table.id, change.requestId),
        eq(parent, parentId),
        eq(table.status, "pending"),
        allowed,
      ),
    )
    .returning({ userId: table.userId });
  return rows[0]?.userId ?? null;
}

/** The request with this id of this ride or group, whatever its status. */
export async function findJoinRequest(
  db: Database,
  { table, parent }: JoinRequestTable,
  parentId: string,
  requestId: string,
) {
  return (
    (await db
      .select({ userId: table.userId, status: table.status })
      .from(table)
      .where(and(eq(table.id, requestId), eq(parent, parentId)))
      .get()) ?? null
  );
}
