// The chat of a ride she is not in: what there is to read, and joining to read it (or, on a
// 'Con aprobación' ride, asking for a place on the ride's page: docs/product.md#join-by-approval).
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import type { ChatInfoResponse } from "../../domain/api/chat.ts";
import { MSG } from "../../domain/messages.ts";
import { OUTSIDER_CHAT_TEXT as TEXT } from "../../domain/texts/chat.ts";
import { hasStarted } from "../../domain/time.ts";
import { Button, ButtonLink } from "../components/button.tsx";
import { toast } from "../lib/toast.ts";
import { joinFailure } from "../ride-core/join-errors.ts";
import { useJoinRide } from "../ride-core/queries.ts";
import { ChatHeader, messageCountLabel } from "./chat-parts.tsx";
import { chatKeys } from "./queries.ts";

export function OutsiderChat({ rideId, info }: { rideId: string; info: ChatInfoResponse }) {
  const queryClient = useQueryClient();
  const [bannerOpen, setBannerOpen] = useState(true);
  const joinRide = useJoinRide();
  const navigate = useNavigate();

  const join = async () => {
    // Joining from the chat succeeds only before the start; the API checks too.
    if (hasStarted(info.ride.startTime, Date.now())) {
      toast.error(MSG.rideStarted);
      return;
    }
    try {
      await joinRide.mutateAsync(rideId);
      toast.success(MSG.joinedShort);
      await queryClient.invalidateQueries({ queryKey: chatKeys.info(rideId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
    } catch (error) {
      const failure = joinFailure(error);
      if (failure.kind === "already_joined") {
        toast(failure.title, { description: failure.description });
        await queryClient.invalidateQueries({ queryKey: chatKeys.info(rideId) });
      } else if (failure.kind === "request_needed") {
        // Made 'Con aprobación' since this screen loaded: it now offers the request instead.
        toast.error(failure.reason);
        await queryClient.invalidateQueries({ queryKey: chatKeys.info(rideId) });
      } else if (failure.kind === "refused") {
        toast.error(failure.reason);
      } else {
        toast.error(MSG.joinFailedChat);
      }
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <ChatHeader info={info} count={info.messageCount} />
      {info.messageCount > 0 && bannerOpen ? (
        <section
          aria-label={TEXT.banner}
          className="flex flex-col gap-3 rounded-2xl bg-primary-soft p-4"
        >
          <p className="font-semibold">{TEXT.bannerText(messageCountLabel(info.messageCount))}</p>
          <div className="flex gap-2">
            <Button variant="ghost" onClick={() => setBannerOpen(false)}>
              {TEXT.close}
            </Button>
            <Button variant="secondary" onClick={() => navigate(`/app/ride/${rideId}`)}>
              {TEXT.view}
            </Button>
          </div>
        </section>
      ) : null}
      <section className="flex flex-col items-center gap-3 rounded-3xl bg-surface p-6 text-center shadow-sm">
        <h2 className="text-lg font-extrabold">{TEXT.title}</h2>
        {info.canJoin ? (
          <>
            <p className="text-ink-soft">{TEXT.joinToRead}</p>
            <Button onClick={join} disabled={joinRide.isPending}>
              {joinRide.isPending ? TEXT.joining : TEXT.join}
            </Button>
          </>
        ) : info.approval?.canRequest ? (
          <>
            <p className="text-ink-soft">{MSG.requestNeeded}</p>
            <ButtonLink to={`/app/ride/${rideId}`}>{MSG.requestPlace}</ButtonLink>
          </>
        ) : (
          <p className="text-ink-soft">{whyNotJoinable(info)}</p>
        )}
      </section>
    </div>
  );
}

/** Why she can neither join nor ask for a place: the ride is off or under way, or she has asked. */
function whyNotJoinable(info: ChatInfoResponse): string {
  if (info.ride.status === "cancelled") return MSG.rideCancelledJoin;
  if (hasStarted(info.ride.startTime, Date.now())) return MSG.rideStarted;
  if (info.approval?.request === "pending") return MSG.requestPending;
  if (info.approval?.request === "declined") return MSG.requestDeclinedText;
  return MSG.rideStarted;
}
