// The pushes a ride's room (RideRoom, one Durable Object per ride) sends on its own schedule:
// chat messages at a 5-minute pace per rider with the unread count, joins and leaves told to
// the organizer in one batch, and the reminder 2 hours before the start. Their times live in the
// room's alarm (RoomAlarms), their state in the room's storage.
import {
  CHAT_PUSH_INTERVAL_MS,
  pushTexts,
  REMINDER_BEFORE_MS,
  ROSTER_PUSH_DELAY_MS,
} from "../../domain/push.ts";
import { STILL_ON_CHECK_BEFORE_MS, warningSummary, weatherWarnings } from "../../domain/weather.ts";
import { unreadByParticipant } from "../chat/unread.ts";
import { createDb } from "../db/client.ts";
import type { Bindings } from "../env.ts";
import { participantIds, rideForPush, usernamesOf } from "../push/queries.ts";
import { sendPush } from "../push/send.ts";
import type { RideForecasts } from "../weather/forecast.ts";
import type { RoomAlarms } from "./room-alarms.ts";

export type PushJob = "reminder" | "chat" | "roster" | "stillOn";

const DAY_S = 24 * 60 * 60;
const KEY = {
  rideId: "push:ride-id",
  chatPending: "push:chat-pending",
  chatLast: (userId: string) => `push:chat-last:${userId}`,
  roster: "push:roster",
};

interface RosterEvent {
  userId: string;
  event: "joined" | "left";
}

/** A rider with unread messages and no open chat socket for this ride. */
export interface OfflineReader {
  userId: string;
  unread: number;
}

