// Closing a rider's open sockets at once, wherever they are: her app tabs' notification channel
// (her UserHub), her chats (the RideRoom of each ride she is in) and her groups' chats (the
// GroupRoom of each group she is in). Used by suspension (every socket of hers); with
// `sessionIds`, only the sockets opened with those sessions (a revoked session). Idle sockets
// would otherwise stay open until their next frame (ADR 0011).
import { eq } from "drizzle-orm";
import { createDb } from "../db/client.ts";
import { groupMembers, rideParticipants } from "../db/schema.ts";
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
  /** The groups whose rooms may hold her sockets; as `rideIds`, for her memberships. */
  groupIds?: string[];
}

function ridesQuery(db: Database, userId: string) {
  return db
    .select({ rideId: rideParticipants.rideId })
    .from(rideParticipants)
    .where(eq(rideParticipants.userId, userId));
}

/** Her ride ids (her participations, ride_participants_user_start_idx): one query. */
export async function ridesOf(db: Database, userId: string): Promise<string[]> {
  return (await ridesQuery(db, userId).all()).map((row) => row.rideId);
}

function groupsQuery(db: Database, userId: string) {
  return db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId));
}

/** Her group ids (her memberships, group_members_user_idx): one query. */
export async function groupsOf(db: Database, userId: string): Promise<string[]> {
  return (await groupsQuery(db, userId).all()).map((row) => row.groupId);
}

/** The rooms that may hold her sockets that were not given, read in one trip. */
async function roomsOf(env: Bindings, userId: string, options: CloseSocketsOptions) {
  const db = createDb(env.DB);
  const [rides, groups] = await db.batch([ridesQuery(db, userId), groupsQuery(db, userId)]);
  return {
    rideIds: options.rideIds ?? rides.map((row) => row.rideId),
    groupIds: options.groupIds ?? groups.map((row) => row.groupId),
  };
}

function groupRoom(env: Bindings, groupId: string) {
  return env.GROUP_ROOM.get(env.GROUP_ROOM.idFromName(groupId));
}

/** Closes her sockets in her hub, her rides' rooms and her groups' rooms; resolves with how many were closed. */
export async function closeUserSockets(
  env: Bindings,
  userId: string,
  options: CloseSocketsOptions,
): Promise<number> {
  // Both given (a suspension): the closes leave before anything the caller starts after this
  // call (the rooms' 'no longer a participant' must not overtake them), so nothing is awaited.
  const { rideIds, groupIds } =
    options.rideIds && options.groupIds
      ? { rideIds: options.rideIds, groupIds: options.groupIds }
      : await roomsOf(env, userId, options);
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
    ...groupIds.map((groupId) =>
      groupRoom(env, groupId).closeUserSockets(userId, options.reason, options.sessionIds),
    ),
  ]);
  return counts.reduce((sum, n) => sum + n, 0);
}

/**
 * Some of her sessions ended: her sockets in her groups' rooms are checked in D1 again now, and
 * those whose session is gone close. Her hub does the same for her ride rooms (it remembers
 * those she opened); her groups are read here, in one query.
 */
export async function recheckGroupSockets(env: Bindings, userId: string): Promise<void> {
  const groupIds = await groupsOf(createDb(env.DB), userId);
  await Promise.all(groupIds.map((groupId) => groupRoom(env, groupId).recheckRider(userId)));
}
