// Which buttons a ride card shows (docs/product.md#ride-card; the waiting list of
// docs/product.md#ride-waiting-list) and My Rides buckets (docs/product.md#my-rides).
import { hasStarted, isFull, type RideBasics } from "./time.ts";

export type RideCardActions = {
  /** 'Cancelar salida': organizer, future, not cancelled. */
  canCancel: boolean;
  /** 'Desapuntarme': participant, not the organizer, future, not cancelled. */
  canLeave: boolean;
  /** 'UNIRME' shown and enabled: non-participant, not cancelled, not started, not full. */
  canJoin: boolean;
  /**
   * 'Apuntarme a la lista de espera' instead of 'UNIRME' (it replaces the spec's disabled
   * 'Completa'): non-participant, not cancelled, not started, full or others already waiting,
   * and she is not on the list yet.
   */
  canJoinWaitingList: boolean;
  /** 'Estás la 2ª en la lista de espera' with 'Salir de la lista de espera': her place, until the start. */
  onWaitingList: boolean;
  /** 'Lista de espera (N)': someone waits and the list is still open (future, not cancelled). */
  showsWaitingCount: boolean;
  /** 'Chat' button shown: participants (the organizer is one). */
  canChat: boolean;
  /** The 'Chat' button is disabled: the ride is cancelled. */
  chatDisabled: boolean;
  /** 'Compartir': not cancelled. */
  canShare: boolean;
  /** 'Cancelada por la organizadora'. */
  showCancelledBanner: boolean;
  /**
   * 'Solicitar plaza' instead of 'UNIRME' on a 'Con aprobación' ride
   * (docs/product.md#join-by-approval): non-participant, not cancelled, not started, without a
   * request yet. Full or not: the requests are the queue.
   */
  canRequest: boolean;
  /** Clicking the card opens the detail only for participants. */
  opensDetailOnClick: boolean;
};

export function rideCardActions(input: {
  ride: Pick<RideBasics, "organizerId" | "status" | "startTime" | "maxParticipants">;
  viewerId: string | null;
  isParticipant: boolean;
  participantCount: number;
  /** Riders on the waiting list (0 when none). */
  waitingCount?: number;
  /** Her place on it, null when she is not on it. */
  waitingPosition?: number | null;
  /** 'open' when not given. */
  joinMode?: "open" | "approval";
  /** Her request's status on an approval ride, null without one. */
  request?: string | null;
  now: number;
}): RideCardActions {
  const { ride, viewerId, participantCount, now } = input;
  const waitingCount = input.waitingCount ?? 0;
  const waiting = (input.waitingPosition ?? null) !== null;
  const isOrganizer = viewerId !== null && viewerId === ride.organizerId;
  // The organizer is added as a participant on creation; treat her as one even if the
  // caller's participant list is stale.
  const isParticipant = input.isParticipant || isOrganizer;
  const cancelled = ride.status === "cancelled";
  const future = !hasStarted(ride.startTime, now);
  // Joining is blocked once the ride has started (docs/product.md#joining-and-leaving), so no join
  // button then either.
  const joinable = !isParticipant && !cancelled && future;
  // Nobody takes a place past those waiting for one (the API refuses it too).
  const full = isFull(participantCount, ride.maxParticipants) || waitingCount > 0;
  const listOpen = !cancelled && future;
  const approval = input.joinMode === "approval";

  return {
    canCancel: isOrganizer && future && !cancelled,
    canLeave: isParticipant && !isOrganizer && future && !cancelled,
    canJoin: joinable && !approval && !full && !waiting,
    canJoinWaitingList: joinable && !approval && full && !waiting,
    canRequest: joinable && approval && (input.request ?? null) === null,
    onWaitingList: joinable && waiting,
    showsWaitingCount: listOpen && waitingCount > 0,
    canChat: isParticipant,
    chatDisabled: isParticipant && cancelled,
    canShare: !cancelled,
    showCancelledBanner: cancelled,
    opensDetailOnClick: isParticipant,
  };
}

/**
 * 'Eliminar' (docs/product.md#cancelling-and-deleting): the organizer, while nobody else is in her
 * ride (`participantCount` counts her), before or after its start. The API's rule: its delete
 * writes the same condition into each of its statements (deleteRideIfAlone in
 * worker/ride-core/writes.ts). A ride with others in it is cancelled instead.
 */
export function canDeleteRide(ride: { isOrganizer: boolean; participantCount: number }): boolean {
  return ride.isOrganizer && ride.participantCount <= 1;
}

export type MyRidesBucket = "upcoming" | "past" | "cancelled";

/**
 * docs/product.md#my-rides: cancelled = status cancelled; upcoming = start in the future and
 * published or closed; past = completed, or started and not cancelled.
 */
export function myRidesBucket(
  ride: Pick<RideBasics, "status" | "startTime">,
  now: number,
): MyRidesBucket {
  if (ride.status === "cancelled") return "cancelled";
  if (ride.status === "completed") return "past";
  return hasStarted(ride.startTime, now) ? "past" : "upcoming";
}
