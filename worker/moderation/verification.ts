// A moderator verifies a rider she met ("Verificar: la conozco en persona") or undoes it, each
// with its audit row in the same batch, and reads a rider's vouches one step out, to spot a ring
// (docs/product.md#verificada). The badges that rest on hers are recomputed after each change.
import { and, desc, eq, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { VouchEdge, VouchGraphResponse } from "../../domain/api/verification.ts";
import { profiles, rides, users, verifiedRiders, vouches } from "../db/schema.ts";
import type { Database } from "../env.ts";
import { isVerifiedSql } from "../ride-core/verified-sql.ts";
import { moderatorBadge } from "../verification/queries.ts";
import { recomputeVerification } from "../verification/recompute.ts";
import { auditStatement, type Moderator } from "./actions.ts";

/** She becomes verified by a moderator (a community badge becomes hers); false: she already was. */
export async function seedVerification(
  db: Database,
  moderator: Moderator,
  input: { userId: string; reason: string; now: number },
): Promise<boolean> {
  const { userId, now } = input;
  const [, seeded] = await db.batch([
    moderatorBadge(db, moderator.id, now),
    db
      .insert(verifiedRiders)
      .values({ userId, source: "seed", seededBy: moderator.id, verifiedAt: now })
      .onConflictDoUpdate({
        target: verifiedRiders.userId,
        set: { source: "seed", seededBy: moderator.id, verifiedAt: now },
        setWhere: eq(verifiedRiders.source, "community"),
      }),
    auditStatement(db, moderator, {
      action: "verify",
      reason: input.reason,
      targetUserId: userId,
      now,
    }),
  ]);
  if (seeded.meta.changes === 0) return false;
  await recomputeVerification(db, [userId], now);
  return true;
}

/** Undoes a moderator's verification; her vouches may still hold her badge. False: none to undo. */
export async function undoVerification(
  db: Database,
  moderator: Moderator,
  input: { userId: string; reason: string; now: number },
): Promise<boolean> {
  const { userId, now } = input;
  const [removed] = await db.batch([
    db
      .delete(verifiedRiders)
      .where(and(eq(verifiedRiders.userId, userId), eq(verifiedRiders.source, "seed"))),
    auditStatement(db, moderator, {
      action: "unverify",
      reason: input.reason,
      targetUserId: userId,
      now,
    }),
  ]);
  if (removed.meta.changes === 0) return false;
  await recomputeVerification(db, [userId], now);
  return true;
}

const other = alias(users, "other");
const otherProfile = alias(profiles, "other_profile");
const GRAPH_LIMIT = 200;

/** Her vouches both ways, withdrawn ones too, newest first; null when there is no such account. */
export async function vouchGraph(db: Database, userId: string): Promise<VouchGraphResponse | null> {
  const edge = (otherSide: SQLWrapper, herSide: SQLWrapper) =>
    db
      .select({
        id: other.id,
        username: otherProfile.username,
        verified: isVerifiedSql(other.id),
        suspended: sql<number>`${other.suspendedAt} is not null`.mapWith(Boolean),
        rideId: vouches.rideId,
        rideTitle: rides.title,
        givenAt: vouches.givenAt,
        withdrawnAt: vouches.withdrawnAt,
      })
      .from(vouches)
      .innerJoin(other, eq(other.id, otherSide))
      .leftJoin(otherProfile, eq(otherProfile.userId, other.id))
      .leftJoin(rides, eq(rides.id, vouches.rideId))
      .where(eq(herSide, userId))
      .orderBy(desc(vouches.givenAt))
      .limit(GRAPH_LIMIT);
  const [[rider], received, given] = await db.batch([
    db
      .select({ id: users.id, username: profiles.username, source: verifiedRiders.source })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(verifiedRiders, eq(verifiedRiders.userId, users.id))
      .where(eq(users.id, userId)),
    edge(vouches.voucherId, vouches.voucheeId),
    edge(vouches.voucheeId, vouches.voucherId),
  ]);
  if (!rider) return null;
  const toEdge = (row: (typeof received)[number]): VouchEdge => ({
    user: { id: row.id, username: row.username, verified: row.verified, suspended: row.suspended },
    rideId: row.rideId,
    rideTitle: row.rideTitle,
    givenAt: row.givenAt,
    withdrawnAt: row.withdrawnAt,
  });
  return {
    rider: {
      id: rider.id,
      username: rider.username,
      verified: rider.source !== null,
      source: rider.source,
    },
    received: received.map(toEdge),
    given: given.map(toEdge),
  };
}
