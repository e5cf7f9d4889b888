// Chat pace (docs/product.md#chat-pace): per rider and ride, at most 5 messages
// in 5 s and 30 a minute. Above it the room answers the frame with "Vas muy rápido. Espera un
// momento." and nothing is stored, broadcast or announced.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { NotificationFrame, ServerMessage } from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";
import { trackBackgroundWork } from "./helpers/background.ts";
import { createRide, rideWithThree, rideWithTwo, signedIn } from "./helpers/factories.ts";
import {
  openSocket,
  sendFrame,
  socketsClosedAfterEach,
  type TestSocket,
} from "./helpers/sockets.ts";

const { open, chat } = socketsClosedAfterEach();

const roomOf = (rideId: string) => env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(rideId));

async function storedCount(rideId: string, userId?: string) {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM ride_messages WHERE ride_id = ?1 AND (?2 IS NULL OR user_id = ?2)",
  )
    .bind(rideId, userId ?? null)
    .first<{ n: number }>();
  return row!.n;
}

/** Sends every text at once; resolves with each frame's answer (ack or error), in order. */
async function burst(socket: TestSocket, texts: string[]) {
  const frames = texts.map((text) => sendFrame(text));
  for (const frame of frames) socket.send(frame);
  const answers: Extract<ServerMessage, { type: "ack" | "error" }>[] = [];
  for (const { clientId } of frames) {
    answers.push(
      await socket.nextRaw(
        (f) =>
          typeof f === "object" &&
          f !== null &&
          ["ack", "error"].includes((f as { type: string }).type) &&
          (f as { clientId?: string }).clientId === clientId,
      ),
    );
  }
  return answers;
}

const tooFast = (clientId: string) => ({
  type: "error",
  code: "rate_limited",
  message: MSG.chatTooFast,
  clientId,
});

/** Time passes for the room's pace: every message of this ride counts as sent `ms` earlier. */
async function paceClockForward(rideId: string, ms: number) {
  await runInDurableObject(roomOf(rideId), (_, state) => {
    state.storage.sql.exec("UPDATE chat_pace SET sent_at = sent_at - ?", ms);
  });
}

const texts = (n: number, prefix = "m") => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

