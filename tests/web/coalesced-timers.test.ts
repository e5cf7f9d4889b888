import { QueryObserver, timeoutManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { coalescedTimers } from "../../web/lib/coalesced-timers.ts";
import { createQueryClient } from "../../web/lib/query-client.ts";

describe("TanStack Query's timers (web/lib/coalesced-timers.ts)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("give the app's queries one browser timer for many observers", async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ["rides"], queryFn: () => 1 });
    const browserTimers = vi.spyOn(globalThis, "setTimeout");
    // Twenty cards watching the same fresh answer, as a feed's first render subscribes them.
    const stops = Array.from({ length: 20 }, () =>
      new QueryObserver(client, { queryKey: ["rides"], queryFn: () => 1 }).subscribe(() => {}),
    );
    // Each observer asks for a 'stale' timer; they share one browser timer (the default
    // provider set one each).
    expect(browserTimers.mock.calls.filter(([, delay]) => (delay ?? 0) >= 1000)).toHaveLength(1);
    for (const stop of stops) stop();
    browserTimers.mockRestore();
  });

  it("runs each long timer within a second after its delay, and never a cleared one", () => {
    vi.useFakeTimers({ now: 10_300 });
    const timers = coalescedTimers();
    const ran: string[] = [];
    timers.setTimeout(() => ran.push("a"), 30_000);
    const cleared = timers.setTimeout(() => ran.push("cleared"), 30_200);
    timers.setTimeout(() => ran.push("b"), 31_500);
    timers.clearTimeout(cleared);
    vi.advanceTimersByTime(29_999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(ran).toEqual(["a"]);
    vi.advanceTimersByTime(1_000);
    expect(ran).toEqual(["a", "b"]);
  });

  it("keeps short timers (retries, the next tick) on their own browser timer, exact", () => {
    vi.useFakeTimers();
    const timers = coalescedTimers();
    const ran: number[] = [];
    timers.setTimeout(() => ran.push(1), 0);
    const cleared = timers.setTimeout(() => ran.push(2), 300);
    timers.setTimeout(() => ran.push(3), 999);
    timers.clearTimeout(cleared);
    vi.advanceTimersByTime(998);
    expect(ran).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual([1, 3]);
  });

  it("never puts a timer in a bucket armed by fake timers that are gone", async () => {
    const timers = coalescedTimers();
    vi.useFakeTimers({ now: Date.now() });
    timers.setTimeout(() => {}, 1_000);
    vi.useRealTimers();
    // Due in the same second as the fake timer's bucket, which will never fire now.
    const ran = await new Promise<boolean>((resolve) => {
      timers.setTimeout(() => resolve(true), 1_000);
      setTimeout(() => resolve(false), 5_000);
    });
    expect(ran).toBe(true);
  });

  it("is the provider TanStack Query uses", () => {
    const browserTimers = vi.spyOn(globalThis, "setTimeout");
    const first = timeoutManager.setTimeout(() => {}, 60_000);
    const second = timeoutManager.setTimeout(() => {}, 60_000);
    expect(browserTimers).toHaveBeenCalledTimes(1);
    timeoutManager.clearTimeout(first);
    timeoutManager.clearTimeout(second);
    browserTimers.mockRestore();
  });
});
