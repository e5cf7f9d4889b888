// The chat's read state (last_seen_at, docs/product.md#unread-messages): over the socket while the
// chat is open and visible, else over HTTP; a beacon when the page hides or unloads; once more on
// leaving.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import {
  CHAT_READ_STATE_EVENT,
  type ChatReadStateDetail,
  type ChatsResponse,
} from "../../domain/api/chat.ts";
import type { ClientMessage } from "../../domain/chat-protocol.ts";
import type { ChatAddress } from "./chat-address.ts";
import { CHATS_KEY } from "./queries.ts";

function announceReadState(rideId: string) {
  window.dispatchEvent(
    new CustomEvent<ChatReadStateDetail>(CHAT_READ_STATE_EVENT, { detail: { rideId } }),
  );
}

/** Debounce for marking read after new messages arrive while she looks at the chat. */
const READ_DEBOUNCE_MS = 800;

export function useChatReadState({
  address,
  enabled,
  canWrite,
  sendFrame,
}: {
  address: ChatAddress;
  enabled: boolean;
  /** She may write: read state is then kept current while the chat is open and visible. */
  canWrite: boolean;
  /** False when the socket is not open. */
  sendFrame: (frame: ClientMessage) => boolean;
}) {
  const queryClient = useQueryClient();
  const rideId = address.roomId;
  const canWriteRef = useRef(canWrite);
  canWriteRef.current = canWrite;

  /** Her badge for this chat (a ride's or a group's) goes to 0 at once; the event refetches the real counts. */
  const readStateStored = useCallback(() => {
    queryClient.setQueryData<ChatsResponse>(CHATS_KEY, (data) =>
      data
        ? {
            ...data,
            chats: data.chats.map((c) => (c.rideId === rideId ? { ...c, unread: 0 } : c)),
            groupChats: (data.groupChats ?? []).filter((g) => g.groupId !== rideId),
          }
        : data,
    );
    announceReadState(rideId);
  }, [queryClient, rideId]);

  const markReadOverHttp = useCallback(() => {
    address
      .markRead()
      .then(readStateStored)
      .catch(() => {
        // Only logged in the spec; the next open marks it again.
      });
  }, [address, readStateStored]);

  /** While open and visible, and only when she may write (docs/product.md#unread-messages). */
  const markReadIfLooking = useCallback(() => {
    if (!canWriteRef.current || document.visibilityState !== "visible") return;
    if (!sendFrame({ type: "read" })) markReadOverHttp();
  }, [sendFrame, markReadOverHttp]);

  const readTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const scheduleRead = useCallback(() => {
    clearTimeout(readTimer.current);
    readTimer.current = setTimeout(markReadIfLooking, READ_DEBOUNCE_MS);
  }, [markReadIfLooking]);

  // Read state when the page hides, before unload, when visible again, and on leaving.
  useEffect(() => {
    if (!enabled) return;
    const beacon = () => {
      if (!navigator.sendBeacon?.(address.readPath)) markReadOverHttp();
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
  }, [enabled, address, markReadOverHttp, markReadIfLooking]);

  return { readStateStored, markReadIfLooking, scheduleRead };
}
