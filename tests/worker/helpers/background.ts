// Background work, waited for before asserting that it did NOT do something (a push, a frame): a
// fixed sleep passes without checking anything when the work is merely late.
import { runInDurableObject } from "cloudflare:test";
import { waitForGlobalWaitUntil } from "cloudflare:test-internal";

/** Every request's background work so far (its waitUntil) has settled; a failure in it is thrown. */
export function requestsSettled(): Promise<void> {
  return waitForGlobalWaitUntil();
}

const tracked = new WeakMap<DurableObjectState, Promise<unknown>[]>();

/**
 * Collects a Durable Object's own background work (its `ctx.waitUntil`: a ride room's badges and
 * chat pushes after a message), which the test runtime does not track for Durable Objects. Call
 * it before the action; `settled()` then waits for that work and for any it starts in turn.
 */
export async function trackBackgroundWork(stub: DurableObjectStub) {
  await runInDurableObject(stub, (_, state) => {
    if (tracked.has(state)) return;
    const pending: Promise<unknown>[] = [];
    const waitUntil = state.waitUntil.bind(state);
    state.waitUntil = (promise: Promise<unknown>) => {
      pending.push(promise);
      waitUntil(promise);
    };
    tracked.set(state, pending);
  });
  return {
    /** Settles the work (awaited inside the object, whose I/O it is); a failure in it is thrown. */
    settled: () =>
      runInDurableObject(stub, async (_, state) => {
        const pending = tracked.get(state);
        // Evicted since (idle ~10 s): its work was lost with it, and the test must say so.
        if (!pending) throw new Error("the Durable Object was evicted since its work was tracked");
        while (pending.length > 0) {
          for (const result of await Promise.allSettled(pending.splice(0))) {
            if (result.status === "rejected") throw result.reason;
          }
        }
      }),
  };
}