describe("chat pace", () => {
  it("of 50 frames sent at once, 5 are stored; the rest are refused and never broadcast or announced", async () => {
    const { ana, bea, cris, ride } = await rideWithThree();
    // Cris has the chat closed: her badge hears of what was stored.
    const { socket: crisHub } = await openSocket(cris.browser, "/api/notifications/socket");
    open.push(crisHub!);
    const a = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);
    const room = await trackBackgroundWork(roomOf(ride.id));
    const answers = await burst(a, texts(50));
    const frames = answers.map((f) => f.type);
    expect(frames.slice(0, 5)).toEqual(Array(5).fill("ack"));
    for (const refused of answers.slice(5)) {
      expect(refused).toEqual(tooFast(refused.clientId!));
    }
    expect(await storedCount(ride.id)).toBe(5);
    // Bea's chat and Cris's badge see exactly the five, once the room's work is done and their
    // sockets received all it sent.
    await room.settled();
    await b.delivered();
    await crisHub!.delivered();
    const seenByBea = b.frames.flatMap((f) =>
      (f as ServerMessage).type === "message" ? [f] : [],
    ) as Extract<ServerMessage, { type: "message" }>[];
    expect(seenByBea.map((f) => f.message.text)).toEqual(texts(5));
    const unread = crisHub!.frames.filter(
      (f): f is Extract<NotificationFrame, { type: "unread" }> =>
        (f as NotificationFrame).type === "unread",
    );
    expect(unread.length).toBeGreaterThan(0);
    expect(unread.map((f) => f.count).at(-1)).toBe(5);
    expect(unread.every((f) => f.lastMessage?.text !== "m6")).toBe(true);
    // The socket stays open and usable once the pace allows.
    expect(a.closed).toBeNull();
    await paceClockForward(ride.id, 5_000);
    expect((await burst(a, ["de nuevo"]))[0]!.type).toBe("ack");
  });

  it("counts per rider and per ride", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const other = await createRide({ organizerId: ana.user.id });
    const a = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);
    const aElsewhere = await chat(ana.browser, other.id);
    expect((await burst(a, texts(6))).map((f) => f.type)).toEqual([
      ...Array(5).fill("ack"),
      "error",
    ]);
    // Bea in the same ride, and Ana in another ride, are not slowed by Ana's burst here.
    expect((await burst(b, texts(5, "b"))).every((f) => f.type === "ack")).toBe(true);
    expect((await burst(aElsewhere, texts(5, "o"))).every((f) => f.type === "ack")).toBe(true);
    // A second tab of hers in the same ride shares her pace.
    const a2 = await chat(ana.browser, ride.id);
    expect(await burst(a2, ["otra pestaña"])).toEqual([tooFast(expect.any(String))]);
  });

  it("leaving the ride and joining again does not start her pace afresh", async () => {
    const { bea, ride } = await rideWithTwo();
    const b = await chat(bea.browser, ride.id);
    expect((await burst(b, texts(5))).every((f) => f.type === "ack")).toBe(true);
    expect((await bea.browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(200);
    expect((await bea.browser.post(`/api/rides/${ride.id}/join`)).status).toBe(200);
    const again = await chat(bea.browser, ride.id);
    expect(await burst(again, ["otra vez"])).toEqual([tooFast(expect.any(String))]);
    expect(await storedCount(ride.id, bea.user.id)).toBe(5);
  });

  it("allows 30 a minute: the 31st waits for the first to leave the minute", async () => {
    const { ana, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    for (let round = 0; round < 6; round++) {
      expect((await burst(a, texts(5, `r${round}-`))).every((f) => f.type === "ack")).toBe(true);
      await paceClockForward(ride.id, 5_000);
    }
    // 30 in the last 30 s: the 5 s window is clear, the minute is not.
    expect(await burst(a, ["la 31"])).toEqual([tooFast(expect.any(String))]);
    // The first five leave the minute.
    await paceClockForward(ride.id, 30_000);
    expect((await burst(a, ["la 31"]))[0]!.type).toBe("ack");
    expect(await storedCount(ride.id, ana.user.id)).toBe(31);
  });

  it("a resend of a message she already sent (a lost ack) is not a new message", async () => {
    const { ana, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const frames = texts(5).map((text) => sendFrame(text));
    for (const frame of frames) a.send(frame);
    for (const frame of frames) await a.next("ack", (f) => f.clientId === frame.clientId);
    // Her app reconnects and resends all five: each is acked again, nothing new is stored.
    a.close();
    const again = await chat(ana.browser, ride.id);
    for (const frame of frames) again.send(frame);
    for (const frame of frames) await again.next("ack", (f) => f.clientId === frame.clientId);
    expect(await storedCount(ride.id)).toBe(5);
    // A new one is still too fast.
    expect(await burst(again, ["nuevo"])).toEqual([tooFast(expect.any(String))]);
  });

  it("survives a restart of the room (eviction, deploy): the pace is in its storage", async () => {
    const { ana, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    expect((await burst(a, texts(5))).every((f) => f.type === "ack")).toBe(true);
    await runInDurableObject(roomOf(ride.id), (_, state) => {
      try {
        state.abort("test restart");
      } catch {
        // abort() throws into the caller by design.
      }
    }).catch(() => undefined);
    await vi.waitFor(() => expect(a.closed).not.toBeNull());
    const again = await chat(ana.browser, ride.id);
    expect(await burst(again, ["tras reiniciar"])).toEqual([tooFast(expect.any(String))]);
  });

  it("a refused message can be sent again with the same id once the pace allows", async () => {
    const { ana, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    await burst(a, texts(5));
    const sixth = sendFrame("la sexta");
    a.send(sixth);
    expect(await a.next("error", (f) => f.clientId === sixth.clientId)).toEqual(
      tooFast(sixth.clientId),
    );
    await paceClockForward(ride.id, 5_000);
    a.send(sixth);
    const ack = await a.next("ack", (f) => f.clientId === sixth.clientId);
    expect(ack.message.text).toBe("la sexta");
  });
});

describe("the organizer is paced like anyone", () => {
  it("applies to every participant", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id });
    const a = await chat(browser, ride.id);
    expect((await burst(a, texts(6))).at(-1)).toEqual(tooFast(expect.any(String)));
  });
});
