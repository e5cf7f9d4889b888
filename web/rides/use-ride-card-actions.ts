// What the ride card lets her do (domain/ride-card.ts decides) and the handlers behind its
// buttons: join, leave, share, with their toasts and the dialogs they open.
import { useEffect, useState } from "react";
import type { RideSummary } from "../../domain/api/rides.ts";
import { errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { rideCardActions } from "../../domain/ride-card.ts";
import { PLACE_TEXTS, type RideCardPlace } from "../../domain/texts/rides-card.ts";
import { toast } from "../lib/toast.ts";
import { joinFailure } from "../ride-core/join-errors.ts";
import { useJoinRide, useLeaveRide } from "../ride-core/queries.ts";
import { useMe } from "../session/use-me.ts";
import { preloadDialogsWhenIdle } from "./ride-card-dialogs.tsx";
import { rideShareData, shareOrCopy } from "./share.ts";

export function useRideCardActions(ride: RideSummary, place: RideCardPlace) {
  const join = useJoinRide();
  const leave = useLeaveRide();
  const [joinedOpen, setJoinedOpen] = useState(false);
  // Her place when the dialog is about the waiting list rather than the ride.
  const [joinedListAt, setJoinedListAt] = useState<number | undefined>(undefined);
  const [cancelOpen, setCancelOpen] = useState(false);
  const viewerId = useMe().data?.user?.id ?? null;
  useEffect(preloadDialogsWhenIdle, []);
  const actions = rideCardActions({
    // A deleted organizer (null) is nobody's id.
    ride: { ...ride, organizerId: ride.organizer.id ?? "" },
    viewerId,
    isParticipant: ride.viewer.joined,
    participantCount: ride.participantCount,
    waitingCount: ride.waitingCount,
    waitingPosition: ride.viewer.waitingPosition,
    joinMode: ride.joinMode,
    request: ride.viewer.request,
    now: Date.now(),
  });
  const texts = PLACE_TEXTS[place];

  async function onJoin() {
    try {
      await join.mutateAsync(ride.id);
      toast.success(texts.joined.title, { description: texts.joined.description });
      setJoinedListAt(undefined);
      setJoinedOpen(true);
    } catch (error) {
      const failure = joinFailure(error);
      if (failure.kind === "already_joined") {
        toast.error(failure.title, { description: failure.description });
      } else {
        toast.error(texts.joinFailed, { description: failure.reason });
      }
    }
  }

  async function onLeave() {
    try {
      await leave.mutateAsync(ride.id);
      toast.success(texts.left.title, { description: texts.left.description });
    } catch (error) {
      toast.error(texts.leaveFailed, {
        description: errorText(error),
      });
    }
  }

  async function onShare() {
    const outcome = await shareOrCopy(rideShareData(ride));
    if (outcome === "copied") toast.success(MSG.rideLinkCopied);
  }

  return {
    actions,
    join,
    leave,
    onJoin,
    onLeave,
    onShare,
    joinedOpen,
    setJoinedOpen,
    joinedListAt,
    setJoinedListAt,
    cancelOpen,
    setCancelOpen,
  };
}
