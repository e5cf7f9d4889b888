// How the room stores its riders' sends (ADR 0011): in D1 first, in groups, in order of arrival.
import type { RoomAccess } from "../../ride-core/access.ts";
import type { RoomContext } from "../../rooms/room-part.ts";
import { openSessions } from "../../rooms/room-sockets.ts";
import type { StoreResult, UserMessageInput } from "../messages.ts";
import type { ChatStore } from "./chat-store.ts";

/** What the write path hands each send: her outcome and the room check of her group's batch. */
export interface StoredSend {
  result: StoreResult;
  access: RoomAccess;
}

/** At most this many sends share one D1 batch (3 statements each + one room check). */
const WRITE_GROUP_MAX = 25;

/** Sends whose D1 write failed are remembered (see `unconfirmed`) up to this many. */
const UNCONFIRMED_MAX = 1000;

export class ChatWrites {
  private queue: {
    input: UserMessageInput;
    resolve: (result: StoredSend) => void;
    reject: (error: unknown) => void;
  }[] = [];
  private writing = false;
  /** Last created_at this instance handed out: keeps the room's order strictly increasing. */
  private lastCreatedAt = 0;
  /**
   * Client ids whose write failed in this instance. A failed write may still have committed
   * (D1's answer was lost), in which case the resend finds it stored but nobody was told yet.
   */
  private unconfirmed = new Set<string>();

  constructor(
    private readonly room: RoomContext,
    private readonly chatStore: ChatStore,
  ) {}

  /**
   * Group commit: sends that arrive while a D1 write is in flight are stored together in the
   * next batch (one round trip for the group). Each sender still gets her ack only after D1
   * stored her message; with one send at a time this is exactly one batch per message. The
   * batch also re-checks the room's sockets, shared by the group (see ChatFanOut.announce).
   */
  store(input: UserMessageInput): Promise<StoredSend> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain() {
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const group = this.queue.splice(0, WRITE_GROUP_MAX);
        try {
          const { results, access } = await this.chatStore.storeUserMessages(
            this.room.db,
            group.map((w) => w.input),
            openSessions(this.room.ctx.getWebSockets()),
          );
          for (const [i, w] of group.entries()) w.resolve({ result: results[i]!, access });
        } catch (error) {
          for (const w of group) w.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  /**
   * Messages sorted by (created_at, id) must read in the order they arrived: two sends in the
   * same millisecond get consecutive timestamps instead of falling back to random id order.
   */
  nextTimestamp(): number {
    this.lastCreatedAt = Math.max(Date.now(), this.lastCreatedAt + 1);
    return this.lastCreatedAt;
  }

  /** Her send's write failed here: its resend must be announced even if D1 had stored it. */
  rememberUnconfirmed(clientId: string) {
    if (this.unconfirmed.size >= UNCONFIRMED_MAX) {
      const oldest = this.unconfirmed.values().next().value;
      if (oldest !== undefined) this.unconfirmed.delete(oldest);
    }
    this.unconfirmed.add(clientId);
  }

  /** Whether her send had failed here before (and is confirmed now): nobody was told of it yet. */
  confirm(clientId: string): boolean {
    return this.unconfirmed.delete(clientId);
  }
}
