// A Durable Object has one alarm. A ride's room has eight jobs that need one, each registered by
// the part that owns it (worker/rooms/room-part.ts): the chat's held-back push; the reminder and
// '¿Sigue en pie?'; the roster push; the ride day's live-map erasure, safety question, word to the
// organizer and erasure. Each job keeps its own due time in the object's storage, under its kind
// alone (`alarm:<kind>`, as rooms made before the parts kept it, so a job due across the deploy
// still runs), and the alarm is always set to the earliest. When it rings, each due job goes to
// the part that registered it. A job that fails is tried again a minute later, at most three times.
import type { AlarmJob, PartAlarms, RoomScheduler } from "./room-part.ts";

const PREFIX = "alarm:";
const TRIES_PREFIX = "alarm-tries:";
const RETRY_MS = 60_000;
const MAX_TRIES = 3;

export class RoomAlarms implements RoomScheduler {
  /** Every job of the room by kind, with the part that owns it. */
  private readonly jobs = new Map<string, { part: string; run: AlarmJob }>();

  constructor(private readonly storage: DurableObjectStorage) {}

  register<Kind extends string>(part: string, jobs: Record<Kind, AlarmJob>): PartAlarms<Kind> {
    for (const [kind, run] of Object.entries<AlarmJob>(jobs)) {
      const owner = this.jobs.get(kind)?.part;
      if (owner) throw new Error(`room alarm job ${kind} is ${owner}'s, not ${part}'s too`);
      this.jobs.set(kind, { part, run });
    }
    return {
      set: (kind, at) => this.set(kind, at),
      setNoLaterThan: (kind, at) => this.setNoLaterThan(kind, at),
      clear: (kind) => this.clear(kind),
      dueAt: (kind) => this.dueAt(kind),
    };
  }

  /** Each job's kind with the part that owns it (tests and diagnostics). */
  owners(): Record<string, string> {
    return Object.fromEntries([...this.jobs].map(([kind, { part }]) => [kind, part]));
  }

  /** The object's alarm() handler: every job that is due runs; the alarm moves to the next. */
  async run(now = Date.now()): Promise<void> {
    const due = await this.storage.list<number>({ prefix: PREFIX });
    for (const [key, at] of due) {
      if (at > now) continue;
      const kind = key.slice(PREFIX.length);
      // Taken off first: a job may set itself again for later.
      await this.storage.delete(PREFIX + kind);
      const job = this.jobs.get(kind);
      if (!job) continue;
      try {
        await job.run(now);
        await this.storage.delete(TRIES_PREFIX + kind);
      } catch (error) {
        const tries = ((await this.storage.get<number>(TRIES_PREFIX + kind)) ?? 0) + 1;
        console.warn(`room alarm ${kind} failed (try ${tries})`, String(error));
        if (tries < MAX_TRIES && (await this.dueAt(kind)) === undefined) {
          await this.storage.put(TRIES_PREFIX + kind, tries);
          await this.storage.put(PREFIX + kind, now + RETRY_MS);
        } else {
          await this.storage.delete(TRIES_PREFIX + kind);
        }
      }
    }
    await this.arm();
  }

  /**
   * DEV ONLY (worker/dev/ride-day.ts): runs job `kind` as if its time had come, on the room's
   * clock at its due time when that is ahead, else now.
   */
  async runNow(kind: string): Promise<void> {
    const at = Math.max(Date.now(), (await this.dueAt(kind)) ?? 0);
    await this.set(kind, at);
    await this.run(at);
  }

  private async set(kind: string, at: number): Promise<void> {
    await this.storage.put(PREFIX + kind, at);
    await this.arm();
  }

  private async setNoLaterThan(kind: string, at: number): Promise<void> {
    const current = await this.dueAt(kind);
    if (current === undefined || current > at) await this.set(kind, at);
  }

  private async clear(kind: string): Promise<void> {
    await this.storage.delete([PREFIX + kind, TRIES_PREFIX + kind]);
    await this.arm();
  }

  private dueAt(kind: string): Promise<number | undefined> {
    return this.storage.get<number>(PREFIX + kind);
  }

  private async arm(): Promise<void> {
    const all = await this.storage.list<number>({ prefix: PREFIX });
    const next = Math.min(...all.values());
    if (!Number.isFinite(next)) {
      await this.storage.deleteAlarm();
    } else if ((await this.storage.getAlarm()) !== next) {
      await this.storage.setAlarm(next);
    }
  }
}
