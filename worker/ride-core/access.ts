// Who may still use an open socket: whether a session is live and its rider still participates,
// and which authors she and they blocked each other — checked in ONE statement for a room's
// sockets (RoomAccess, socketAccess) or a hub's tabs (liveSessions), and at the upgrade.
import { and, eq, gt, not, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { rideParticipants, rides, sessions } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { blockedBetween, rideHiddenFrom } from "./block-sql.ts";

/** 1 when `userId` participates in `rideId`, else 0 (the participations' primary key). */
export function participates(rideId: SQLWrapper | string, userId: SQLWrapper | string) {
  return sql<number>`exists ${subquery`select 1 from ${rideParticipants}
    where ${rideParticipants.rideId} = ${rideId} and ${rideParticipants.userId} = ${userId}`}`;
}

/**
 * Session `sessionId` of user `userId` is still live at `now`: validateSessionToken's rule, so a
 * logout, a new password or a deleted account ends what an open socket may do.
 */
export function liveSession(sessionId: string, userId: string, now: number) {
  return sql<number>`exists ${subquery`select 1 from ${sessions} where ${sessions.id} = ${sessionId}
    and ${sessions.userId} = ${userId} and ${sessions.expiresAt} > ${now}`}`;
}

/** Whether an open chat socket may still read the ride: see socketAccessQuery. */
export type SocketAccess = "ok" | "not_participant" | "session_ended";

/** What a broadcast needs to know about the room's open sockets, read in one statement. */
export class RoomAccess {
  constructor(
    private readonly verdicts: Map<string, SocketAccess>,
    /** `${sessionId} ${authorId}`: that session's rider and that author blocked each other. */
    private readonly blockedPairs: ReadonlySet<string> = new Set(),
  ) {}

  /** Whether the check covered this session (a socket opened after it was not). */
  covers(sessionId: string): boolean {
    return this.verdicts.has(sessionId);
  }

  /** The session's verdict; `fallback` for one the check did not cover. */
  verdict(sessionId: string, fallback: SocketAccess): SocketAccess {
    return this.verdicts.get(sessionId) ?? fallback;
  }

  /** A message by `authorId` is not for this session's rider (docs/product.md#blocking). */
  hides(sessionId: string, authorId: string | null): boolean {
    return authorId !== null && this.blockedPairs.has(`${sessionId} ${authorId}`);
  }
}

/** Ids bound as one JSON array (one parameter whatever their number), read with json_each. */
function jsonIds(ids: Iterable<string>): string {
  return JSON.stringify([...new Set(ids)]);
}

/** A JSON array of those of `authorIds` that `userId` and they blocked each other. */
export function blockedAmong(userId: SQLWrapper, authorIds: readonly string[]) {
  return subquery<string>`select json_group_array(a.value) from json_each(${jsonIds(authorIds)}) a
    where ${blockedBetween(userId, sql`a.value`)}`;
}

/**
 * Those of `sessionIds` still valid at `now`: validateSessionToken's rule (the row exists: logout,
 * a password change and account deletion delete it; `expires_at > now`). One JSON parameter.
 */
function liveAmong(sessionIds: string[], now: number): SQL | undefined {
  return and(
    sql`${sessions.id} in (select value from json_each(${jsonIds(sessionIds)}))`,
    gt(sessions.expiresAt, now),
  );
}

/**
 * For one ride and the sessions its sockets were opened with: which sessions are still valid
 * (validateSessionToken's rule; a deleted user's sessions go with her, ON DELETE CASCADE),
 * whether each one's user still participates, and which of `authorIds` (the authors about to
 * be broadcast) she and they blocked each other. ONE statement whatever the number of sockets:
 * the ids travel as JSON arrays. null when there is nothing to check.
 */
export function socketAccessQuery(
  db: Database,
  rideId: string,
  sessionIds: string[],
  now: number,
  authorIds: readonly string[] = [],
) {
  return roomAccessQuery(db, sessionIds, now, (userId) => participates(rideId, userId), authorIds);
}

/**
 * socketAccessQuery for any room: `member(userId)` is 1 when the session's rider belongs to it
 * (a ride's participants, a group's members: worker/chat/room/chat-store.ts).
 */
export function roomAccessQuery(
  db: Database,
  sessionIds: string[],
  now: number,
  member: (userId: SQLWrapper) => SQL<number>,
  authorIds: readonly string[] = [],
) {
  if (sessionIds.length === 0) return null;
  return db
    .select({
      id: sessions.id,
      member: member(sessions.userId),
      blocked: blockedAmong(sessions.userId, authorIds),
    })
    .from(sessions)
    .where(liveAmong(sessionIds, now));
}

export type SocketAccessRow = Awaited<
  ReturnType<NonNullable<ReturnType<typeof socketAccessQuery>>["all"]>
>[number];

/** Every asked session id with its verdict: absent from the answer means the session ended. */
export function socketAccessOutcome(sessionIds: string[], rows: SocketAccessRow[]): RoomAccess {
  const found = new Map(rows.map((r) => [r.id, r.member === 1]));
  const blockedPairs = new Set<string>();
  for (const row of rows) {
    for (const author of JSON.parse(row.blocked) as string[])
      blockedPairs.add(`${row.id} ${author}`);
  }
  const verdicts = new Map<string, SocketAccess>(
    sessionIds.map((id) => {
      const member = found.get(id);
      return [id, member === undefined ? "session_ended" : member ? "ok" : "not_participant"];
    }),
  );
  return new RoomAccess(verdicts, blockedPairs);
}

/**
 * Re-authorizes a ride's open sockets before it answers or broadcasts to them: one query.
 * `authorIds`: the authors of what is about to be broadcast (see RoomAccess.hides).
 */
export async function socketAccess(
  db: Database,
  rideId: string,
  sessionIds: string[],
  now: number,
  authorIds: readonly string[] = [],
): Promise<RoomAccess> {
  const query = socketAccessQuery(db, rideId, sessionIds, now, authorIds);
  return socketAccessOutcome(sessionIds, query ? await query.all() : []);
}

/** The still-valid sessions among `sessionIds` (UserHub, before a frame; liveAmong): one query. */
export async function liveSessions(
  db: Database,
  sessionIds: string[],
  now: number,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(liveAmong(sessionIds, now))
    .all();
  return new Set(rows.map((r) => r.id));
}

/**
 * What the socket upgrade needs: the ride's existence (as she may see it: a block hides it like
 * a missing ride) and her membership.
 */
export async function loadSocketAccess(db: Database, rideId: string, userId: string) {
  return db
    .select({ id: rides.id, member: participates(rides.id, userId) })
    .from(rides)
    .where(and(eq(rides.id, rideId), not(rideHiddenFrom(rides.id, userId))))
    .get();
}
