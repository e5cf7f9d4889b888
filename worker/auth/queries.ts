import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import { DEFAULT_AVATAR_KEY } from "../../domain/constants.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import {
  normalizeUsernameKey,
  usernameCandidates,
  usernameSkeleton,
} from "../../domain/username.ts";
import { stopFeed } from "../calendar/queries.ts";
import { runSql } from "../db/client.ts";
import {
  passwordResetTokens,
  profiles,
  pushSubscriptions,
  referrals,
  sessions,
  users,
} from "../db/schema.ts";
import { columnNames } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { referralOpen } from "../referrals/queries.ts";
import { hashToken } from "../sessions/tokens.ts";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export function findUserByEmail(db: Database, email: string) {
  return db.select().from(users).where(eq(users.email, email)).get();
}

export function findUserById(db: Database, id: string) {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** True when the insert failed on a UNIQUE index (email, google id, username key). */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  const text = String(err instanceof Error ? `${err.message} ${String(err.cause ?? "")}` : err);
  return /UNIQUE constraint failed/i.test(text) && (!column || text.includes(column));
}

/** A new account: with a password (sign-up) or with Google (no password). */
export interface NewAccount {
  id: string;
  email: string;
  passwordHash?: string | null;
  googleId?: string | null;
  fullName?: string | null;
  ref?: string | undefined;
  /** Invite mode (docs/product.md#sign-up-mode): the account exists only if `ref` is claimed. */
  inviteOnly: boolean;
}

/**
 * Creates the account and, when `ref` names an unclaimed token of someone else, claims it in
 * the same batch (one D1 transaction). In invite mode her row is an INSERT … SELECT from the
 * still-unclaimed invitation, and the claim after it (the referee must exist first) asks the
 * same: of many sign-ups on one invitation exactly one account is created, the others store
 * nothing and get invitation_required. Returns whether the referral was claimed.
 */
export async function createAccount(
  db: Database,
  input: NewAccount,
  now = Date.now(),
): Promise<{ referralClaimed: boolean }> {
  const invitationRequired = () => new DomainError("invitation_required", MSG.invitationRequired);
  const row = {
    id: input.id,
    email: input.email,
    passwordHash: input.passwordHash ?? null,
    googleId: input.googleId ?? null,
    fullName: input.fullName ?? null,
  };
  if (!input.ref) {
    if (input.inviteOnly) throw invitationRequired();
    await db.insert(users).values(row);
    return { referralClaimed: false };
  }
  const openInvitation = and(eq(referrals.token, input.ref), referralOpen);
  const u = users;
  const insertUser = input.inviteOnly
    ? runSql(
        db,
        sql`insert into ${u} (${columnNames(u.id, u.email, u.passwordHash, u.googleId, u.fullName)})
          select ${row.id}, ${row.email}, ${row.passwordHash}, ${row.googleId}, ${row.fullName}
          from ${referrals} where ${openInvitation}`,
      )
    : db.insert(users).values(row);
  const [inserted, claimed] = await db.batch([
    insertUser,
    db
      .update(referrals)
      .set({ refereeId: input.id, claimedAt: now })
      .where(openInvitation)
      .returning({ token: referrals.token }),
  ]);
  if (inserted.meta.changes === 0) throw invitationRequired();
  return { referralClaimed: claimed.length > 0 };
}

/** An unclaimed referral token, as invite-mode sign-up requires. */
export async function isOpenReferral(db: Database, token: string): Promise<boolean> {
  const row = await db
    .select({ token: referrals.token })
    .from(referrals)
    .where(and(eq(referrals.token, token), referralOpen))
    .get();
  return Boolean(row);
}

export async function createResetToken(db: Database, userId: string, token: string, now: number) {
  await db.insert(passwordResetTokens).values({
    id: hashToken(token),
    userId,
    expiresAt: now + RESET_TOKEN_TTL_MS,
  });
}

/** The user a live reset token belongs to, or null (unknown, used or expired). */
export async function findResetTokenUser(db: Database, token: string, now: number) {
  const row = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(eq(passwordResetTokens.id, hashToken(token)), gt(passwordResetTokens.expiresAt, now)),
    )
    .get();
  return row?.userId ?? null;
}

/**
 * Reset confirmation in one batch (a D1 transaction) whose every statement needs the token to be
 * live: the new hash, the end of every session of hers, of her push devices (a stolen session's
 * browser may have turned them on) and of her calendar feed's URL, her new
 * session (already hashed, see newSession), then every reset token of hers deleted. The token is consumed by the statements
 * that use it, so of two parallel confirms the second finds it gone and changes nothing.
 * Returns her id, or null (unknown, used or expired token).
 */
export async function resetPassword(
  db: Database,
  input: {
    token: string;
    passwordHash: string;
    session: { id: string; expiresAt: number };
    now: number;
  },
): Promise<string | null> {
  const tokenId = hashToken(input.token);
  const live = and(
    eq(passwordResetTokens.id, tokenId),
    gt(passwordResetTokens.expiresAt, input.now),
  );
  const holder = db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(live);
  const [, , , , , consumed] = await db.batch([
    db.update(users).set({ passwordHash: input.passwordHash }).where(inArray(users.id, holder)),
    db.delete(sessions).where(inArray(sessions.userId, holder)),
    db.delete(pushSubscriptions).where(inArray(pushSubscriptions.userId, holder)),
    stopFeed(db, holder, input.now),
    runSql(
      db,
      sql`insert into ${sessions} (${columnNames(sessions.id, sessions.userId, sessions.expiresAt, sessions.createdAt)})
        select ${input.session.id}, ${passwordResetTokens.userId}, ${input.session.expiresAt}, ${input.now}
        from ${passwordResetTokens} where ${live}`,
    ),
    db
      .delete(passwordResetTokens)
      .where(inArray(passwordResetTokens.userId, holder))
      .returning({ userId: passwordResetTokens.userId }),
  ]);
  return consumed[0]?.userId ?? null;
}

