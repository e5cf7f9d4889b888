// Chat queries on D1 (the system of record for messages and read state). The send path is one
// conditional INSERT plus its read-back in a single batch; the unread counts are correlated
// subqueries. Both written with drizzle's `sql` where the builder cannot say them.

import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  lt,
  ne,
  not,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import type { ChatListItem } from "../../domain/api/chat.ts";
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import { CHAT_WRITE_WINDOW_MS, DEFAULT_AVATAR_KEY } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { chatCandidateSince } from "../../domain/time.ts";
import { blockedBetween, rideHiddenFrom } from "../blocks/sql.ts";
import { batchList, runSql } from "../db/client.ts";
import {
  profiles,
  type RideMessage,
  rideMessages,
  rideParticipants,
  rides,
  sessions,
} from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { cancelledByOrganizerSql } from "../rides/cancelled-by.ts";

/** The kinds a message is stored with (ride_messages.kind). */
export const MESSAGE_KIND = {
  user: "user",
  system: "system",
} as const satisfies Record<string, RideMessage["kind"]>;

/** `insert into ride_messages (…)` with the columns every stored message sets, in this order. */
export const INSERT_MESSAGE = sql`insert into ${rideMessages} (${columnNames(
  rideMessages.id,
  rideMessages.rideId,
  rideMessages.userId,
  rideMessages.kind,
  rideMessages.body,
  rideMessages.createdAt,
)})`;

/** A message's columns with its author's profile (joined as `profiles`). */
export const messageColumns = {
  id: rideMessages.id,
  rideId: rideMessages.rideId,
  userId: rideMessages.userId,
  kind: rideMessages.kind,
  body: rideMessages.body,
  hiddenAt: rideMessages.hiddenAt,
  createdAt: rideMessages.createdAt,
  username: profiles.username,
  avatarKey: profiles.avatarKey,
};

/** Messages joined with their author's profile. */
function messagesQuery(db: Database) {
  return db
    .select(messageColumns)
    .from(rideMessages)
    .leftJoin(profiles, eq(profiles.userId, rideMessages.userId))
    .$dynamic();
}

/** A message row joined with its author's profile. */
export type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesQuery>["all"]>>[number];

/**
 * Message `ride_messages` may be shown to `viewerId`: not by someone she and the author blocked
 * each other (docs/product.md#blocking). System notices have no author.
 */
function visibleTo(viewerId: string): SQL {
  return not(blockedBetween(viewerId, rideMessages.userId));
}

/** A message as riders see it: one hidden by a moderator says so instead of its text. */
export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    rideId: row.rideId,
    userId: row.userId,
    kind: row.kind,
    text: row.hiddenAt === null ? row.body : MSG.messageHidden,
    ...(row.hiddenAt === null ? {} : { hidden: true }),
    createdAt: new Date(row.createdAt).toISOString(),
    author:
      row.kind === MESSAGE_KIND.user && row.username
        ? { username: row.username, avatarKey: row.avatarKey ?? DEFAULT_AVATAR_KEY }
        : null,
  };
}

/** 1 when `userId` participates in `rideId`, else 0 (the participations' primary key). */
function participates(rideId: SQLWrapper | string, userId: SQLWrapper | string) {
  return sql<number>`exists ${subquery`select 1 from ${rideParticipants}
    where ${rideParticipants.rideId} = ${rideId} and ${rideParticipants.userId} = ${userId}`}`;
}

const rideChatColumns = {
  id: rides.id,
  title: rides.title,
  startTime: rides.startTime,
  status: rides.status,
  cancelledByOrganizer: cancelledByOrganizerSql,
  organizerId: rides.organizerId,
};

/**
 * The ride, whether she participates and how many messages she can read in it: one query.
 * null when the ride does not exist or a block hides it from her (the same answer).
 */
