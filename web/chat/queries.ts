// The chat's queries: her chat list (badges, 'Conversaciones en curso'), one ride's chat info and
// the first page of its messages. Hooks, prefetches and invalidations all take keys from here.
import { queryOptions } from "@tanstack/react-query";
import { call, client, pathParams } from "../lib/api.ts";

/** Her chats with unread counts (GET /api/chats). */
export const CHATS_KEY = ["chats"] as const;

export const chatKeys = {
  list: CHATS_KEY,
  info: (rideId: string) => ["chat-info", rideId] as const,
  firstPage: (rideId: string) => ["chat-messages", rideId] as const,
};

export const chatsQuery = queryOptions({
  queryKey: chatKeys.list,
  queryFn: () => call(client.chats.$get()),
  staleTime: 15_000,
});

/** The ride as the chat shows it, her place in it and the message count. */
export function chatInfoQuery(rideId: string) {
  return queryOptions({
    queryKey: chatKeys.info(rideId),
    queryFn: () => call(client.rides[":id"].chat.$get({ param: pathParams({ id: rideId }) })),
  });
}

/**
 * The newest `limit` messages, read once: the room's socket keeps the list current after it.
 * (The limit comes from the caller: domain/chat-protocol.ts would bring zod into the first
 * screen, which loads this file for `chatsQuery`.)
 */
export function chatFirstPageQuery(rideId: string, limit: number) {
  return queryOptions({
    queryKey: chatKeys.firstPage(rideId),
    queryFn: () =>
      call(
        client.rides[":id"].chat.messages.$get({
          param: pathParams({ id: rideId }),
          query: { limit: String(limit) },
        }),
      ),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
