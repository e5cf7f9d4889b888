// The chat's pushes (docs/product.md#web-push), for riders whose chat is closed: a message's push
// with her unread count, at most one per ride every 5 minutes; what comes meanwhile is told when
// that time is up (the "chat" alarm job).
import { CHAT_PUSH_INTERVAL_MS } from "../../../domain/push.ts";
import { sendPush } from "../../push/send.ts";
import { type PartAlarms, pushRide, type RoomContext } from "../../rooms/room-part.ts";
import type { ChatRoomName, ChatStore } from "./chat-store.ts";

export type ChatJob = "chat";

const DAY_S = 24 * 60 * 60;
const KEY = {
  chatPending: "push:chat-pending",
  chatLast: (userId: string) => `push:chat-last:${userId}`,
};

/** A rider with unread messages and no open chat socket for this ride. */
export interface OfflineReader {
  userId: string;
  unread: number;
}

export class ChatPush {
  private readonly storage: DurableObjectStorage;

  constructor(
    private readonly room: RoomContext,
    private readonly alarms: PartAlarms<ChatJob>,
    private readonly store: ChatStore,
  ) {
    this.storage = room.ctx.storage;
  }

  /**
   * New messages were stored: each rider who has them unread and no chat open hears about it now,
   * or, if she had a push for this ride in the last 5 minutes, when that time is up (with the
   * count then).
   */
  async chatMessages(room: ChatRoomName, readers: OfflineReader[], now: number) {
    if (readers.length === 0) return;
    await pushRide.remember(this.storage, room.id);
    const pending = new Set((await this.storage.get<string[]>(KEY.chatPending)) ?? []);
    const sends: Promise<unknown>[] = [];
    for (const reader of readers) {
      const last = (await this.storage.get<number>(KEY.chatLast(reader.userId))) ?? 0;
      if (now - last >= CHAT_PUSH_INTERVAL_MS) {
        await this.storage.put(KEY.chatLast(reader.userId), now);
        pending.delete(reader.userId);
        sends.push(this.sendChat(room, reader));
      } else {
        pending.add(reader.userId);
        await this.alarms.setNoLaterThan("chat", last + CHAT_PUSH_INTERVAL_MS);
      }
    }
    await this.storage.put(KEY.chatPending, [...pending]);
    await Promise.all(sends);
  }

  private sendChat(room: ChatRoomName, reader: OfflineReader) {
    return sendPush(this.room.env, [reader.userId], "chat", {
      payload: this.store.push(room, reader.unread),
      ttl: DAY_S,
    });
  }

  /** The "chat" job: the pushes held back by the 5-minute pace whose time is up. */
  async sendHeld(now: number) {
    const rideId = await pushRide.get(this.storage);
    const pending = (await this.storage.get<string[]>(KEY.chatPending)) ?? [];
    if (!rideId || pending.length === 0) return;
    const riders = new Map(
      (await this.store.readers(this.room.db, rideId)).map((r) => [r.userId, r]),
    );
    const later: string[] = [];
    let nextAt = Number.POSITIVE_INFINITY;
    const sends: Promise<unknown>[] = [];
    for (const userId of pending) {
      const last = (await this.storage.get<number>(KEY.chatLast(userId))) ?? 0;
      if (now - last < CHAT_PUSH_INTERVAL_MS) {
        later.push(userId);
        nextAt = Math.min(nextAt, last + CHAT_PUSH_INTERVAL_MS);
        continue;
      }
      const rider = riders.get(userId);
      // She read them meanwhile, left the ride, or has the chat open now: nothing to tell.
      if (!rider || rider.unread === 0 || this.chatOpenFor(userId)) continue;
      await this.storage.put(KEY.chatLast(userId), now);
      const room = { id: rideId, title: rider.title, ...(rider.slug ? { slug: rider.slug } : {}) };
      sends.push(this.sendChat(room, { userId, unread: rider.unread }));
    }
    await this.storage.put(KEY.chatPending, later);
    if (later.length > 0) await this.alarms.set("chat", nextAt);
    await Promise.all(sends);
  }

  /** Whether she has this ride's chat open right now (a socket in the room). */
  private chatOpenFor(userId: string) {
    return this.room.ctx.getWebSockets(userId).length > 0;
  }
}
