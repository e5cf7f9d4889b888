import { and, eq, isNull, sql } from "drizzle-orm";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { referrals, users } from "../db/schema.ts";
import { columnNames } from "../db/sql.ts";
import type { Database } from "../env.ts";

/**
 * A token nobody has claimed. claimed_at, not referee_id: a claimed token keeps its claim after the
 * rider who claimed it deletes her account (her id is then set to null), so a link shared long ago
 * never admits anyone again.
 */
export const referralOpen = and(isNull(referrals.refereeId), isNull(referrals.claimedAt))!;

/** An unclaimed token of hers; a new one when she has none left (each invite is single-use). */
export async function getOrCreateReferralToken(db: Database, userId: string): Promise<string> {
  const open = await db
    .select({ token: referrals.token })
    .from(referrals)
    .where(and(eq(referrals.referrerId, userId), referralOpen))
    .limit(1)
    .get();
  if (open) return open.token;
  const token = crypto.randomUUID();
  // INSERT … SELECT: nothing is written when her account was deleted a moment ago (a request
  // racing account deletion), instead of a foreign-key failure.
  const inserted = await db.run(
    sql`insert into ${referrals} (${columnNames(referrals.token, referrals.referrerId)})
      select ${token}, ${users.id} from ${users} where ${users.id} = ${userId}`,
  );
  if (!inserted.meta.changes) throw new DomainError("unauthenticated", MSG.unauthenticated);
  return token;
}

export type ClaimOutcome = "claimed" | "already_mine" | "not_found" | "own" | "taken" | "referred";

/**
 * Claims `token` for `userId` in one conditional UPDATE: only while the token is unclaimed and not
 * hers, and while she has claimed no other (two concurrent claims of one token, or of two tokens
 * by her, cannot both win). The reads before it only explain a refusal early.
 */
export async function claimReferral(
  db: Database,
  token: string,
  userId: string,
  now: number,
): Promise<ClaimOutcome> {
  const row = await db.select().from(referrals).where(eq(referrals.token, token)).get();
  if (!row) return "not_found";
  if (row.refereeId === userId) return "already_mine";
  if (row.referrerId === userId) return "own";
  if (row.refereeId || row.claimedAt !== null) return "taken";
  if (await invitedBefore(db, userId)) return "referred";
  const mine = db
    .select({ token: referrals.token })
    .from(referrals)
    .where(eq(referrals.refereeId, userId));
  const claimed = await db
    .update(referrals)
    .set({ refereeId: userId, claimedAt: now })
    .where(and(eq(referrals.token, token), referralOpen, sql`not exists ${mine}`))
    .returning({ token: referrals.token });
  if (claimed.length > 0) return "claimed";
  // Another claim won meanwhile: hers (of this token or another), or someone else's.
  const after = await db.select().from(referrals).where(eq(referrals.token, token)).get();
  if (after?.refereeId === userId) return "already_mine";
  return (await invitedBefore(db, userId)) ? "referred" : "taken";
}

async function invitedBefore(db: Database, userId: string): Promise<boolean> {
  const previous = await db
    .select({ token: referrals.token })
    .from(referrals)
    .where(eq(referrals.refereeId, userId))
    .get();
  return Boolean(previous);
}
