// The chat's live state: the first page over HTTP, then one websocket to the ride's RideRoom
// with optimistic sends (client UUIDs, resent after a reconnect — the server stores each id
// once), backfill after the last message on every (re)connect, older pages on demand, and
// read state (last_seen_at) while open and visible, when hidden, on pagehide and on leaving.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import {
  CHAT_READ_STATE_EVENT,
  type ChatReadStateDetail,
  type ChatsResponse,
} from "../../domain/api/chat.ts";
import {
  type ChatMessage,
  HISTORY_PAGE_DEFAULT,
  parseServerMessage,
  type ServerMessage,
} from "../../domain/chat-protocol.ts";
import { call, client } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";
import { announceSuspension, SUSPENDED_CLOSE_CODE } from "../safety/suspended.ts";
import { ReconnectingSocket, type SocketStatus } from "./socket.ts";
import { CHATS_KEY } from "./unread.ts";

export type UiMessage = ChatMessage & { status: "sent" | "pending" | "failed"; error?: string };

interface State {
  byId: Map<string, UiMessage>;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** A history page came in, over HTTP or the socket: an empty chat is really empty. */
  historyLoaded: boolean;
}

type Action =
  | { type: "merge"; messages: ChatMessage[] }
  | { type: "page"; messages: ChatMessage[]; hasMore: boolean }
  | { type: "pending"; message: UiMessage }
  | { type: "failed"; id: string; error: string }
  | { type: "retry"; id: string }
  | { type: "loadingOlder" }
  /** She blocked this rider: her messages leave the chat (DESIGN.md decision 16). */
  | { type: "forgetAuthor"; userId: string };

function order(a: ChatMessage, b: ChatMessage) {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;
}

function reducer(state: State, action: Action): State {
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
    case "forgetAuthor": {
      const byId = new Map([...state.byId].filter(([, m]) => m.userId !== action.userId));
      return { ...state, byId };
    }
  }
}

export function chatMessagesKey(rideId: string) {
  return ["chat-messages", rideId] as const;
}

function announceReadState(rideId: string) {
  window.dispatchEvent(
    new CustomEvent<ChatReadStateDetail>(CHAT_READ_STATE_EVENT, { detail: { rideId } }),
  );
}

/** Debounce for marking read after new messages arrive while she looks at the chat. */
const READ_DEBOUNCE_MS = 800;

