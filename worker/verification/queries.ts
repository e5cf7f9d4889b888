// Vouches on D1 (docs/product.md#verificada): what the post-ride step needs in one batch, a vouch
// given or withdrawn in one statement each, her own progress. The rules that can be written into
// the statement (blocks either way, the pair's 30 days, 10 a day) are in it too.
import { and, asc, count, countDistinct, eq, gt, isNull, sql } from "drizzle-orm";
import { DEFAULT_AVATAR_KEY } from "../../domain/constants.ts";
import { participantName } from "../../domain/display.ts";
import { VOUCH_AGAIN_AFTER_MS, VOUCHES_PER_DAY } from "../../domain/verification.ts";
import { allSql } from "../db/client.ts";
import { profiles, rideParticipants, rides, verifiedRiders, vouches } from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { blockedBetween, rideHiddenFrom } from "../ride-core/block-sql.ts";
import { isVerifiedSql } from "../ride-core/verified-sql.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface VouchState {
  ride: { id: string; startTime: number; status: string; organizerId: string | null };
  /** Every participant but her, with whether she and they blocked each other. */
  others: {
    userId: string;
    username: string;
    avatarKey: string;
    verified: boolean;
    blocked: boolean;
  }[];
  isParticipant: boolean;
  /** Her vouches for the ride's riders: standing, or withdrawn and when. */
  mine: Map<string, { withdrawnAt: number | null }>;
}

/** The ride (null when missing or hidden from her by a block) and its riders, in one batch. */
export async function loadVouchState(
  db: Database,
  rideId: string,
  userId: string,
): Promise<VouchState | null> {
  const [[ride], riders, mine] = await db.batch([
    db
      .select({
        id: rides.id,
        startTime: rides.startTime,
        status: rides.status,
        organizerId: rides.organizerId,
      })
      .from(rides)
      .where(and(eq(rides.id, rideId), sql`not ${rideHiddenFrom(rides.id, userId)}`)),
    db
      .select({
        userId: rideParticipants.userId,
        username: profiles.username,
        avatarKey: profiles.avatarKey,
        verified: isVerifiedSql(rideParticipants.userId),
        blocked: blockedBetween(userId, rideParticipants.userId).mapWith(Boolean),
      })
      .from(rideParticipants)
      .leftJoin(profiles, eq(profiles.userId, rideParticipants.userId))
      .where(eq(rideParticipants.rideId, rideId))
      .orderBy(asc(rideParticipants.joinedAt), asc(rideParticipants.userId)),
    db
      .select({ voucheeId: vouches.voucheeId, withdrawnAt: vouches.withdrawnAt })
      .from(vouches)
      .innerJoin(
        rideParticipants,
        and(eq(rideParticipants.rideId, rideId), eq(rideParticipants.userId, vouches.voucheeId)),
      )
      .where(eq(vouches.voucherId, userId)),
  ]);
  if (!ride) return null;
  return {
    ride,
    isParticipant: riders.some((r) => r.userId === userId),
    others: riders
      .filter((r) => r.userId !== userId)
      .map((r) => ({
        userId: r.userId,
        username: participantName(r.username),
        avatarKey: r.avatarKey ?? DEFAULT_AVATAR_KEY,
        verified: r.verified,
        blocked: r.blocked,
      })),
    mine: new Map(mine.map((v) => [v.voucheeId, { withdrawnAt: v.withdrawnAt }])),
  };
}

/**
 * Her vouch for `voucheeId` after `rideId`, in one statement: a first vouch, or one withdrawn at
 * least 30 days ago given again. Nothing is written between a pair blocked either way, while her
 * vouch stands, within the 30 days, or once she gave 10 in the last day. True when written.
 */
