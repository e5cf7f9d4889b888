// The badge recomputed after a change (docs/decisions/0055-community-verification.md): a vouch
// given or withdrawn, a rider verified or unverified by a moderator, suspended or deleted. Only
// the riders downstream of the change can gain or lose the badge: those reachable from the
// changed riders along standing vouches. They are read in ONE batch (a recursive CTE walks the
// vouches' primary key from the changed riders; their incoming vouches come through
// vouches_vouchee_idx), the rule runs here as a least fixed point grounded in the badges outside
// that set, and the result is written in ONE batch: a constant number of statements, whatever
// the size of the table, with work proportional to the affected riders and their vouches.
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  type VerificationSource,
  VOUCH_RIDES_NEEDED,
  VOUCHERS_NEEDED,
} from "../../domain/verification.ts";
import { allSql } from "../db/client.ts";
import { users, verifiedRiders, vouches } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";

/** The riders reachable from `seeds` along standing vouches, seeds included: the CTE `affected`. */
function affectedCte(seeds: string[]): SQL {
  return sql`with recursive affected(user_id) as (
    select value from json_each(${JSON.stringify(seeds)})
    union
    select ${vouches.voucheeId} from ${vouches} join affected on ${vouches.voucherId} = affected.user_id
      where ${vouches.withdrawnAt} is null
  )`;
}

interface Member {
  userId: string;
  source: VerificationSource | null;
  suspended: number;
}

interface Edge {
  voucherId: string;
  voucheeId: string;
  rideId: string;
  /** The voucher holds a badge now and is not suspended (read for vouchers outside the set). */
  voucherVerified: number;
}

export interface Recomputed {
  gained: string[];
  lost: string[];
  /** How many riders the change could affect (the set read). */
  affected: number;
}

/** Recomputes the badges that may rest on `seeds`' (docs/product.md#verificada). */
export async function recomputeVerification(
  db: Database,
  seeds: string[],
  now: number,
): Promise<Recomputed> {
  if (seeds.length === 0) return { gained: [], lost: [], affected: 0 };
  const [members, edges] = await db.batch([
    allSql<Member>(
      db,
      sql`${affectedCte(seeds)}
      select affected.user_id as "userId", ${verifiedRiders.source} as "source",
        ${users.suspendedAt} is not null as "suspended"
      from affected
      left join ${verifiedRiders} on ${verifiedRiders.userId} = affected.user_id
      left join ${users} on ${users.id} = affected.user_id`,
    ),
    allSql<Edge>(
      db,
      sql`${affectedCte(seeds)}
      select ${vouches.voucherId} as "voucherId", ${vouches.voucheeId} as "voucheeId",
        ${vouches.rideId} as "rideId",
        exists ${subquery`select 1 from ${verifiedRiders} join ${users} on ${users.id} = ${verifiedRiders.userId}
          where ${verifiedRiders.userId} = ${vouches.voucherId} and ${users.suspendedAt} is null`} as "voucherVerified"
      from affected join ${vouches} on ${vouches.voucheeId} = affected.user_id
      where ${vouches.withdrawnAt} is null`,
    ),
  ]);
  const inSet = new Map(members.map((m) => [m.userId, m]));
  // Grounded: a moderator's or a moderator-verified rider's badge holds on its own; community
  // badges inside the set are rebuilt from nothing, so a ring of vouches cannot hold itself up.
  const verified = new Set(
    members
      .filter((m) => !m.suspended && (m.source === "moderator" || m.source === "seed"))
      .map((m) => m.userId),
  );
  const incoming = new Map<string, Edge[]>();
  for (const edge of edges) {
    incoming.set(edge.voucheeId, [...(incoming.get(edge.voucheeId) ?? []), edge]);
  }
  const counts = (edge: Edge) =>
    edge.voucherId !== edge.voucheeId &&
    (inSet.has(edge.voucherId) ? verified.has(edge.voucherId) : edge.voucherVerified === 1);
  let changed = true;
  while (changed) {
    changed = false;
    for (const member of members) {
      if (member.suspended || verified.has(member.userId)) continue;
      const standing = (incoming.get(member.userId) ?? []).filter(counts);
      const vouchers = new Set(standing.map((e) => e.voucherId));
      const rides = new Set(standing.map((e) => e.rideId));
      if (vouchers.size >= VOUCHERS_NEEDED && rides.size >= VOUCH_RIDES_NEEDED) {
        verified.add(member.userId);
        changed = true;
      }
    }
  }
  const gained = members.filter((m) => m.source === null && verified.has(m.userId));
  const lost = members.filter((m) => m.source !== null && !verified.has(m.userId));
  const writes = [
    ...(lost.length > 0
      ? [
          db.delete(verifiedRiders).where(
            inArray(
              verifiedRiders.userId,
              lost.map((m) => m.userId),
            ),
          ),
        ]
      : []),
    ...gained.map((m) =>
      db
        .insert(verifiedRiders)
        .values({ userId: m.userId, source: "community", verifiedAt: now })
        .onConflictDoNothing(),
    ),
  ];
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  return {
    gained: gained.map((m) => m.userId),
    lost: lost.map((m) => m.userId),
    affected: members.length,
  };
}

/** She holds the badge (a moderator's account counts: `moderator`). */
export async function hasBadge(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .select({ one: sql`1` })
    .from(verifiedRiders)
    .where(eq(verifiedRiders.userId, userId))
    .get();
  return row !== undefined;
}
