// "Bloquear" on D1 (docs/product.md#blocking). The rule itself, as a condition every other
// statement embeds, is in ./sql.ts; this file writes and lists the blocks.
import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { BlockedUser, SharedRide } from "../../domain/api/safety.ts";
import { DEFAULT_AVATAR_KEY } from "../../domain/constants.ts";
import { participantName } from "../../domain/display.ts";
import { runSql } from "../db/client.ts";
import { blocks, profiles, rideParticipants, rides, users } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { oneRide, type Promotion, promotionOf, promotionQueries } from "../ride-core/promotion.ts";
import { separateBlockedOnWaitingLists } from "../ride-core/waiting-list-sql.ts";

/** A rider who may be blocked: she exists, has a profile and is not suspended. */
export async function findBlockable(db: Database, userId: string) {
  return db
    .select({ id: users.id, email: users.email, username: profiles.username })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
    .get();
}

/**
 * Blocks `blockedId` (again is a no-op: the first block's copy of her profile stays) and returns,
 * in the same batch, the blocked rider as her list shows her, her upcoming rides that the
 * blocked rider is in (those she may remove her from), and the rides whose waiting list the pair's
 * separation changed.
 */
export async function block(
  db: Database,
  blockerId: string,
  blockedId: string,
  now: number,
): Promise<{
  blocked: BlockedUser | undefined;
  sharedRides: SharedRide[];
  listsChanged: string[];
}> {
  const [, shared, separated, listed] = await db.batch([
    db
      .insert(blocks)
      .values({
        blockerId,
        blockedId,
        createdAt: now,
        blockerProfile: subquery`select json_object('username', ${profiles.username},
          'avatarKey', ${profiles.avatarKey}, 'avatarUrl', ${profiles.avatarUrl})
          from ${profiles} where ${profiles.userId} = ${blockerId}`,
      })
      .onConflictDoNothing(),
    sharedUpcomingRides(db, blockerId, blockedId, now),
    runSql(db, separateBlockedOnWaitingLists(blockerId, blockedId)),
    blockedList(db, blockerId, blockedId),
  ]);
  const left = (separated.results ?? []) as { rideId: string }[];
  return {
    blocked: listed.map(asBlockedUser)[0],
    sharedRides: shared,
    listsChanged: [...new Set(left.map((r) => r.rideId))],
  };
}

/** Her upcoming, not cancelled rides (organizer) that `otherId` has joined, soonest first. */
function sharedUpcomingRides(db: Database, organizerId: string, otherId: string, now: number) {
  return db
    .select({
      id: rides.id,
      title: rides.title,
      startTime: rides.startTime,
      timeZone: rides.timeZone,
      city: rides.city,
    })
    .from(rides)
    .innerJoin(
      rideParticipants,
      and(eq(rideParticipants.rideId, rides.id), eq(rideParticipants.userId, otherId)),
    )
    .where(
      and(
        eq(rides.organizerId, organizerId),
        inArray(rides.status, ["published", "closed"]),
        gt(rides.startTime, now),
      ),
    )
    .orderBy(asc(rides.startTime));
}

export async function unblock(db: Database, blockerId: string, blockedId: string) {
  await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .run();
}

const theirBlock = alias(blocks, "their_block");

/**
 * The riders she blocked (or the one `blockedId`), newest first, each with her profile as it is
 * now — unless that rider had blocked her: then as she was when she did (her `blockerProfile`),
 * so that blocking back tells her nothing new (a rename, a new avatar) about someone who shut
 * her out.
 */
function blockedList(db: Database, blockerId: string, blockedId?: string) {
  return db
    .select({
      userId: blocks.blockedId,
      blockedAt: blocks.createdAt,
      username: profiles.username,
      avatarKey: profiles.avatarKey,
      avatarUrl: profiles.avatarUrl,
      blockedHer: sql<number>`${theirBlock.blockerId} is not null`,
      asSeen: theirBlock.blockerProfile,
    })
    .from(blocks)
    .leftJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .leftJoin(
      theirBlock,
      and(eq(theirBlock.blockerId, blocks.blockedId), eq(theirBlock.blockedId, blocks.blockerId)),
    )
    .where(
      and(
        eq(blocks.blockerId, blockerId),
        blockedId === undefined ? undefined : eq(blocks.blockedId, blockedId),
      ),
    )
    .orderBy(desc(blocks.createdAt));
}

