// The chat of a ride she is in: the live message list (use-ride-chat.ts) and the composer while
// the chat is open, or why it is closed.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useMemo, useRef } from "react";
import type { ChatInfoResponse } from "../../domain/api/chat.ts";
import { MSG } from "../../domain/messages.ts";
import { CHAT_TEXT as TEXT } from "../../domain/texts/chat.ts";
import { RetryButton, Skeleton } from "../components/feedback.tsx";
import { Spinner } from "../components/spinner.tsx";
import { LiveChannel } from "../ride-day/live-channel.ts";
import { rideDayKeys } from "../ride-day/queries.ts";
import { RideDaySlot } from "../ride-day/ride-day-slot.tsx";
import { useMe } from "../session/use-me.ts";
import { setActiveChat } from "./active-chat.ts";
import { ChatHeader, Composer, MessageItem } from "./chat-parts.tsx";
import { chatKeys } from "./queries.ts";
import { useRideChat } from "./use-ride-chat.ts";

/** Ride day (check-in, 'He llegado a casa'): only around the ride, loaded then (web/ride-day/). */

export function ParticipantChat({
  rideId,
  info,
  infoUpdatedAt,
}: {
  rideId: string;
  info: ChatInfoResponse;
  infoUpdatedAt: number;
}) {
  const me = useMe().data?.user;
  const queryClient = useQueryClient();
  const refreshInfo = () => void queryClient.invalidateQueries({ queryKey: chatKeys.info(rideId) });
  const refreshRideDay = () =>
    void queryClient.invalidateQueries({ queryKey: rideDayKeys.state(rideId) });
  const live = useMemo(() => new LiveChannel(), []);
  const chat = useRideChat({
    live,
    rideId,
    enabled: true,
    canWrite: info.canWrite,
    myUserId: me?.id,
    myAuthor: me?.username ? { username: me.username, avatarKey: me.avatarKey } : null,
    onGone: () => {
      refreshInfo();
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
    },
    onWriteRefused: (code) => {
      if (code === "chat_closed" || code === "ride_cancelled" || code === "not_participant") {
        refreshInfo();
      }
    },
    // A cancellation closes the input and a rename retitles the header, live.
    onSystemMessage: refreshInfo,
    onRideDay: refreshRideDay,
    // Someone joined or left during the ride day: the check-ins' 'Faltan' and the group map's
    // list (who shares, the escoba) would otherwise miss her until a reload.
    onParticipant: () => {
      refreshRideDay();
      live.groupChanged();
    },
  });

  useEffect(() => {
    setActiveChat(rideId);
    return () => setActiveChat(null);
  }, [rideId]);

  // Messages stored after the count was read are not in it; unsent ones (pending, refused) never
  // count.
  const since = new Date(infoUpdatedAt).toISOString();
  const stored = chat.messages.filter((m) => m.status === "sent");
  const newer = stored.filter((m) => m.createdAt > since).length;
  const count = Math.max(info.messageCount + newer, stored.length);

  const list = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const previousHeight = useRef(0);
  const previousFirst = useRef<string | undefined>(undefined);

  // Keep the view at the bottom for new messages, and in place when older ones are prepended.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const first = chat.messages[0]?.id;
    if (previousFirst.current && first !== previousFirst.current && !stickToBottom.current) {
      el.scrollTop += el.scrollHeight - previousHeight.current;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    previousFirst.current = first;
    previousHeight.current = el.scrollHeight;
  }, [chat.messages]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 120) chat.loadOlder();
  };

  return (
    <div className="flex h-[calc(100dvh-7rem)] flex-col">
      <ChatHeader info={info} count={count} />
      <RideDaySlot info={info} live={live} isOrganizer={info.ride.organizerId === me?.id} />
      {chat.status !== "open" && !chat.loadingFirstPage ? (
        <p role="status" className="shrink-0 py-1 text-center text-xs text-ink-soft">
          {TEXT.connecting}
        </p>
      ) : null}
      <div
        ref={list}
        onScroll={onScroll}
        // Focusable, so a keyboard can scroll the messages when nothing inside them takes focus
        // (the ride day's panels above leave the list short).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable
        tabIndex={0}
        className="flex-1 overflow-y-auto py-3 focus-visible:outline-2 focus-visible:outline-primary"
        aria-label={TEXT.messages}
        role="log"
        aria-live="polite"
      >
        {chat.loadingOlder ? <Spinner label={TEXT.loadingOlder} /> : null}
        {chat.loadingFirstPage ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="ml-auto h-12 w-1/2" />
          </div>
        ) : chat.firstPageFailed ? (
          <div className="flex flex-col items-center gap-3 py-10 text-center">
            <p className="font-semibold">{MSG.internal}</p>
            <RetryButton onRetry={chat.retryFirstPage} />
          </div>
        ) : chat.messages.length === 0 ? (
          // A closed chat says only why (below), not to say hello.
          info.canWrite ? (
            <p className="py-10 text-center text-ink-soft">{TEXT.empty}</p>
          ) : null
        ) : (
          <ol className="flex flex-col gap-2">
            {chat.messages.map((m) => (
              <MessageItem
                key={m.id}
                message={m}
                mine={m.userId === me?.id}
                // Once the chat is closed a resend can only be refused again.
                onRetry={info.canWrite ? () => chat.retry(m.id) : undefined}
                onAuthorBlocked={chat.forgetAuthor}
              />
            ))}
          </ol>
        )}
      </div>
      {info.canWrite ? (
        <Composer onSend={chat.send} />
      ) : (
        <p className="shrink-0 rounded-2xl bg-accent-soft px-4 py-3 text-center text-sm font-semibold">
          {info.ride.status !== "cancelled"
            ? MSG.chatClosed
            : info.ride.cancelledByOrganizer
              ? MSG.cancelledBanner
              : MSG.cancelledNeutralBanner}
        </p>
      )}
    </div>
  );
}