export async function giveVouch(
  db: Database,
  input: { voucherId: string; voucheeId: string; rideId: string; now: number },
): Promise<boolean> {
  const { voucherId, voucheeId, rideId, now } = input;
  const rows = await allSql<{ voucheeId: string }>(
    db,
    sql`insert into ${vouches} (${columnNames(vouches.voucherId, vouches.voucheeId, vouches.rideId, vouches.givenAt)})
      select ${voucherId}, ${voucheeId}, ${rideId}, ${now}
      where not ${blockedBetween(voucherId, voucheeId)}
        and ${subquery`select count(*) from ${vouches} where ${vouches.voucherId} = ${voucherId}
          and ${vouches.givenAt} > ${now - DAY_MS}`} < ${VOUCHES_PER_DAY}
      on conflict (${columnNames(vouches.voucherId, vouches.voucheeId)}) do update
        set ${sql.identifier(vouches.rideId.name)} = ${rideId},
          ${sql.identifier(vouches.givenAt.name)} = ${now},
          ${sql.identifier(vouches.withdrawnAt.name)} = null
        where ${vouches.withdrawnAt} is not null and ${vouches.withdrawnAt} <= ${now - VOUCH_AGAIN_AFTER_MS}
      returning ${vouches.voucheeId} as "voucheeId"`,
  );
  return rows.length > 0;
}

/** Vouches she gave in the last day (the 10 a day). */
export async function vouchesGivenToday(db: Database, voucherId: string, now: number) {
  const row = await db
    .select({ n: count() })
    .from(vouches)
    .where(and(eq(vouches.voucherId, voucherId), gt(vouches.givenAt, now - DAY_MS)))
    .get();
  return row?.n ?? 0;
}

/** 'Retirar mi respaldo': false when no vouch of hers for that rider stands. */
export async function withdrawVouch(
  db: Database,
  input: { voucherId: string; voucheeId: string; now: number },
): Promise<boolean> {
  const rows = await db
    .update(vouches)
    .set({ withdrawnAt: input.now })
    .where(
      and(
        eq(vouches.voucherId, input.voucherId),
        eq(vouches.voucheeId, input.voucheeId),
        isNull(vouches.withdrawnAt),
      ),
    )
    .returning({ voucheeId: vouches.voucheeId });
  return rows.length > 0;
}

/** A moderator's account holds the badge ('moderator'), whatever else it held. */
export function moderatorBadge(db: Database, userId: string, now: number) {
  return db
    .insert(verifiedRiders)
    .values({ userId, source: "moderator", verifiedAt: now })
    .onConflictDoUpdate({
      target: verifiedRiders.userId,
      set: { source: "moderator" },
      setWhere: sql`${verifiedRiders.source} <> 'moderator'`,
    });
}

/** Her badge and, without it, how far the standing vouches of verified riders have come. */
export async function myVerification(db: Database, userId: string) {
  const voucher = sql`${vouches.voucherId}`;
  const [[badge], [progress]] = await db.batch([
    db
      .select({ source: verifiedRiders.source })
      .from(verifiedRiders)
      .where(eq(verifiedRiders.userId, userId)),
    db
      .select({ vouchers: countDistinct(vouches.voucherId), rides: countDistinct(vouches.rideId) })
      .from(vouches)
      .where(
        and(eq(vouches.voucheeId, userId), isNull(vouches.withdrawnAt), isVerifiedSql(voucher)),
      ),
  ]);
  return {
    verified: badge !== undefined,
    vouchers: progress?.vouchers ?? 0,
    rides: progress?.rides ?? 0,
  };
}

/** Whom she vouches for now: the badges that may rest on hers. */
export async function standingVoucheesOf(db: Database, voucherId: string): Promise<string[]> {
  const rows = await db
    .select({ voucheeId: vouches.voucheeId })
    .from(vouches)
    .where(and(eq(vouches.voucherId, voucherId), isNull(vouches.withdrawnAt)))
    .all();
  return rows.map((r) => r.voucheeId);
}

/**
 * Suspension (docs/product.md#verificada): her badge goes and every vouch she gave is withdrawn,
 * in one batch; returns whom she vouched for, to recompute.
 */
export async function dropBadgeAndVouchesOf(db: Database, userId: string, now: number) {
  const [withdrawn] = await db.batch([
    db
      .update(vouches)
      .set({ withdrawnAt: now })
      .where(and(eq(vouches.voucherId, userId), isNull(vouches.withdrawnAt)))
      .returning({ voucheeId: vouches.voucheeId }),
    db.delete(verifiedRiders).where(eq(verifiedRiders.userId, userId)),
  ]);
  return withdrawn.map((r) => r.voucheeId);
}
