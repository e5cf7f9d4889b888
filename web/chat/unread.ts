// Unread chat state for badges and the feed's 'Conversaciones en curso' (GET /api/chats).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChatListItem, ChatsResponse } from "../../domain/api/chat.ts";
import { api } from "../api/client.ts";
import { useMe } from "../auth/use-me.ts";

export const CHATS_KEY = ["chats"] as const;
/** Rows in the feed's 'Conversaciones en curso' (spec 02 §9). */
export const ACTIVE_CHATS_MAX = 3;

export const chatsQuery = queryOptions({
  queryKey: CHATS_KEY,
  queryFn: () => api.get<ChatsResponse>("/chats"),
  staleTime: 15_000,
});

function useSignedInWithProfile() {
  const me = useMe();
  return Boolean(me.data?.user?.profileComplete);
}

/** Her chat candidates with unread counts, last conversation first. */
export function useChats() {
  const enabled = useSignedInWithProfile();
  const query = useQuery({ ...chatsQuery, enabled });
  const chats: ChatListItem[] = query.data?.chats ?? [];
  return {
    ...query,
    chats,
    /** Conversations that have messages: the feed shows the first three. */
    activeChats: chats.filter((c) => c.lastMessage !== null).slice(0, ACTIVE_CHATS_MAX),
  };
}

/** Unread messages in one ride's chat (0 when unknown). */
export function useUnreadForRide(rideId: string): number {
  return useChats().chats.find((c) => c.rideId === rideId)?.unread ?? 0;
}

/** Unread messages across her chats. */
export function useUnreadTotal(): number {
  return useChats().chats.reduce((sum, c) => sum + c.unread, 0);
}
