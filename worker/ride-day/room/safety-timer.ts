// "He llegado a casa" and the safety timer (docs/product.md#check-in-and-arrivals). A participant who started
// (checked in, or shared her position: markStarted) and has not said she arrived is asked
// '¿Has llegado bien?' at start + estimated duration + 1 h, or an hour after she started if that
// is later (riderAskAt); an hour after she was asked, still unanswered, the organizer and the
// escoba are told. She may turn her timer off for the ride. Everything the ride
// day kept is erased 24 h after its window. The times are the ride day's alarm jobs (ride-day.ts).
import { eq } from "drizzle-orm";
import { pushTexts } from "../../../domain/push.ts";
import {
  ARRIVAL_UNDO_MS,
  rideEstimatedMinutes,
  riderAskAt,
  SAFETY_TELL_AFTER_MS,
  safetyAskAt,
} from "../../../domain/ride-day.ts";
import { rideDayErasedAt } from "../../../domain/time.ts";
import { rides } from "../../db/schema.ts";
import type { Database } from "../../env.ts";
import { participantIds } from "../../push/queries.ts";
import { sendPush } from "../../push/send.ts";
import type { PartAlarms, RoomContext } from "../../rooms/room-part.ts";
import type { CheckIns } from "./check-ins.ts";
import { leftBehindRecipients } from "./live-queries.ts";
import { deliverRideDay } from "./ride-day-frames.ts";
import type { RideDayRide, RideDayStore, RiderDay } from "./ride-day-store.ts";

export type RideDayJob = "safety-ask" | "safety-tell" | "ride-day-erase";

/** A job that finds its time moved later by an edit (more than this) waits for the new time. */
const LATE_TOLERANCE_MS = 60_000;
const HOUR_S = 60 * 60;

/** The ride as the timer reads it from D1 when an alarm fires (an edit may have moved it). */
export async function rideDayRideOf(db: Database, rideId: string) {
  const row = await db
    .select({
      id: rides.id,
      title: rides.title,
      startTime: rides.startTime,
      status: rides.status,
      organizerId: rides.organizerId,
      sweeperId: rides.sweeperId,
      estimatedMinutes: rides.estimatedMinutes,
      routeKm: rides.routeKm,
      level: rides.level,
    })
    .from(rides)
    .where(eq(rides.id, rideId))
    .get();
  return row ? { ...row, estimatedMinutes: rideEstimatedMinutes(row) } : null;
}

export class SafetyTimer {
  constructor(
    private readonly room: RoomContext,
    private readonly store: RideDayStore,
    private readonly checkIns: CheckIns,
    private readonly alarms: PartAlarms<RideDayJob>,
  ) {}

  private get db() {
    return this.room.db;
  }

  private sockets() {
    return this.room.ctx.getWebSockets();
  }

  /** The ride day touched this room: its timer and its erasure are set (again, if it moved). */
  async schedule(ride: RideDayRide, now: number) {
    await this.store.rememberRide(ride);
    // Someone waits for her question (its time may have passed: her timer turned on again late),
    // else the ride's own time while it is ahead.
    const waiting = this.nextAskAt(ride, this.store.all());
    const askAt =
      waiting === null
        ? safetyAskAt(ride.startTime, ride.estimatedMinutes)
        : Math.max(waiting, now);
    if (askAt >= now && (await this.alarms.dueAt("safety-ask")) !== askAt) {
      await this.alarms.set("safety-ask", askAt);
    }
    const eraseAt = rideDayErasedAt(ride.startTime);
    if ((await this.alarms.dueAt("ride-day-erase")) !== eraseAt) {
      await this.alarms.set("ride-day-erase", eraseAt);
    }
  }

  /** She started (checked in, or shared her position): her timer runs unless she turned it off. */
  async markStarted(ride: RideDayRide, userId: string, now: number) {
    this.store.stampOnce(userId, "startedAt", now);
    await this.schedule(ride, now);
  }

