// The chat's messages as a pure reducer: no React, no socket. useRideChat feeds it the first
// page, the socket's frames and her own sends; tests/web/chat-state.test.ts drives every action.
import type { ChatMessage } from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";

export type UiMessage = ChatMessage & { status: "sent" | "pending" | "failed"; error?: string };

export interface ChatState {
  byId: Map<string, UiMessage>;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** A history page came in, over HTTP or the socket: an empty chat is really empty. */
  historyLoaded: boolean;
}

export type ChatAction =
  | { type: "merge"; messages: ChatMessage[] }
  | { type: "page"; messages: ChatMessage[]; hasMore: boolean }
  | { type: "pending"; message: UiMessage }
  | { type: "failed"; id: string; error: string }
  | { type: "retry"; id: string }
  | { type: "loadingOlder" }
  /** A moderator hid these (named by a sync answer): copies she holds lose their text. */
  | { type: "hide"; ids: readonly string[] }
  /** She blocked this rider: her messages leave the chat (docs/product.md#blocking). */
  | { type: "forgetAuthor"; userId: string };

export const initialChatState: ChatState = {
  byId: new Map(),
  hasOlder: false,
  loadingOlder: false,
  historyLoaded: false,
};

/** `messages` with those whose id is in `ids` as the server serves a hidden one. */
export function hiddenIn<T extends ChatMessage>(messages: T[], ids: readonly string[]): T[] {
  const hidden = new Set(ids);
  return messages.map((m) =>
    hidden.has(m.id) ? { ...m, text: MSG.messageHidden, hidden: true } : m,
  );
}

/** Oldest first, by the server's clock, then by id. */
export function order(a: ChatMessage, b: ChatMessage) {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "merge":
    case "page": {
      const byId = new Map(state.byId);
      for (const m of action.messages) byId.set(m.id, { ...m, status: "sent" });
      if (action.type === "merge") return { ...state, byId };
      // A page reaching back further than what we hold decides whether older ones remain.
      const oldestHeld = [...state.byId.values()].filter((m) => m.status === "sent").sort(order)[0];
      const first = action.messages[0];
      const reachesBack = !oldestHeld || (first !== undefined && order(first, oldestHeld) <= 0);
      return {
        byId,
        hasOlder: reachesBack ? action.hasMore : state.hasOlder,
        loadingOlder: false,
        historyLoaded: true,
      };
    }
    case "pending": {
      const byId = new Map(state.byId);
      byId.set(action.message.id, action.message);
      return { ...state, byId };
    }
    case "failed":
    case "retry": {
      const current = state.byId.get(action.id);
      if (!current || current.status === "sent") return state;
      const byId = new Map(state.byId);
      byId.set(
        action.id,
        action.type === "failed"
          ? { ...current, status: "failed", error: action.error }
          : { ...current, status: "pending" },
      );
      return { ...state, byId };
    }
    case "loadingOlder":
      return { ...state, loadingOlder: true };
    case "hide": {
      const byId = new Map(hiddenIn([...state.byId.values()], action.ids).map((m) => [m.id, m]));
      return { ...state, byId };
    }
    case "forgetAuthor": {
      const byId = new Map([...state.byId].filter(([, m]) => m.userId !== action.userId));
      return { ...state, byId };
    }
  }
}

/** What the screen lists: pending messages stay at the end until acknowledged (their clock is the browser's). */
export function listedMessages(byId: ChatState["byId"]): UiMessage[] {
  const all = [...byId.values()];
  const sent = all.filter((m) => m.status === "sent").sort(order);
  const unsent = all.filter((m) => m.status !== "sent").sort(order);
  return [...sent, ...unsent];
}
