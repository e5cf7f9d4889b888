// The ride day's part of a ride's room (docs/product.md#ride-day,
// docs/decisions/0052-the-ride-room-made-of-parts.md): the group's live positions, the escoba and
// "Me he quedado atrás" (live-positions.ts, the socket frames); check-ins, arrivals and the safety
// timer (check-ins.ts, safety-timer.ts, the commands the worker's routes send); and its four alarm
// jobs. The routes check who she is and whether she participates; the room keeps the state and
// decides whose open sockets hear of it (ride-day-frames.ts). Its tables: storage.ts.
import type { FrameHandlers, RoomContext, RoomPart, RoomScheduler } from "../../rooms/room-part.ts";
import { CheckIns } from "./check-ins.ts";
import { type LiveJob, LivePositions } from "./live-positions.ts";
import { type RideDayRide, RideDayStore, type RiderDay } from "./ride-day-store.ts";
import { type RideDayJob, rideDayRideOf, SafetyTimer } from "./safety-timer.ts";

export type { RideDayRide, RiderDay } from "./ride-day-store.ts";
export type { RideDayJob } from "./safety-timer.ts";

export type RideDayCommand =
  | { kind: "read" }
  | { kind: "check-in"; ride: RideDayRide; userId: string }
  | { kind: "arrived"; ride: RideDayRide; userId: string }
  | { kind: "arrival-undo"; ride: RideDayRide; userId: string }
  | { kind: "timer"; ride: RideDayRide; userId: string; on: boolean }
  | { kind: "call-missing"; ride: RideDayRide & { title: string }; missing: string[] };

export type RideDayAnswer =
  | { ok: true; riders: RiderDay[] }
  | { ok: false; code: "rate_limited" | "too_soon" | "undo_closed" };

export class RideDay implements RoomPart {
  readonly name = "ride-day";
  private readonly store: RideDayStore;
  private readonly checkIns: CheckIns;
  private readonly timer: SafetyTimer;
  private readonly live: LivePositions;

  readonly frames: FrameHandlers = {
    "live-join": (ws, state, frame) => this.live.handle(ws, state, frame),
    position: (ws, state, frame) => this.live.handle(ws, state, frame),
    "position-stop": (ws, state, frame) => this.live.handle(ws, state, frame),
    "left-behind": (ws, state, frame) => this.live.handle(ws, state, frame),
  };

  constructor(
    private readonly room: RoomContext,
    scheduler: RoomScheduler,
  ) {
    const alarms = scheduler.register<LiveJob | RideDayJob>(this.name, {
      // The window ended: the live map's fixes and notices go, open maps close.
      "live-erase": () => this.live.eraseAll(),
      // '¿Has llegado bien?', and an hour later her word to the organizer and the escoba.
      "safety-ask": (now) => this.timer.ask(now),
      "safety-tell": (now) => this.timer.tell(now),
      // 24 h after the window: check-ins, arrivals and the timer go.
      "ride-day-erase": (now) => this.timer.erase(now),
    });
    this.store = new RideDayStore(room.ctx.storage);
    this.checkIns = new CheckIns(room, this.store);
    this.timer = new SafetyTimer(room, this.store, this.checkIns, alarms);
    this.live = new LivePositions(room, alarms, (rideId, userId) =>
      this.markStarted(rideId, userId),
    );
  }

  async command(command: RideDayCommand, now: number): Promise<RideDayAnswer> {
    switch (command.kind) {
      case "read":
        break;
      case "call-missing":
        if (!(await this.checkIns.callMissing(command.ride, command.missing, now))) {
          return { ok: false, code: "too_soon" };
        }
        break;
      default: {
        if (!this.store.withinPace(command.userId, now)) return { ok: false, code: "rate_limited" };
        if (command.kind === "check-in") {
          await this.checkIns.checkIn(command.ride, command.userId, now);
        } else if (command.kind === "arrived") {
          await this.timer.arrived(command.ride, command.userId, now);
        } else if (command.kind === "arrival-undo") {
          if (!(await this.timer.undoArrival(command.ride, command.userId, now))) {
            return { ok: false, code: "undo_closed" };
          }
        } else {
          this.timer.setTimer(command.userId, command.on);
        }
        // After her change: her check-in (or her timer turned on again) may bring a question.
        await this.timer.schedule(command.ride, now);
      }
    }
    return { ok: true, riders: this.store.all() };
  }

  /** She started the ride (shared her position): her safety timer runs. */
  async markStarted(rideId: string, userId: string): Promise<void> {
    const ride = await rideDayRideOf(this.room.db, rideId);
    if (ride) await this.timer.markStarted(ride, userId, Date.now());
  }

  /**
   * She left the ride, was removed from it or deleted her account: her ride day, her live fix,
   * notice and pace go (ADR 0039, 0040).
   */
  riderLeft(userId: string) {
    this.store.forget(userId);
    this.live.forgetRider(userId);
  }

  /**
   * A cancelled or deleted ride has no window: its live fixes and notices go now and open maps
   * close. Check-ins and timers stay for the ride day's own erasure, which clears its jobs.
   */
  async rideCalledOff() {
    await this.live.eraseAll();
  }

  /** Two of the room's riders blocked each other: their live positions are erased. */
  ridersBlocked(a: string, b: string) {
    this.live.ridersBlocked(a, b);
  }

  /** The organizer named another escoba (or none): open group maps mark her. */
  sweeperChanged(sweeperId: string | null) {
    this.live.sweeperChanged(sweeperId);
  }

  /** What the live map keeps (tests prove every erasure with it). */
  liveStored() {
    return this.live.stored();
  }
}
