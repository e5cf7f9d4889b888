// What the ride day keeps about each rider (docs/product.md#check-in-and-arrivals): her check-in, whether she
// started (checked in or shared her position), her arrival, her timer switch and where her safety
// timer is. In the ride's Durable Object storage only — never D1, R2 or logs — and erased 24 h
// after the ride day's window (safety-timer.ts, the "ride-day-erase" alarm job).
import { and, eq, isNull } from "drizzle-orm";
import { RIDE_DAY_WRITES_PER_MINUTE } from "../../../domain/ride-day.ts";
import { type ObjectDatabase, objectDb, writtenOnFirstUse } from "../../db/durable-storage.ts";
import { rideDay, rideDayPace, rideDayPaceStatements } from "./storage.ts";

const MINUTE_MS = 60_000;

export interface RiderDay {
  userId: string;
  checkedInAt: number | null;
  startedAt: number | null;
  arrivedAt: number | null;
  timerOff: boolean;
  /** When the timer asked '¿Has llegado bien?'. */
  askedAt: number | null;
  /** When the timer told the organizer and the escoba. */
  toldAt: number | null;
}

/** The ride the room last scheduled its ride day for (alarms come without a request). */
export interface RideDayRide {
  id: string;
  startTime: number;
  organizerId: string | null;
  estimatedMinutes: number;
}

const COLUMNS = {
  checkedInAt: rideDay.checkedInAt,
  startedAt: rideDay.startedAt,
  arrivedAt: rideDay.arrivedAt,
  askedAt: rideDay.askedAt,
  toldAt: rideDay.toldAt,
} as const;

const RIDE_KEY = "ride-day:ride";

export class RideDayStore {
  private readonly roomDb: ObjectDatabase;
  /** The pace's statements, written on the first ride-day write (../ride-day/room/storage.ts). */
  private readonly paceSql = writtenOnFirstUse(() => rideDayPaceStatements(this.roomDb));

  constructor(private readonly storage: DurableObjectStorage) {
    this.roomDb = objectDb(storage);
  }

  all(): RiderDay[] {
    return this.roomDb.select().from(rideDay).orderBy(rideDay.userId).all();
  }

  get(userId: string): RiderDay | null {
    return this.roomDb.select().from(rideDay).where(eq(rideDay.userId, userId)).get() ?? null;
  }

  /** Sets one time of hers unless already set (a second tap changes nothing). Returns if it did. */
  stampOnce(userId: string, field: keyof typeof COLUMNS, at: number): boolean {
    this.roomDb.insert(rideDay).values({ userId }).onConflictDoNothing().run();
    const stamped = this.roomDb
      .update(rideDay)
      .set({ [field]: at })
      .where(and(eq(rideDay.userId, userId), isNull(COLUMNS[field])))
      .returning({ userId: rideDay.userId })
      .all();
    return stamped.length > 0;
  }

  /** Takes back her arrival if it was stored at `since` or later. Returns whether it did. */
  clearArrival(userId: string, since: number): boolean {
    const cursor = this.storage.sql.exec(
      "UPDATE ride_day SET arrived_at = NULL WHERE user_id = ? AND arrived_at >= ?",
      userId,
      since,
    );
    return cursor.rowsWritten > 0;
  }

  setTimerOff(userId: string, off: boolean) {
    this.roomDb
      .insert(rideDay)
      .values({ userId, timerOff: off })
      .onConflictDoUpdate({ target: rideDay.userId, set: { timerOff: off } })
      .run();
  }

  /** She left, was removed or deleted her account: nothing of hers stays. */
  forget(userId: string) {
    this.roomDb.delete(rideDay).where(eq(rideDay.userId, userId)).run();
    this.roomDb.delete(rideDayPace).where(eq(rideDayPace.userId, userId)).run();
  }

  /**
   * Her ride-day writes within the last minute, counted when within the pace
   * (RIDE_DAY_WRITES_PER_MINUTE): a script tapping in a loop cannot flood the group's sockets.
   */
  withinPace(userId: string, now: number): boolean {
    const statements = this.paceSql();
    statements.forgetBefore.run({ before: now - MINUTE_MS });
    const row = statements.countOf.get({ userId });
    if ((row?.n ?? 0) >= RIDE_DAY_WRITES_PER_MINUTE) return false;
    statements.add.run({ userId, at: now });
    return true;
  }

  async ride(): Promise<RideDayRide | undefined> {
    return this.storage.get<RideDayRide>(RIDE_KEY);
  }

  async rememberRide(ride: RideDayRide) {
    await this.storage.put(RIDE_KEY, ride);
  }

  /** The erasure: every rider's row, the pace and the ride it was for. */
  async erase() {
    this.roomDb.delete(rideDay).run();
    this.roomDb.delete(rideDayPace).run();
    await this.storage.delete(RIDE_KEY);
  }
}
