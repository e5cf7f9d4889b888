// The app-wide live channel: ONE socket per signed-in tab (GET /api/notifications/socket →
// her UserHub) instead of one per ride. A frame refreshes the badges and raises the
// 'Conversación en curso' toast unless she is reading that chat (a group's chat: the badges only); a waiting list's news raises
// its own toast; a ride changed by someone else (her place in line, taken out of it) only
// refreshes her open screens of it.
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { CHAT_READ_STATE_EVENT } from "../../domain/api/chat.ts";
import { CONNECTIONS_COMPLETED_EVENT } from "../../domain/api/connections.ts";
import { parseNotificationFrame } from "../../domain/notification-frame.ts";
import { connectionKeys } from "../connections/queries.ts";
import { groupChatKey } from "../group-core/queries.ts";
import { urlClient } from "../lib/api.ts";
import { inNextTask } from "../lib/next-task.ts";
import { justPromoted, showWaitingListToast } from "../ride-core/waiting-list-toast.ts";
import {
  announceSuspension,
  onSuspension,
  SUSPENDED_CLOSE_CODE,
  signOutSuspended,
} from "../safety/suspended.ts";
import { useMe } from "../session/use-me.ts";
import { isChatOnScreen } from "./active-chat.ts";
import { showConversationToast } from "./conversation-toast.tsx";
import { CHATS_KEY, chatKeys } from "./queries.ts";
import { ReconnectingSocket } from "./socket.ts";

/**
 * docs/product.md#unread-messages: unread rechecks run 100–200 ms after the trigger; connections
 * after 200 ms.
 */
const RECHECK_DELAY_MS = 150;
const CONNECTIONS_REFRESH_MS = 200;

/** Query keys that show unread counts or ride lists (feeds refetch when a chat changes). */
const FEED_KEYS = new Set(["chats", "feed", "rides", "my-rides"]);

export function NotificationsProvider({ children }: { children?: ReactNode }) {
  const me = useMe();
  const userId = me.data?.user?.profileComplete ? me.data.user.id : null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // The live channel, while she is signed in with a profile.
  useEffect(() => {
    if (!userId) return;
    const socket = new ReconnectingSocket({
      url: urlClient().notifications.socket.$url(),
      onMessage: (data) => {
        const parsed = parseNotificationFrame(data);
        if (!parsed.ok) return;
        const frame = parsed.msg;
        if (frame.type === "ready") {
          // (Re)connected: refetch whatever was announced while the channel was down.
          void queryClient.invalidateQueries({ queryKey: CHATS_KEY });
          return;
        }
        void queryClient.invalidateQueries({
          predicate: (q) => FEED_KEYS.has(String(q.queryKey[0])),
        });
        if (frame.type === "group-unread") {
          // A group's chat: the badge (above) and the group page's entry; no toast.
          void queryClient.invalidateQueries({ queryKey: groupChatKey(frame.slug) });
          return;
        }
        if (frame.type === "ride-changed") {
          // Her chat of it too: accepted, she may open it now; taken out, it closes.
          void queryClient.invalidateQueries({ queryKey: chatKeys.info(frame.rideId) });
          return;
        }
        if (frame.type === "waiting-list") {
          showWaitingListToast(frame, () => navigate(`/app/ride/${frame.rideId}`));
          return;
        }
        if (frame.count > 0 && !isChatOnScreen(frame.rideId) && !justPromoted(frame.rideId)) {
          showConversationToast({
            rideId: frame.rideId,
            rideTitle: frame.rideTitle,
            count: frame.count,
            onOpen: () => navigate(`/app/chat/${frame.rideId}`),
          });
        }
      },
      onGone: (code) => {
        if (code === SUSPENDED_CLOSE_CODE) announceSuspension();
      },
    });
    // Opening a socket costs the main thread a few ms: not inside the first screen's effects.
    const cancelStart = inNextTask(() => socket.start());
    return () => {
      cancelStart();
      socket.stop();
    };
  }, [userId, queryClient, navigate]);

  // A moderator suspended her account: this tab signs out at once (docs/product.md#suspension).
  useEffect(() => {
    if (!userId) return;
    return onSuspension(() => {
      void signOutSuspended(queryClient);
      navigate("/app/login", { replace: true });
    });
  }, [userId, queryClient, navigate]);

  // Rechecks on focus, visibility and read-state / connections events.
  useEffect(() => {
    if (!userId) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (fn: () => void, ms: number) => {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
    };
    const recheckChats = () =>
      later(() => void queryClient.invalidateQueries({ queryKey: CHATS_KEY }), RECHECK_DELAY_MS);
    const onVisibility = () => {
      if (document.visibilityState === "visible") recheckChats();
    };
    const onConnections = () =>
      later(
        () => void queryClient.invalidateQueries({ queryKey: connectionKeys.pending }),
        CONNECTIONS_REFRESH_MS,
      );
    window.addEventListener("focus", recheckChats);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener(CHAT_READ_STATE_EVENT, recheckChats);
    window.addEventListener(CONNECTIONS_COMPLETED_EVENT, onConnections);
    return () => {
      window.removeEventListener("focus", recheckChats);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener(CHAT_READ_STATE_EVENT, recheckChats);
      window.removeEventListener(CONNECTIONS_COMPLETED_EVENT, onConnections);
      for (const t of timers) clearTimeout(t);
    };
  }, [userId, queryClient]);

  return <>{children}</>;
}
