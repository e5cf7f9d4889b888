// The chat of a ride she is in: the live message list (use-ride-chat.ts) and the composer while
// the chat is open, or why it is closed.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import type { ChatInfoResponse } from "../../domain/api/chat.ts";
import { MSG } from "../../domain/messages.ts";
import { CHAT_TEXT as TEXT } from "../../domain/texts/chat.ts";
import { LiveChannel } from "../ride-day/live-channel.ts";
import { rideDayKeys } from "../ride-day/queries.ts";
import { RideDaySlot } from "../ride-day/ride-day-slot.tsx";
import { useMe } from "../session/use-me.ts";
import { setActiveChat } from "./active-chat.ts";
import { ChatHeader, Composer } from "./chat-parts.tsx";
import { MessageLog } from "./message-log.tsx";
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

  return (
    <div className="flex h-[calc(100dvh-7rem)] flex-col">
      <ChatHeader info={info} count={count} />
      <RideDaySlot info={info} live={live} isOrganizer={info.ride.organizerId === me?.id} />
      {chat.status !== "open" && !chat.loadingFirstPage ? (
        <p role="status" className="shrink-0 py-1 text-center text-xs text-ink-soft">
          {TEXT.connecting}
        </p>
      ) : null}
      <MessageLog
        chat={chat}
        myUserId={me?.id}
        canWrite={info.canWrite}
        // A closed chat says only why (below), not to say hello.
        empty={info.canWrite ? TEXT.empty : null}
      />
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
