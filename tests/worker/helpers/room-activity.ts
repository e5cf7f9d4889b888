// The rooms' own work after a test file's last test: a socket's close reaching its room, a ride
// room's badges and pushes after a message (its ctx.waitUntil, up to a second later), a due
// alarm. The test runtime waits for none of it. Each such event makes the runtime ask vitest to
// resolve the worker's module again, and a chat room's fan-out may log; a call still in flight
// when vitest closes the file's channel fails the whole run with "Closing rpc while ... was
// pending", every test green. So each file ends once the rooms are quiet (tests/worker/setup.ts).
//
// Counted, never awaited: the work belongs to the rooms' I/O contexts, and a number is all the
// test's context may read of it.
import { runInDurableObject } from "cloudflare:test";
import { DurableObject, env } from "cloudflare:workers";
import { GroupRoom } from "../../../worker/group-room/group-room.ts";
import { RideRoom } from "../../../worker/ride-room/ride-room.ts";
import { UserHub } from "../../../worker/user-hub/user-hub.ts";

const activity = { running: 0, lastStartedAt: 0 };

/** Counts `work` while it runs; what it resolves to is not touched. */
function count(work: Promise<unknown>) {
  activity.running += 1;
  const done = () => {
    activity.running -= 1;
  };
  work.then(done, done);
}

/**
 * Every method of the room's class and of our classes it extends (the runtime's events, RPC
 * calls), each class once. The runtime's own DurableObject is left alone: the test runtime's
 * wrappers extend it too.
 */
function countCalls(room: { prototype: object }, wrapped: Set<object>) {
  for (
    let prototype = room.prototype;
    prototype !== DurableObject.prototype && !wrapped.has(prototype);
    prototype = Object.getPrototypeOf(prototype) as object
  ) {
    wrapped.add(prototype);
    for (const [name, { value }] of Object.entries(Object.getOwnPropertyDescriptors(prototype))) {
      if (name === "constructor" || typeof value !== "function") continue;
      Object.defineProperty(prototype, name, {
        configurable: true,
        writable: true,
        value: function (this: unknown, ...args: unknown[]) {
          activity.lastStartedAt = Date.now();
          const result: unknown = value.apply(this, args);
          if (result instanceof Promise) count(result);
          return result;
        },
      });
    }
  }
}

const shared = globalThis as { roomActivityCounted?: boolean };

/**
 * From now on every call into a room and every Durable Object's ctx.waitUntil is counted. The
 * classes and the objects' state prototype are shared by the files: they are wrapped once; the
 * count starts again with each file, as reset() drops every object's work.
 */
export async function countRoomActivity() {
  activity.running = 0;
  activity.lastStartedAt = 0;
  if (shared.roomActivityCounted) return;
  shared.roomActivityCounted = true;
  const wrapped = new Set<object>();
  for (const room of [RideRoom, GroupRoom, UserHub]) countCalls(room, wrapped);
  // Any object's state will do: they share one prototype.
  const hub = env.USER_HUB.get(env.USER_HUB.idFromName("room-activity-probe"));
  await runInDurableObject(hub, (_, state) => {
    const prototype = Object.getPrototypeOf(state) as DurableObjectState;
    const waitUntil = prototype.waitUntil;
    prototype.waitUntil = function (this: DurableObjectState, promise: Promise<unknown>) {
      activity.lastStartedAt = Date.now();
      count(promise);
      return waitUntil.call(this, promise);
    };
  });
}

/**
 * A test closed a socket: its room hears of it a little later (the close's event). The quiet
 * window starts now, not at the room's last call.
 */
export function roomEventComing() {
  activity.lastStartedAt = Date.now();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the rooms are quiet: nothing of theirs running and nothing started for `quietMs`
 * (a socket closed by the last test reaches its room a few milliseconds later). Work still
 * counted with nothing started for `idleMs` is work that will not end (its object was evicted or
 * reset): longer than any wait of the rooms' own (a chat's badges wait up to a second).
 */
export async function roomsQuiet({ quietMs = 100, idleMs = 1_500, limitMs = 10_000 } = {}) {
  const started = Date.now();
  const busy = () => {
    const since = Date.now() - activity.lastStartedAt;
    return since < quietMs || (activity.running > 0 && since < idleMs);
  };
  while (busy()) {
    if (Date.now() - started > limitMs) {
      throw new Error(
        `the rooms were still starting work ${limitMs} ms after the file's last test`,
      );
    }
    await sleep(5);
  }
}
