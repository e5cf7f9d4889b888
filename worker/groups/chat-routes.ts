// /api/groups/:slug/chat, 'Charla del grupo' (docs/product.md#grupos): her unread count, the first
// page, her read state and the socket to the group's room. Members of an active group only: the
// room checks her again in D1 on every frame (worker/groups/chat-store.ts).
import { Hono } from "hono";
import type { ChatMessagesResponse, ReadStateResponse } from "../../domain/api/chat.ts";
import type { GroupChatInfoResponse } from "../../domain/api/groups-chat.ts";
import { DomainError } from "../../domain/errors.ts";
import { groupSlugParamSchema } from "../../domain/groups.ts";
import { chatMessagesQuerySchema } from "../../domain/schemas.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import { GROUP_CHAT_TEXT } from "../../domain/texts/groups-chat.ts";
import { currentSessionId, requireWebSocketUpgrade } from "../chat/routes.ts";
import type { AppEnv, Database } from "../env.ts";
import { validate } from "../http/validate.ts";
import { ROOM_HEADERS } from "../rooms/headers.ts";
import { requireProfile } from "../sessions/session.ts";
import { groupRoomStub } from "./chat-sockets.ts";
import { groupChatStore, groupChatUnread } from "./chat-store.ts";
import { findActiveGroup, roleIn } from "./reads.ts";

/** The group of the address and her membership: 404 as the group's page, 403 for non-members. */
async function memberOf(db: Database, slug: string, userId: string) {
  const group = await findActiveGroup(db, slug);
  if (!group) throw new DomainError("not_found", GROUP_MSG.notFound);
  if (!(await roleIn(db, group.id, userId))) {
    throw new DomainError("not_participant", GROUP_CHAT_TEXT.membersOnly);
  }
  return group;
}

export const groupChatRoutes = new Hono<AppEnv>()
  .get("/", validate("param", groupSlugParamSchema), async (c) => {
    const user = requireProfile(c);
    const group = await memberOf(c.var.db, c.req.valid("param").slug, user.id);
    return c.json<GroupChatInfoResponse>({
      groupId: group.id,
      name: group.name,
      unread: await groupChatUnread(c.var.db, group.id, user.id),
    });
  })

  /** The first page over HTTP, as a ride chat's. */
  .get(
    "/messages",
    validate("param", groupSlugParamSchema),
    validate("query", chatMessagesQuerySchema),
    async (c) => {
      const user = requireProfile(c);
      const group = await memberOf(c.var.db, c.req.valid("param").slug, user.id);
      const { before, limit } = c.req.valid("query");
      return c.json<ChatMessagesResponse>(
        await groupChatStore.historyPage(c.var.db, group.id, { before, limit, viewerId: user.id }),
      );
    },
  )

  /** Read state over HTTP (page hidden, pagehide, leaving the chat), as a ride chat's. */
  .post("/read", validate("param", groupSlugParamSchema), async (c) => {
    const user = requireProfile(c);
    const group = await memberOf(c.var.db, c.req.valid("param").slug, user.id);
    const now = Date.now();
    if (!(await groupChatStore.markRead(c.var.db, group.id, user.id, now))) {
      throw new DomainError("not_participant", GROUP_CHAT_TEXT.membersOnly);
    }
    return c.json<ReadStateResponse>({ lastSeenAt: new Date(now).toISOString() });
  })

  /** The chat websocket: checked here, then handed to the group's room. */
  .get("/socket", validate("param", groupSlugParamSchema), async (c) => {
    const user = requireProfile(c);
    requireWebSocketUpgrade(c);
    const group = await memberOf(c.var.db, c.req.valid("param").slug, user.id);
    // A fresh request: client-sent copies of the identity headers never reach the object.
    return groupRoomStub(c.env, group.id).fetch(
      new Request("https://group-room/socket", {
        headers: {
          Upgrade: "websocket",
          [ROOM_HEADERS.rideId]: group.id,
          [ROOM_HEADERS.userId]: user.id,
          [ROOM_HEADERS.sessionId]: currentSessionId(c),
        },
      }),
    );
  });
