// The feed's 'En marcha' data: pending "He rodado con ella" prompts and active chats
// (GET /api/connections/pending and GET /api/chats, kept live by the NotificationsProvider).
import { useChats } from "../chat/unread.ts";
import { usePendingConnections } from "../connections/pending.ts";

export interface PendingConnectionItem {
  rideId: string;
  title: string;
}

export interface ActiveChatItem {
  rideId: string;
  title: string;
  /** The ride's start and clock: a series' dates share a title, their dates tell them apart. */
  startTime: number;
  timeZone: string;
  unread: number;
  lastMessage: string | null;
  lastMessageAt: number | null;
}

export function useEnMarcha(): {
  pendingConnections: PendingConnectionItem[];
  activeChats: ActiveChatItem[];
  isPending: boolean;
} {
  const chats = useChats();
  const connections = usePendingConnections();
  return {
    pendingConnections: connections.shown.map((p) => ({ rideId: p.rideId, title: p.title })),
    activeChats: chats.activeChats.map((c) => ({
      rideId: c.rideId,
      title: c.title,
      startTime: c.startTime,
      timeZone: c.timeZone,
      unread: c.unread,
      lastMessage: c.lastMessage?.text ?? null,
      lastMessageAt: c.lastMessage ? Date.parse(c.lastMessage.createdAt) : null,
    })),
    isPending: chats.isPending || connections.isPending,
  };
}
