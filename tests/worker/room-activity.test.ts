// A worker test file ends once the rooms are quiet (tests/worker/setup.ts): a room's work after
// the file's last test (a closed socket's event, its badges after a message) would otherwise
// reach vitest after the file's channel closed, failing the whole run with every test green.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { RideRoom } from "../../worker/ride-room/ride-room.ts";
import { rideWithTwo } from "./helpers/factories.ts";
import { roomsQuiet } from "./helpers/room-activity.ts";
import { openChat } from "./helpers/sockets.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the end of a worker test file", () => {
  it("waits for a room's background work (its ctx.waitUntil)", async () => {
    let done = false;
    const room = env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName("background-work"));
    await runInDurableObject(room, (_, state) => {
      state.waitUntil(
        sleep(300).then(() => {
          done = true;
        }),
      );
    });
    expect(done).toBe(false);
    await roomsQuiet();
    expect(done).toBe(true);
  });

  it("waits for a socket's close to reach its room, however long the socket was open", async () => {
    const closes = vi.spyOn(RideRoom.prototype, "webSocketClose");
    const { bea, ride } = await rideWithTwo();
    const socket = await openChat(bea.browser, ride.id);
    // Past the quiet window: the room's last call (the socket's opening) is long over.
    await sleep(250);
    socket.close();
    await roomsQuiet();
    expect(closes).toHaveBeenCalledTimes(1);
  });
});
