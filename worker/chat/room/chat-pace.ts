// The chat pace (docs/product.md#chat-pace, ADR 0019): 5 messages in 5 s and 30 a minute per rider
// and ride, counted in the room's own storage (storage.ts) so hibernation or a restart does not
// reset it.
import { eq } from "drizzle-orm";
import { CHAT_PACE_MEMORY_MS, withinChatPace } from "../../../domain/chat-protocol.ts";
import { type ObjectDatabase, objectDb, writtenOnFirstUse } from "../../db/durable-storage.ts";
import { chatPace, chatPaceStatements } from "./storage.ts";

export class ChatPace {
  private readonly roomDb: ObjectDatabase;
  /** The pace's statements, written on the first send. */
  private readonly sql = writtenOnFirstUse(() => chatPaceStatements(this.roomDb));

  constructor(storage: DurableObjectStorage) {
    this.roomDb = objectDb(storage);
  }

  /**
   * Whether one more send of hers is within the pace, recorded when it is. A resend of an id she
   * sent within the last minute (a lost ack, a reconnect, "Reintentar" after a failed write) is
   * the same message, not a new one. Synchronous: two frames cannot both pass one check.
   */
  within(userId: string, clientId: string): boolean {
    const statements = this.sql();
    const now = Date.now();
    statements.forgetBefore.run({ before: now - CHAT_PACE_MEMORY_MS });
    const sent = statements.sentBy.all({ userId });
    if (sent.some((row) => row.clientId === clientId)) return true;
    if (
      !withinChatPace(
        sent.map((row) => row.sentAt),
        now,
      )
    )
      return false;
    statements.add.run({ userId, clientId, sentAt: now });
    return true;
  }

  /** A deleted account never writes again: her pace goes. */
  forget(userId: string) {
    this.roomDb.delete(chatPace).where(eq(chatPace.userId, userId)).run();
  }
}
