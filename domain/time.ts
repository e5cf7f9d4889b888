// Pure time-window rules (docs/product.md#joining-and-leaving, #chat-windows and #connections).
// `now` and start times are epoch milliseconds, so the worker passes its own clock and tests pass
// fixed instants.
import {
  CHAT_CANDIDATE_LOOKBACK_MS,
  CHAT_WRITE_WINDOW_MS,
  CONNECTIONS_CLOSE_AFTER_MS,
  CONNECTIONS_OPEN_AFTER_MS,
  DEFAULT_MAX_PARTICIPANTS,
  MIN_PARTICIPANTS,
  RIDE_DAY_CLOSES_AFTER_MS,
  RIDE_DAY_ERASED_AFTER_CLOSE_MS,
  RIDE_DAY_OPENS_BEFORE_MS,
  type RideStatus,
} from "./constants.ts";

/** The minimum a ride needs for the rules below. */
export type RideBasics = {
  id: string;
  organizerId: string;
  status: RideStatus;
  /** Start instant in epoch milliseconds. */
  startTime: number;
  maxParticipants: number | null;
};

/** Epoch ms from an ISO string, a Date or epoch ms; NaN when unparseable. */
export function toMs(value: string | number | Date): number {
  if (typeof value === "number") return value;
  if (value instanceof Date) return value.getTime();
  return Date.parse(value);
}

/** A ride has started from its start instant on (start itself counts as started). */
export function hasStarted(startMs: number, now: number): boolean {
  return now >= startMs;
}

/** Join and leave are allowed only before the start and never on a cancelled ride. */
export function canJoinOrLeave(
  ride: Pick<RideBasics, "status" | "startTime">,
  now: number,
): boolean {
  return ride.status !== "cancelled" && !hasStarted(ride.startTime, now);
}

/** Participants may write until start + 12 h, that instant included. */
export function chatWindowOpen(startMs: number, now: number): boolean {
  return now <= startMs + CHAT_WRITE_WINDOW_MS;
}

/** The 'who did you ride with' window: start + 30 min ≤ now ≤ start + 48 h (both included). */
export function connectionsWindowOpen(startMs: number, now: number): boolean {
  return now >= startMs + CONNECTIONS_OPEN_AFTER_MS && now <= startMs + CONNECTIONS_CLOSE_AFTER_MS;
}

/** The ride day's window: start − 30 min ≤ t ≤ start + 6 h (both included). */
export function rideDayWindow(startMs: number): { opensAt: number; closesAt: number } {
  return {
    opensAt: startMs - RIDE_DAY_OPENS_BEFORE_MS,
    closesAt: startMs + RIDE_DAY_CLOSES_AFTER_MS,
  };
}

/** Live positions, check-ins and "Me he quedado atrás" are accepted inside the window only. */
export function rideDayOpen(startMs: number, now: number): boolean {
  const { opensAt, closesAt } = rideDayWindow(startMs);
  return now >= opensAt && now <= closesAt;
}

/** When what the ride day kept is erased: 24 h after its window closes. */
export function rideDayErasedAt(startMs: number): number {
  return rideDayWindow(startMs).closesAt + RIDE_DAY_ERASED_AFTER_CLOSE_MS;
}

/** After the 48 h window a ride without a record is no longer prompted. */
export function connectionsExpired(startMs: number, now: number): boolean {
  return now > startMs + CONNECTIONS_CLOSE_AFTER_MS;
}

/** Rides considered for unread chats: started within the last 24 h or later (boundary included). */
export function isChatCandidate(startMs: number, now: number): boolean {
  return startMs >= now - CHAT_CANDIDATE_LOOKBACK_MS;
}

/** Earliest start a ride may have to still be a chat candidate (for SQL `start_time >= ?`). */
export function chatCandidateSince(now: number): number {
  return now - CHAT_CANDIDATE_LOOKBACK_MS;
}

/**
 * docs/product.md#connections: the user participates, is not the organizer, the ride is published
 * (not cancelled), now is within start+30 min … start+48 h, the ride has at least 2 participants
 * and the user has no rode_with record for it yet.
 */
export function isPendingConnection(
  input: {
    ride: Pick<RideBasics, "organizerId" | "status" | "startTime">;
    userId: string;
    participantIds: readonly string[];
    hasRodeWithRecord: boolean;
  },
  now: number,
): boolean {
  const { ride, userId, participantIds, hasRodeWithRecord } = input;
  const participants = new Set(participantIds);
  return (
    participants.has(userId) &&
    ride.organizerId !== userId &&
    ride.status === "published" &&
    connectionsWindowOpen(ride.startTime, now) &&
    participants.size >= MIN_PARTICIPANTS &&
    !hasRodeWithRecord
  );
}

/** Capacity of a ride: its max participants, or 20 when none was set. */
export function capacityOf(maxParticipants: number | null | undefined): number {
  return maxParticipants ?? DEFAULT_MAX_PARTICIPANTS;
}

/** Full when participants ≥ capacity. */
export function isFull(count: number, maxParticipants: number | null | undefined): boolean {
  return count >= capacityOf(maxParticipants);
}
