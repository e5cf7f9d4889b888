// The ride day in a ride's room (docs/product.md#check-in-and-arrivals): the commands the worker's routes send
// (check-in, arrival and its undo, timer switch, calling the missing, reading the state) and the
// alarm jobs.
// The routes check who she is and whether she participates; the room keeps the state and decides
// whose open sockets hear of it (ride-day-frames.ts).

import type { Bindings } from "../../env.ts";
import type { RoomAlarms } from "../../ride-room/room-alarms.ts";
import { CheckIns } from "./check-ins.ts";
import { type RideDayRide, RideDayStore, type RiderDay } from "./ride-day-store.ts";
import { type RideDayJob, SafetyTimer } from "./safety-timer.ts";

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

export class RideDay {
  private readonly store: RideDayStore;
  private readonly checkIns: CheckIns;
  private readonly timer: SafetyTimer;

  constructor(
    storage: DurableObjectStorage,
    env: Bindings,
    alarms: RoomAlarms<RideDayJob>,
    sockets: () => WebSocket[],
  ) {
    this.store = new RideDayStore(storage);
    this.checkIns = new CheckIns(storage, this.store, env, sockets);
    this.timer = new SafetyTimer(this.store, this.checkIns, env, alarms, sockets);
  }

  jobs() {
    return this.timer.jobs();
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

  /** She shared her position (the live map): she started, so her timer runs. */
  async markStarted(ride: RideDayRide, userId: string, now: number) {
    await this.timer.markStarted(ride, userId, now);
  }

  /** She left the ride, was removed from it or deleted her account: nothing of hers stays. */
  forget(userId: string) {
    this.store.forget(userId);
  }
}
