// What the ride day keeps about each rider (docs/product.md#check-in-and-arrivals): her check-in, whether she
// started (checked in or shared her position), her arrival, her timer switch and where her safety
// timer is. In the ride's Durable Object storage only — never D1, R2 or logs — and erased 24 h
// after the ride day's window (safety-timer.ts, the "ride-day-erase" alarm job).
import { RIDE_DAY_WRITES_PER_MINUTE } from "../../domain/ride-day.ts";

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

type Row = {
  user_id: string;
  checked_in_at: number | null;
  started_at: number | null;
  arrived_at: number | null;
  timer_off: number;
  asked_at: number | null;
  told_at: number | null;
};

const COLUMNS = {
  checkedInAt: "checked_in_at",
  startedAt: "started_at",
  arrivedAt: "arrived_at",
  askedAt: "asked_at",
  toldAt: "told_at",
} as const;

const RIDE_KEY = "ride-day:ride";

export class RideDayStore {
  constructor(private readonly storage: DurableObjectStorage) {
    storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS ride_day (user_id TEXT PRIMARY KEY,
        checked_in_at INTEGER, started_at INTEGER, arrived_at INTEGER,
        timer_off INTEGER NOT NULL DEFAULT 0, asked_at INTEGER, told_at INTEGER)`,
    );
    storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS ride_day_pace (user_id TEXT NOT NULL, at INTEGER NOT NULL)",
    );
  }

  all(): RiderDay[] {
    return this.storage.sql
      .exec<Row>("SELECT * FROM ride_day ORDER BY user_id")
      .toArray()
      .map(riderOf);
  }

  get(userId: string): RiderDay | null {
    const row = this.storage.sql
      .exec<Row>("SELECT * FROM ride_day WHERE user_id = ?", userId)
      .toArray()[0];
    return row ? riderOf(row) : null;
  }

  /** Sets one time of hers unless already set (a second tap changes nothing). Returns if it did. */
  stampOnce(userId: string, field: keyof typeof COLUMNS, at: number): boolean {
    const column = COLUMNS[field];
    this.storage.sql.exec("INSERT OR IGNORE INTO ride_day (user_id) VALUES (?)", userId);
    const cursor = this.storage.sql.exec(
      `UPDATE ride_day SET ${column} = ? WHERE user_id = ? AND ${column} IS NULL`,
      at,
      userId,
    );
    return cursor.rowsWritten > 0;
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
    this.storage.sql.exec("INSERT OR IGNORE INTO ride_day (user_id) VALUES (?)", userId);
    this.storage.sql.exec(
      "UPDATE ride_day SET timer_off = ? WHERE user_id = ?",
      off ? 1 : 0,
      userId,
    );
  }

  /** She left, was removed or deleted her account: nothing of hers stays. */
  forget(userId: string) {
    this.storage.sql.exec("DELETE FROM ride_day WHERE user_id = ?", userId);
    this.storage.sql.exec("DELETE FROM ride_day_pace WHERE user_id = ?", userId);
  }

  /**
   * Her ride-day writes within the last minute, counted when within the pace
   * (RIDE_DAY_WRITES_PER_MINUTE): a script tapping in a loop cannot flood the group's sockets.
   */
  withinPace(userId: string, now: number): boolean {
    const sql = this.storage.sql;
    sql.exec("DELETE FROM ride_day_pace WHERE at <= ?", now - MINUTE_MS);
    const [row] = sql
      .exec<{ n: number }>("SELECT count(*) AS n FROM ride_day_pace WHERE user_id = ?", userId)
      .toArray();
    if ((row?.n ?? 0) >= RIDE_DAY_WRITES_PER_MINUTE) return false;
    sql.exec("INSERT INTO ride_day_pace (user_id, at) VALUES (?, ?)", userId, now);
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
    this.storage.sql.exec("DELETE FROM ride_day");
    this.storage.sql.exec("DELETE FROM ride_day_pace");
    await this.storage.delete(RIDE_KEY);
  }
}

function riderOf(row: Row): RiderDay {
  return {
    userId: row.user_id,
    checkedInAt: row.checked_in_at,
    startedAt: row.started_at,
    arrivedAt: row.arrived_at,
    timerOff: row.timer_off === 1,
    askedAt: row.asked_at,
    toldAt: row.told_at,
  };
}
