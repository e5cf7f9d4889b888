import { and, count, eq, inArray, ne } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { MSG } from "../../domain/messages.ts";
import { emailOutbox, rideMessages, rideParticipants, rides, users } from "../db/schema.ts";
import type { Database } from "../env.ts";

export interface DeletionPlan {
  /** Upcoming published rides she organises that others joined: cancelled with a notice. */
  cancel: string[];
  /** Rides she organises that nobody else joined: deleted. */
  remove: { id: string; routeGpxKey: string | null }[];
}

/** One query: each ride she organises with how many other riders joined it. */
export async function planAccountDeletion(
  db: Database,
  userId: string,
  now: number,
): Promise<DeletionPlan> {
  const rows = await db
    .select({
      id: rides.id,
      status: rides.status,
      startTime: rides.startTime,
      routeGpxKey: rides.routeGpxKey,
      others: count(rideParticipants.userId),
    })
    .from(rides)
    .leftJoin(
      rideParticipants,
      and(eq(rideParticipants.rideId, rides.id), ne(rideParticipants.userId, userId)),
    )
    .where(eq(rides.organizerId, userId))
    .groupBy(rides.id)
    .all();
  const plan: DeletionPlan = { cancel: [], remove: [] };
  for (const ride of rows) {
    if (ride.others === 0) plan.remove.push({ id: ride.id, routeGpxKey: ride.routeGpxKey });
    else if (ride.status === "published" && ride.startTime > now) plan.cancel.push(ride.id);
    // Past or already cancelled rides with others stay; organizer_id becomes null (FK).
  }
  return plan;
}

/**
 * DESIGN.md decision 14 in one batch (a D1 transaction): cancel and notify, delete her
 * solo rides, then the user row; foreign keys cascade sessions, reset tokens, profile,
 * participations, messages, rode_with and her referrals (claimed ones lose her id).
 */
export async function deleteAccount(
  db: Database,
  user: { id: string; email: string },
  plan: DeletionPlan,
  now: number,
) {
  const statements: BatchItem<"sqlite">[] = [];
  if (plan.cancel.length > 0) {
    statements.push(
      db
        .update(rides)
        .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
        .where(inArray(rides.id, plan.cancel)),
      db.insert(rideMessages).values(
        plan.cancel.map((rideId) => ({
          id: crypto.randomUUID(),
          rideId,
          userId: null,
          kind: "system" as const,
          body: MSG.systemCancelNotice(),
          createdAt: now,
        })),
      ),
    );
  }
  if (plan.remove.length > 0) {
    statements.push(
      db.delete(rides).where(
        inArray(
          rides.id,
          plan.remove.map((ride) => ride.id),
        ),
      ),
    );
  }
  statements.push(
    db.delete(emailOutbox).where(eq(emailOutbox.toEmail, user.email)),
    db.delete(users).where(eq(users.id, user.id)),
  );
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
