// A Durable Object has one alarm. A ride's room has several jobs that need one (the reminder
// 2 hours before the start, the chat push held back by its 5-minute pace, the batched roster
// push, and whatever comes next): each job keeps its own due time in the object's storage and
// the alarm is always set to the earliest. A job that fails is tried again a minute later, at
// most three times.
const PREFIX = "alarm:";
const TRIES_PREFIX = "alarm-tries:";
const RETRY_MS = 60_000;
const MAX_TRIES = 3;

export type AlarmJobs<Kind extends string> = Record<Kind, (now: number) => Promise<void>>;

export class RoomAlarms<Kind extends string> {
  constructor(private readonly storage: DurableObjectStorage) {}

  /** Runs job `kind` at `at` (replacing the time it had). */
  async set(kind: Kind, at: number): Promise<void> {
    await this.storage.put(PREFIX + kind, at);
    await this.arm();
  }

  /** Sets `kind` at `at` unless it is already due sooner. */
  async setNoLaterThan(kind: Kind, at: number): Promise<void> {
    const current = await this.dueAt(kind);
    if (current === undefined || current > at) await this.set(kind, at);
  }

  async clear(kind: Kind): Promise<void> {
    await this.storage.delete([PREFIX + kind, TRIES_PREFIX + kind]);
    await this.arm();
  }

  dueAt(kind: Kind): Promise<number | undefined> {
    return this.storage.get<number>(PREFIX + kind);
  }

  /** The object's alarm() handler: every job that is due runs; the alarm moves to the next. */
  async run(jobs: AlarmJobs<Kind>, now = Date.now()): Promise<void> {
    const due = await this.storage.list<number>({ prefix: PREFIX });
    for (const [key, at] of due) {
      if (at > now) continue;
      const kind = key.slice(PREFIX.length) as Kind;
      // Taken off first: a job may set itself again for later.
      await this.storage.delete(PREFIX + kind);
      const job = jobs[kind];
      if (!job) continue;
      try {
        await job(now);
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
