// Honest levels (docs/product.md#trust-signals-and-honest-levels) on D1: a rider's anonymous
// answers about a ride she was in, once per ride, and the totals an organizer's public profile
// shows. Those totals are a snapshot that moves only by a batch of answers from several riders
// about several of her rides, so that no change in them is one rider's answer
// (docs/decisions/0030-honest-levels-in-batches.md).
import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { type AnySQLiteColumn, alias } from "drizzle-orm/sqlite-core";
import type { OrganizerLevels } from "../../domain/api/users.ts";
import {
  LEVEL_ANSWERS_MIN_SHOWN,
  LEVEL_BATCH_MIN_RIDERS,
  LEVEL_BATCH_MIN_RIDES,
} from "../../domain/constants.ts";
import type { LevelAnswersInput } from "../../domain/schemas.ts";
import { runSql } from "../db/client.ts";
import { organizerLevels, rideLevelAnswers, rides } from "../db/schema.ts";
import { columnNames, excluded, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";

/**
 * Stores her answers unless she already answered about this ride and, in the same batch,
 * publishes each question's waiting answers about the organizer's rides once they form a batch;
 * true when stored.
 */
export async function saveLevelAnswers(
  db: Database,
  answer: {
    rideId: string;
    organizerId: string | null;
    userId: string;
    now: number;
  } & LevelAnswersInput,
): Promise<boolean> {
  // A ride whose organizer is gone has no profile to publish to.
  const organizerId = answer.organizerId;
  const publish = organizerId
    ? [
        ...publishBatch(db, organizerId, "pace", answer.now),
        ...publishBatch(db, organizerId, "waitedForAll", answer.now),
      ]
    : [];
  const [inserted] = await db.batch([
    db
      .insert(rideLevelAnswers)
      .values({
        rideId: answer.rideId,
        userId: answer.userId,
        pace: answer.pace,
        waitedForAll: answer.waitedForAll,
        createdAt: answer.now,
      })
      .onConflictDoNothing(),
    ...publish,
  ]);
  return inserted.meta.changes > 0;
}

type Question = "pace" | "waitedForAll";
/** The answer table's columns, read as itself or under an alias. */
type AnswerColumns = Record<
  "rideId" | "userId" | "pace" | "waitedForAll" | "pacePublished" | "waitedPublished",
  AnySQLiteColumn
>;

/** A question's answer, its published flag, and each of its totals with the answers it counts. */
function questionOf(question: Question, a: AnswerColumns) {
  return question === "pace"
    ? {
        answer: a.pace,
        published: a.pacePublished,
        totals: [
          { column: organizerLevels.paceSofter, counts: sql`${a.pace} = ${"softer"}` },
          { column: organizerLevels.paceAsAnnounced, counts: sql`${a.pace} = ${"as_announced"}` },
          { column: organizerLevels.paceHarder, counts: sql`${a.pace} = ${"harder"}` },
        ],
      }
    : {
        answer: a.waitedForAll,
        published: a.waitedPublished,
        totals: [
          { column: organizerLevels.waitedYes, counts: sql`${a.waitedForAll} = 1` },
          { column: organizerLevels.waitedNo, counts: sql`${a.waitedForAll} = 0` },
        ],
      };
}

/** Answers to the question about the organizer's rides that no published total counts yet. */
function waiting(a: AnswerColumns, question: Question, organizerId: string): SQL {
  const { answer, published } = questionOf(question, a);
  return sql`${rides.organizerId} = ${organizerId} and ${answer} is not null and ${published} = 0`;
}

/** Whether the waiting answers (grouped rows of `a` joined to rides) are a batch by the rule. */
function isBatch(a: AnswerColumns): SQL {
  return sql`count(distinct ${a.userId}) >= ${LEVEL_BATCH_MIN_RIDERS}
    and count(distinct ${a.rideId}) >= ${LEVEL_BATCH_MIN_RIDES}`;
}

const pending = alias(rideLevelAnswers, "pending");

/**
 * Two statements for a batch: add the waiting answers to the organizer's published totals if
 * they are a batch, then mark them counted under the same condition. In one D1 batch nothing
 * comes between the two, so both see the same waiting answers.
 */
export function publishBatch(db: Database, organizerId: string, question: Question, now: number) {
  const a = rideLevelAnswers;
  const { totals } = questionOf(question, a);
  const add = runSql(
    db,
    sql`insert into ${organizerLevels} (${columnNames(
      organizerLevels.organizerId,
      ...totals.map((t) => t.column),
      organizerLevels.updatedAt,
    )})
      select ${organizerId}, ${sql.join(
        totals.map((t) => sql`sum(case when ${t.counts} then 1 else 0 end)`),
        sql`, `,
      )}, ${now}
      from ${a} join ${rides} on ${rides.id} = ${a.rideId}
      where ${waiting(a, question, organizerId)}
      group by ${rides.organizerId}
      having ${isBatch(a)}
      on conflict (${columnNames(organizerLevels.organizerId)}) do update set ${sql.join(
        totals.map(
          (t) => sql`${sql.identifier(t.column.name)} = ${t.column} + ${excluded(t.column)}`,
        ),
        sql`, `,
      )}, ${sql.identifier(organizerLevels.updatedAt.name)} = ${excluded(organizerLevels.updatedAt)}`,
  );
  const { answer, published } = questionOf(question, a);
  const mark = db
    .update(a)
    .set(question === "pace" ? { pacePublished: true } : { waitedPublished: true })
    .where(
      and(
        isNotNull(answer),
        eq(published, false),
        inArray(
          a.rideId,
          db.select({ id: rides.id }).from(rides).where(eq(rides.organizerId, organizerId)),
        ),
        subquery`select ${isBatch(pending)} from ${rideLevelAnswers} ${pending} join ${rides} on ${rides.id} = ${pending.rideId}
          where ${waiting(pending, question, organizerId)}`,
      ),
    );
  return [add, mark] as const;
}

/** Whether she answered about this ride (the connections card asks once, in its batch). */
export function answeredQuery(db: Database, rideId: string, userId: string) {
  return db
    .select({ one: sql<number>`1` })
    .from(rideLevelAnswers)
    .where(and(eq(rideLevelAnswers.rideId, rideId), eq(rideLevelAnswers.userId, userId)));
}

/** The organizer's published totals (one row by its key, or none). Never who answered what. */
export function organizerLevelsQuery(db: Database, organizerId: string) {
  return db
    .select({
      softer: organizerLevels.paceSofter,
      asAnnounced: organizerLevels.paceAsAnnounced,
      harder: organizerLevels.paceHarder,
      yes: organizerLevels.waitedYes,
      no: organizerLevels.waitedNo,
    })
    .from(organizerLevels)
    .where(eq(organizerLevels.organizerId, organizerId));
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