export function useRideChat(options: {
  rideId: string;
  /** She is a participant (the socket is refused otherwise). */
  enabled: boolean;
  /** She may write: read state is then kept current while the chat is open and visible. */
  canWrite: boolean;
  myUserId: string | undefined;
  myAuthor: { username: string; avatarKey: string } | null;
  /** The room closed her socket for good (she left the ride). */
  onGone?: () => void;
  /** The server refused a send for a reason that changes what the screen offers. */
  onWriteRefused?: (code: string) => void;
  /**
   * A system notice came in (the organizer edited or cancelled the ride): what the screen shows
   * of the ride (title, whether she may still write) may have changed.
   */
  onSystemMessage?: () => void;
}) {
  const { rideId, enabled, canWrite, myUserId, myAuthor } = options;
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(reducer, {
    byId: new Map(),
    hasOlder: false,
    loadingOlder: false,
    historyLoaded: false,
  });
  const [status, setStatus] = useState<SocketStatus>("connecting");
  const socketRef = useRef<ReconnectingSocket | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const canWriteRef = useRef(canWrite);
  canWriteRef.current = canWrite;
  const callbacks = useRef(options);
  callbacks.current = options;

  const firstPage = useQuery({
    queryKey: chatMessagesKey(rideId),
    queryFn: () =>
      call(
        client.rides[":id"].chat.messages.$get({
          param: { id: rideId },
          query: { limit: String(HISTORY_PAGE_DEFAULT) },
        }),
      ),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (firstPage.data) dispatch({ type: "page", ...firstPage.data });
  }, [firstPage.data]);

  /** Her badge for this ride goes to 0 at once; the event refetches the real counts. */
  const readStateStored = useCallback(() => {
    queryClient.setQueryData<ChatsResponse>(CHATS_KEY, (data) =>
      data
        ? { chats: data.chats.map((c) => (c.rideId === rideId ? { ...c, unread: 0 } : c)) }
        : data,
    );
    announceReadState(rideId);
  }, [queryClient, rideId]);

  const markReadOverHttp = useCallback(() => {
    call(client.rides[":id"].chat.read.$post({ param: { id: rideId } }))
      .then(readStateStored)
      .catch(() => {
        // Only logged in the spec; the next open marks it again.
      });
  }, [rideId, readStateStored]);

  /** While open and visible, and only when she may write (spec 02 §4 read state). */
  const markReadIfLooking = useCallback(() => {
    if (!canWriteRef.current || document.visibilityState !== "visible") return;
    if (!socketRef.current?.send(JSON.stringify({ type: "read" }))) markReadOverHttp();
  }, [markReadOverHttp]);

  const readTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const scheduleRead = useCallback(() => {
    clearTimeout(readTimer.current);
    readTimer.current = setTimeout(markReadIfLooking, READ_DEBOUNCE_MS);
  }, [markReadIfLooking]);

  const handleFrame = useCallback(
    (frame: ServerMessage) => {
      switch (frame.type) {
        case "message":
          dispatch({ type: "merge", messages: [frame.message] });
          if (frame.message.userId !== callbacks.current.myUserId) scheduleRead();
          if (frame.message.kind === "system") callbacks.current.onSystemMessage?.();
          return;
        case "ack":
          dispatch({ type: "merge", messages: [frame.message] });
          return;
        case "history":
          dispatch({ type: "page", messages: frame.messages, hasMore: frame.hasMore });
          return;
        case "synced":
          dispatch({ type: "merge", messages: frame.messages });
          // A notice missed while she was disconnected.
          if (frame.messages.some((m) => m.kind === "system")) {
            callbacks.current.onSystemMessage?.();
          }
          if (frame.hasMore) {
            const after = frame.messages.at(-1)?.id;
            if (after) socketRef.current?.send(JSON.stringify({ type: "sync", after }));
          } else if (frame.messages.length > 0) {
            scheduleRead();
          }
          return;
        case "read-state":
          readStateStored();
          return;
        case "error":
          if (frame.clientId) {
            dispatch({ type: "failed", id: frame.clientId, error: frame.message });
            callbacks.current.onWriteRefused?.(frame.code);
          }
          toast.error(frame.message, { id: `chat-error-${frame.code}` });
          return;
        case "hidden":
          // A moderator hid it: the copy she has becomes 'Mensaje ocultado por moderación'.
          dispatch({ type: "merge", messages: [frame.message] });
          return;
        case "participant":
          return;
      }
    },
    [readStateStored, scheduleRead],
  );

  // The websocket: (re)connect, backfill, resend what was never acknowledged.
  useEffect(() => {
    if (!enabled) return;
    const socket = new ReconnectingSocket({
      path: `/api/rides/${rideId}/chat/socket`,
      onStatus: setStatus,
      onMessage: (data) => {
        const parsed = parseServerMessage(data);
        if (parsed.ok) handleFrame(parsed.msg);
      },
      onOpen: () => {
        const held = [...stateRef.current.byId.values()].sort(order);
        const lastSent = held.filter((m) => m.status === "sent").at(-1);
        socket.send(
          JSON.stringify(
            lastSent
              ? { type: "sync", after: lastSent.id }
              : { type: "history", limit: HISTORY_PAGE_DEFAULT },
          ),
        );
        for (const m of held) {
          if (m.status === "pending") {
            socket.send(JSON.stringify({ type: "send", clientId: m.id, text: m.text }));
          }
        }
        markReadIfLooking();
      },
      onGone: (code) => {
        if (code === SUSPENDED_CLOSE_CODE) announceSuspension();
        else callbacks.current.onGone?.();
      },
    });
    socketRef.current = socket;
    socket.start();
    return () => {
      socketRef.current = null;
      socket.stop();
    };
  }, [enabled, rideId, handleFrame, markReadIfLooking]);

  // Read state when the page hides, before unload, when visible again, and on leaving.
  useEffect(() => {
    if (!enabled) return;
    const beacon = () => {
      if (!navigator.sendBeacon?.(`/api/rides/${rideId}/chat/read`)) markReadOverHttp();
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") beacon();
      else markReadIfLooking();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", beacon);
    window.addEventListener("beforeunload", beacon);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", beacon);
      window.removeEventListener("beforeunload", beacon);
      clearTimeout(readTimer.current);
      markReadOverHttp();
    };
  }, [enabled, rideId, markReadOverHttp, markReadIfLooking]);

  const send = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!trimmed || !myUserId) return false;
      const id = crypto.randomUUID();
      dispatch({
        type: "pending",
        message: {
          id,
          rideId,
          userId: myUserId,
          kind: "user",
          text: trimmed,
          createdAt: new Date().toISOString(),
          author: myAuthor,
          status: "pending",
        },
      });
      // Not connected: it stays pending and goes out on reconnect.
      socketRef.current?.send(JSON.stringify({ type: "send", clientId: id, text: trimmed }));
      return true;
    },
    [rideId, myUserId, myAuthor],
  );

  const retry = useCallback((id: string) => {
    const message = stateRef.current.byId.get(id);
    if (message?.status !== "failed") return;
    dispatch({ type: "retry", id });
    socketRef.current?.send(JSON.stringify({ type: "send", clientId: id, text: message.text }));
  }, []);

  const forgetAuthor = useCallback((userId: string) => {
    dispatch({ type: "forgetAuthor", userId });
  }, []);

  const loadOlder = useCallback(() => {
    const current = stateRef.current;
    if (!current.hasOlder || current.loadingOlder) return;
    const oldest = [...current.byId.values()].filter((m) => m.status === "sent").sort(order)[0];
    if (!oldest) return;
    if (
      socketRef.current?.send(
        JSON.stringify({ type: "history", before: oldest.id, limit: HISTORY_PAGE_DEFAULT }),
      )
    ) {
      dispatch({ type: "loadingOlder" });
    }
  }, []);

  const messages = useMemo(() => {
    // Pending messages stay at the end until acknowledged (their clock is the browser's).
    const all = [...state.byId.values()];
    const sent = all.filter((m) => m.status === "sent").sort(order);
    const unsent = all.filter((m) => m.status !== "sent").sort(order);
    return [...sent, ...unsent];
  }, [state.byId]);

  // The HTTP page failed and neither the socket's history nor any message has filled the chat:
  // "no messages" would be a guess, so the screen says it failed (the socket may still fill it).
  const firstPageFailed =
    enabled && firstPage.isError && !state.historyLoaded && state.byId.size === 0;
  const retryFirstPage = useCallback(() => void firstPage.refetch(), [firstPage.refetch]);

  return {
    messages,
    hasOlder: state.hasOlder,
    loadingOlder: state.loadingOlder,
    loadingFirstPage: enabled && (firstPage.isPending || (firstPageFailed && firstPage.isFetching)),
    firstPageFailed,
    retryFirstPage,
    status,
    send,
    retry,
    loadOlder,
    forgetAuthor,
  };
}
