import { describe, expect, it } from "vitest";
import { canDeleteRide, myRidesBucket, rideCardActions } from "../../domain/ride-card.ts";
import type { RideBasics } from "../../domain/time.ts";

const HOUR = 3_600_000;
const NOW = Date.parse("2026-06-01T10:00:00Z");
const FUTURE = NOW + 24 * HOUR;
const PAST = NOW - 2 * HOUR;

const ride = (over: Partial<RideBasics> = {}): RideBasics => ({
  id: "r1",
  organizerId: "org",
  status: "published",
  startTime: FUTURE,
  maxParticipants: null,
  ...over,
});

const actions = (
  over: Partial<RideBasics>,
  viewerId: string,
  isParticipant: boolean,
  participantCount = 3,
) => rideCardActions({ ride: ride(over), viewerId, isParticipant, participantCount, now: NOW });

describe("rideCardActions", () => {
  it("organizer on a future ride: cancel, chat, share, opens detail; no join/leave", () => {
    expect(actions({}, "org", true)).toEqual({
      canCancel: true,
      canLeave: false,
      canJoin: false,
      canJoinWaitingList: false,
      onWaitingList: false,
      showsWaitingCount: false,
      canChat: true,
      chatDisabled: false,
      canShare: true,
      showCancelledBanner: false,
      canRequest: false,
      opensDetailOnClick: true,
    });
  });

  it("treats the organizer as a participant even if the list says otherwise", () => {
    const a = actions({}, "org", false);
    expect(a.canJoin).toBe(false);
    expect(a.canChat).toBe(true);
    expect(a.canLeave).toBe(false);
  });

  it("participant on a future ride: leave, chat, share", () => {
    expect(actions({}, "ana", true)).toEqual({
      canCancel: false,
      canLeave: true,
      canJoin: false,
      canJoinWaitingList: false,
      onWaitingList: false,
      showsWaitingCount: false,
      canChat: true,
      chatDisabled: false,
      canShare: true,
      showCancelledBanner: false,
      canRequest: false,
      opensDetailOnClick: true,
    });
  });

  it("non-participant on a future ride: join and share only; the card does not open", () => {
    expect(actions({}, "zoe", false)).toEqual({
      canCancel: false,
      canLeave: false,
      canJoin: true,
      canJoinWaitingList: false,
      onWaitingList: false,
      showsWaitingCount: false,
      canChat: false,
      chatDisabled: false,
      canShare: true,
      showCancelledBanner: false,
      canRequest: false,
      opensDetailOnClick: false,
    });
  });

  it("an approval ride offers 'Solicitar plaza', full or not, until she has asked", () => {
    const ask = (request: string | null, participantCount = 3) =>
      rideCardActions({
        ride: ride({ maxParticipants: 4 }),
        viewerId: "zoe",
        isParticipant: false,
        participantCount,
        joinMode: "approval",
        request,
        now: NOW,
      });
    for (const count of [3, 4]) {
      const a = ask(null, count);
      expect(a).toMatchObject({ canRequest: true, canJoin: false, canJoinWaitingList: false });
    }
    expect(ask("pending").canRequest).toBe(false);
    expect(ask("declined").canRequest).toBe(false);
    const member = rideCardActions({
      ride: ride(),
      viewerId: "ana",
      isParticipant: true,
      participantCount: 3,
      joinMode: "approval",
      request: null,
      now: NOW,
    });
    expect(member.canRequest).toBe(false);
  });

  it("full ride offers the waiting list instead of an enabled join", () => {
    const full = actions({ maxParticipants: 4 }, "zoe", false, 4);
    expect(full.canJoin).toBe(false);
    expect(full.canJoinWaitingList).toBe(true);
    const fullDefault = actions({ maxParticipants: null }, "zoe", false, 20);
    expect(fullDefault.canJoinWaitingList).toBe(true);
    const notFull = actions({ maxParticipants: null }, "zoe", false, 19);
    expect(notFull.canJoin).toBe(true);
    expect(notFull.canJoinWaitingList).toBe(false);
    // Participants never see either, full or not.
    const rider = actions({ maxParticipants: 4 }, "ana", true, 4);
    expect(rider.canJoin || rider.canJoinWaitingList).toBe(false);
  });

  it("with riders waiting, a free place is not for joining: the list goes first", () => {
    const waitingOnly = rideCardActions({
      ride: ride({ maxParticipants: 4 }),
      viewerId: "zoe",
      isParticipant: false,
      participantCount: 3,
      waitingCount: 1,
      now: NOW,
    });
    expect(waitingOnly.canJoin).toBe(false);
    expect(waitingOnly.canJoinWaitingList).toBe(true);
    expect(waitingOnly.showsWaitingCount).toBe(true);
  });

  it("on the list: her place and leaving it, no second 'Apuntarme'; closed at the start", () => {
    const waiting = (over: Partial<RideBasics>) =>
      rideCardActions({
        ride: ride({ maxParticipants: 4, ...over }),
        viewerId: "zoe",
        isParticipant: false,
        participantCount: 4,
        waitingCount: 2,
        waitingPosition: 2,
        now: NOW,
      });
    expect(waiting({})).toMatchObject({
      canJoin: false,
      canJoinWaitingList: false,
      onWaitingList: true,
      showsWaitingCount: true,
    });
    for (const closed of [waiting({ startTime: PAST }), waiting({ status: "cancelled" })]) {
      expect(closed.onWaitingList).toBe(false);
      expect(closed.showsWaitingCount).toBe(false);
      expect(closed.canJoinWaitingList).toBe(false);
    }
  });

  it("cancelled ride: banner, chat disabled, no share, join, leave or cancel", () => {
    for (const [viewer, participant] of [
      ["org", true],
      ["ana", true],
      ["zoe", false],
    ] as const) {
      const a = actions({ status: "cancelled" }, viewer, participant);
      expect(a.showCancelledBanner).toBe(true);
      expect(a.canShare).toBe(false);
      expect(a.canJoin).toBe(false);
      expect(a.canJoinWaitingList).toBe(false);
      expect(a.canLeave).toBe(false);
      expect(a.canCancel).toBe(false);
      expect(a.chatDisabled).toBe(participant);
      expect(a.canChat).toBe(participant);
    }
  });

  it("past ride: no cancel, leave or join; chat and share stay", () => {
    const org = actions({ startTime: PAST }, "org", true);
    expect(org.canCancel).toBe(false);
    expect(org.canChat).toBe(true);
    expect(org.canShare).toBe(true);
    const participant = actions({ startTime: PAST }, "ana", true);
    expect(participant.canLeave).toBe(false);
    const stranger = actions({ startTime: PAST }, "zoe", false);
    expect(stranger.canJoin).toBe(false);
    expect(stranger.canJoinWaitingList).toBe(false);
  });

  it("treats the exact start instant as started", () => {
    expect(actions({ startTime: NOW }, "ana", true).canLeave).toBe(false);
    expect(actions({ startTime: NOW + 1 }, "ana", true).canLeave).toBe(true);
  });

  it("handles an anonymous viewer", () => {
    const a = rideCardActions({
      ride: ride(),
      viewerId: null,
      isParticipant: false,
      participantCount: 1,
      now: NOW,
    });
    expect(a.canJoin).toBe(true);
    expect(a.canCancel).toBe(false);
  });
});

