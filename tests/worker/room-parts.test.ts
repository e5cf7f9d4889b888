// A ride's room is made of parts (worker/rooms/room-part.ts): each alarm job and each socket frame
// belongs to one part, the room's one alarm hands a due job to the part that owns it, and a frame
// that fails is answered by its part or with the room's error frame.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { ServerMessage } from "../../domain/chat-protocol.ts";
import { ERROR_TEXT } from "../../domain/error-text.ts";
import { RoomAlarms } from "../../worker/rooms/room-alarms.ts";
import type { RoomSocketState } from "../../worker/rooms/room-part.ts";
import { RoomParts } from "../../worker/rooms/room-parts.ts";
import { HOUR } from "./helpers/factories.ts";

const MIN = 60_000;
const roomOf = (name: string) => env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(name));
const nothing = async () => {};

/** A socket that records what it is sent. */
function recordingSocket() {
  const sent: ServerMessage[] = [];
  const socket = { send: (data: string) => sent.push(JSON.parse(data)) };
  return { socket: socket as unknown as WebSocket, sent };
}

const STATE: RoomSocketState = { rideId: "ride", userId: "ana", sessionId: "session" };

describe("the room's alarm", () => {
  it("runs the eight jobs of its parts, each owned by one", async () => {
    const owners = await runInDurableObject(roomOf("room-parts-jobs"), (instance) =>
      (instance as unknown as { alarms: RoomAlarms }).alarms.owners(),
    );
    expect(owners).toEqual({
      chat: "chat",
      reminder: "reminders",
      stillOn: "reminders",
      roster: "roster",
      "live-erase": "ride-day",
      "safety-ask": "ride-day",
      "safety-tell": "ride-day",
      "ride-day-erase": "ride-day",
    });
  });

  it("refuses a second part's claim on a job's kind", () => {
    const alarms = new RoomAlarms({} as DurableObjectStorage);
    alarms.register("chat", { chat: nothing });
    expect(() => alarms.register("roster", { chat: nothing })).toThrow(
      "room alarm job chat is chat's, not roster's too",
    );
  });

  it("hands a due job to the part that owns it, and moves to the next one", async () => {
    await runInDurableObject(roomOf("room-parts-run"), async (_, state) => {
      const alarms = new RoomAlarms(state.storage);
      const ran: string[] = [];
      const first = alarms.register("first", {
        soon: async (now: number) => {
          ran.push(`first at ${now}`);
        },
      });
      const second = alarms.register("second", {
        later: async () => {
          ran.push("second");
        },
      });
      // Ahead of the clock, so that the room's own alarm does not ring during the test.
      const soon = Date.now() + HOUR;
      await first.set("soon", soon);
      await second.set("later", soon + MIN);
      // Kept under its kind alone, as rooms made before the parts kept their jobs.
      expect(await state.storage.get("alarm:soon")).toBe(soon);
      expect(await state.storage.getAlarm()).toBe(soon);

      await alarms.run(soon);
      expect(ran).toEqual([`first at ${soon}`]);
      expect(await first.dueAt("soon")).toBeUndefined();
      expect(await state.storage.getAlarm()).toBe(soon + MIN);

      await second.clear("later");
      expect(await state.storage.getAlarm()).toBeNull();
    });
  });
});

describe("the room's frames", () => {
  it("refuses a second part's claim on a frame", () => {
    expect(
      () =>
        new RoomParts([
          { name: "chat", frames: { read: nothing } },
          { name: "ride-day", frames: { read: nothing } },
        ]),
    ).toThrow("frame read is answered by chat, not ride-day too");
  });

  it("go to the part that answers them; one that fails gets its part's answer or the error frame", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const lost = new Error("D1_ERROR: Network connection lost.");
    const answered: string[] = [];
    const parts = new RoomParts([
      {
        name: "chat",
        frames: {
          read: async (_ws, state) => {
            answered.push(`read by ${state.userId}`);
          },
          sync: async () => {
            throw lost;
          },
        },
        frameFailed: (ws, frame, code) => {
          ws.send(JSON.stringify({ type: "error", code, message: `${frame.type} failed` }));
        },
      },
      {
        name: "ride-day",
        frames: {
          "position-stop": async () => {
            throw new Error("a bug");
          },
        },
      },
    ]);
    const { socket, sent } = recordingSocket();

    await parts.frame(socket, STATE, { type: "read" });
    expect(answered).toEqual(["read by ana"]);
    await parts.frame(socket, STATE, { type: "sync" });
    await parts.frame(socket, STATE, { type: "position-stop" });
    expect(sent).toEqual([
      { type: "error", code: "unavailable", message: "sync failed" },
      { type: "error", code: "internal", message: ERROR_TEXT.internal },
    ]);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
