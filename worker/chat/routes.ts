import { type Context, Hono } from "hono";
import type {
  ChatInfoResponse,
  ChatMessagesResponse,
  ChatsResponse,
  ReadStateResponse,
} from "../../domain/api/chat.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { chatMessagesQuerySchema, rideIdParamSchema } from "../../domain/schemas.ts";
import { canJoinOrLeave, chatWindowOpen } from "../../domain/time.ts";
import type { AppEnv } from "../env.ts";
import { expectedOrigin } from "../http/security.ts";
import { validate } from "../http/validate.ts";
import { loadSocketAccess } from "../ride-core/access.ts";
import { HUB_HEADERS, ROOM_HEADERS } from "../rooms/headers.ts";
import { rideRoomStub } from "../rooms/location-hint.ts";
import { readerOf, requireProfile } from "../sessions/session.ts";
import { historyPage, loadChatInfo } from "./messages.ts";
import { listChats, markRead } from "./unread.ts";

/**
 * A websocket upgrade is a GET, so the API's Origin check skips it: without this, any site
 * could open her chat with her cookie (cross-site WebSocket hijacking). Browsers always send
 * Origin on the handshake.
 */
export function requireWebSocketUpgrade(c: Context<AppEnv>) {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    throw new DomainError("validation_error", MSG.invalidInput, 426);
  }
  const origin = c.req.header("Origin");
  if (!origin || origin !== expectedOrigin(c.req.url, c.env.APP_ORIGIN)) {
    throw new DomainError("cross_origin", MSG.crossOrigin);
  }
}

/**
 * The sessions row behind this request (hashed token): the socket's objects re-check it in D1
 * before they answer or broadcast, so a logout or password change also ends open sockets.
 */
export function currentSessionId(c: Context<AppEnv>): string {
  const sessionId = c.var.sessionId;
  if (!sessionId) throw new DomainError("unauthenticated", MSG.unauthenticated);
  return sessionId;
}

/** /chats: her conversations with unread counts (feed 'Conversaciones en curso', badges). */
export const chatListRoutes = new Hono<AppEnv>().get("/", async (c) => {
  return c.json<ChatsResponse>(await listChats(c.var.db, readerOf(c), Date.now()));
});

/** /notifications: her live notification channel (one socket for every ride: UserHub). */
export const notificationRoutes = new Hono<AppEnv>().get("/socket", async (c) => {
  const user = requireProfile(c);
  requireWebSocketUpgrade(c);
  const hub = c.env.USER_HUB.get(c.env.USER_HUB.idFromName(user.id));
  // A fresh request: only the headers we set reach the object.
  return hub.fetch(
    new Request("https://user-hub/socket", {
      headers: {
        Upgrade: "websocket",
        [HUB_HEADERS.userId]: user.id,
        [HUB_HEADERS.sessionId]: currentSessionId(c),
      },
    }),
  );
});

/** /rides/:id/chat: a ride's chat. */
export const rideChatRoutes = new Hono<AppEnv>()
  /** What anyone signed in may know: the ride, the count, whether she can write or join. */
  .get("/", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c);
    const info = await loadChatInfo(c.var.db, c.req.valid("param").id, user.id);
    if (!info) throw new DomainError("not_found", MSG.rideGone);
    const now = Date.now();
    const { joinMode, request, ...shown } = info;
    const cancelled = info.ride.status === "cancelled";
    const outsider = !info.isParticipant;
    const open = outsider && canJoinOrLeave(info.ride, now);
    return c.json<ChatInfoResponse>({
      ...shown,
      canWrite: info.isParticipant && !cancelled && chatWindowOpen(info.ride.startTime, now),
      // A 'Con aprobación' ride takes nobody directly: she asks on the ride's page instead.
      canJoin: open && joinMode === "open",
      ...(outsider && joinMode === "approval"
        ? { approval: { canRequest: open && request === null, request } }
        : {}),
    });
  })

  /** History page over HTTP for the first paint (participants only). */
  .get(
    "/messages",
    validate("param", rideIdParamSchema),
    validate("query", chatMessagesQuerySchema),
    async (c) => {
      const user = requireProfile(c);
      const rideId = c.req.valid("param").id;
      const info = await loadChatInfo(c.var.db, rideId, user.id);
      if (!info) throw new DomainError("not_found", MSG.rideGone);
      if (!info.isParticipant) throw new DomainError("not_participant", MSG.notParticipant);
      const { before, limit } = c.req.valid("query");
      return c.json<ChatMessagesResponse>(
        await historyPage(c.var.db, rideId, { before, limit, viewerId: user.id }),
      );
    },
  )

  /** Read state over HTTP: page hidden, pagehide (navigator.sendBeacon) and leaving the chat. */
  .post("/read", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c);
    const rideId = c.req.valid("param").id;
    const now = Date.now();
    if (!(await markRead(c.var.db, rideId, user.id, now))) {
      const info = await loadChatInfo(c.var.db, rideId, user.id);
      if (!info) throw new DomainError("not_found", MSG.rideGone);
      throw new DomainError("not_participant", MSG.notParticipant);
    }
    return c.json<ReadStateResponse>({ lastSeenAt: new Date(now).toISOString() });
  })

  /** The chat websocket: checked here, then handed to the ride's RideRoom. */
  .get("/socket", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c);
    requireWebSocketUpgrade(c);
    const rideId = c.req.valid("param").id;
    const access = await loadSocketAccess(c.var.db, rideId, user.id);
    if (!access) throw new DomainError("not_found", MSG.rideGone);
    if (access.member !== 1) throw new DomainError("not_participant", MSG.notParticipant);
    const room = rideRoomStub(c.env.RIDE_ROOM, rideId);
    const hub = c.env.USER_HUB.get(c.env.USER_HUB.idFromName(user.id));
    const [upgrade] = await Promise.all([
      // A fresh request: client-sent copies of the identity headers never reach the object.
      room.fetch(
        new Request("https://ride-room/socket", {
          headers: {
            Upgrade: "websocket",
            [ROOM_HEADERS.rideId]: rideId,
            [ROOM_HEADERS.userId]: user.id,
            [ROOM_HEADERS.sessionId]: currentSessionId(c),
          },
        }),
      ),
      // Her hub learns the room, so a revoked session's socket here closes at once (ADR 0020).
      // Without it the room still re-checks the socket at its next use.
      hub.roomOpened(rideId).catch((error: unknown) => {
        console.warn(`[${c.get("requestId")}] hub not told of the room`, error);
      }),
    ]);
    return upgrade;
  });