export class RoomPush {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly env: Bindings,
    private readonly alarms: RoomAlarms<PushJob>,
    /** Whether she has this ride's chat open right now (a socket in the room). */
    private readonly chatOpenFor: (userId: string) => boolean,
    /** The room's forecasts: the ride page's asks and this job's share one call per hour. */
    private readonly forecasts: RideForecasts,
  ) {}

  /** The room learns its ride id from the first call that names it (alarms have no request). */
  private async remember(rideId: string) {
    if ((await this.storage.get(KEY.rideId)) !== rideId) await this.storage.put(KEY.rideId, rideId);
  }

  jobs(): Record<PushJob, (now: number) => Promise<void>> {
    return {
      reminder: (now) => this.sendReminder(now),
      chat: (now) => this.sendHeldChatPushes(now),
      roster: () => this.sendRoster(),
      stillOn: (now) => this.askStillOn(now),
    };
  }

  // ---------- chat ----------

  /**
   * New messages were stored: each rider who has them unread and no chat open hears about it now,
   * or, if she had a push for this ride in the last 5 minutes, when that time is up (with the
   * count then).
   */
  async chatMessages(rideId: string, title: string, readers: OfflineReader[], now: number) {
    if (readers.length === 0) return;
    await this.remember(rideId);
    const pending = new Set((await this.storage.get<string[]>(KEY.chatPending)) ?? []);
    const sends: Promise<unknown>[] = [];
    for (const reader of readers) {
      const last = (await this.storage.get<number>(KEY.chatLast(reader.userId))) ?? 0;
      if (now - last >= CHAT_PUSH_INTERVAL_MS) {
        await this.storage.put(KEY.chatLast(reader.userId), now);
        pending.delete(reader.userId);
        sends.push(this.sendChat(rideId, title, reader));
      } else {
        pending.add(reader.userId);
        await this.alarms.setNoLaterThan("chat", last + CHAT_PUSH_INTERVAL_MS);
      }
    }
    await this.storage.put(KEY.chatPending, [...pending]);
    await Promise.all(sends);
  }

  private sendChat(rideId: string, title: string, reader: OfflineReader) {
    return sendPush(this.env, [reader.userId], "chat", {
      payload: pushTexts.chat({ id: rideId, title }, reader.unread),
      ttl: DAY_S,
    });
  }

  private async sendHeldChatPushes(now: number) {
    const rideId = await this.storage.get<string>(KEY.rideId);
    const pending = (await this.storage.get<string[]>(KEY.chatPending)) ?? [];
    if (!rideId || pending.length === 0) return;
    const riders = new Map(
      (await unreadByParticipant(createDb(this.env.DB), rideId)).map((r) => [r.userId, r]),
    );
    const later: string[] = [];
    let nextAt = Number.POSITIVE_INFINITY;
    const sends: Promise<unknown>[] = [];
    for (const userId of pending) {
      const last = (await this.storage.get<number>(KEY.chatLast(userId))) ?? 0;
      if (now - last < CHAT_PUSH_INTERVAL_MS) {
        later.push(userId);
        nextAt = Math.min(nextAt, last + CHAT_PUSH_INTERVAL_MS);
        continue;
      }
      const rider = riders.get(userId);
      // She read them meanwhile, left the ride, or has the chat open now: nothing to tell.
      if (!rider || rider.unread === 0 || this.chatOpenFor(userId)) continue;
      await this.storage.put(KEY.chatLast(userId), now);
      sends.push(this.sendChat(rideId, rider.title, { userId, unread: rider.unread }));
    }
    await this.storage.put(KEY.chatPending, later);
    if (later.length > 0) await this.alarms.set("chat", nextAt);
    await Promise.all(sends);
  }

  // ---------- joins and leaves, for the organizer ----------

  async rosterChanged(rideId: string, userId: string, event: RosterEvent["event"], now: number) {
    await this.remember(rideId);
    const events = (await this.storage.get<RosterEvent[]>(KEY.roster)) ?? [];
    events.push({ userId, event });
    await this.storage.put(KEY.roster, events);
    // The first change opens the batch; the ones within the next 5 minutes join it.
    if ((await this.alarms.dueAt("roster")) === undefined) {
      await this.alarms.set("roster", now + ROSTER_PUSH_DELAY_MS);
    }
  }

  private async sendRoster() {
    const rideId = await this.storage.get<string>(KEY.rideId);
    const events = (await this.storage.get<RosterEvent[]>(KEY.roster)) ?? [];
    await this.storage.delete(KEY.roster);
    if (!rideId || events.length === 0) return;
    const db = createDb(this.env.DB);
    const ride = await rideForPush(db, rideId);
    if (!ride?.organizerId || ride.status === "cancelled") return;
    // Joined then left within the batch (or the other way round): nothing changed for her.
    const first = new Map<string, RosterEvent["event"]>();
    const last = new Map<string, RosterEvent["event"]>();
    for (const { userId, event } of events) {
      if (!first.has(userId)) first.set(userId, event);
      last.set(userId, event);
    }
    const changed = [...last].filter(
      ([userId, event]) => userId !== ride.organizerId && first.get(userId) === event,
    );
    if (changed.length === 0) return;
    const names = await usernamesOf(
      db,
      changed.map(([userId]) => userId),
    );
    const named = (event: RosterEvent["event"]) =>
      changed.filter(([, e]) => e === event).map(([userId]) => names.get(userId) ?? "Una ciclista");
    await sendPush(this.env, [ride.organizerId], "participants", {
      payload: pushTexts.roster(ride, named("joined"), named("left")),
      ttl: DAY_S,
    });
  }

  // ---------- the reminder ----------

  /** Sets (or moves) the reminder for a ride starting at `startTime`; none when it is too late. */
  async scheduleReminder(rideId: string, startTime: number, now: number) {
    await this.remember(rideId);
    const at = startTime - REMINDER_BEFORE_MS;
    if (at <= now) await this.alarms.clear("reminder");
    else await this.alarms.set("reminder", at);
    // "¿Sigue en pie?" follows the start the same way.
    const check = startTime - STILL_ON_CHECK_BEFORE_MS;
    if (check <= now) await this.alarms.clear("stillOn");
    else await this.alarms.set("stillOn", check);
  }

  async dropReminder(rideId: string) {
    await this.remember(rideId);
    await this.alarms.clear("reminder");
    await this.alarms.clear("stillOn");
  }

  // ---------- "¿Sigue en pie?" ----------

  /**
   * 12 hours before the start: if the forecast crosses a threshold, the organizer is asked
   * whether the ride still goes ahead (docs/product.md#weather-at-the-start). No forecast (the
   * provider failed): nothing is sent.
   */
  private async askStillOn(now: number) {
    const rideId = await this.storage.get<string>(KEY.rideId);
    if (!rideId) return;
    const db = createDb(this.env.DB);
    const ride = await rideForPush(db, rideId);
    if (!ride?.organizerId || ride.status !== "published" || ride.startTime <= now) return;
    const at = ride.startTime - STILL_ON_CHECK_BEFORE_MS;
    if (at > now + 60_000) {
      await this.alarms.set("stillOn", at);
      return;
    }
    const forecast = await this.forecasts.forecast(ride, now);
    const warnings = forecast ? weatherWarnings(forecast) : [];
    if (warnings.length === 0) return;
    await sendPush(this.env, [ride.organizerId], "reminders", {
      payload: pushTexts.stillOn(ride, warningSummary(warnings)),
      ttl: Math.floor((ride.startTime - now) / 1000),
      urgency: "high",
    });
  }

  /** To whoever is in the ride now: she who left gets none, she who joined late gets it. */
  private async sendReminder(now: number) {
    const rideId = await this.storage.get<string>(KEY.rideId);
    if (!rideId) return;
    const db = createDb(this.env.DB);
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
      sendPush(this.env, userIds, "reminders", {
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
