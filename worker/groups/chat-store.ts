// 'Charla del grupo' on D1 (docs/decisions/0058-the-group-chat.md): the group's messages
// (group_messages), who may read and write them (the members of an active group, with a live
// session), her read state (group_members.chat_seen_at) and the unread counts. The chat's part
// (worker/chat/room/) runs on this store in the group's room as it runs on the ride's in a ride's.
import { and, asc, desc, eq, isNotNull, not, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import { SYNC_HIDDEN_MAX } from "../../domain/chat-protocol.ts";
import { groupChatPath } from "../../domain/groups.ts";
import { GROUP_CHAT_TEXT } from "../../domain/texts/groups-chat.ts";
import { groupUnreadCount } from "../chat/group-unread.ts";
import {
  type StoreReadBack,
  type StoreResult,
  storeOutcome,
  toChatMessage,
  type UserMessageInput,
} from "../chat/messages.ts";
import type { ChatReader, ChatStore } from "../chat/room/chat-store.ts";
import { batchList, runSql } from "../db/client.ts";
import { groupMembers, groupMessages, groups, profiles } from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import {
  blockedAmong,
  liveSession,
  type RoomAccess,
  roomAccessQuery,
  type SocketAccessRow,
  socketAccessOutcome,
} from "../ride-core/access.ts";
import { blockedBetween, unlessNoBlocks } from "../ride-core/block-sql.ts";
import { MESSAGE_KIND } from "../ride-core/message-insert.ts";
import { isVerifiedSql } from "../ride-core/verified-sql.ts";

const gm = groupMessages;
const member = alias(groupMembers, "chat_member");
const group = alias(groups, "chat_group");

/** 1 when `userId` is a member of group `groupId` and the group is active (not archived, suspended). */
export function groupChatMember(groupId: SQLWrapper | string, userId: SQLWrapper | string) {
  return sql<number>`exists ${subquery`select 1 from ${groupMembers} ${member}
    join ${groups} ${group} on ${group.id} = ${member.groupId}
    where ${member.groupId} = ${groupId} and ${member.userId} = ${userId}
      and ${group.status} = 'active'`}`;
}

/** A group message's columns with its author's profile, named as a ride's (rideId: the group). */
const columns = {
  id: gm.id,
  rideId: gm.groupId,
  userId: gm.userId,
  kind: gm.kind,
  body: gm.body,
  hiddenAt: gm.hiddenAt,
  createdAt: gm.createdAt,
  username: profiles.username,
  avatarKey: profiles.avatarKey,
  verified: isVerifiedSql(gm.userId),
};

function messagesQuery(db: Database) {
  return db.select(columns).from(gm).leftJoin(profiles, eq(profiles.userId, gm.userId)).$dynamic();
}

/** Not by someone she and the author blocked each other (docs/product.md#blocking). */
const visibleTo = (viewerId: string) => not(blockedBetween(viewerId, gm.userId));

/** (created_at, id) beside message `messageId` of the group: `<` before it, `>` after it. */
function besideCursor(groupId: string, messageId: string, op: "<" | ">" | "<=") {
  const c = alias(groupMessages, "cursor");
  return sql`(${gm.createdAt}, ${gm.id}) ${sql.raw(op)} (${subquery`select ${c.createdAt}, ${c.id}
    from ${groupMessages} ${c} where ${c.id} = ${messageId} and ${c.groupId} = ${groupId}`})`;
}

function storeStatements(db: Database, input: UserMessageInput) {
  const { id, rideId: groupId, userId, sessionId, text, now } = input;
  return [
    db
      .select({
        status: groups.status,
        member: groupChatMember(groups.id, userId),
        live: liveSession(sessionId, userId, now),
      })
      .from(groups)
      .where(eq(groups.id, groupId)),
    runSql(
      db,
      sql`insert into ${gm} (${columnNames(gm.id, gm.groupId, gm.userId, gm.kind, gm.body, gm.createdAt)})
      select ${id}, ${groupId}, ${userId}, ${MESSAGE_KIND.user}, ${text}, ${now}
      where ${groupChatMember(groupId, userId)} and ${liveSession(sessionId, userId, now)}
      on conflict (${columnNames(gm.id)}) do nothing`,
    ),
    messagesQuery(db).where(eq(gm.id, id)),
  ] as const;
}

export const groupChatStore: ChatStore = {
  async access(db, groupId, sessionIds, now, authorIds = []): Promise<RoomAccess> {
    const query = roomAccessQuery(
      db,
      sessionIds,
      now,
      (userId) => groupChatMember(groupId, userId),
      authorIds,
    );
    return socketAccessOutcome(sessionIds, query ? await query.all() : []);
  },

  async storeUserMessages(db, inputs, openSessions) {
    const first = inputs[0];
    if (!first) return { results: [], access: socketAccessOutcome([], []) };
    // The same batch re-checks the room's open sockets: the broadcast costs no round trip.
    const check = roomAccessQuery(
      db,
      openSessions,
      Date.now(),
      (userId) => groupChatMember(first.rideId, userId),
      inputs.map((input) => input.userId),
    );
    const batch = await batchList(db, [
      ...inputs.flatMap((input) => storeStatements(db, input)),
      ...(check ? [check] : []),
    ]);
    const results: StoreResult[] = inputs.map((input, i) =>
      storeOutcome(input, batch.slice(i * 3, i * 3 + 3) as unknown as StoreReadBack),
    );
    const rows = check ? (batch[inputs.length * 3] as SocketAccessRow[]) : [];
    return { results, access: socketAccessOutcome(openSessions, rows) };
  },

  async storeSystemMessage(db, input): Promise<ChatMessage | null> {
    const [, rows] = await db.batch([
      runSql(
        db,
        sql`insert into ${gm} (${columnNames(gm.id, gm.groupId, gm.userId, gm.kind, gm.body, gm.createdAt)})
        select ${input.id}, ${input.rideId}, null, ${MESSAGE_KIND.system}, ${input.text}, ${input.now}
        where exists ${subquery`select 1 from ${groups} where ${groups.id} = ${input.rideId}`}
        on conflict (${columnNames(gm.id)}) do nothing`,
      ),
      messagesQuery(db).where(and(eq(gm.id, input.id), eq(gm.groupId, input.rideId))),
    ]);
    return rows[0] ? toChatMessage(rows[0]) : null;
  },

  async loadMessage(db, groupId, messageId) {
    const row = await messagesQuery(db)
      .where(and(eq(gm.id, messageId), eq(gm.groupId, groupId)))
      .get();
    return row ? toChatMessage(row) : null;
  },

  async historyPage(db, groupId, options) {
    const rows = await messagesQuery(db)
      .where(
        and(
          eq(gm.groupId, groupId),
          visibleTo(options.viewerId),
          options.before ? besideCursor(groupId, options.before, "<") : undefined,
        ),
      )
      .orderBy(desc(gm.createdAt), desc(gm.id))
      .limit(options.limit + 1)
      .all();
    const hasMore = rows.length > options.limit;
    return { messages: rows.slice(0, options.limit).reverse().map(toChatMessage), hasMore };
  },

  async messagesAfter(db, groupId, after, limit, viewerId) {
    const [found, rows, hiddenRows] = await db.batch([
      db
        .select({ id: gm.id })
        .from(gm)
        .where(and(eq(gm.id, after), eq(gm.groupId, groupId))),
      messagesQuery(db)
        .where(and(eq(gm.groupId, groupId), besideCursor(groupId, after, ">"), visibleTo(viewerId)))
        .orderBy(asc(gm.createdAt), asc(gm.id))
        .limit(limit + 1),
      db
        .select({ id: gm.id })
        .from(gm)
        .where(
          and(
            eq(gm.groupId, groupId),
            isNotNull(gm.hiddenAt),
            besideCursor(groupId, after, "<="),
            visibleTo(viewerId),
          ),
        )
        .orderBy(desc(gm.createdAt), desc(gm.id))
        .limit(SYNC_HIDDEN_MAX),
    ]);
    if (found.length === 0) return null;
    const hidden = hiddenRows.map((row) => row.id);
    return {
      messages: rows.slice(0, limit).map(toChatMessage),
      hasMore: rows.length > limit,
      ...(hidden.length > 0 ? { hidden } : {}),
    };
  },

  async markRead(db, groupId, userId, now, sessionId) {
    const result = await db
      .update(groupMembers)
      .set({ chatSeenAt: now })
      .where(
        and(
          eq(groupMembers.groupId, groupId),
          eq(groupMembers.userId, userId),
          groupChatMember(groupId, userId),
          sessionId ? liveSession(sessionId, userId, now) : undefined,
        ),
      )
      .run();
    return result.meta.changes > 0;
  },

  async readers(db, groupId, authorIds = []): Promise<ChatReader[]> {
    const m = groupMembers;
    const rows = await db
      .select({
        userId: m.userId,
        title: groups.name,
        slug: groups.slug,
        // Her block lookups per message only when she has any block at all (unlessNoBlocks).
        unread: unlessNoBlocks(
          m.userId,
          groupUnreadCount(m, () => sql`0`),
          groupUnreadCount(m, (author) => blockedBetween(m.userId, author)),
        ).mapWith(Number),
        blocked: blockedAmong(m.userId, authorIds),
      })
      .from(m)
      .innerJoin(groups, eq(groups.id, m.groupId))
      .where(and(eq(m.groupId, groupId), eq(groups.status, "active")))
      .all();
    return rows.map((r) => ({
      userId: r.userId,
      title: r.title,
      slug: r.slug,
      isOrganizer: false,
      unread: r.unread,
      blockedAuthors: new Set(JSON.parse(r.blocked) as string[]),
    }));
  },

  unreadFrame: (groupId, reader) => ({
    type: "group-unread",
    groupId,
    slug: reader.slug ?? "",
    count: reader.unread,
  }),

  push: (room, unread) => ({
    title: GROUP_CHAT_TEXT.pushTitle(room.title),
    body: GROUP_CHAT_TEXT.pushBody(unread),
    url: groupChatPath(room.slug ?? ""),
    tag: `group-chat-${room.id}`,
  }),
};

/** Her unread count in the group's chat (the group page's entry); 0 when she is no member. */
export async function groupChatUnread(db: Database, groupId: string, userId: string) {
  const m = groupMembers;
  const row = await db
    .select({ unread: groupUnreadCount(m, (author) => blockedBetween(m.userId, author)) })
    .from(m)
    .where(and(eq(m.groupId, groupId), eq(m.userId, userId)))
    .get();
  return row?.unread ?? 0;
}
