// Memberships that end (docs/product.md#grupos): she leaves, a leader removes her, or a
// suspension or her account's deletion takes her out. The triggers of migration 0027 name the
// next leader and archive an empty group in the same write; these statements claim the leaders
// they named, so each is told once (docs/decisions/0054-groups.md).
import { and, eq, sql } from "drizzle-orm";
import { allSql } from "../db/client.ts";
import { groupMembers, groupRequests } from "../db/schema.ts";
import type { Database } from "../env.ts";
import { isLeaderSql } from "./writes.ts";

const m = groupMembers;
const q = groupRequests;

/**
 * Ends her membership (she leaves, or a leader removes her: `by` is that leader, checked in the
 * statement), then claims the successions the triggers made so they are told once. The last
 * leader may leave: the longest-standing member takes over. Returns whether she was a member and
 * who became leader.
 */
export async function endMembership(
  db: Database,
  change: { groupId: string; userId: string; by: string | null; membersOnly?: boolean },
) {
  const byLeader = change.by === null ? undefined : isLeaderSql(m.groupId, change.by);
  const [ended, successors] = await db.batch([
    db
      .delete(m)
      .where(
        and(
          eq(m.groupId, change.groupId),
          eq(m.userId, change.userId),
          byLeader,
          change.membersOnly ? eq(m.role, "member") : undefined,
        ),
      ),
    claimSuccessions(db),
  ]);
  return { ended: ended.meta.changes > 0, successors };
}

/**
 * For any batch that ends memberships (leaving, removal, suspension, account deletion): after
 * them, the leaders the succession trigger named and nobody has told yet, each claimed once.
 */
export function claimSuccessions(db: Database) {
  return allSql<{ groupId: string; userId: string }>(
    db,
    sql`update ${m} set ${sql.identifier(m.leaderNews.name)} = 0 where ${m.leaderNews} = 1
      returning ${m.groupId} as "groupId", ${m.userId} as "userId"`,
  );
}

/**
 * For a batch that takes a rider out (suspension, account deletion): her groups (read first),
 * her memberships and pending requests ended, then the successions they caused claimed. Their
 * results go to `membershipsEndedOutcome`.
 */
export function membershipsEndingStatements(db: Database, userId: string) {
  return [
    db.select({ groupId: m.groupId }).from(m).where(eq(m.userId, userId)),
    db.delete(m).where(eq(m.userId, userId)),
    db.delete(q).where(and(eq(q.userId, userId), eq(q.status, "pending"))),
    claimSuccessions(db),
  ] as const;
}

export interface MembershipsEnded {
  /** Every group she was in, and the leaders the succession named in them. */
  changes: { groupId: string; joined: string[]; left: string[] }[];
  successors: { groupId: string; userId: string }[];
}

/** The outcome of membershipsEndingStatements' four results, for membershipsChanged. */
export function membershipsEndedOutcome(
  userId: string,
  results: readonly unknown[],
): MembershipsEnded {
  const [hers, , , successors] = results as [
    { groupId: string }[],
    unknown,
    unknown,
    { groupId: string; userId: string }[],
  ];
  return {
    changes: hers.map(({ groupId }) => ({ groupId, joined: [], left: [userId] })),
    successors,
  };
}
