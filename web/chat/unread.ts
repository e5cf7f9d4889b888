// Unread chat state for badges and the feed's 'Conversaciones en curso' (GET /api/chats).
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ChatListItem, ChatsResponse } from "../../domain/api/chat.ts";
import { useMe } from "../session/use-me.ts";
import { chatsQuery } from "./queries.ts";

/** Rows in the feed's 'Conversaciones en curso' (docs/product.md#unread-messages). */
export const ACTIVE_CHATS_MAX = 3;

function useSignedInWithProfile() {
  const me = useMe();
  return Boolean(me.data?.user?.profileComplete);
}

/**
 * Her chat candidates with unread counts, last conversation first. Only the data and
 * `isPending` are read (not the whole query result): TanStack Query re-renders a component
 * only for the fields it reads, so a background refetch that brings the same chats (every
 * focus, every socket reconnect) re-renders nothing.
 */
export function useChats() {
  const enabled = useSignedInWithProfile();
  const { data, isPending } = useQuery({ ...chatsQuery, enabled });
  const chats: ChatListItem[] = data?.chats ?? [];
  return {
    chats,
    /** Conversations that have messages: the feed shows the first three. */
    activeChats: chats.filter((c) => c.lastMessage !== null).slice(0, ACTIVE_CHATS_MAX),
    isPending,
  };
}

/**
 * A number derived from her chats (0 while unknown). `select` runs on each new answer and the
 * component re-renders only when the number changes: a ride card does not re-render because
 * another ride's chat moved.
 */
function useChatsNumber(select: (chats: ChatListItem[]) => number): number {
  const enabled = useSignedInWithProfile();
  // Stable while `select` is: TanStack Query reruns a select whose identity changes.
  const fromAnswer = useCallback((answer: ChatsResponse) => select(answer.chats), [select]);
  const { data } = useQuery({ ...chatsQuery, enabled, select: fromAnswer });
  return data ?? 0;
}

/** Unread messages in one ride's chat (0 when unknown). */
export function useUnreadForRide(rideId: string): number {
  return useChatsNumber(
    useCallback((chats) => chats.find((c) => c.rideId === rideId)?.unread ?? 0, [rideId]),
  );
}

const sumUnread = (chats: { unread: number }[]) => chats.reduce((sum, c) => sum + c.unread, 0);

/**
 * Unread messages across her chats: her rides' and her groups' (an answer of a worker from before
 * groups' chats were counted has none).
 */
const totalUnread = (answer: ChatsResponse) =>
  sumUnread(answer.chats) + sumUnread(answer.groupChats ?? []);

/** Unread messages across her chats, her groups' included. */
export function useUnreadTotal(): number {
  const enabled = useSignedInWithProfile();
  const { data } = useQuery({ ...chatsQuery, enabled, select: totalUnread });
  return data ?? 0;
}