export async function loadChatInfo(db: Database, rideId: string, userId: string) {
  const row = await db
    .select({
      ...rideChatColumns,
      member: participates(rides.id, userId),
      messageCount: subquery<number>`select count(*) from ${rideMessages}
        where ${rideMessages.rideId} = ${rides.id} and ${visibleTo(userId)}`,
    })
    .from(rides)
    .where(and(eq(rides.id, rideId), not(rideHiddenFrom(rides.id, userId))))
    .get();
  if (!row) return null;
  const { member, messageCount, cancelledByOrganizer, ...rest } = row;
  const ride = { ...rest, cancelledByOrganizer: cancelledByOrganizer === 1 };
  return { ride, isParticipant: member === 1, messageCount };
}

export type StoreResult =
  | { ok: true; message: ChatMessage; inserted: boolean }
  | {
      ok: false;
      code:
        | "unauthenticated"
        | "not_found"
        | "not_participant"
        | "ride_cancelled"
        | "chat_closed"
        | "conflict";
    };

/**
 * Stores a participant's message exactly once, in one D1 round trip: the INSERT only happens
 * when she is still a participant, the ride is not cancelled and the write window is open, and
 * does nothing when the id exists. The read-back tells a fresh insert, an idempotent resend and
 * a foreign id apart (the latter is refused without revealing anything about it).
 */
export interface UserMessageInput {
  id: string;
  rideId: string;
  userId: string;
  /** The session her socket was opened with: a revoked one may not write (logout, new password). */
  sessionId: string;
  text: string;
  now: number;
}

/**
 * Session `sessionId` of user `userId` is still live at `now`: validateSessionToken's rule, so a
 * logout, a new password or a deleted account ends what an open socket may do.
 */
function liveSession(sessionId: string, userId: string, now: number) {
  return sql<number>`exists ${subquery`select 1 from ${sessions} where ${sessions.id} = ${sessionId}
    and ${sessions.userId} = ${userId} and ${sessions.expiresAt} > ${now}`}`;
}

/** The three statements that store one message (see storeUserMessages). */
function storeStatements(db: Database, input: UserMessageInput) {
  const { id, rideId, userId, sessionId, text, now } = input;
  return [
    db
      .select({
        status: rides.status,
        member: participates(rides.id, userId),
        live: liveSession(sessionId, userId, now),
      })
      .from(rides)
      .where(eq(rides.id, rideId)),
    runSql(
      db,
      sql`${INSERT_MESSAGE}
      select ${id}, ${rideId}, ${userId}, ${MESSAGE_KIND.user}, ${text}, ${now}
      where ${participates(rideId, userId)} and ${liveSession(sessionId, userId, now)}
        and exists ${subquery`select 1 from ${rides} where ${rides.id} = ${rideId}
          and ${ne(rides.status, "cancelled")} and ${rides.startTime} + ${CHAT_WRITE_WINDOW_MS} >= ${now}`}
      on conflict (${columnNames(rideMessages.id)}) do nothing`,
    ),
    messagesQuery(db).where(eq(rideMessages.id, id)),
  ] as const;
}

type StoreResults = BatchResponse<ReturnType<typeof storeStatements>>;

function storeOutcome(
  input: UserMessageInput,
  [states, inserted, rows]: StoreResults,
): StoreResult {
  const state = states[0];
  // Before the read-back: a revoked session is not even told that a resend was stored.
  if (state && state.live !== 1) return { ok: false, code: "unauthenticated" };
  const row = rows[0];
  if (row) {
    if (
      row.rideId !== input.rideId ||
      row.userId !== input.userId ||
      row.kind !== MESSAGE_KIND.user
    ) {
      return { ok: false, code: "conflict" };
    }
    return { ok: true, message: toChatMessage(row), inserted: inserted.meta.changes > 0 };
  }
  if (!state) return { ok: false, code: "not_found" };
  if (state.member !== 1) return { ok: false, code: "not_participant" };
  if (state.status === "cancelled") return { ok: false, code: "ride_cancelled" };
  return { ok: false, code: "chat_closed" };
}

