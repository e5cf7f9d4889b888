import { eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { isOneTripRead } from "../db/read-session.ts";
import { profiles, sessions, users } from "../db/schema.ts";
import { StatementCache, type Viewer, type ViewerLookup } from "../db/statements.ts";
import type { AppEnv, Database, SessionUser } from "../env.ts";
import { generateToken, hashToken } from "./tokens.ts";

export const SESSION_COOKIE = "rodamos_session";
const DAY = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY;
/** Sliding expiry: a session used in its last 15 days is extended to 30 again. */
const RENEW_WHEN_LEFT_MS = 15 * DAY;

export interface SessionValidation {
  sessionId: string;
  user: SessionUser;
  expiresAt: number;
  renewed: boolean;
}

/** A new session's cookie token, the row id stored for it (its hash) and its expiry. */
export function newSession(now = Date.now()) {
  const token = generateToken();
  return { token, id: hashToken(token), expiresAt: now + SESSION_TTL_MS };
}

export async function createSession(db: Database, userId: string, now = Date.now()) {
  const { token, id, expiresAt } = newSession(now);
  await db.insert(sessions).values({ id, userId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** The session, its user and her username. */
export function sessionQuery(db: Database, p: { sessionId: string }) {
  return db
    .select({
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      suspendedAt: users.suspendedAt,
      username: profiles.username,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sessions.id, p.sessionId));
}

/** Read on every signed-in request: written once per isolate (ADR 0045). */
const sessionStatements = new StatementCache<{ sessionId: string }>(1);

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>["all"]>>[number];

/** One query for the session, its user and her username; renews or deletes as needed. */
export async function validateSessionToken(
  db: Database,
  token: string,
  now = Date.now(),
): Promise<SessionValidation | null> {
  const sessionId = hashToken(token);
  const [row] = await sessionStatements.all(db, { sessionId }, sessionQuery);
  return checkSession(db, sessionId, row, now);
}

/** Session `sessionId` as its row shows it: null if it has ended; renewed in its last 15 days. */
async function checkSession(
  db: Database,
  sessionId: string,
  row: SessionRow | undefined,
  now: number,
): Promise<SessionValidation | null> {
  if (!row) return null;
  // Suspension deletes her sessions; a row that escaped it (a race) is refused all the same.
  if (row.expiresAt <= now || row.suspendedAt !== null) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  let expiresAt = row.expiresAt;
  let renewed = false;
  if (expiresAt - now < RENEW_WHEN_LEFT_MS) {
    expiresAt = now + SESSION_TTL_MS;
    renewed = true;
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  }
  return {
    sessionId,
    user: { id: row.userId, email: row.email, username: row.username ?? null },
    expiresAt,
    renewed,
  };
}

export async function invalidateSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: Database, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: number) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true, httpOnly: true, sameSite: "Lax" });
}

/** The request as her session leaves it: signed in (renewed if it was), or her cookie cleared. */
function applySession(c: Context<AppEnv>, token: string, session: SessionValidation | null) {
  if (session) {
    c.set("user", session.user);
    c.set("sessionId", session.sessionId);
    if (session.renewed) setSessionCookie(c, token, session.expiresAt);
  } else {
    clearSessionCookie(c);
  }
}

/**
 * Fills c.var.user / c.var.sessionId from the cookie; never rejects by itself. A one-trip read
 * checks her session itself, in the batch of its page (readerOf).
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", null);
  c.set("sessionId", null);
  const token = getCookie(c, SESSION_COOKIE);
  if (token && !isOneTripRead(c.req.method, c.req.path)) {
    // The primary: a session just ended must not live on in a replica's older copy.
    applySession(c, token, await validateSessionToken(c.var.primaryDb, token));
  }
  await next();
};

/**
 * Whom a signed-in read is for, refused as requireProfile refuses: her id when her session is
 * checked already, or, in a one-trip read (ADR 0046), her session, read in the read's own batch.
 * That batch runs on the primary (read-session.ts), where sessions are always read.
 */
export function readerOf(c: Context<AppEnv>, unauthenticatedMessage?: string): Viewer {
  if (c.var.user) return requireProfile(c, unauthenticatedMessage).id;
  const token = isOneTripRead(c.req.method, c.req.path) ? getCookie(c, SESSION_COOKIE) : undefined;
  if (!token) return requireProfile(c, unauthenticatedMessage).id;
  return sessionLookup(c, token, unauthenticatedMessage);
}

/**
 * Whose each session was when this isolate last read it in a batch: the next one-trip read of the
 * same session binds that id instead of reading it from the session's CTE in each of its
 * subqueries (ViewerLookup.likelyId). A guess the batch's own session row confirms or overrules,
 * never an authorization: a session's row never changes hands, and one that ended is refused by
 * that row as before. Bounded; the oldest goes first.
 */
const likelyViewers = new Map<string, string>();
const LIKELY_VIEWERS_MAX = 2_000;

function rememberViewer(sessionId: string, userId: string | undefined) {
  likelyViewers.delete(sessionId);
  if (userId === undefined) return;
  if (likelyViewers.size >= LIKELY_VIEWERS_MAX) {
    likelyViewers.delete(likelyViewers.keys().next().value as string);
  }
  likelyViewers.set(sessionId, userId);
}

/** Her session as the lookup of a batch: its row first, her id read from it in each statement. */
function sessionLookup(
  c: Context<AppEnv>,
  token: string,
  unauthenticatedMessage: string | undefined,
): ViewerLookup {
  const sessionId = hashToken(token);
  return {
    name: "session",
    key: sessionId,
    likelyId: likelyViewers.get(sessionId),
    statement: (template, key) => sessionQuery(template, { sessionId: key }),
    idQuery: (template, key) =>
      template.select({ id: sessions.userId }).from(sessions).where(eq(sessions.id, key)),
    accept: async (rows) => {
      const [row] = rows as SessionRow[];
      const session = await checkSession(c.var.primaryDb, sessionId, row, Date.now());
      rememberViewer(sessionId, session?.user.id);
      applySession(c, token, session);
      return requireProfile(c, unauthenticatedMessage).id;
    },
  };
}

/** Signed in; `unauthenticatedMessage` is the spec's text for that action when it has one. */
export function requireUser(
  c: Context<AppEnv>,
  unauthenticatedMessage: string = MSG.unauthenticated,
): SessionUser {
  const user = c.var.user;
  if (!user) throw new DomainError("unauthenticated", unauthenticatedMessage);
  return user;
}

/**
 * Signed in and with a username (profile complete): what every ride screen needs.
 * `unauthenticatedMessage` as for requireUser.
 */
export function requireProfile(
  c: Context<AppEnv>,
  unauthenticatedMessage?: string,
): SessionUser & { username: string } {
  const user = requireUser(c, unauthenticatedMessage);
  if (!user.username) throw new DomainError("not_authorized", MSG.profileRequired);
  return user as SessionUser & { username: string };
}
