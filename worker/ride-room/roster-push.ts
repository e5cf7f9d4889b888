// The roster push, a part of a ride's room (docs/product.md#web-push, ADR 0052): the riders who
// joined and left are told to the organizer in one push, 5 minutes after the first change (the
// "roster" alarm job). The changes wait in the room's key-value storage; no tables.
import { pushTexts, ROSTER_PUSH_DELAY_MS } from "../../domain/push.ts";
import { rideForPush, usernamesOf } from "../push/queries.ts";
import { sendPush } from "../push/send.ts";
import {
  type PartAlarms,
  pushRide,
  type RoomContext,
  type RoomPart,
  type RoomScheduler,
} from "../rooms/room-part.ts";

const DAY_S = 24 * 60 * 60;
const ROSTER_KEY = "push:roster";

interface RosterEvent {
  userId: string;
  event: "joined" | "left";
}

export class RosterPush implements RoomPart {
  readonly name = "roster";
  private readonly alarms: PartAlarms<"roster">;

  constructor(
    private readonly room: RoomContext,
    scheduler: RoomScheduler,
  ) {
    this.alarms = scheduler.register(this.name, { roster: () => this.send() });
  }

  private get storage() {
    return this.room.ctx.storage;
  }

  async changed(rideId: string, userId: string, event: RosterEvent["event"], now: number) {
    await pushRide.remember(this.storage, rideId);
    const events = (await this.storage.get<RosterEvent[]>(ROSTER_KEY)) ?? [];
    events.push({ userId, event });
    await this.storage.put(ROSTER_KEY, events);
    // The first change opens the batch; the ones within the next 5 minutes join it.
    if ((await this.alarms.dueAt("roster")) === undefined) {
      await this.alarms.set("roster", now + ROSTER_PUSH_DELAY_MS);
    }
  }

  private async send() {
    const rideId = await pushRide.get(this.storage);
    const events = (await this.storage.get<RosterEvent[]>(ROSTER_KEY)) ?? [];
    await this.storage.delete(ROSTER_KEY);
    if (!rideId || events.length === 0) return;
    const db = this.room.db;
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
    await sendPush(this.room.env, [ride.organizerId], "participants", {
      payload: pushTexts.roster(ride, named("joined"), named("left")),
      ttl: DAY_S,
    });
  }
}
