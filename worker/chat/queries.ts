// Chat queries on D1 (the system of record for messages and read state). Hand-written SQL:
// the send path is one conditional INSERT plus its read-back in a single batch, and the unread
// list needs correlated subqueries — both clearer in SQL than through the query builder.

import type { ChatListItem } from "../../domain/api/chat.ts";
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import { CHAT_WRITE_WINDOW_MS, type RideStatus } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { chatCandidateSince } from "../../domain/time.ts";
import { blockedBetweenSql, rideHiddenFromSql } from "../blocks/sql.ts";

/** A message row joined with its author's profile. */
interface MessageRow {
  id: string;
  ride_id: string;
  user_id: string | null;
  kind: "user" | "system";
  body: string;
  hidden_at: number | null;
  created_at: number;
  username: string | null;
  avatar_key: string | null;
}

const MESSAGE_SELECT = `SELECT m.id, m.ride_id, m.user_id, m.kind, m.body, m.hidden_at, m.created_at,
  p.username, p.avatar_key
  FROM ride_messages m LEFT JOIN profiles p ON p.user_id = m.user_id`;

/**
 * SQL: message `m` may be shown to `viewer` (a parameter such as "?3"): not by someone she and
 * the author blocked each other (DESIGN.md decision 16). System notices have no author.
 */
function visibleTo(viewer: string): string {
  return `NOT ${blockedBetweenSql(viewer, "m.user_id")}`;
}

/** A message as riders see it: one hidden by a moderator says so instead of its text. */
export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    rideId: row.ride_id,
    userId: row.user_id,
    kind: row.kind,
    text: row.hidden_at === null ? row.body : MSG.messageHidden,
    ...(row.hidden_at === null ? {} : { hidden: true }),
    createdAt: new Date(row.created_at).toISOString(),
    author:
      row.kind === "user" && row.username
        ? { username: row.username, avatarKey: row.avatar_key ?? "ava01" }
        : null,
  };
}

export interface RideChatState {
  id: string;
  title: string;
  startTime: number;
  status: RideStatus;
  organizerId: string | null;
}

export async function loadRide(d1: D1Database, rideId: string): Promise<RideChatState | null> {
  const row = await d1
    .prepare("SELECT id, title, start_time, status, organizer_id FROM rides WHERE id = ?")
    .bind(rideId)
    .first<{
      id: string;
      title: string;
      start_time: number;
      status: RideStatus;
      organizer_id: string | null;
    }>();
  return row
    ? {
        id: row.id,
        title: row.title,
        startTime: row.start_time,
        status: row.status,
        organizerId: row.organizer_id,
      }
    : null;
}

/**
 * The ride, whether she participates and how many messages she can read in it: one query.
 * null when the ride does not exist or a block hides it from her (the same answer).
 */