  /** 'He llegado a casa' (or her tap on '¿Has llegado bien?'): the group's open sockets hear of it. */
  async arrived(ride: RideDayRide, userId: string, now: number) {
    if (!this.store.stampOnce(userId, "arrivedAt", now)) return;
    await deliverRideDay(
      this.sockets(),
      this.db,
      ride.id,
      { type: "ride-day", event: "arrival", userId },
      () => true,
    );
  }

  /**
   * 'Deshacer' right after 'He llegado a casa': her arrival goes while ARRIVAL_UNDO_MS allows, the
   * group's open sockets hear of it, and the timer watches her again (asked before she tapped, the
   * organizer and the escoba are told at her question's time, or now if it has passed).
   */
  async undoArrival(ride: RideDayRide, userId: string, now: number): Promise<boolean> {
    if (!this.store.clearArrival(userId, now - ARRIVAL_UNDO_MS)) return false;
    const rider = this.store.get(userId);
    if (rider?.askedAt != null && rider.toldAt === null) {
      await this.alarms.setNoLaterThan(
        "safety-tell",
        Math.max(now, rider.askedAt + SAFETY_TELL_AFTER_MS),
      );
    }
    await deliverRideDay(
      this.sockets(),
      this.db,
      ride.id,
      { type: "ride-day", event: "arrival-undone", userId },
      () => true,
    );
    return true;
  }

  setTimer(userId: string, on: boolean) {
    this.store.setTimerOff(userId, !on);
  }

  /** Who the timer watches now: started, not arrived, timer on, still in the ride. */
  private async watched(rideId: string) {
    const inRide = new Set(await participantIds(this.db, rideId));
    return this.store.all().filter((r) => isWatched(r) && inRide.has(r.userId));
  }

  /** When she is asked on this ride (she started: watched). */
  private askAtFor(ride: RideDayRide, rider: RiderDay): number {
    return riderAskAt(safetyAskAt(ride.startTime, ride.estimatedMinutes), startedAt(rider));
  }

  /** The earliest question due to those watched and not asked yet; null when there is none. */
  private nextAskAt(ride: RideDayRide, riders: RiderDay[]): number | null {
    const waiting = riders.filter((r) => isWatched(r) && r.askedAt === null);
    return dueBy(waiting, (r) => this.askAtFor(ride, r), Number.NEGATIVE_INFINITY).next;
  }

  /** The D1 ride for a due job, or null when there is nothing to do (or it moved later). */
  private async dueRide(job: RideDayJob, at: (ride: RideDayRide) => number, now: number) {
    const stored = await this.store.ride();
    if (!stored) return null;
    const ride = await rideDayRideOf(this.db, stored.id);
    if (!ride || ride.status === "cancelled") return null;
    const due = at(ride);
    if (due > now + LATE_TOLERANCE_MS) {
      await this.alarms.set(job, due);
      return null;
    }
    return ride;
  }

  /** The "safety-ask" job: '¿Has llegado bien?' to those whose time has come. */
  async ask(now: number) {
    const ride = await this.dueRide(
      "safety-ask",
      (r) => safetyAskAt(r.startTime, r.estimatedMinutes),
      now,
    );
    if (!ride) return;
    const waiting = (await this.watched(ride.id)).filter((r) => r.askedAt === null);
    // Whoever started late is asked at her own time: the alarm comes back for her.
    const { due: asked, next } = dueBy(waiting, (r) => this.askAtFor(ride, r), now);
    if (next !== null) await this.alarms.set("safety-ask", next);
    if (asked.length === 0) return;
    for (const rider of asked) this.store.stampOnce(rider.userId, "askedAt", now);
    // Those asked earlier are still told at their own time.
    await this.alarms.setNoLaterThan("safety-tell", now + SAFETY_TELL_AFTER_MS);
    const ids = new Set(asked.map((r) => r.userId));
    await sendPush(this.room.env, [...ids], null, {
      payload: pushTexts.safetyAsk(ride),
      ttl: HOUR_S,
      urgency: "high",
    });
    await Promise.all(
      [...ids].map((userId) =>
        deliverRideDay(
          this.sockets(),
          this.db,
          ride.id,
          { type: "ride-day", event: "asked", userId },
          (recipient) => recipient === userId,
        ),
      ),
    );
  }

