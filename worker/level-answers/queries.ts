// Honest levels (DESIGN.md decision 24) on D1: a rider's anonymous answers about a ride she was
// in, once per ride, and the totals an organizer's public profile shows.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { OrganizerLevels } from "../../domain/api/users.ts";
import { LEVEL_ANSWERS_MIN_SHOWN } from "../../domain/constants.ts";
import type { LevelAnswersInput } from "../../domain/schemas.ts";
import { rideLevelAnswers, rides } from "../db/schema.ts";
import type { Database } from "../env.ts";

/** Stores her answers unless she already answered about this ride; true when stored. */
export async function saveLevelAnswers(
  db: Database,
  answer: { rideId: string; userId: string; now: number } & LevelAnswersInput,
): Promise<boolean> {
  const result = await db
    .insert(rideLevelAnswers)
    .values({
      rideId: answer.rideId,
      userId: answer.userId,
      pace: answer.pace,
      waitedForAll: answer.waitedForAll,
      createdAt: answer.now,
    })
    .onConflictDoNothing()
    .run();
  return result.meta.changes > 0;
}

/** Whether she answered about this ride (the connections card asks once, in its batch). */
export function answeredQuery(db: Database, rideId: string, userId: string) {
  return db
    .select({ one: sql<number>`1` })
    .from(rideLevelAnswers)
    .where(and(eq(rideLevelAnswers.rideId, rideId), eq(rideLevelAnswers.userId, userId)));
}

/**
 * Totals of the answers about the rides she organized: her rides through rides_organizer_idx,
 * each one's answers through the primary key. Never who answered what.
 */
export function organizerLevelsQuery(db: Database, organizerId: string) {
  const count = (condition: SQL) =>
    sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  const pace = rideLevelAnswers.pace;
  const waited = rideLevelAnswers.waitedForAll;
  return db
    .select({
      // Named: with bound values the five expressions read alike, and D1 returns a batch's rows
      // keyed by column name.
      softer: count(eq(pace, "softer")).as("softer"),
      asAnnounced: count(eq(pace, "as_announced")).as("as_announced"),
      harder: count(eq(pace, "harder")).as("harder"),
      yes: count(eq(waited, true)).as("yes"),
      no: count(eq(waited, false)).as("no"),
    })
    .from(rides)
    .innerJoin(rideLevelAnswers, eq(rideLevelAnswers.rideId, rides.id))
    .where(eq(rides.organizerId, organizerId));
}

type LevelTotals = Awaited<ReturnType<ReturnType<typeof organizerLevelsQuery>["all"]>>[number];

/** Each question's totals, held back (null) below LEVEL_ANSWERS_MIN_SHOWN answers. */
export function organizerLevelsOf(totals: LevelTotals | undefined): OrganizerLevels {
  const n = (v: number | undefined) => Number(v ?? 0);
  const counts = {
    softer: n(totals?.softer),
    as_announced: n(totals?.asAnnounced),
    harder: n(totals?.harder),
  };
  const paceAnswers = counts.softer + counts.as_announced + counts.harder;
  const yes = n(totals?.yes);
  const no = n(totals?.no);
  return {
    pace: paceAnswers >= LEVEL_ANSWERS_MIN_SHOWN ? { answers: paceAnswers, counts } : null,
    waitedForAll: yes + no >= LEVEL_ANSWERS_MIN_SHOWN ? { answers: yes + no, yes, no } : null,
  };
}
