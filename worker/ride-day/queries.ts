// The ride's participants as the ride-day panel names them, for one viewer: those she and they
// blocked each other are marked, so nothing of theirs reaches her (docs/product.md#blocking).
import { eq, sql } from "drizzle-orm";
import { participantName } from "../../domain/display.ts";
import { profiles, rideParticipants, rides } from "../db/schema.ts";
import type { Database } from "../env.ts";
import { blockedBetween } from "../ride-core/block-sql.ts";

export interface RideDayParticipant {
  userId: string;
  username: string;
  blocked: boolean;
}

export async function rideDayParticipants(
  db: Database,
  rideId: string,
  viewerId: string,
): Promise<RideDayParticipant[]> {
  const rows = await db
    .select({
      userId: rideParticipants.userId,
      username: profiles.username,
      blocked: sql<number>`${blockedBetween(viewerId, rideParticipants.userId)}`,
    })
    .from(rideParticipants)
    .leftJoin(profiles, eq(profiles.userId, rideParticipants.userId))
    .where(eq(rideParticipants.rideId, rideId))
    .orderBy(rideParticipants.joinedAt)
    .all();
  return rows.map((row) => ({
    userId: row.userId,
    username: participantName(row.username),
    blocked: row.blocked === 1,
  }));
}

/** The ride's escoba (she is told by the safety timer, like the organizer), or null. */
export async function sweeperOf(db: Database, rideId: string): Promise<string | null> {
  const row = await db
    .select({ sweeperId: rides.sweeperId })
    .from(rides)
    .where(eq(rides.id, rideId))
    .get();
  return row?.sweeperId ?? null;
}
