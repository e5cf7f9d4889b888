import type { ManagedTimerId, TimeoutCallback, TimeoutProvider } from "@tanstack/react-query";

/** Long timers due within this step of each other share one browser timer. */
export const COALESCE_STEP_MS = 1000;

/**
 * TanStack Query's timers (a query going stale, its cache entry's end), one browser timer per
 * second of due time instead of one each. A screen's first render subscribes every card's
 * queries, each setting and clearing timers: with one `setTimeout` apiece that was a third of
 * the feed's effects task, a long task on a phone (docs/benchmarks.md, the runs of 2026-11-29
 * 08:00). Such timers fire up to a second late, which neither staleness nor cache clean-up
 * minds; short ones (retries, the next tick) keep their own timer.
 */
export function coalescedTimers(): TimeoutProvider {
  let nextId = 1;
  /**
   * Due second → the callbacks due then, by id, and the browser timer that runs them. Each
   * remembers the `setTimeout` that armed it: a test's fake timers, once uninstalled, never fire,
   * and a later timer joining their bucket would wait forever.
   */
  const buckets = new Map<
    number,
    {
      timer: ReturnType<typeof setTimeout>;
      clock: typeof setTimeout;
      due: Map<number, TimeoutCallback>;
    }
  >();
  const bucketOf = new Map<number, number>();
  const native = new Map<number, ReturnType<typeof setTimeout>>();

  return {
    setTimeout(callback, delay) {
      const id = nextId++;
      if (!(delay >= COALESCE_STEP_MS)) {
        native.set(
          id,
          setTimeout(() => {
            native.delete(id);
            callback();
          }, delay),
        );
        return id;
      }
      const second = Math.ceil((Date.now() + delay) / COALESCE_STEP_MS);
      let bucket = buckets.get(second);
      if (!bucket || bucket.clock !== setTimeout) {
        const due = new Map<number, TimeoutCallback>();
        const timer = setTimeout(
          () => {
            if (buckets.get(second)?.due === due) buckets.delete(second);
            for (const [dueId, run] of due) {
              bucketOf.delete(dueId);
              run();
            }
          },
          second * COALESCE_STEP_MS - Date.now(),
        );
        bucket = { timer, clock: setTimeout, due };
        buckets.set(second, bucket);
      }
      bucket.due.set(id, callback);
      bucketOf.set(id, second);
      return id;
    },
    clearTimeout(timerId) {
      if (timerId === undefined) return;
      const id = Number(timerId);
      const own = native.get(id);
      if (own !== undefined) {
        clearTimeout(own);
        native.delete(id);
        return;
      }
      const second = bucketOf.get(id);
      if (second === undefined) return;
      bucketOf.delete(id);
      const bucket = buckets.get(second);
      if (!bucket) return;
      bucket.due.delete(id);
      if (bucket.due.size === 0) {
        clearTimeout(bucket.timer);
        buckets.delete(second);
      }
    },
    setInterval: (callback, delay) => setInterval(callback, delay),
    clearInterval: (intervalId: ManagedTimerId | undefined) =>
      clearInterval(intervalId as ReturnType<typeof setInterval>),
  };
}
