// Which buttons a ride card shows (spec 02 §2 "Ride card") and My Rides buckets (§4).
import { hasStarted, isFull, type RideBasics } from "./time.ts";

export type RideCardActions = {
  /** 'Cancelar salida': organizer, future, not cancelled. */
  canCancel: boolean;
  /** 'Desapuntarme': participant, not the organizer, future, not cancelled. */
  canLeave: boolean;
  /** 'UNIRME' shown and enabled: non-participant, not cancelled, not started, not full. */
  canJoin: boolean;
  /** 'Completa' shown instead of 'UNIRME', disabled: non-participant, not cancelled, not started, full. */
  joinShowsFull: boolean;
  /** 'Chat' button shown: participants (the organizer is one). */
  canChat: boolean;
  /** The 'Chat' button is disabled: the ride is cancelled. */
  chatDisabled: boolean;
  /** 'Compartir': not cancelled. */
  canShare: boolean;
  /** 'Cancelada por la organizadora'. */
  showCancelledBanner: boolean;
  /** Clicking the card opens the detail only for participants. */
  opensDetailOnClick: boolean;
};

export function rideCardActions(input: {
  ride: Pick<RideBasics, "organizerId" | "status" | "startTime" | "maxParticipants">;
  viewerId: string | null;
  isParticipant: boolean;
  participantCount: number;
  now: number;
}): RideCardActions {
  const { ride, viewerId, participantCount, now } = input;
  const isOrganizer = viewerId !== null && viewerId === ride.organizerId;
  // The organizer is added as a participant on creation; treat her as one even if the
  // caller's participant list is stale.
  const isParticipant = input.isParticipant || isOrganizer;
  const cancelled = ride.status === "cancelled";
  const future = !hasStarted(ride.startTime, now);
  // Joining is blocked once the ride has started (§4), so no join button then either.
  const joinable = !isParticipant && !cancelled && future;
  const full = isFull(participantCount, ride.maxParticipants);

  return {
    canCancel: isOrganizer && future && !cancelled,
    canLeave: isParticipant && !isOrganizer && future && !cancelled,
    canJoin: joinable && !full,
    joinShowsFull: joinable && full,
    canChat: isParticipant,
    chatDisabled: isParticipant && cancelled,
    canShare: !cancelled,
    showCancelledBanner: cancelled,
    opensDetailOnClick: isParticipant,
  };
}

export type MyRidesBucket = "upcoming" | "past" | "cancelled";

/**
 * Spec 02 §4: cancelled = status cancelled; upcoming = start in the future and published or
 * closed; past = completed, or started and not cancelled.
 */
export function myRidesBucket(
  ride: Pick<RideBasics, "status" | "startTime">,
  now: number,
): MyRidesBucket {
  if (ride.status === "cancelled") return "cancelled";
  if (ride.status === "completed") return "past";
  return hasStarted(ride.startTime, now) ? "past" : "upcoming";
}
