// Chat messages on D1 (the system of record): the send path is one conditional INSERT plus its
// read-back in a single batch, written with drizzle's `sql` where the builder cannot say it;
// history and catch-up pages; system notices.
import {
  and,
  asc,
  desc,
  eq,
  gt,
  isNotNull,
  lt,
  lte,
  ne,
  not,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { type ChatMessage, SYNC_HIDDEN_MAX } from "../../domain/chat-protocol.ts";
import { CHAT_WRITE_WINDOW_MS, DEFAULT_AVATAR_KEY } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { batchList, runSql } from "../db/client.ts";
import { profiles, rideMessages, rides } from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import {
  liveSession,
  participates,
  RoomAccess,
  type SocketAccessRow,
  socketAccessOutcome,
  socketAccessQuery,
} from "../ride-core/access.ts";
import { blockedBetween, rideHiddenFrom } from "../ride-core/block-sql.ts";
import { cancelledByOrganizerSql } from "../ride-core/cancelled-by.ts";
import { INSERT_MESSAGE, MESSAGE_KIND } from "../ride-core/message-insert.ts";
import { myRequestStatusSql } from "../ride-core/request-sql.ts";
import { isVerifiedSql } from "../ride-core/verified-sql.ts";

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
  verified: isVerifiedSql(rideMessages.userId),
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
        ? {
            username: row.username,
            avatarKey: row.avatarKey ?? DEFAULT_AVATAR_KEY,
            ...(row.verified ? { verified: true as const } : {}),
          }
        : null,
  };
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
 * The ride, whether she participates, how many messages she can read in it, how one joins it
 * and her request for a place on it (join by approval): one query.
 * null when the ride does not exist or a block hides it from her (the same answer).
 */
export async function loadChatInfo(db: Database, rideId: string, userId: string) {
  const row = await db
    .select({
      ...rideChatColumns,
      member: participates(rides.id, userId),
      messageCount: subquery<number>`select count(*) from ${rideMessages}
        where ${rideMessages.rideId} = ${rides.id} and ${visibleTo(userId)}`,
      joinMode: rides.joinMode,
      request: myRequestStatusSql(rides.id, userId),
    })
    .from(rides)
    .where(and(eq(rides.id, rideId), not(rideHiddenFrom(rides.id, userId))))
    .get();
  if (!row) return null;
  const { member, messageCount, cancelledByOrganizer, joinMode, request, ...rest } = row;
  const ride = { ...rest, cancelledByOrganizer: cancelledByOrganizer === 1 };
  return { ride, isParticipant: member === 1, messageCount, joinMode, request };
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

/** What storeOutcome reads of a send's three results, whatever room stored it. */
export type StoreReadBack = readonly [
  { status: string; member: number; live: number }[],
  { meta: { changes: number } },
  MessageRow[],
];

/**
 * A send's outcome from its three results: the room's state for her (`status`, `member`, `live`),
 * the INSERT's, and the read-back. A group's chat stores through it too (worker/groups/chat-store.ts).
 */
export function storeOutcome(
  input: UserMessageInput,
  [states, inserted, rows]: StoreReadBack,
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

/**
 * Messages ordered (created_at, id) before (`lt`) or after (`gt`) the cursor row; `lte` / `gte`
 * as `byId` takes the cursor itself in.
 */
function besideCursor(
  cursor: ReturnType<typeof cursorOf>,
  byTime: typeof lt,
  byId: typeof lt = byTime,
) {
  return or(
    byTime(rideMessages.createdAt, cursor.ts),
    and(eq(rideMessages.createdAt, cursor.ts), byId(rideMessages.id, cursor.cid)),
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
          .where(and(...conditions, besideCursor(cursor, lt)))
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
 * `viewerId` may read, and the ids of the newest hidden ones at or before it (`hidden`, absent
 * when none): a moderator's `hidden` frame reaches only open sockets, so this is how a copy she
 * held offline learns it. `null` when the cursor is unknown in this ride (the client then
 * reloads the latest page).
 */
export async function messagesAfter(
  db: Database,
  rideId: string,
  after: string,
  limit: number,
  viewerId: string,
): Promise<{ messages: ChatMessage[]; hasMore: boolean; hidden?: string[] } | null> {
  const cursor = cursorOf(db, rideId, after);
  const [found, rows, hiddenRows] = await db.batch([
    db
      .select({ id: rideMessages.id })
      .from(rideMessages)
      .where(and(eq(rideMessages.id, after), eq(rideMessages.rideId, rideId))),
    messagesBesideCursor(db, cursor)
      .where(and(eq(rideMessages.rideId, rideId), besideCursor(cursor, gt), visibleTo(viewerId)))
      .orderBy(asc(rideMessages.createdAt), asc(rideMessages.id))
      .limit(limit + 1),
    // Same batch: no round trip of its own. Bounded (SYNC_HIDDEN_MAX) though hiding is rare.
    db
      .with(cursor)
      .select({ id: rideMessages.id })
      .from(rideMessages)
      .innerJoin(cursor, sql`true`)
      .where(
        and(
          eq(rideMessages.rideId, rideId),
          isNotNull(rideMessages.hiddenAt),
          besideCursor(cursor, lt, lte),
          visibleTo(viewerId),
        ),
      )
      .orderBy(desc(rideMessages.createdAt), desc(rideMessages.id))
      .limit(SYNC_HIDDEN_MAX),
  ]);
  if (found.length === 0) return null;
  const hidden = hiddenRows.map((row) => row.id);
  return {
    messages: rows.slice(0, limit).map(toChatMessage),
    hasMore: rows.length > limit,
    ...(hidden.length > 0 ? { hidden } : {}),
  };
}
