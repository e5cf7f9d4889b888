// The group's room as the rest of the worker meets it (docs/decisions/0058-the-group-chat.md):
// whoever stops being a member has her sockets closed at once, the room closes when the group is
// suspended, and a succession leaves its line in the chat. Idle sockets would otherwise stay open
// until their next frame (every frame is checked again in D1).
import { GROUP_CHAT_TEXT } from "../../domain/texts/groups-chat.ts";
import { createDb } from "../db/client.ts";
import type { Bindings } from "../env.ts";
import type { GroupRoom } from "../group-room/group-room.ts";
import { usernamesOf } from "../push/queries.ts";
import { onMembershipChange } from "./membership.ts";

export function groupRoomStub(env: Bindings, groupId: string): DurableObjectStub<GroupRoom> {
  return env.GROUP_ROOM.get(env.GROUP_ROOM.idFromName(groupId));
}

/** A suspended group's chat closes: every socket at once. */
export async function groupChatClosed(env: Bindings, groupId: string): Promise<number> {
  return groupRoomStub(env, groupId).groupClosed();
}

onMembershipChange(async (env, changes, successors) => {
  const names = await usernamesOf(
    createDb(env.DB),
    successors.map((s) => s.userId),
  );
  await Promise.all([
    ...changes
      .filter((change) => change.left.length > 0)
      .map((change) => groupRoomStub(env, change.groupId).membersLeft(change.left)),
    ...successors.map(({ groupId, userId }) => {
      const name = names.get(userId);
      if (!name) return Promise.resolve();
      return groupRoomStub(env, groupId).postSystemMessage(
        groupId,
        GROUP_CHAT_TEXT.newLeader(name),
      );
    }),
  ]);
});