export async function loadChatInfo(d1: D1Database, rideId: string, userId: string) {
  const row = await d1
    .prepare(
      `SELECT r.id, r.title, r.start_time, r.status, r.organizer_id,
        EXISTS (SELECT 1 FROM ride_participants WHERE ride_id = r.id AND user_id = ?2) AS member,
        (SELECT count(*) FROM ride_messages m WHERE m.ride_id = r.id AND ${visibleTo("?2")}) AS message_count
      FROM rides r WHERE r.id = ?1 AND NOT ${rideHiddenFromSql("r.id", "?2")}`,
    )
    .bind(rideId, userId)
    .first<{
      id: string;
      title: string;
      start_time: number;
      status: RideStatus;
      organizer_id: string | null;
      member: number;
      message_count: number;
    }>();
  if (!row) return null;
  return {
    ride: {
      id: row.id,
      title: row.title,
      startTime: row.start_time,
      status: row.status,
      organizerId: row.organizer_id,
    },
    isParticipant: row.member === 1,
    messageCount: row.message_count,
  };
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
 * SQL: the session `id` of user `user` is still live at `now` (the arguments are the statement's
 * parameters, e.g. "?3"): validateSessionToken's rule, so a logout, a new password or a deleted
 * account ends what an open socket may do.
 */
function liveSession(id: string, user: string, now: string): string {
  return `EXISTS (SELECT 1 FROM sessions WHERE id = ${id} AND user_id = ${user} AND expires_at > ${now})`;
}

/** The three statements that store one message (see storeUserMessages). */
function storeStatements(d1: D1Database, input: UserMessageInput): D1PreparedStatement[] {
  const { id, rideId, userId, sessionId, text, now } = input;
  return [
    d1
      .prepare(
        `SELECT r.status, r.start_time,
          EXISTS (SELECT 1 FROM ride_participants WHERE ride_id = r.id AND user_id = ?2) AS member,
          ${liveSession("?3", "?2", "?4")} AS live
        FROM rides r WHERE r.id = ?1`,
      )
      .bind(rideId, userId, sessionId, now),
    d1
      .prepare(
        `INSERT INTO ride_messages (id, ride_id, user_id, kind, body, created_at)
        SELECT ?1, ?2, ?3, 'user', ?4, ?5
        WHERE EXISTS (SELECT 1 FROM ride_participants WHERE ride_id = ?2 AND user_id = ?3)
          AND ${liveSession("?7", "?3", "?5")}
          AND EXISTS (SELECT 1 FROM rides WHERE id = ?2 AND status != 'cancelled' AND start_time + ?6 >= ?5)
        ON CONFLICT (id) DO NOTHING`,
      )
      .bind(id, rideId, userId, text, now, CHAT_WRITE_WINDOW_MS, sessionId),
    d1.prepare(`${MESSAGE_SELECT} WHERE m.id = ?`).bind(id),
  ];
}

function storeOutcome(
  input: UserMessageInput,
  [stateResult, insertResult, rowResult]: D1Result[],
): StoreResult {
  const state = (
    stateResult?.results as {
      status: RideStatus;
      start_time: number;
      member: number;
      live: number;
    }[]
  )?.[0];
  // Before the read-back: a revoked session is not even told that a resend was stored.
  if (state && state.live !== 1) return { ok: false, code: "unauthenticated" };
  const row = (rowResult?.results as MessageRow[] | undefined)?.[0];
  if (row) {
    if (row.ride_id !== input.rideId || row.user_id !== input.userId || row.kind !== "user") {
      return { ok: false, code: "conflict" };
    }
    return {
      ok: true,
      message: toChatMessage(row),
      inserted: (insertResult?.meta.changes ?? 0) > 0,
    };
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
 * socketAccessStatement), so re-authorizing the broadcast costs no extra round trip.
 */
export async function storeUserMessages(
  d1: D1Database,
  inputs: UserMessageInput[],
  openSessions: string[],
): Promise<{ results: StoreResult[]; access: RoomAccess }> {
  const first = inputs[0];
  if (!first) return { results: [], access: new RoomAccess(new Map()) };
  const authors = inputs.map((input) => input.userId);
  const check = socketAccessStatement(d1, first.rideId, openSessions, Date.now(), authors);
  const batch = await d1.batch([
    ...inputs.flatMap((input) => storeStatements(d1, input)),
    ...(check ? [check] : []),
  ]);
  return {
    results: inputs.map((input, i) => storeOutcome(input, batch.slice(i * 3, i * 3 + 3))),
    access: socketAccessOutcome(openSessions, batch[inputs.length * 3]),
  };
}

/** Whether an open chat socket may still read the ride: see socketAccessStatement. */
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

  /** A message by `authorId` is not for this session's rider (decision 16). */
  hides(sessionId: string, authorId: string | null): boolean {
    return authorId !== null && this.blockedPairs.has(`${sessionId} ${authorId}`);
  }
}

/**
 * For one ride and the sessions its sockets were opened with: which sessions are still valid
 * (validateSessionToken's rule; a deleted user's sessions go with her, ON DELETE CASCADE),
 * whether each one's user still participates, and which of `authorIds` (the authors about to
 * be broadcast) she and they blocked each other. ONE statement whatever the number of sockets:
 * the ids travel as JSON arrays. null when there is nothing to check.
 */
function socketAccessStatement(
  d1: D1Database,
  rideId: string,
  sessionIds: string[],
  now: number,
  authorIds: readonly string[] = [],
): D1PreparedStatement | null {
  if (sessionIds.length === 0) return null;
  return d1
    .prepare(
      `SELECT s.id,
        EXISTS (SELECT 1 FROM ride_participants p WHERE p.ride_id = ?1 AND p.user_id = s.user_id) AS member,
        (SELECT json_group_array(a.value) FROM json_each(?4) a
          WHERE ${blockedBetweenSql("s.user_id", "a.value")}) AS blocked
      FROM sessions s
      WHERE s.id IN (SELECT value FROM json_each(?2)) AND s.expires_at > ?3`,
    )
    .bind(rideId, JSON.stringify(sessionIds), now, JSON.stringify([...new Set(authorIds)]));
}

/** Every asked session id with its verdict: absent from the answer means the session ended. */
function socketAccessOutcome(sessionIds: string[], result: D1Result | undefined): RoomAccess {
  const rows = (result?.results ?? []) as { id: string; member: number; blocked: string }[];
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
  d1: D1Database,
  rideId: string,
  sessionIds: string[],
  now: number,
  authorIds: readonly string[] = [],
): Promise<RoomAccess> {
  const statement = socketAccessStatement(d1, rideId, sessionIds, now, authorIds);
  return socketAccessOutcome(sessionIds, statement ? await statement.run() : undefined);
}

/**
 * The still-valid sessions among `sessionIds` (UserHub, before a frame): one query. Valid is
 * validateSessionToken's rule: the row exists (logout, password change and account deletion
 * delete it) and `expires_at > now`.
 */
export async function liveSessions(
  d1: D1Database,
  sessionIds: string[],
  now: number,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const { results } = await d1
    .prepare(
      `SELECT s.id FROM sessions s
      WHERE s.id IN (SELECT value FROM json_each(?1)) AND s.expires_at > ?2`,
    )
    .bind(JSON.stringify(sessionIds), now)
    .all<{ id: string }>();
  return new Set(results.map((r) => r.id));
}

/** A system notice (edit, cancellation): no author, no window — the organizer's action decides. */
export async function storeSystemMessage(
  d1: D1Database,
  input: { id: string; rideId: string; text: string; now: number },
): Promise<ChatMessage | null> {
  const [, rowResult] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO ride_messages (id, ride_id, user_id, kind, body, created_at)
        SELECT ?1, ?2, NULL, 'system', ?3, ?4 WHERE EXISTS (SELECT 1 FROM rides WHERE id = ?2)
        ON CONFLICT (id) DO NOTHING`,
      )
      .bind(input.id, input.rideId, input.text, input.now),
    d1.prepare(`${MESSAGE_SELECT} WHERE m.id = ? AND m.ride_id = ?`).bind(input.id, input.rideId),
  ]);
  const row = (rowResult?.results as MessageRow[] | undefined)?.[0];
  return row ? toChatMessage(row) : null;
}

/** One stored message of a ride (e.g. a notice the rides API wrote in its own batch). */
export async function loadMessage(
  d1: D1Database,
  rideId: string,
  messageId: string,
): Promise<ChatMessage | null> {
  const row = await d1
    .prepare(`${MESSAGE_SELECT} WHERE m.id = ? AND m.ride_id = ?`)
    .bind(messageId, rideId)
    .first<MessageRow>();
  return row ? toChatMessage(row) : null;
}

/**
 * A page before `before` (latest page when absent), returned oldest → newest, of the messages
 * `viewerId` may read (none by someone she and the author blocked each other).
 */
export async function historyPage(
  d1: D1Database,
  rideId: string,
  options: { before?: string | undefined; limit: number; viewerId: string },
): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
  const statement = options.before
    ? d1
        .prepare(
          `WITH cursor AS (SELECT created_at AS ts, id AS cid FROM ride_messages WHERE id = ?2 AND ride_id = ?1)
          ${MESSAGE_SELECT}, cursor
          WHERE m.ride_id = ?1 AND (m.created_at < cursor.ts OR (m.created_at = cursor.ts AND m.id < cursor.cid))
            AND ${visibleTo("?4")}
          ORDER BY m.created_at DESC, m.id DESC LIMIT ?3`,
        )
        .bind(rideId, options.before, options.limit + 1, options.viewerId)
    : d1
        .prepare(
          `${MESSAGE_SELECT} WHERE m.ride_id = ?1 AND ${visibleTo("?3")}
          ORDER BY m.created_at DESC, m.id DESC LIMIT ?2`,
        )
        .bind(rideId, options.limit + 1, options.viewerId);
  const { results } = await statement.all<MessageRow>();
  const hasMore = results.length > options.limit;
  return { messages: results.slice(0, options.limit).reverse().map(toChatMessage), hasMore };
}

/**
 * Everything after the client's last message id, oldest → newest, at most `limit`, of what
 * `viewerId` may read. `null` when the cursor is unknown in this ride (the client then reloads
 * the latest page).
 */
export async function messagesAfter(
  d1: D1Database,
  rideId: string,
  after: string,
  limit: number,
  viewerId: string,
): Promise<{ messages: ChatMessage[]; hasMore: boolean } | null> {
  const [cursorResult, pageResult] = await d1.batch([
    d1
      .prepare("SELECT 1 AS found FROM ride_messages WHERE id = ?2 AND ride_id = ?1")
      .bind(rideId, after),
    d1
      .prepare(
        `WITH cursor AS (SELECT created_at AS ts, id AS cid FROM ride_messages WHERE id = ?2 AND ride_id = ?1)
        ${MESSAGE_SELECT}, cursor
        WHERE m.ride_id = ?1 AND (m.created_at > cursor.ts OR (m.created_at = cursor.ts AND m.id > cursor.cid))
          AND ${visibleTo("?4")}
        ORDER BY m.created_at ASC, m.id ASC LIMIT ?3`,
      )
      .bind(rideId, after, limit + 1, viewerId),
  ]);
  if (!cursorResult?.results.length) return null;
  const rows = (pageResult?.results ?? []) as MessageRow[];
  return { messages: rows.slice(0, limit).map(toChatMessage), hasMore: rows.length > limit };
}

/** Sets her last_seen_at; false when she is not (or no longer) a participant. */
export async function markRead(
  d1: D1Database,
  rideId: string,
  userId: string,
  now: number,
  /** From an open socket: only while the session it was opened with is still live. */
  sessionId?: string,
): Promise<boolean> {
  const statement = sessionId
    ? d1
        .prepare(
          `UPDATE ride_participants SET last_seen_at = ?1 WHERE ride_id = ?2 AND user_id = ?3
            AND ${liveSession("?4", "?3", "?1")}`,
        )
        .bind(now, rideId, userId, sessionId)
    : d1
        .prepare("UPDATE ride_participants SET last_seen_at = ? WHERE ride_id = ? AND user_id = ?")
        .bind(now, rideId, userId);
  const result = await statement.run();
  return result.meta.changes > 0;
}

/**
 * Whether message `m` is unread for participant `p` of ride `r`: newer than what she has seen,
 * and neither hers nor, for the organizer, a system notice: every notice (edit, cancellation)
 * is the organizer's own doing, so it never waits unread for her.
 */
const UNREAD_FOR_PARTICIPANT = `m.user_id IS NOT p.user_id
            AND (m.kind <> 'system' OR p.user_id IS NOT r.organizer_id)
            AND (p.last_seen_at IS NULL OR m.created_at > p.last_seen_at)
            AND NOT ${blockedBetweenSql("p.user_id", "m.user_id")}`;

/**
 * Unread count per participant of one ride (see UNREAD_FOR_PARTICIPANT), with the ride's title,
 * whether she organises it and which of `authorIds` (the burst being announced) she and they
 * blocked each other: one query, for the live notifications.
 */
export async function unreadByParticipant(
  d1: D1Database,
  rideId: string,
  authorIds: readonly string[] = [],
) {
  const { results } = await d1
    .prepare(
      `SELECT p.user_id, r.title, r.organizer_id,
        (SELECT count(*) FROM ride_messages m
          WHERE m.ride_id = p.ride_id AND ${UNREAD_FOR_PARTICIPANT}) AS unread,
        (SELECT json_group_array(a.value) FROM json_each(?2) a
          WHERE ${blockedBetweenSql("p.user_id", "a.value")}) AS blocked
      FROM ride_participants p JOIN rides r ON r.id = p.ride_id
      WHERE p.ride_id = ?1`,
    )
    .bind(rideId, JSON.stringify([...new Set(authorIds)]))
    .all<{
      user_id: string;
      title: string;
      organizer_id: string | null;
      unread: number;
      blocked: string;
    }>();
  return results.map((r) => ({
    userId: r.user_id,
    title: r.title,
    isOrganizer: r.user_id === r.organizer_id,
    unread: r.unread,
    blockedAuthors: new Set(JSON.parse(r.blocked) as string[]),
  }));
}

/**
 * Her chat candidates (published rides she is in that started within the last 24 h or later)
 * with unread counts and the last message, newest conversation first. ONE query whatever the
 * number of rides: the counts and last message are correlated subqueries served by
 * ride_messages_ride_created_idx. Her candidates are a range of ride_participants_user_start_idx
 * (the ride's status and start copied into her participation, ADR 0015); CROSS JOIN keeps them
 * the outer loop, so SQLite never walks every upcoming ride of the app looking for hers.
 */
export async function listChats(
  d1: D1Database,
  userId: string,
  now: number,
): Promise<ChatListItem[]> {
  const { results } = await d1
    .prepare(
      `SELECT r.id, r.title, r.start_time,
        (SELECT count(*) FROM ride_messages m
          WHERE m.ride_id = r.id AND ${UNREAD_FOR_PARTICIPANT}) AS unread,
        CASE WHEN lm.hidden_at IS NULL THEN lm.body ELSE ?3 END AS last_body,
        lm.created_at AS last_at, lm.kind AS last_kind
      FROM ride_participants p
      CROSS JOIN rides r ON r.id = p.ride_id
      LEFT JOIN ride_messages lm ON lm.id = (
        SELECT m2.id FROM ride_messages m2 WHERE m2.ride_id = r.id
          AND NOT ${blockedBetweenSql("?1", "m2.user_id")}
        ORDER BY m2.created_at DESC, m2.id DESC LIMIT 1)
      WHERE p.user_id = ?1 AND p.ride_status = 'published' AND p.ride_start_time >= ?2
      ORDER BY lm.created_at IS NULL, lm.created_at DESC, r.start_time ASC`,
    )
    .bind(userId, chatCandidateSince(now), MSG.messageHidden)
    .all<{
      id: string;
      title: string;
      start_time: number;
      unread: number;
      last_body: string | null;
      last_at: number | null;
      last_kind: "user" | "system" | null;
    }>();
  return results.map((r) => ({
    rideId: r.id,
    title: r.title,
    startTime: r.start_time,
    unread: r.unread,
    lastMessage:
      r.last_body !== null && r.last_at !== null
        ? {
            text: r.last_body,
            createdAt: new Date(r.last_at).toISOString(),
            kind: r.last_kind ?? "user",
          }
        : null,
  }));
}

/**
 * What the socket upgrade needs: the ride's existence (as she may see it: a block hides it like
 * a missing ride) and her membership.
 */
export async function loadSocketAccess(d1: D1Database, rideId: string, userId: string) {
  return d1
    .prepare(
      `SELECT r.id,
        EXISTS (SELECT 1 FROM ride_participants WHERE ride_id = r.id AND user_id = ?2) AS member
      FROM rides r WHERE r.id = ?1 AND NOT ${rideHiddenFromSql("r.id", "?2")}`,
    )
    .bind(rideId, userId)
    .first<{ id: string; member: number }>();
}