/**
 * Stores participants' messages exactly once, in ONE D1 round trip for the whole group (a batch
 * is one transaction). Per message: the INSERT only happens when her session is still valid,
 * she is still a participant, the ride is not cancelled and the write window is open, and does
 * nothing when the id exists; the read-back tells a fresh insert, an idempotent resend and a
 * foreign id apart (the latter is refused without revealing anything about it). Results come
 * back in input order. The same batch checks the room's open sockets (`openSessions`, see
 * socketAccessQuery), so re-authorizing the broadcast costs no extra round trip.
 */
export async function storeUserMessages(
  db: Database,
  inputs: UserMessageInput[],
  openSessions: string[],
): Promise<{ results: StoreResult[]; access: RoomAccess }> {
  const first = inputs[0];
  if (!first) return { results: [], access: new RoomAccess(new Map()) };
  const authors = inputs.map((input) => input.userId);
  const check = socketAccessQuery(db, first.rideId, openSessions, Date.now(), authors);
  const batch = await batchList(db, [
    ...inputs.flatMap((input) => storeStatements(db, input)),
    ...(check ? [check] : []),
  ]);
  return {
    results: inputs.map((input, i) =>
      storeOutcome(input, batch.slice(i * 3, i * 3 + 3) as unknown as StoreResults),
    ),
    access: socketAccessOutcome(
      openSessions,
      check ? (batch[inputs.length * 3] as SocketAccessRow[]) : [],
    ),
  };
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
function blockedAmong(userId: SQLWrapper, authorIds: readonly string[]) {
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
function socketAccessQuery(
  db: Database,
  rideId: string,
  sessionIds: string[],
  now: number,
  authorIds: readonly string[] = [],
) {
  if (sessionIds.length === 0) return null;
  return db
    .select({
      id: sessions.id,
      member: participates(rideId, sessions.userId),
      blocked: blockedAmong(sessions.userId, authorIds),
    })
    .from(sessions)
    .where(liveAmong(sessionIds, now));
}

type SocketAccessRow = Awaited<
  ReturnType<NonNullable<ReturnType<typeof socketAccessQuery>>["all"]>
>[number];

/** Every asked session id with its verdict: absent from the answer means the session ended. */
function socketAccessOutcome(sessionIds: string[], rows: SocketAccessRow[]): RoomAccess {
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

/** A system notice (edit, cancellation): no author, no window — the organizer's action decides. */
export async function storeSystemMessage(
  db: Database,
  input: { id: string; rideId: string; text: string; now: number },
): Promise<ChatMessage | null> {
  const [, rows] = await db.batch([
    runSql(
      db,
      sql`${INSERT_MESSAGE}
      select ${input.id}, ${input.rideId}, null, ${MESSAGE_KIND.system}, ${input.text}, ${input.now}
      where exists ${subquery`select 1 from ${rides} where ${rides.id} = ${input.rideId}`}
      on conflict (${columnNames(rideMessages.id)}) do nothing`,
    ),
    messagesQuery(db).where(
      and(eq(rideMessages.id, input.id), eq(rideMessages.rideId, input.rideId)),
    ),
  ]);
  return rows[0] ? toChatMessage(rows[0]) : null;
}

/** One stored message of a ride (e.g. a notice the rides API wrote in its own batch). */
export async function loadMessage(
  db: Database,
  rideId: string,
  messageId: string,
): Promise<ChatMessage | null> {
  const row = await messagesQuery(db)
    .where(and(eq(rideMessages.id, messageId), eq(rideMessages.rideId, rideId)))
    .get();
  return row ? toChatMessage(row) : null;
}

/** The message `messageId` of the ride as a one-row table (created_at, id): a page's cursor. */
function cursorOf(db: Database, rideId: string, messageId: string) {
  return db.$with("cursor").as(
    db
      .select({ ts: rideMessages.createdAt, cid: rideMessages.id })
      .from(rideMessages)
      .where(and(eq(rideMessages.id, messageId), eq(rideMessages.rideId, rideId))),
  );
}

/** Messages with their author's profile, beside the cursor row (one statement, no second read). */
function messagesBesideCursor(db: Database, cursor: ReturnType<typeof cursorOf>) {
  return db
    .with(cursor)
    .select(messageColumns)
    .from(rideMessages)
    .leftJoin(profiles, eq(profiles.userId, rideMessages.userId))
    .innerJoin(cursor, sql`true`)
    .$dynamic();
}

/**
 * A page before `before` (latest page when absent), returned oldest → newest, of the messages
 * `viewerId` may read (none by someone she and the author blocked each other).
 */
export async function historyPage(
  db: Database,
  rideId: string,
  options: { before?: string | undefined; limit: number; viewerId: string },
): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
  const conditions = [eq(rideMessages.rideId, rideId), visibleTo(options.viewerId)];
  const order = [desc(rideMessages.createdAt), desc(rideMessages.id)];
  const query = options.before
    ? (() => {
        const cursor = cursorOf(db, rideId, options.before);
        return messagesBesideCursor(db, cursor)
          .where(
            and(
              ...conditions,
              or(
                lt(rideMessages.createdAt, cursor.ts),
                and(eq(rideMessages.createdAt, cursor.ts), lt(rideMessages.id, cursor.cid)),
              ),
            ),
          )
          .orderBy(...order)
          .limit(options.limit + 1);
      })()
    : messagesQuery(db)
        .where(and(...conditions))
        .orderBy(...order)
        .limit(options.limit + 1);
  const rows = await query.all();
  const hasMore = rows.length > options.limit;
  return { messages: rows.slice(0, options.limit).reverse().map(toChatMessage), hasMore };
}

/**
 * Everything after the client's last message id, oldest → newest, at most `limit`, of what
 * `viewerId` may read. `null` when the cursor is unknown in this ride (the client then reloads
 * the latest page).
 */
export async function messagesAfter(
  db: Database,
  rideId: string,
  after: string,
  limit: number,
  viewerId: string,
): Promise<{ messages: ChatMessage[]; hasMore: boolean } | null> {
  const cursor = cursorOf(db, rideId, after);
  const [found, rows] = await db.batch([
    db
      .select({ id: rideMessages.id })
      .from(rideMessages)
      .where(and(eq(rideMessages.id, after), eq(rideMessages.rideId, rideId))),
    messagesBesideCursor(db, cursor)
      .where(
        and(
          eq(rideMessages.rideId, rideId),
          or(
            gt(rideMessages.createdAt, cursor.ts),
            and(eq(rideMessages.createdAt, cursor.ts), gt(rideMessages.id, cursor.cid)),
          ),
          visibleTo(viewerId),
        ),
      )
      .orderBy(asc(rideMessages.createdAt), asc(rideMessages.id))
      .limit(limit + 1),
  ]);
  if (found.length === 0) return null;
  return { messages: rows.slice(0, limit).map(toChatMessage), hasMore: rows.length > limit };
}

/** Sets her last_seen_at; false when she is not (or no longer) a participant. */
export async function markRead(
  db: Database,
  rideId: string,
  userId: string,
  now: number,
  /** From an open socket: only while the session it was opened with is still live. */
  sessionId?: string,
): Promise<boolean> {
  const result = await db
    .update(rideParticipants)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(rideParticipants.rideId, rideId),
        eq(rideParticipants.userId, userId),
        sessionId ? liveSession(sessionId, userId, now) : undefined,
      ),
    )
    .run();
  return result.meta.changes > 0;
}

