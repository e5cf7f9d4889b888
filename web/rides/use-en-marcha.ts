// The feed's 'En marcha' data: pending "He rodado con ella" prompts and active chats. The chat
// issue fills this hook (unread counts, last message); until then both lists are empty.
export interface PendingConnectionItem {
  rideId: string;
  title: string;
}

export interface ActiveChatItem {
  rideId: string;
  title: string;
  unread: number;
  lastMessage: string | null;
  lastMessageAt: number | null;
}

export function useEnMarcha(): {
  pendingConnections: PendingConnectionItem[];
  activeChats: ActiveChatItem[];
  isPending: boolean;
} {
  return { pendingConnections: [], activeChats: [], isPending: false };
}
