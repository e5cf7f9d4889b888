// How the rest of the worker talks to a ride's chat room (rides: edit and cancel notices,
// join and leave). Each call goes through the ride's RideRoom so open chats see it live.
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import type { Bindings } from "../env.ts";

function room(env: Bindings, rideId: string) {
  return env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(rideId));
}

/** Stores a system notice in the ride's chat (D1) and broadcasts it to open sockets. */
export async function postSystemMessage(
  env: Bindings,
  rideId: string,
  text: string,
): Promise<ChatMessage | null> {
  return room(env, rideId).postSystemMessage(rideId, text);
}

/** After a leave: her open chat sockets for that ride are closed. */
export async function notifyParticipantLeft(env: Bindings, rideId: string, userId: string) {
  await room(env, rideId).participantLeft(userId);
}

/** After a join: open chats show her arrival. */
export async function notifyParticipantJoined(env: Bindings, rideId: string, userId: string) {
  await room(env, rideId).participantJoined(userId);
}