type BlockedRow = Awaited<ReturnType<ReturnType<typeof blockedList>["all"]>>[number];

function asBlockedUser(r: BlockedRow): BlockedUser {
  // A block made without a copy of her (none is stored for a rider without a profile) shows the
  // neutral name, never today's profile.
  const shown = r.blockedHer
    ? (r.asSeen ?? { username: null, avatarKey: null, avatarUrl: null })
    : r;
  return {
    userId: r.userId,
    username: participantName(shown.username),
    avatarKey: shown.avatarKey ?? DEFAULT_AVATAR_KEY,
    avatarUrl: shown.avatarUrl,
    blockedAt: r.blockedAt,
  };
}

/** 'Usuarias bloqueadas': the riders she blocked, newest first. */
export async function listBlocked(db: Database, blockerId: string): Promise<BlockedUser[]> {
  return (await blockedList(db, blockerId).all()).map(asBlockedUser);
}

export type RemovalOutcome =
  | { removed: true; email: string | null; title: string; promotion: Promotion }
  | {
      removed: false;
      why: "not_found" | "not_organizer" | "not_blocked" | "cancelled" | "started" | "not_in_ride";
    };

/** 1 when `blockerId` blocked `blockedId` (this way only: she may remove whom she blocked). */
function hasBlocked(blockerId: string, blockedId: string) {
  return sql<number>`exists ${subquery`select 1 from ${blocks}
    where ${blocks.blockerId} = ${blockerId} and ${blocks.blockedId} = ${blockedId}`}`;
}

/**
 * "Quitarla de la salida": the organizer removes a rider she blocked from her upcoming ride. The
 * rules are in the DELETE itself (her ride, not cancelled, not started, she blocked that rider,
 * never herself); the same batch reads why it did nothing, and the removed rider's e-mail for
 * the neutral notice.
 */
export async function removeBlockedParticipant(
  db: Database,
  input: { rideId: string; organizerId: string; userId: string; now: number },
): Promise<RemovalOutcome> {
  const { rideId, organizerId, userId, now } = input;
  const [removed, [ride], ...promotion] = await db.batch([
    db
      .delete(rideParticipants)
      .where(
        and(
          eq(rideParticipants.rideId, rideId),
          eq(rideParticipants.userId, userId),
          ne(rideParticipants.userId, organizerId),
          sql`exists ${subquery`select 1 from ${rides} where ${rides.id} = ${rideId}
            and ${rides.organizerId} = ${organizerId} and ${ne(rides.status, "cancelled")}
            and ${rides.startTime} > ${now}`}`,
          hasBlocked(organizerId, userId),
        ),
      )
      .returning({ userId: rideParticipants.userId }),
    db
      .select({
        title: rides.title,
        organizerId: rides.organizerId,
        status: rides.status,
        startTime: rides.startTime,
        email: subquery<
          string | null
        >`select ${users.email} from ${users} where ${users.id} = ${userId}`,
        blocked: hasBlocked(organizerId, userId),
      })
      .from(rides)
      .where(eq(rides.id, rideId)),
    // The place she frees goes to the first in line (docs/product.md#ride-waiting-list).
    ...promotionQueries(db, oneRide(rideId), now),
  ]);
  if (!ride) return { removed: false, why: "not_found" };
  if (removed.length > 0) {
    return {
      removed: true,
      email: ride.email,
      title: ride.title,
      promotion: promotionOf(promotion),
    };
  }
  if (ride.organizerId !== organizerId) return { removed: false, why: "not_organizer" };
  if (ride.blocked !== 1) return { removed: false, why: "not_blocked" };
  if (ride.status === "cancelled") return { removed: false, why: "cancelled" };
  if (ride.startTime <= now) return { removed: false, why: "started" };
  return { removed: false, why: "not_in_ride" };
}