const m = alias(rideMessages, "m");

/**
 * How many messages of her participation's ride are unread for her (`ride_participants` joined
 * with its `rides` row): newer than what she has seen, neither hers nor, for the organizer, a
 * system notice (every notice, edit or cancellation, is the organizer's own doing, so it never
 * waits unread for her), nor by someone she and the author blocked each other.
 */
const unreadCount = subquery<number>`select count(*) from ${rideMessages} ${m}
  where ${m.rideId} = ${rideParticipants.rideId}
    and ${m.userId} is not ${rideParticipants.userId}
    and (${ne(m.kind, MESSAGE_KIND.system)} or ${rideParticipants.userId} is not ${rides.organizerId})
    and (${rideParticipants.lastSeenAt} is null or ${m.createdAt} > ${rideParticipants.lastSeenAt})
    and not ${blockedBetween(rideParticipants.userId, m.userId)}`;

/**
 * Unread count per participant of one ride (see unreadCount), with the ride's title, whether she
 * organises it and which of `authorIds` (the burst being announced) she and they blocked each
 * other: one query, for the live notifications.
 */
export async function unreadByParticipant(
  db: Database,
  rideId: string,
  authorIds: readonly string[] = [],
) {
  const rows = await db
    .select({
      userId: rideParticipants.userId,
      title: rides.title,
      organizerId: rides.organizerId,
      unread: unreadCount,
      blocked: blockedAmong(rideParticipants.userId, authorIds),
    })
    .from(rideParticipants)
    .innerJoin(rides, eq(rides.id, rideParticipants.rideId))
    .where(eq(rideParticipants.rideId, rideId))
    .all();
  return rows.map((r) => ({
    userId: r.userId,
    title: r.title,
    isOrganizer: r.userId === r.organizerId,
    unread: r.unread,
    blockedAuthors: new Set(JSON.parse(r.blocked) as string[]),
  }));
}

