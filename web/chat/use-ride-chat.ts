// The chat's live state: the first page over HTTP, then one websocket to the ride's RideRoom
// with optimistic sends (client UUIDs, resent after a reconnect — the server stores each id
// once), backfill after the last message on every (re)connect, older pages on demand, and
// read state (last_seen_at) while open and visible, when hidden, on pagehide and on leaving.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import {
  type ClientMessage,
  HISTORY_PAGE_DEFAULT,
  parseServerMessage,
  type ServerMessage,
} from "../../domain/chat-protocol.ts";
import { toast } from "../lib/toast.ts";
import { isRideDayFrame, type LiveChannel } from "../ride-day/live-channel.ts";
import { announceSuspension, SUSPENDED_CLOSE_CODE } from "../safety/suspended.ts";
import { type ChatAddress, rideChatAddress } from "./chat-address.ts";
import { chatReducer, hiddenIn, initialChatState, listedMessages, order } from "./chat-state.ts";
import { ReconnectingSocket, type SocketStatus } from "./socket.ts";
import { useChatReadState } from "./use-chat-read-state.ts";

export function useRideChat(options: {
  rideId: string;
  /** Where the chat lives when it is not the ride's: a group's ('Charla del grupo'). */
  address?: ChatAddress;
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
  /** Ride day: its frames and the socket's (re)opens go to the group map (web/ride-day/). */
  live?: LiveChannel;
  /** The ride day changed for her (a check-in, an arrival, the safety timer): web/ride-day/. */
  onRideDay?: () => void;
  /** A rider joined or left the ride: what the screen shows of the group is read again. */
  onParticipant?: () => void;
}) {
  const { rideId, enabled, canWrite, myUserId, myAuthor } = options;
  const given = options.address;
  const address = useMemo(() => given ?? rideChatAddress(rideId), [given, rideId]);
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [status, setStatus] = useState<SocketStatus>("connecting");
  const socketRef = useRef<ReconnectingSocket | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const callbacks = useRef(options);
  callbacks.current = options;

  const queryClient = useQueryClient();
  const firstPage = useQuery({ ...address.firstPage(HISTORY_PAGE_DEFAULT), enabled });
  useEffect(() => {
    if (firstPage.data) dispatch({ type: "page", ...firstPage.data });
  }, [firstPage.data]);

  // The first page is cached for good and a chat opened again starts from it: a message a
  // moderator hid loses its text there too (a changed page reaches the state through the effect).
  const hideInCache = useCallback(
    (ids: readonly string[]) =>
      queryClient.setQueryData(
        address.firstPage(HISTORY_PAGE_DEFAULT).queryKey,
        (page) => page && { ...page, messages: hiddenIn(page.messages, ids) },
      ),
    [queryClient, address],
  );

  /** Every frame to the room goes through here, typed; false when the socket is not open. */
  const sendFrame = useCallback(
    (frame: ClientMessage) => socketRef.current?.send(JSON.stringify(frame)) ?? false,
    [],
  );
  if (options.live) options.live.sendFrame = sendFrame;
  const { readStateStored, markReadIfLooking, scheduleRead } = useChatReadState({
    address,
    enabled,
    canWrite,
    sendFrame,
  });

  const handleFrame = useCallback(
    (frame: ServerMessage) => {
      if (isRideDayFrame(frame)) {
        callbacks.current.live?.deliver(frame);
        return;
      }
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
          // Hidden while she was away: the live `hidden` frame never reached her.
          if (frame.hidden) {
            dispatch({ type: "hide", ids: frame.hidden });
            hideInCache(frame.hidden);
          }
          // A notice missed while she was disconnected.
          if (frame.messages.some((m) => m.kind === "system")) {
            callbacks.current.onSystemMessage?.();
          }
          if (frame.hasMore) {
            const after = frame.messages.at(-1)?.id;
            if (after) sendFrame({ type: "sync", after });
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
          hideInCache([frame.message.id]);
          return;
        case "participant":
          callbacks.current.onParticipant?.();
          return;
        case "ride-day":
          callbacks.current.onRideDay?.();
          return;
      }
    },
    [readStateStored, scheduleRead, sendFrame, hideInCache],
  );

  // The websocket: (re)connect, backfill, resend what was never acknowledged.
  useEffect(() => {
    if (!enabled) return;
    const socket = new ReconnectingSocket({
      url: address.socketUrl(),
      onStatus: setStatus,
      onMessage: (data) => {
        const parsed = parseServerMessage(data);
        if (parsed.ok) handleFrame(parsed.msg);
      },
      onOpen: () => {
        const held = [...stateRef.current.byId.values()].sort(order);
        const lastSent = held.filter((m) => m.status === "sent").at(-1);
        sendFrame(
          lastSent
            ? { type: "sync", after: lastSent.id }
            : { type: "history", limit: HISTORY_PAGE_DEFAULT },
        );
        for (const m of held) {
          if (m.status === "pending") sendFrame({ type: "send", clientId: m.id, text: m.text });
        }
        markReadIfLooking();
        callbacks.current.live?.opened();
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
  }, [enabled, address, handleFrame, markReadIfLooking, sendFrame]);

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
      sendFrame({ type: "send", clientId: id, text: trimmed });
      return true;
    },
    [rideId, myUserId, myAuthor, sendFrame],
  );

  const retry = useCallback(
    (id: string) => {
      const message = stateRef.current.byId.get(id);
      if (message?.status !== "failed") return;
      dispatch({ type: "retry", id });
      sendFrame({ type: "send", clientId: id, text: message.text });
    },
    [sendFrame],
  );

  const forgetAuthor = useCallback((userId: string) => {
    dispatch({ type: "forgetAuthor", userId });
  }, []);

  const loadOlder = useCallback(() => {
    const current = stateRef.current;
    if (!current.hasOlder || current.loadingOlder) return;
    const oldest = [...current.byId.values()].filter((m) => m.status === "sent").sort(order)[0];
    if (!oldest) return;
    if (sendFrame({ type: "history", before: oldest.id, limit: HISTORY_PAGE_DEFAULT })) {
      dispatch({ type: "loadingOlder" });
    }
  }, [sendFrame]);

  const messages = useMemo(() => listedMessages(state.byId), [state.byId]);

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