describe("canDeleteRide", () => {
  it("the organizer, while nobody else is in her ride", () => {
    expect(canDeleteRide({ isOrganizer: true, participantCount: 1 })).toBe(true);
    expect(canDeleteRide({ isOrganizer: true, participantCount: 2 })).toBe(false);
    expect(canDeleteRide({ isOrganizer: false, participantCount: 1 })).toBe(false);
  });
});

describe("myRidesBucket", () => {
  it("sorts rides into upcoming, past and cancelled", () => {
    expect(myRidesBucket(ride(), NOW)).toBe("upcoming");
    expect(myRidesBucket(ride({ status: "closed" }), NOW)).toBe("upcoming");
    expect(myRidesBucket(ride({ startTime: PAST }), NOW)).toBe("past");
    expect(myRidesBucket(ride({ startTime: PAST, status: "closed" }), NOW)).toBe("past");
    expect(myRidesBucket(ride({ status: "completed" }), NOW)).toBe("past");
    expect(myRidesBucket(ride({ status: "cancelled" }), NOW)).toBe("cancelled");
    expect(myRidesBucket(ride({ status: "cancelled", startTime: PAST }), NOW)).toBe("cancelled");
    expect(myRidesBucket(ride({ startTime: NOW }), NOW)).toBe("past");
  });
});