const last = alias(rideMessages, "lm");
const latest = alias(rideMessages, "m2");

/**
 * Her chat candidates (published rides she is in that started within the last 24 h or later)
 * with unread counts and the last message, newest conversation first. ONE query whatever the
 * number of rides: the counts and last message are correlated subqueries served by
 * ride_messages_ride_created_idx. Her candidates are a range of ride_participants_user_start_idx
 * (the ride's status and start copied into her participation, ADR 0015); CROSS JOIN keeps them
 * the outer loop, so SQLite never walks every upcoming ride of the app looking for hers.
 */
export async function listChats(
  db: Database,
  userId: string,
  now: number,
): Promise<ChatListItem[]> {
  const rows = await db
    .select({
      id: rides.id,
      title: rides.title,
      startTime: rides.startTime,
      unread: unreadCount,
      lastBody: sql<
        string | null
      >`case when ${last.hiddenAt} is null then ${last.body} else ${MSG.messageHidden} end`,
      lastAt: last.createdAt,
      lastKind: last.kind,
    })
    .from(rideParticipants)
    .crossJoin(rides)
    .leftJoin(
      last,
      eq(
        last.id,
        subquery`select ${latest.id} from ${rideMessages} ${latest} where ${latest.rideId} = ${rides.id}
          and not ${blockedBetween(userId, latest.userId)}
          order by ${latest.createdAt} desc, ${latest.id} desc limit 1`,
      ),
    )
    .where(
      and(
        eq(rides.id, rideParticipants.rideId),
        eq(rideParticipants.userId, userId),
        eq(rideParticipants.rideStatus, "published"),
        gte(rideParticipants.rideStartTime, chatCandidateSince(now)),
      ),
    )
    .orderBy(sql`${last.createdAt} is null`, desc(last.createdAt), asc(rides.startTime))
    .all();
  return rows.map((r) => ({
    rideId: r.id,
    title: r.title,
    startTime: r.startTime,
    unread: r.unread,
    lastMessage:
      r.lastBody !== null && r.lastAt !== null
        ? {
            text: r.lastBody,
            createdAt: new Date(r.lastAt).toISOString(),
            kind: r.lastKind ?? MESSAGE_KIND.user,
          }
        : null,
  }));
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
