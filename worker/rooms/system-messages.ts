// How the rest of the worker talks to a ride's chat room (rides: edit and cancel notices,
// join and leave). Each call goes through the ride's RideRoom so open chats see it live.
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import type { Bindings } from "../env.ts";
import { recheckGroupSockets } from "./close-sockets.ts";
import { rideRoomStub } from "./location-hint.ts";
import { tellRideChanged } from "./ride-changed.ts";

/** Stores a system notice in the ride's chat (D1) and broadcasts it to open sockets. */
export async function postSystemMessage(
  env: Bindings,
  rideId: string,
  text: string,
): Promise<ChatMessage | null> {
  return rideRoomStub(env.RIDE_ROOM, rideId).postSystemMessage(rideId, text);
}

/** Broadcasts a message another batch already stored (edit / cancel notices of the rides API). */
export async function announceStoredMessage(env: Bindings, rideId: string, messageId: string) {
  return rideRoomStub(env.RIDE_ROOM, rideId).announceStoredMessage(rideId, messageId);
}

/**
 * After a leave (hers, or the organizer's 'Quitarla de la salida'): her open chat sockets for
 * that ride are closed, and her open app tabs read the ride again, so none still offers 'Chat'
 * or 'Desapuntarme'.
 */
export async function notifyParticipantLeft(env: Bindings, rideId: string, userId: string) {
  await Promise.all([
    rideRoomStub(env.RIDE_ROOM, rideId).participantLeft(userId, rideId),
    tellRideChanged(env, rideId, [userId]),
  ]);
}

/** After a join: open chats show her arrival. */
export async function notifyParticipantJoined(
  env: Bindings,
  rideId: string,
  userId: string,
  startTime?: number,
) {
  await rideRoomStub(env.RIDE_ROOM, rideId).participantJoined(userId, rideId, startTime);
}

/**
 * Some of her sessions ended (logout, password change or reset, account deletion): her
 * notification tabs, ride chats and group chats whose session is gone close now (ADR 0020).
 * `erase`: her account is gone, so her hub forgets the rooms she had open.
 */
export async function closeRevokedSockets(
  env: Bindings,
  userId: string,
  options: { erase?: boolean } = {},
) {
  await Promise.all([
    env.USER_HUB.get(env.USER_HUB.idFromName(userId)).sessionsRevoked(userId, options),
    recheckGroupSockets(env, userId),
  ]);
}
