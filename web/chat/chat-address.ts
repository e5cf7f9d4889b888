// Where a chat lives on the API: a ride's (/api/rides/:id/chat) or a group's
// (/api/groups/:slug/chat, 'Charla del grupo'). The live chat (use-ride-chat.ts) and its read
// state speak the same protocol to either; only these addresses differ.
import { call, client, pathParams, urlClient } from "../lib/api.ts";
import { chatFirstPageQuery } from "./queries.ts";

export interface ChatAddress {
  /** The room's id as its messages carry it (`rideId`: the ride's or the group's). */
  roomId: string;
  /** Its first page's query (one cache key per chat). */
  firstPage: (limit: number) => ReturnType<typeof chatFirstPageQuery>;
  socketUrl: () => URL;
  /** POSTed by navigator.sendBeacon when the page hides. */
  readPath: string;
  markRead: () => Promise<unknown>;
}

export function rideChatAddress(rideId: string): ChatAddress {
  const param = pathParams({ id: rideId });
  return {
    roomId: rideId,
    firstPage: (limit) => chatFirstPageQuery(rideId, limit),
    socketUrl: () => urlClient().rides[":id"].chat.socket.$url({ param }),
    readPath: `/api/rides/${rideId}/chat/read`,
    markRead: () => call(client.rides[":id"].chat.read.$post({ param })),
  };
}