  /** The "safety-tell" job: the organizer and the escoba hear of those who did not answer. */
  async tell(now: number) {
    const stored = await this.store.ride();
    if (!stored) return;
    const ride = await rideDayRideOf(this.db, stored.id);
    if (!ride || ride.status === "cancelled") return;
    const unanswered = (await this.watched(ride.id)).filter(
      (r) => r.askedAt !== null && r.toldAt === null,
    );
    // Asked later (she started late): the organizer hears of her an hour after her own question.
    const { due: overdue, next } = dueBy(
      unanswered,
      (r) => (r.askedAt ?? 0) + SAFETY_TELL_AFTER_MS,
      now,
    );
    if (next !== null) await this.alarms.set("safety-tell", next);
    if (overdue.length === 0) return;
    for (const rider of overdue) this.store.stampOnce(rider.userId, "toldAt", now);
    const carers = [ride.organizerId, ride.sweeperId].filter((id): id is string => Boolean(id));
    await Promise.all(
      overdue.map(async (rider) => {
        // Those 'Me he quedado atrás' goes to: a carer she and they blocked hears nothing of her,
        // as their panel and the frame below leave her out.
        const { recipientIds: to, username } = await leftBehindRecipients(
          this.db,
          ride.id,
          rider.userId,
          carers,
        );
        await sendPush(this.room.env, to, null, {
          payload: pushTexts.overdue(ride, username || "Una ciclista"),
          ttl: 6 * HOUR_S,
          urgency: "high",
        });
        await deliverRideDay(
          this.sockets(),
          this.db,
          ride.id,
          { type: "ride-day", event: "overdue", userId: rider.userId },
          (recipient) => to.includes(recipient),
        );
      }),
    );
  }

  /** The "ride-day-erase" job: 24 h after the window, everything the ride day kept goes. */
  async erase(now: number) {
    const stored = await this.store.ride();
    // The erasure must never be lost, and a job that keeps failing is dropped after three tries:
    // when D1 does not answer, the start the room remembers stands in for the one an edit may
    // have moved (D1's, read otherwise).
    const ride = stored
      ? await rideDayRideOf(this.db, stored.id).catch((error: unknown) => {
          console.warn("ride-day erase: D1 unavailable, the room's start used", String(error));
          return stored;
        })
      : null;
    if (ride) {
      const eraseAt = rideDayErasedAt(ride.startTime);
      // The start moved later after the ride day was scheduled: erase 24 h after the new window.
      if (eraseAt > now + LATE_TOLERANCE_MS) {
        await this.alarms.set("ride-day-erase", eraseAt);
        return;
      }
    }
    await this.alarms.clear("safety-ask");
    await this.alarms.clear("safety-tell");
    await this.store.erase();
    await this.checkIns.erase();
  }
}

/** She started (checked in or shared her position), has not arrived, and her timer is on. */
function isWatched(rider: RiderDay): boolean {
  return (
    (rider.checkedInAt !== null || rider.startedAt !== null) &&
    rider.arrivedAt === null &&
    !rider.timerOff
  );
}

/** When she started: her check-in or her first shared position, whichever came first. */
function startedAt(rider: RiderDay): number {
  const stamps = [rider.checkedInAt, rider.startedAt].filter((t): t is number => t !== null);
  return Math.min(...stamps);
}

/** Those whose time (`at`) has come by `now`, and the earliest time of the rest (null: none). */
function dueBy(riders: RiderDay[], at: (rider: RiderDay) => number, now: number) {
  const due: RiderDay[] = [];
  let next: number | null = null;
  for (const rider of riders) {
    const time = at(rider);
    if (time <= now + LATE_TOLERANCE_MS) due.push(rider);
    else next = next === null ? time : Math.min(next, time);
  }
  return { due, next };
}
