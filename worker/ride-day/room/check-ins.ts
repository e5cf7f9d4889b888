// "Estoy en el punto de encuentro" (docs/product.md#check-in-and-arrivals): a participant checks in from 30 min
// before the start; only the organizer hears of it (her open sockets), and she may call the
// riders still missing, at most once every 5 minutes. Check-ins never count against anyone.

import { pushTexts } from "../../../domain/push.ts";
import { CALL_MISSING_INTERVAL_MS } from "../../../domain/ride-day.ts";
import { sendPush } from "../../push/send.ts";
import type { RoomContext } from "../../rooms/room-part.ts";
import { deliverRideDay } from "./ride-day-frames.ts";
import type { RideDayRide, RideDayStore } from "./ride-day-store.ts";

const LAST_CALL_KEY = "ride-day:called-missing-at";
const DAY_S = 24 * 60 * 60;

export class CheckIns {
  private readonly storage: DurableObjectStorage;

  constructor(
    private readonly room: RoomContext,
    private readonly store: RideDayStore,
  ) {
    this.storage = room.ctx.storage;
  }

  /** Her check-in (a second tap changes nothing); the organizer's open sockets hear of it. */
  async checkIn(ride: RideDayRide, userId: string, now: number): Promise<void> {
    if (!this.store.stampOnce(userId, "checkedInAt", now)) return;
    this.store.stampOnce(userId, "startedAt", now);
    await deliverRideDay(
      this.room.ctx.getWebSockets(),
      this.room.db,
      ride.id,
      { type: "ride-day", event: "check-in", userId },
      (recipient) => recipient === ride.organizerId,
    );
  }

  /** A push to `missing` (the route chose them); false when she called less than 5 min ago. */
  async callMissing(
    ride: RideDayRide & { title: string },
    missing: string[],
    now: number,
  ): Promise<boolean> {
    const last = (await this.storage.get<number>(LAST_CALL_KEY)) ?? 0;
    if (now - last < CALL_MISSING_INTERVAL_MS) return false;
    await this.storage.put(LAST_CALL_KEY, now);
    await sendPush(this.room.env, missing, "reminders", {
      payload: pushTexts.callMissing(ride),
      ttl: Math.max(60, Math.floor(DAY_S / 24)),
      urgency: "high",
    });
    return true;
  }

  async erase() {
    await this.storage.delete(LAST_CALL_KEY);
  }
}
