import { describe, expect, it } from "vitest";
import {
  canJoinOrLeave,
  capacityOf,
  chatCandidateSince,
  chatWindowOpen,
  connectionsExpired,
  connectionsWindowOpen,
  hasStarted,
  isChatCandidate,
  isFull,
  isPendingConnection,
  type RideBasics,
  rideDayErasedAt,
  rideDayOpen,
  toMs,
} from "../../domain/time.ts";

const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.parse("2026-06-06T08:00:00Z");

const ride = (over: Partial<RideBasics> = {}): RideBasics => ({
  id: "r1",
  organizerId: "org",
  status: "published",
  startTime: START,
  maxParticipants: null,
  ...over,
});

describe("start", () => {
  it("counts the start instant as started", () => {
    expect(hasStarted(START, START - 1)).toBe(false);
    expect(hasStarted(START, START)).toBe(true);
    expect(hasStarted(START, START + 1)).toBe(true);
  });

  it("allows join/leave only before start and never when cancelled", () => {
    expect(canJoinOrLeave(ride(), START - MIN)).toBe(true);
    expect(canJoinOrLeave(ride(), START)).toBe(false);
    expect(canJoinOrLeave(ride({ status: "cancelled" }), START - HOUR)).toBe(false);
    expect(canJoinOrLeave(ride({ status: "closed" }), START - HOUR)).toBe(true);
  });

  it("converts inputs to ms", () => {
    expect(toMs("2026-06-06T08:00:00Z")).toBe(START);
    expect(toMs(new Date(START))).toBe(START);
    expect(toMs(START)).toBe(START);
    expect(toMs("nope")).toBeNaN();
  });
});

describe("chat window", () => {
  it("is open before the start and until start + 12 h inclusive", () => {
    expect(chatWindowOpen(START, START - 3 * 24 * HOUR)).toBe(true);
    expect(chatWindowOpen(START, START + 11 * HOUR + 59 * MIN)).toBe(true);
    expect(chatWindowOpen(START, START + 12 * HOUR)).toBe(true);
    expect(chatWindowOpen(START, START + 12 * HOUR + 1)).toBe(false);
    expect(chatWindowOpen(START, START + 12 * HOUR + MIN)).toBe(false);
  });

  it("considers rides started within the last 24 h as candidates", () => {
    const now = START + 24 * HOUR;
    expect(isChatCandidate(START, now)).toBe(true);
    expect(isChatCandidate(START, now + 1)).toBe(false);
    expect(isChatCandidate(START + 5 * 24 * HOUR, now)).toBe(true);
    expect(chatCandidateSince(now)).toBe(START);
  });
});

describe("ride day window", () => {
  it("opens 30 min before the start and closes 6 h after it, both instants included", () => {
    expect(rideDayOpen(START, START - 30 * MIN - 1)).toBe(false);
    expect(rideDayOpen(START, START - 30 * MIN)).toBe(true);
    expect(rideDayOpen(START, START + 6 * HOUR)).toBe(true);
    expect(rideDayOpen(START, START + 6 * HOUR + 1)).toBe(false);
  });

  it("erases what it kept 24 h after it closes", () => {
    expect(rideDayErasedAt(START)).toBe(START + 30 * HOUR);
  });
});

describe("connections window", () => {
  it("opens at start + 30 min and closes after start + 48 h", () => {
    expect(connectionsWindowOpen(START, START + 29 * MIN)).toBe(false);
    expect(connectionsWindowOpen(START, START + 30 * MIN)).toBe(true);
    expect(connectionsWindowOpen(START, START + 24 * HOUR)).toBe(true);
    expect(connectionsWindowOpen(START, START + 48 * HOUR)).toBe(true);
    expect(connectionsWindowOpen(START, START + 48 * HOUR + MIN)).toBe(false);
    expect(connectionsExpired(START, START + 48 * HOUR)).toBe(false);
    expect(connectionsExpired(START, START + 48 * HOUR + MIN)).toBe(true);
  });
});

describe("isPendingConnection", () => {
  const base = {
    ride: ride(),
    userId: "ana",
    participantIds: ["org", "ana", "eva"],
    hasRodeWithRecord: false,
  };
  const inWindow = START + HOUR;

  it("is pending for a participant in the window with no record", () => {
    expect(isPendingConnection(base, inWindow)).toBe(true);
  });

  it("respects each condition", () => {
    expect(isPendingConnection({ ...base, userId: "zoe" }, inWindow)).toBe(false);
    expect(isPendingConnection({ ...base, userId: "org" }, inWindow)).toBe(false);
    expect(isPendingConnection({ ...base, ride: ride({ status: "cancelled" }) }, inWindow)).toBe(
      false,
    );
    expect(isPendingConnection({ ...base, ride: ride({ status: "closed" }) }, inWindow)).toBe(
      false,
    );
    expect(isPendingConnection({ ...base, participantIds: ["ana"] }, inWindow)).toBe(false);
    expect(isPendingConnection({ ...base, participantIds: ["ana", "ana"] }, inWindow)).toBe(false);
    expect(isPendingConnection({ ...base, participantIds: ["org", "ana"] }, inWindow)).toBe(true);
    expect(isPendingConnection({ ...base, hasRodeWithRecord: true }, inWindow)).toBe(false);
  });

  it("follows the window boundaries", () => {
    expect(isPendingConnection(base, START + 29 * MIN)).toBe(false);
    expect(isPendingConnection(base, START + 30 * MIN)).toBe(true);
    expect(isPendingConnection(base, START + 48 * HOUR)).toBe(true);
    expect(isPendingConnection(base, START + 48 * HOUR + MIN)).toBe(false);
  });
});

describe("capacity", () => {
  it("defaults to 20 without an explicit max", () => {
    expect(capacityOf(null)).toBe(20);
    expect(capacityOf(undefined)).toBe(20);
    expect(capacityOf(5)).toBe(5);
  });

  it("is full at participants >= capacity", () => {
    expect(isFull(4, 5)).toBe(false);
    expect(isFull(5, 5)).toBe(true);
    expect(isFull(6, 5)).toBe(true);
    expect(isFull(19, null)).toBe(false);
    expect(isFull(20, null)).toBe(true);
  });
});
