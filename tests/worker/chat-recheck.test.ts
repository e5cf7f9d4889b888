// A socket opened while a message's broadcast was being checked is checked on its own before it
// gets the frame (ADR 0018). When that check cannot be made (D1 fails), it is not trusted: it is
// closed with "try again later" (1013), which the app reconnects after, and its reconnection reads
// the message through the checked read. Before, it got the frame unchecked, blocks or not.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { wrapD1 } from "./helpers/d1-proxy.ts";
import { rideWithTwo } from "./helpers/factories.ts";

const roomOf = (rideId: string) => env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(rideId));

/** A hibernatable socket as the room sees one: its attachment, what it was sent, how it closed. */
function fakeSocket(userId: string) {
  const sent: string[] = [];
  const closed: { code: number; reason: string }[] = [];
  const socket = {
    deserializeAttachment: () => ({ userId, sessionId: `session-of-${userId}` }),
    send: (frame: string) => sent.push(frame),
    close: (code: number, reason: string) => closed.push({ code, reason }),
  };
  return { socket: socket as unknown as WebSocket, sent, closed };
}

describe("a late socket whose check fails", () => {
  it("is closed to reconnect, never sent the frame unchecked", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const late = fakeSocket(bea.user.id);
    await runInDurableObject(roomOf(ride.id), async (instance) => {
      // The chat's part of the room fans its messages out (worker/chat/room/fan-out.ts).
      const room = instance as unknown as {
        env: Env;
        chat: {
          fanOut: {
            sendChecked(sockets: WebSocket[], message: object, frame: string): Promise<void>;
          };
        };
      };
      const working = room.env.DB;
      room.env.DB = wrapD1(working, {
        prepare: () => () => {
          throw new Error("D1_ERROR: Network connection lost.");
        },
      });
      try {
        await room.chat.fanOut.sendChecked(
          [late.socket],
          { id: "m1", rideId: ride.id, userId: ana.user.id, text: "hola" },
          '{"type":"message"}',
        );
      } finally {
        room.env.DB = working;
      }
    });
    expect(late.sent).toEqual([]);
    expect(late.closed).toEqual([{ code: 1013, reason: "recheck_failed" }]);
  });
});
