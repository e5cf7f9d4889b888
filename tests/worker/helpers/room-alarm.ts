// A room's alarm job run now, as the runtime runs it at its time (worker/rooms/room-alarms.ts).
import { runInDurableObject } from "cloudflare:test";
import type { RoomObject } from "../../../worker/rooms/room-object.ts";

/**
 * Makes the room's job `job` due now and runs the room's alarm handler, in ONE call into the
 * object; `before` writes what the job reads first, in the same call. With `onlyIfSet`, only when
 * the job is set (a retry the room kept); false when it is not.
 *
 * Made due in one call and fired with runDurableObjectAlarm in another, the job could be fired by
 * the runtime in between: the room's own background work (a chat's held-back push, 100 ms after a
 * message) re-arms the alarm for the earliest job, this one, due now. The test's own fire then
 * found no alarm set (a shuffled CI run, 2026-11-30). Here the handler takes the job before
 * anything else can: an alarm the runtime fires later finds it gone.
 */
export function runRoomJobNow<Room extends RoomObject>(
  room: DurableObjectStub<Room>,
  job: string,
  options: {
    before?: (storage: DurableObjectStorage) => Promise<void>;
    onlyIfSet?: boolean;
  } = {},
): Promise<boolean> {
  return runInDurableObject(room, async (instance, state) => {
    const key = `alarm:${job}`;
    if (options.onlyIfSet && (await state.storage.get(key)) === undefined) return false;
    await options.before?.(state.storage);
    await state.storage.put(key, Date.now() - 1);
    await instance.alarm();
    return true;
  });
}