/**
 * New password in one batch: every reset token and every session of hers goes, so a stolen
 * session or an older reset link stops working; so do her push devices (a stolen session's
 * browser may have turned them on) and her calendar feed's URL (docs/product.md#calendar).
 */
export async function replacePassword(db: Database, userId: string, passwordHash: string) {
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    ...everyWayInEnds(db, userId, Date.now()),
  ]);
}

/**
 * The statements that shut every way into her account but the one being written: her sessions,
 * her push devices (a browser she no longer holds would still show them) and her calendar feed's
 * URL. A password change, 'Cerrar sesión en todos los dispositivos' and a Google link share them.
 */
function everyWayInEnds(db: Database, userId: string, now: number) {
  return [
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    stopFeed(db, userId, now),
  ] as const;
}

/**
 * 'Cerrar sesión en todos los dispositivos', in one batch: every session of hers ends (this
 * browser's too), her devices stop receiving her pushes (a device she no longer holds would
 * still show them), and her calendar feed's URL stops. Her open sockets are the caller's.
 */
export async function endEverySession(db: Database, userId: string, now: number) {
  await db.batch(everyWayInEnds(db, userId, now));
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/**
 * First free username among the candidates, in one query over the unique key and skeleton: a
 * look-alike of someone's name is not free (docs/product.md#look-alike-usernames).
 */
export async function firstFreeUsername(
  db: Database,
  base: string | null,
  id: string,
): Promise<string | null> {
  const candidates = usernameCandidates(base, id);
  if (candidates.length === 0) return null;
  const taken = await db
    .select({ key: profiles.usernameKey, skeleton: profiles.usernameSkeleton })
    .from(profiles)
    .where(
      or(
        inArray(profiles.usernameKey, candidates.map(normalizeUsernameKey)),
        inArray(profiles.usernameSkeleton, candidates.map(usernameSkeleton)),
      ),
    )
    .all();
  const takenKeys = new Set(taken.flatMap((row) => [row.key, row.skeleton]));
  return (
    candidates.find(
      (name) =>
        !takenKeys.has(normalizeUsernameKey(name)) && !takenKeys.has(usernameSkeleton(name)),
    ) ?? null
  );
}

/**
 * Links Google to the account with her address, in one batch. A password sign-up never proved
 * that address (nothing is mailed to confirm it), so whoever chose the password may not be her:
 * the link clears it and ends every session, push device and calendar URL of the account (as
 * endEverySession does). Only Google, or a reset through her mailbox, opens it now; its data stays.
 */
async function linkGoogleAccount(db: Database, userId: string, googleId: string, now: number) {
  await db.batch([
    db.update(users).set({ googleId, passwordHash: null }).where(eq(users.id, userId)),
    ...everyWayInEnds(db, userId, now),
  ]);
}

/**
 * Google sign-in: the account with this Google id, else the one with the same email, linked
 * now (linkGoogleAccount), else a new account (createAccount, invite mode included). Only an
 * email Google has verified may link or create one. `linked`: the account's other sessions
 * ended. Her profile is `ensureGoogleProfile`'s job.
 */
export async function upsertGoogleUser(
  db: Database,
  identity: GoogleIdentity,
  newId: string,
  signup: { inviteOnly: boolean; ref: string | undefined },
): Promise<{ userId: string; linked: boolean }> {
  const byGoogleId = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.googleId, identity.sub))
    .get();
  if (byGoogleId) return { userId: byGoogleId.id, linked: false };
  // An address Google has not verified is anyone's to type: it neither opens nor creates an account.
  if (!identity.emailVerified) throw new DomainError("not_authorized", MSG.googleLoginFailed);
  const byEmail = await findUserByEmail(db, identity.email);
  // A suspended account is left as it is: signing in refuses it anyway.
  if (byEmail?.suspendedAt != null) return { userId: byEmail.id, linked: false };
  if (byEmail) {
    await linkGoogleAccount(db, byEmail.id, identity.sub, Date.now());
    return { userId: byEmail.id, linked: true };
  }
  await createAccount(db, {
    id: newId,
    email: identity.email,
    googleId: identity.sub,
    fullName: identity.name,
    ref: signup.ref,
    inviteOnly: signup.inviteOnly,
  });
  return { userId: newId, linked: false };
}

/**
 * After a Google sign-in, creates her profile when she has none
 * (docs/product.md#accounts-and-sign-in): username from her Google name, else the email's local
 * part, else 'user_' + id.
 */
export async function ensureGoogleProfile(db: Database, userId: string, identity: GoogleIdentity) {
  const hasProfile = await db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .get();
  if (hasProfile) return;
  const base = identity.name?.trim() || identity.email.split("@")[0] || null;
  // Two tries: a concurrent sign-up may take the chosen name between the check and the insert.
  for (let attempt = 0; attempt < 2; attempt++) {
    const username = await firstFreeUsername(db, attempt === 0 ? base : null, userId);
    if (!username) return;
    try {
      await db.insert(profiles).values({
        userId,
        username,
        usernameKey: normalizeUsernameKey(username),
        usernameSkeleton: usernameSkeleton(username),
        avatarKey: DEFAULT_AVATAR_KEY,
        avatarUrl: identity.picture,
        modalities: ["road"],
      });
      return;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
}
