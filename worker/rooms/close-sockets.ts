// Closing a rider's open sockets at once, wherever they are: her app tabs' notification channel
// (her UserHub) and her chats (the RideRoom of each ride she is in). Used by suspension (every
// socket of hers); with `sessionIds`, only the sockets opened with those sessions (a revoked
// session). Idle sockets would otherwise stay open until their next frame (ADR 0011).
import { eq } from "drizzle-orm";
import { createDb } from "../db/client.ts";
import { rideParticipants } from "../db/schema.ts";
import type { Bindings, Database } from "../env.ts";
import { rideRoomStub } from "./location-hint.ts";

export interface CloseSocketsOptions {
  reason: "session_ended" | "suspended";
  /** Only the sockets opened with these sessions (default: all of hers). */
  sessionIds?: string[];
  /**
   * The rides whose rooms may hold her sockets. Default: every ride she participates in, read
   * now; pass the list read before a write that removes her participations.
   */
  rideIds?: string[];
}

/** Her ride ids (her participations, ride_participants_user_start_idx): one query. */
export async function ridesOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ rideId: rideParticipants.rideId })
    .from(rideParticipants)
    .where(eq(rideParticipants.userId, userId))
    .all();
  return rows.map((row) => row.rideId);
}

/** Closes her sockets in her hub and her rides' rooms; resolves with how many were closed. */
export async function closeUserSockets(
  env: Bindings,
  userId: string,
  options: CloseSocketsOptions,
): Promise<number> {
  const rideIds = options.rideIds ?? (await ridesOf(createDb(env.DB), userId));
  const hub = env.USER_HUB.get(env.USER_HUB.idFromName(userId));
  const counts = await Promise.all([
    hub.closeSockets(options.reason, options.sessionIds),
    ...rideIds.map((rideId) =>
      rideRoomStub(env.RIDE_ROOM, rideId).closeUserSockets(
        userId,
        options.reason,
        options.sessionIds,
      ),
    ),
  ]);
  return counts.reduce((sum, n) => sum + n, 0);
}
