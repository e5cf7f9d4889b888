import { DurableObject } from "cloudflare:workers";
import { desc, eq, notInArray } from "drizzle-orm";
import { CLOSE_CODES, type NotificationFrame } from "../../domain/chat-protocol.ts";
import { createDb } from "../db/client.ts";
import { migrateOnStart, objectDb } from "../db/durable-storage.ts";
import type { Bindings } from "../env.ts";
import { liveSessions } from "../ride-core/access.ts";
import { HUB_HEADERS } from "../rooms/headers.ts";
import { rideRoomStub } from "../rooms/location-hint.ts";
import hubMigrations from "./storage/migrations/migrations.js";
import { rooms } from "./storage/schema.ts";

/** Per-socket state kept across hibernation. */
interface HubSocketState {
  userId: string;
  /** The sessions row she opened it with: re-checked before every frame (see notify). */
  sessionId: string;
}

/** The ride rooms she opened a chat in that her hub remembers (the most recent ones). */
const ROOMS_KEPT = 200;

/**
 * One Durable Object per user: her notification channel while the app is open, so badges and
 * the 'Conversación en curso' toast update without one socket per ride. Ride rooms call
 * `notify` after storing a message; it forwards the frame to her open tabs. It also remembers
 * the rooms she opened a chat in, so a revoked session's sockets close at once (ADR 0020).
 */
export class UserHub extends DurableObject<Bindings> {
  /** The hub's own tables (storage/schema.ts). */
  private readonly hubDb = objectDb(this.ctx.storage);

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    migrateOnStart(ctx, hubMigrations);
  }

  /** She opened a chat socket in this ride's room (called by the worker on the upgrade). */
  async roomOpened(rideId: string): Promise<void> {
    const openedAt = Date.now();
    this.hubDb
      .insert(rooms)
      .values({ rideId, openedAt })
      .onConflictDoUpdate({ target: rooms.rideId, set: { openedAt } })
      .run();
    const kept = this.hubDb
      .select({ rideId: rooms.rideId })
      .from(rooms)
      .orderBy(desc(rooms.openedAt))
      .limit(ROOMS_KEPT);
    this.hubDb.delete(rooms).where(notInArray(rooms.rideId, kept)).run();
  }

  /**
   * Some of her sessions ended (logout, password change or reset, account deletion): her tabs
   * and her sockets in every room she opened are checked again in D1 now, and those whose
   * session ended are closed, instead of at their next use. Rooms where she has no socket left
   * are forgotten; `erase` (her account is gone) forgets everything.
   */
  async sessionsRevoked(userId: string, { erase = false } = {}): Promise<void> {
    await this.closeEndedTabs();
    const opened = this.hubDb
      .select({ rideId: rooms.rideId })
      .from(rooms)
      .all()
      .map((row) => row.rideId);
    const left = await Promise.all(
      opened.map((rideId) =>
        rideRoomStub(this.env.RIDE_ROOM, rideId)
          .recheckRider(userId)
          // Unknown: keep the room for the next revocation; the room re-checks at next use anyway.
          .catch(() => 1),
      ),
    );
    for (const [i, rideId] of opened.entries()) {
      if (erase || left[i] === 0) {
        this.hubDb.delete(rooms).where(eq(rooms.rideId, rideId)).run();
      }
    }
  }

  /** Closes her tabs whose session ended; returns the sockets still open. */
  private async closeEndedTabs(): Promise<WebSocket[]> {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) return [];
    const ids = [...new Set(sockets.map(sessionOf).filter(Boolean))];
    const live = await liveSessions(createDb(this.env.DB), ids, Date.now());
    const open: WebSocket[] = [];
    for (const socket of sockets) {
      if (live.has(sessionOf(socket))) {
        open.push(socket);
        continue;
      }
      try {
        socket.close(CLOSE_CODES.sessionEnded, "session_ended");
      } catch {
        // A tab closing under us.
      }
    }
    return open;
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") {
      return new Response("Expected a websocket upgrade", { status: 426 });
    }
    const state: HubSocketState = {
      userId: request.headers.get(HUB_HEADERS.userId) ?? "",
      sessionId: request.headers.get(HUB_HEADERS.sessionId) ?? "",
    };
    if (!state.userId || !state.sessionId) return new Response("Missing identity", { status: 400 });
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [state.userId]);
    server.serializeAttachment(state);
    // From here on `notify` reaches this socket: the client refetches what it may have missed.
    server.send(JSON.stringify({ type: "ready" } satisfies NotificationFrame));
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Forwards a notification to every open tab of hers; returns how many received it. Frames
   * carry ride titles and message text, so each socket's session is checked first (one D1
   * query for all of them): a tab whose session ended (logout, password change, account
   * deletion) is closed instead.
   */
  async notify(frame: NotificationFrame): Promise<number> {
    const data = JSON.stringify(frame);
    let delivered = 0;
    for (const socket of await this.closeEndedTabs()) {
      try {
        socket.send(data);
        delivered++;
      } catch {
        // A tab closing under us.
      }
    }
    return delivered;
  }

  /**
   * Closes her open tabs' channels at once: all of them, or those opened with `sessionIds`
   * (see worker/rooms/close-sockets.ts). `suspended` tells the app to sign her out for good.
   * Returns how many were closed.
   */
  async closeSockets(
    reason: "session_ended" | "suspended",
    sessionIds?: string[],
  ): Promise<number> {
    let closed = 0;
    for (const socket of this.ctx.getWebSockets()) {
      const state = socket.deserializeAttachment() as HubSocketState | null;
      if (sessionIds && !(state && sessionIds.includes(state.sessionId))) continue;
      try {
        socket.close(
          reason === "suspended" ? CLOSE_CODES.suspended : CLOSE_CODES.sessionEnded,
          reason,
        );
        closed++;
      } catch {
        // already closed
      }
    }
    return closed;
  }

  /** The channel is one-way: anything but the auto-answered ping is ignored. */
  override async webSocketMessage() {}

  override async webSocketClose(ws: WebSocket, code: number) {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      // already closed
    }
  }
}

function sessionOf(ws: WebSocket): string {
  return (ws.deserializeAttachment() as HubSocketState | null)?.sessionId ?? "";
}
