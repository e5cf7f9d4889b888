// A stored message reaches the room and the riders (ADR 0011): its frame to every open socket
// still allowed to see it, then, in bursts, the badges on the UserHubs and the pushes (chat-push.ts)
// of the riders with the chat closed.
import type { ChatMessage, ServerMessage } from "../../../domain/chat-protocol.ts";
import type { RoomAccess } from "../../ride-core/access.ts";
import type { RoomContext, RoomSocketState } from "../../rooms/room-part.ts";
import { closeFor, closeQuietly, socketState, trySend } from "../../rooms/room-sockets.ts";
import type { ChatPush } from "./chat-push.ts";
import type { ChatReader, ChatStore } from "./chat-store.ts";

/**
 * New messages are announced to the other riders' UserHubs (their badges, their pushes) in
 * bursts: the first 100 ms after a quiet room's message, then at most once a second while the
 * room keeps talking. Each burst costs a D1 query and one RPC per rider, on the thread that also
 * stores and fans out the next message (docs/benchmarks.md, the fan-out's anatomy).
 */
const NOTIFY_DELAY_MS = 100;
const NOTIFY_INTERVAL_MS = 1000;

/** "Try again later" (RFC 6455's 1013): the app reconnects after any code but its final ones. */
const RECHECK_FAILED = 1013;

export class ChatFanOut {
  /** Stored messages not yet announced to UserHubs (coalesced, see NOTIFY_DELAY_MS). */
  private pendingNotifications: ChatMessage[] = [];
  private notifyScheduled = false;
  /** When the last burst of notifications went out (see NOTIFY_INTERVAL_MS). */
  private lastNotifyAt = 0;

  constructor(
    private readonly room: RoomContext,
    private readonly push: ChatPush,
    private readonly store: ChatStore,
  ) {}

  /**
   * Broadcasts a stored message to the room (the sender got her ack) and queues the badges.
   * `access` was read from D1 alongside the message: a socket whose session ended or whose
   * owner left is closed instead of served, and a rider who and the author blocked each other
   * is skipped (docs/product.md#blocking). A socket opened after that read is checked on its own
   * first (see sendChecked). `type` "hidden": a moderator hid it (no badge then).
   */
  announce(
    message: ChatMessage,
    access: RoomAccess,
    except?: WebSocket,
    type: "message" | "hidden" = "message",
  ) {
    const frame = JSON.stringify({ type, message } satisfies ServerMessage);
    const unchecked: WebSocket[] = [];
    for (const socket of this.room.ctx.getWebSockets()) {
      if (socket === except) continue;
      const state = socketState(socket);
      if (state?.sessionId && !access.covers(state.sessionId)) {
        unchecked.push(socket);
        continue;
      }
      const verdict = state?.sessionId ? access.verdict(state.sessionId, "ok") : "session_ended";
      if (verdict !== "ok") {
        closeFor(socket, verdict);
        continue;
      }
      if (state && access.hides(state.sessionId, message.userId)) continue;
      trySend(socket, frame);
    }
    if (unchecked.length > 0) this.room.ctx.waitUntil(this.sendChecked(unchecked, message, frame));
    if (type === "hidden") return;
    this.pendingNotifications.push(message);
    if (!this.notifyScheduled) {
      this.notifyScheduled = true;
      const wait = Math.max(NOTIFY_DELAY_MS, this.lastNotifyAt + NOTIFY_INTERVAL_MS - Date.now());
      // Not awaited by the send path: the sender's ack never waits for the fan-out.
      this.room.ctx.waitUntil(this.flushNotifications(wait));
    }
  }

  /**
   * Sockets opened while a broadcast's check was in flight: checked now (one query), then sent
   * the frame unless they lost access or must not see its author. If the check fails, none is
   * trusted (ADR 0018): each is closed with a code the app reconnects after, and its reconnection
   * reads the message through the checked read (sync), so nothing is lost and nothing leaks.
   */
  async sendChecked(sockets: WebSocket[], message: ChatMessage, frame: string) {
    const states = sockets.map((socket) => socketState(socket) as RoomSocketState);
    const sessions = [...new Set(states.map((state) => state.sessionId))];
    const access = await this.store
      .access(
        this.room.db,
        message.rideId,
        sessions,
        Date.now(),
        message.userId ? [message.userId] : [],
      )
      .catch(() => null);
    if (!access) {
      for (const socket of sockets) closeQuietly(socket, RECHECK_FAILED, "recheck_failed");
      return;
    }
    for (const [i, socket] of sockets.entries()) {
      const state = states[i]!;
      const verdict = access.verdict(state.sessionId, "session_ended");
      if (verdict !== "ok") {
        closeFor(socket, verdict);
        continue;
      }
      if (access.hides(state.sessionId, message.userId)) continue;
      trySend(socket, frame);
    }
  }

  /** She has a socket open in this room (sockets are tagged with their rider's id). */
  private hasRoomOpen(userId: string) {
    return this.room.ctx.getWebSockets(userId).length > 0;
  }

  /**
   * One D1 query for every participant's unread count, then one RPC per rider to notify (those
   * with the chat closed).
   */
  private async flushNotifications(wait: number) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    this.lastNotifyAt = Date.now();
    const batch = this.pendingNotifications;
    this.pendingNotifications = [];
    this.notifyScheduled = false;
    const rideId = batch[0]?.rideId;
    if (!rideId) return;
    let riders: ChatReader[] = [];
    try {
      const authors = batch.flatMap((m) => (m.userId ? [m.userId] : []));
      riders = await this.store.readers(this.room.db, rideId, authors);
      await Promise.all(
        riders.map(async (rider) => {
          // The newest message of this burst that is not hers (for the organizer, not a notice
          // of her own doing either, see UNREAD_FOR_PARTICIPANT) nor by someone she and they
          // blocked each other; none → nothing new for her.
          const latest = batch
            .filter((m) => m.userId !== rider.userId)
            .filter((m) => !(rider.isOrganizer && m.kind === "system"))
            .filter((m) => !(m.userId && rider.blockedAuthors.has(m.userId)))
            .at(-1);
          if (!latest) return;
          // Her chat of this room is open (a socket here): it already shows her each message,
          // and her read state moves there, so her badge is not pushed from here, as she is not
          // pushed either (below). Her other screens catch up on focus and when she reads or
          // leaves the chat. A busy room thereby stops waking the hubs of the riders talking in
          // it and their apps' refetches every second (docs/product.md#unread-messages).
          if (this.hasRoomOpen(rider.userId)) return;
          const frame = this.store.unreadFrame(rideId, rider, latest);
          const hubs = this.room.env.USER_HUB;
          const hub = hubs.get(hubs.idFromName(rider.userId));
          await hub.notify(frame);
        }),
      );
    } catch (err) {
      // Badges also refresh on focus and on the next message: a lost notification is not data loss.
      console.error("ride room: notifications failed", err);
    }
    // Riders with the chat closed hear about it by push (docs/product.md#web-push).
    const readers = riders.filter(
      (rider) =>
        rider.unread > 0 &&
        !this.hasRoomOpen(rider.userId) &&
        batch.some(
          (m) =>
            m.userId !== rider.userId &&
            !(rider.isOrganizer && m.kind === "system") &&
            !(m.userId && rider.blockedAuthors.has(m.userId)),
        ),
    );
    try {
      const { title = "", slug } = riders[0] ?? {};
      const room = { id: rideId, title, ...(slug ? { slug } : {}) };
      await this.push.chatMessages(room, readers, Date.now());
    } catch (err) {
      console.warn("ride room: chat push failed", String(err));
    }
  }
}
