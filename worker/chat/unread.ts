// Read state: her last_seen_at, the unread counts (correlated subqueries) per rider of a ride for
// the live notifications, and her chat list with each ride's unread count and last message, and
// her groups' chats with unread messages.
import { and, asc, desc, eq, gte, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ChatListItem, ChatsResponse } from "../../domain/api/chat.ts";
import { MSG } from "../../domain/messages.ts";
import { chatCandidateSince } from "../../domain/time.ts";
import { rideMessages, rideParticipants, rides } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import { StatementCache, type Viewer, viewerValue } from "../db/statements.ts";
import type { Database } from "../env.ts";
import { blockedAmong, liveSession } from "../ride-core/access.ts";
import { blockedBetween, blockedWithViewer, unlessNoBlocks } from "../ride-core/block-sql.ts";
import { MESSAGE_KIND } from "../ride-core/message-insert.ts";
import { groupChatListQuery } from "./group-unread.ts";

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
function unreadCount(blocked: SQL) {
  return subquery<number>`select count(*) from ${rideMessages} ${m}
  where ${m.rideId} = ${rideParticipants.rideId}
    and ${m.userId} is not ${rideParticipants.userId}
    and (${ne(m.kind, MESSAGE_KIND.system)} or ${rideParticipants.userId} is not ${rides.organizerId})
    and (${rideParticipants.lastSeenAt} is null or ${m.createdAt} > ${rideParticipants.lastSeenAt})
    and not ${blocked}`;
}

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
      // Her block lookups per message only when she has any block at all (unlessNoBlocks).
      unread: unlessNoBlocks(
        rideParticipants.userId,
        unreadCount(sql`0`),
        unreadCount(blockedBetween(rideParticipants.userId, m.userId)),
      ).mapWith(Number),
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
/** What her chat list reads of her rides (worker/db/schema.ts). */
const CHAT_LIST_INDEX = "rides_chat_list_idx";
const latest = alias(rideMessages, "m2");

/** What the chat list's statement binds (its placeholders: worker/db/statements.ts). */
interface ChatListParams {
  viewer: string;
  /** Rides that started after this are candidates (chatCandidateSince). */
  since: number;
}

export function chatListQuery(db: Database, p: ChatListParams) {
  // Her rides' titles and times from rides_chat_list_idx, and each last message by its rowid (in
  // the entries of ride_messages_ride_created_idx): no ride row and no lookup in the messages' id
  // index. Read through the rows and the id index, her ~100 rides' pages no longer fit SQLite's
  // page cache (2 MiB by default), and every request read them all again (ADR 0059).
  return db
    .select({
      // As SQL, not drizzle's columns: drizzle's select cannot name the index hint below, and
      // refuses columns of a table it did not join itself.
      id: sql<string>`${rides.id}`,
      title: sql<string>`${rides.title}`,
      startTime: sql<number>`${rides.startTime}`,
      timeZone: sql<string>`${rides.timeZone}`,
      // Her own list: the block lookups per message only when she has a block either way.
      unread: unreadCount(blockedWithViewer(p.viewer, m.userId)),
      lastBody: sql<
        string | null
      >`case when ${last.hiddenAt} is null then ${last.body} else ${MSG.messageHidden} end`,
      lastAt: last.createdAt,
      lastKind: last.kind,
    })
    .from(
      sql`${rideParticipants} cross join ${rides} indexed by ${sql.identifier(CHAT_LIST_INDEX)}`,
    )
    .leftJoin(
      last,
      sql`${last}.rowid = ${subquery`select ${latest}.rowid from ${rideMessages} ${latest} where ${latest.rideId} = ${rides.id}
          and not ${blockedWithViewer(p.viewer, latest.userId)}
          order by ${latest.createdAt} desc, ${latest.id} desc limit 1`}`,
    )
    .where(
      and(
        eq(rides.id, rideParticipants.rideId),
        eq(rideParticipants.userId, p.viewer),
        eq(rideParticipants.rideStatus, "published"),
        gte(rideParticipants.rideStartTime, p.since),
      ),
    )
    .orderBy(sql`${last.createdAt} is null`, desc(last.createdAt), asc(rides.startTime));
}

/**
 * The chat list's statements, written once per isolate for each of their three shapes: her id
 * bound, read from her session in the same batch, or her likely id bound beside her session's read
 * (ADR 0045, ADR 0046).
 */
const chatListStatements = new StatementCache<ChatListParams>(3);

/**
 * Her chat candidates (published rides she is in that started within the last 24 h or later)
 * with unread counts and the last message, newest conversation first. ONE query whatever the
 * number of rides: the counts and last message are correlated subqueries served by
 * ride_messages_ride_created_idx. Her candidates are a range of ride_participants_user_start_idx
 * (the ride's status and start copied into her participation, ADR 0015); CROSS JOIN keeps them
 * the outer loop, so SQLite never walks every upcoming ride of the app looking for hers. Her
 * groups' chats with unread messages come in the same batch (a second statement, one per group she
 * is in: group_members_user_idx).
 */
export async function listChats(db: Database, viewer: Viewer, now: number): Promise<ChatsResponse> {
  const {
    results: [rows, groupRows],
  } = await chatListStatements.batchFor(
    db,
    viewer,
    "chats",
    { viewer: viewerValue(viewer), since: chatCandidateSince(now) },
    (template, p) => [chatListQuery(template, p), groupChatListQuery(template, p)] as const,
  );
  const chats: ChatListItem[] = rows.map((r) => ({
    rideId: r.id,
    title: r.title,
    startTime: r.startTime,
    timeZone: r.timeZone,
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
  return { chats, groupChats: groupRows.filter((g) => g.unread > 0) };
}
