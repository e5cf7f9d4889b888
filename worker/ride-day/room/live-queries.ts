// What the room's live positions read from D1 (docs/product.md#ride-day): the ride's clock and
// roles, and the group a rider may see. Positions themselves are never written to D1.
import { and, eq, inArray, not } from "drizzle-orm";
import { profiles, rideParticipants, rides } from "../../db/schema.ts";
import type { Database } from "../../env.ts";
import { blockedBetween } from "../../ride-core/block-sql.ts";

/** The ride as the ride day needs it; undefined when it is gone. */
export function liveRide(db: Database, rideId: string) {
  return db
    .select({
      title: rides.title,
      startTime: rides.startTime,
      status: rides.status,
      organizerId: rides.organizerId,
      sweeperId: rides.sweeperId,
    })
    .from(rides)
    .where(eq(rides.id, rideId))
    .get();
}

/** The ride's participants with a profile, less those she and they blocked each other. */
export function liveRoster(db: Database, rideId: string, viewerId: string) {
  return db
    .select({
      userId: rideParticipants.userId,
      username: profiles.username,
      avatarKey: profiles.avatarKey,
    })
    .from(rideParticipants)
    .innerJoin(profiles, eq(profiles.userId, rideParticipants.userId))
    .where(
      and(
        eq(rideParticipants.rideId, rideId),
        not(blockedBetween(rideParticipants.userId, viewerId)),
      ),
    )
    .all();
}

/**
 * Of `candidateIds` (the organizer, the escoba), those still in the ride whom she and they did not
 * block, with her username: who "Me he quedado atrás" goes to.
 */
export async function leftBehindRecipients(
  db: Database,
  rideId: string,
  senderId: string,
  candidateIds: string[],
) {
  const [recipients, [sender]] = await db.batch([
    db
      .select({ userId: rideParticipants.userId })
      .from(rideParticipants)
      .where(
        and(
          eq(rideParticipants.rideId, rideId),
          inArray(rideParticipants.userId, candidateIds.length > 0 ? candidateIds : [""]),
          not(blockedBetween(rideParticipants.userId, senderId)),
        ),
      ),
    db.select({ username: profiles.username }).from(profiles).where(eq(profiles.userId, senderId)),
  ]);
  return {
    recipientIds: recipients.map((r) => r.userId).filter((id) => id !== senderId),
    username: sender?.username ?? "",
  };
}
