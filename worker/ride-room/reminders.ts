// The reminders' part of a ride's room (docs/product.md#web-push, ADR 0052): the reminder push
// 2 hours before the start, and '¿Sigue en pie?' to the organizer 12 hours before it when the
// forecast crosses a threshold. Two alarm jobs, "reminder" and "stillOn", which follow the start;
// no tables.
import { pushTexts, REMINDER_BEFORE_MS } from "../../domain/push.ts";
import { STILL_ON_CHECK_BEFORE_MS, warningSummary, weatherWarnings } from "../../domain/weather.ts";
import { participantIds, rideForPush } from "../push/queries.ts";
import { sendPush } from "../push/send.ts";
import {
  type PartAlarms,
  pushRide,
  type RoomContext,
  type RoomPart,
  type RoomScheduler,
} from "../rooms/room-part.ts";
import type { RideForecasts } from "../weather/forecast.ts";

type ReminderJob = "reminder" | "stillOn";

export class Reminders implements RoomPart {
  readonly name = "reminders";
  private readonly alarms: PartAlarms<ReminderJob>;

  constructor(
    private readonly room: RoomContext,
    scheduler: RoomScheduler,
    /** The room's forecasts: the ride page's asks and this job's share one call per hour. */
    private readonly forecasts: RideForecasts,
  ) {
    this.alarms = scheduler.register<ReminderJob>(this.name, {
      reminder: (now) => this.sendReminder(now),
      stillOn: (now) => this.askStillOn(now),
    });
  }

  private get storage() {
    return this.room.ctx.storage;
  }

  /** Sets (or moves) the reminder for a ride starting at `startTime`; none when it is too late. */
  async schedule(rideId: string, startTime: number, now: number) {
    await pushRide.remember(this.storage, rideId);
    const at = startTime - REMINDER_BEFORE_MS;
    if (at <= now) await this.alarms.clear("reminder");
    else await this.alarms.set("reminder", at);
    // "¿Sigue en pie?" follows the start the same way.
    const check = startTime - STILL_ON_CHECK_BEFORE_MS;
    if (check <= now) await this.alarms.clear("stillOn");
    else await this.alarms.set("stillOn", check);
  }

  /** A cancelled or deleted ride: no reminder, no question. */
  async rideCalledOff(rideId: string) {
    await pushRide.remember(this.storage, rideId);
    await this.alarms.clear("reminder");
    await this.alarms.clear("stillOn");
  }

  /**
   * 12 hours before the start: if the forecast crosses a threshold, the organizer is asked
   * whether the ride still goes ahead (docs/product.md#weather-at-the-start). No forecast (the
   * provider failed): nothing is sent.
   */
  private async askStillOn(now: number) {
    const rideId = await pushRide.get(this.storage);
    if (!rideId) return;
    const ride = await rideForPush(this.room.db, rideId);
    if (!ride?.organizerId || ride.status !== "published" || ride.startTime <= now) return;
    const at = ride.startTime - STILL_ON_CHECK_BEFORE_MS;
    if (at > now + 60_000) {
      await this.alarms.set("stillOn", at);
      return;
    }
    const forecast = await this.forecasts.forecast(ride, now);
    const warnings = forecast ? weatherWarnings(forecast) : [];
    if (warnings.length === 0) return;
    await sendPush(this.room.env, [ride.organizerId], "reminders", {
      payload: pushTexts.stillOn(ride, warningSummary(warnings)),
      ttl: Math.floor((ride.startTime - now) / 1000),
      urgency: "high",
    });
  }

  /** To whoever is in the ride now: she who left gets none, she who joined late gets it. */
  private async sendReminder(now: number) {
    const rideId = await pushRide.get(this.storage);
    if (!rideId) return;
    const db = this.room.db;
    const ride = await rideForPush(db, rideId);
    if (!ride || ride.status === "cancelled" || ride.status === "completed") return;
    const at = ride.startTime - REMINDER_BEFORE_MS;
    // Moved later by an edit whose call never reached us: wait for the new time.
    if (at > now + 60_000) {
      await this.alarms.set("reminder", at);
      return;
    }
    if (ride.startTime <= now) return;
    const ids = await participantIds(db, rideId);
    // Her riders are asked '¿Sigues contando con ir?' with a button to release the place (the
    // first in line gets it); the organizer, who cannot leave, gets the plain reminder. 'Hoy' or
    // 'Mañana' is read on the ride's clock at the moment it is sent.
    const send = (userIds: string[], askStillGoing: boolean) =>
      sendPush(this.room.env, userIds, "reminders", {
        payload: pushTexts.reminder(ride, now, askStillGoing),
        ttl: Math.floor((ride.startTime - now) / 1000),
        urgency: "high",
      });
    await Promise.all([
      send(
        ids.filter((id) => id === ride.organizerId),
        false,
      ),
      send(
        ids.filter((id) => id !== ride.organizerId),
        true,
      ),
    ]);
  }
}
