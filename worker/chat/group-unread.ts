// A group chat's unread messages ('Charla del grupo', docs/decisions/0058-the-group-chat.md), below
// the groups' folder: the group's store counts them for its room's readers, and her chat list
// (/api/chats) for the app's badge, with one rule.
import { and, eq, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { groupMembers, groupMessages, groups } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { blockedWithViewer } from "../ride-core/block-sql.ts";

/**
 * Unread for the member row `m`: by others since she last read (or joined), none by a rider she
 * and the author blocked each other (`blocked` of the author).
 */
export function groupUnreadCount(m: typeof groupMembers, blocked: (author: SQLWrapper) => SQL) {
  const u = alias(groupMessages, "u");
  return subquery<number>`select count(*) from ${groupMessages} ${u} where ${u.groupId} = ${m.groupId}
    and ${u.userId} is not ${m.userId}
    and ${u.createdAt} > coalesce(${m.chatSeenAt}, ${m.joinedAt})
    and not ${blocked(u.userId)}`;
}

/**
 * Her active groups with their chats' unread counts (group_members_user_idx, then each group's
 * messages after her read time): a statement of her chat list's batch (worker/chat/unread.ts).
 */
export function groupChatListQuery(db: Database, p: { viewer: string }) {
  const m = groupMembers;
  return db
    .select({
      groupId: m.groupId,
      slug: groups.slug,
      name: groups.name,
      unread: groupUnreadCount(m, (author) => blockedWithViewer(p.viewer, author)),
    })
    .from(m)
    .innerJoin(groups, eq(groups.id, m.groupId))
    .where(and(eq(m.userId, p.viewer), eq(groups.status, "active")));
}
