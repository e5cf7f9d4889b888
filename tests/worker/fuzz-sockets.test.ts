// Bad input over websockets, property-based: noise, wrong JSON, every client frame type with
// wrong-typed or hostile fields, oversized and binary frames, sent on a ride's chat socket and on
// the notifications socket. The room answers every frame it cannot use with one Spanish error
// frame and stores nothing (only the literal "ping" is answered otherwise, with "pong", by the
// runtime); the socket stays open and usable. Hostile text that is a valid message is stored and
// returned as given. The notification hub is one-way: it ignores whatever a client sends.
// Fixed seed, bounded runs.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  HISTORY_PAGE_MAX,
  MAX_FRAME_BYTES,
  type NotificationFrame,
  type ServerMessage,
} from "../../domain/chat-protocol.ts";
import { MESSAGE_MAX_LENGTH } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { cleanText, hasVisibleCharacter } from "../../domain/zod.ts";
import { rideWithTwo } from "./helpers/factories.ts";
import {
  anyCodePoint,
  anyValue,
  controlCharacter,
  FUZZ_SEED,
  HOSTILE_STRINGS,
  hostileStrings,
  textWithControls,
} from "./helpers/hostile.ts";
import {
  forgetChatPace,
  openSocket,
  sendFrame,
  socketsClosedAfterEach,
  type TestSocket,
} from "./helpers/sockets.ts";

const RUNS = 30;

const { open, chat } = socketsClosedAfterEach();

/** Every chat message stored, in any ride. */
async function storedMessageCount() {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM ride_messages").first<{
    n: number;
  }>();
  return row!.n;
}

/** Whatever the server sends next, of any type. */
const nextFrame = (socket: TestSocket) => socket.nextRaw<ServerMessage>(() => true);

/** A valid send right after: acked, and stored (exactly one more message). */
async function expectUsable(socket: TestSocket, storedBefore: number) {
  const probe = sendFrame("¿Seguimos? Sí.");
  socket.send(probe);
  expect(await nextFrame(socket)).toMatchObject({ type: "ack", clientId: probe.clientId });
  expect(socket.closed).toBeNull();
  expect(await storedMessageCount()).toBe(storedBefore + 1);
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

type ErrorCode = "validation_error" | "payload_too_large";
interface BadFrame {
  frame: string | ArrayBuffer;
  code: ErrorCode;
}

/** The spec's texts the room may answer a bad frame with, per code. */
const MESSAGES_FOR: Record<ErrorCode, string[]> = {
  validation_error: [MSG.invalidInput, MSG.messageEmpty, MSG.messageTooLong],
  payload_too_large: [MSG.messageTooLong],
};

/** A text frame the room cannot use: refused as oversized when above the byte cap. */
const textFrame = (frame: string): BadFrame => ({
  frame,
  code: utf8Bytes(frame) > MAX_FRAME_BYTES ? "payload_too_large" : "validation_error",
});
const jsonFrame = (value: unknown) => textFrame(JSON.stringify(value) ?? "null");

const KNOWN_TYPES = ["send", "read", "history", "sync"];
const KNOWN_KEYS = ["type", "clientId", "text", "before", "limit", "after"];

const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);
/** Cursors (`before`, `after`) the protocol refuses: not a 1–100 character string. */
const badCursor = fc.oneof(notAString, fc.constant(""), fc.string({ minLength: 101 }));
const badClientId = fc.oneof(
  notAString,
  hostileStrings,
  fc.string({ maxLength: 40 }),
  fc.constant(""),
  fc.uuid().map((id) => `${id}x`),
  fc.uuid().map((id) => id.replaceAll("-", "")),
  fc.uuid().map((id) => `<b>${id}</b>`),
);
const badText = fc.oneof(
  notAString,
  // Blank once trimmed, or once control characters (NUL included) are dropped.
  fc.constantFrom(
    "",
    "   ",
    "\n\t\r",
    "\u00A0\u3000\uFEFF",
    "\u0000",
    "\u0000\u0001\u001F \u007F\u009F",
  ),
  fc.array(controlCharacter, { minLength: 1, maxLength: 20 }).map((cs) => cs.join("")),
  // Too long, though well under the frame cap.
  fc
    .integer({ min: MESSAGE_MAX_LENGTH + 1, max: MESSAGE_MAX_LENGTH + 500 })
    .map((n) => "x".repeat(n)),
);
const badLimit = fc.oneof(
  fc.integer({ max: 0 }),
  fc.integer({ min: HISTORY_PAGE_MAX + 1 }),
  fc.double().filter((n) => !Number.isInteger(n)),
  fc.string({ maxLength: 5 }),
  fc.constant(null),
  fc.boolean(),
);

const noiseFrames = fc
  .oneof(
    fc.string({ unit: "grapheme", maxLength: 300 }),
    // Any code point, lone surrogates included.
    fc.string({ unit: anyCodePoint, maxLength: 300 }),
    hostileStrings,
    fc.constantFrom(
      '{"type":"send"',
      "[]",
      "1e400",
      '{"__proto__":{"type":"read"}}',
      '{"constructor":{"prototype":{"type":"read"}}}',
      "PING",
    ),
  )
  // The one text the runtime answers itself ("pong"), by design.
  .filter((text) => text !== "ping")
  .map(textFrame);

const wrongShapeFrames = fc
  .anything({ maxDepth: 3 })
  .filter((v) => !(typeof v === "object" && v !== null && "type" in v))
  .map(jsonFrame);

const unknownTypeFrames = fc
  .record(
    {
      type: fc.oneof(
        fc.string().filter((t) => !KNOWN_TYPES.includes(t)),
        fc.constantFrom("SEND", " read", "send\u200B", "hist\u0000ory", "__proto__", "constructor"),
        notAString,
      ),
      clientId: fc.uuid(),
      text: anyValue,
    },
    { requiredKeys: ["type"] },
  )
  .map(jsonFrame);

const wrongSendFrames = fc
  .oneof(
    fc.record(
      { type: fc.constant("send"), clientId: badClientId, text: anyValue },
      { requiredKeys: ["type", "text"] },
    ),
    fc.record(
      { type: fc.constant("send"), clientId: fc.uuid(), text: badText },
      { requiredKeys: ["type", "clientId"] },
    ),
  )
  .map(jsonFrame);

const wrongHistoryAndSyncFrames = fc
  .oneof(
    fc.record(
      {
        type: fc.constant("history"),
        before: badCursor,
        limit: fc.integer({ min: 1, max: HISTORY_PAGE_MAX }),
      },
      { requiredKeys: ["type", "before"] },
    ),
    fc.record({ type: fc.constant("history"), limit: badLimit }),
    fc.record({ type: fc.constant("sync"), after: badCursor }),
  )
  .map(jsonFrame);

/** Valid-looking frames padded past MAX_FRAME_BYTES, with 1- to 4-byte characters. */
const oversizedFrames = fc
  .record({
    filler: fc.constantFrom("x", "ñ", "ﷺ", "🚲", "a\u0301", "👩‍🚴‍♀️", "<script>"),
    over: fc.integer({ min: 1, max: 3000 }),
    shape: fc.constantFrom("send", "history", "noise"),
  })
  .map(({ filler, over, shape }): BadFrame => {
    const wrap = (pad: string) =>
      shape === "send"
        ? JSON.stringify(sendFrame(pad))
        : shape === "history"
          ? JSON.stringify({ type: "history", pad })
          : pad;
    const count = Math.ceil((MAX_FRAME_BYTES + over - utf8Bytes(wrap(""))) / utf8Bytes(filler));
    return { frame: wrap(filler.repeat(count)), code: "payload_too_large" };
  });

/** Binary frames, including the bytes of a perfectly valid send. */
const binaryFrames = fc
  .oneof(
    fc.uint8Array({ maxLength: 300 }),
    fc.uuid().map((id) => new TextEncoder().encode(JSON.stringify(sendFrame("binario", id)))),
  )
  .map((bytes): BadFrame => ({ frame: bytes.slice().buffer, code: "validation_error" }));

const badFrames = fc.oneof(
  noiseFrames,
  wrongShapeFrames,
  unknownTypeFrames,
  wrongSendFrames,
  wrongHistoryAndSyncFrames,
  oversizedFrames,
  binaryFrames,
);

describe("ride chat socket: bad frames", () => {
  it("each gets one Spanish error frame; the socket stays usable; nothing is stored", async () => {
    const { ana, ride } = await rideWithTwo();
    const socket = await chat(ana.browser, ride.id);
    await fc.assert(
      fc.asyncProperty(fc.array(badFrames, { minLength: 1, maxLength: 4 }), async (bad) => {
        await forgetChatPace(ride.id);
        const before = await storedMessageCount();
        for (const { frame, code } of bad) {
          socket.ws.send(frame);
          const answer = await nextFrame(socket);
          // Exactly these keys: no clientId echoed from a frame that was never read, no stack.
          expect(answer).toEqual({ type: "error", code, message: expect.any(String) });
          const { message } = answer as Extract<ServerMessage, { type: "error" }>;
          expect(MESSAGES_FOR[code]).toContain(message);
        }
        // One more stored message after the probe: the bad frames stored none.
        await expectUsable(socket, before);
        expect(socket.frames).toEqual([]);
      }),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
  });

  it("the byte cap counts UTF-8 bytes, not characters, and lets an exact-size frame through", async () => {
    const { ana, ride } = await rideWithTwo();
    const socket = await chat(ana.browser, ride.id);
    const padded = (pad: string) => JSON.stringify({ type: "read", pad });
    const envelope = utf8Bytes(padded(""));

    socket.send(padded("x".repeat(MAX_FRAME_BYTES - envelope)));
    expect(await nextFrame(socket)).toMatchObject({ type: "read-state" });

    socket.send(padded("x".repeat(MAX_FRAME_BYTES - envelope + 1)));
    expect(await nextFrame(socket)).toEqual({
      type: "error",
      code: "payload_too_large",
      message: MSG.messageTooLong,
    });

    // Half as many characters as the cap, each two bytes, one byte over.
    const twoByte = "ñ".repeat(Math.ceil((MAX_FRAME_BYTES - envelope + 1) / 2));
    expect(padded(twoByte).length).toBeLessThan(MAX_FRAME_BYTES);
    socket.send(padded(twoByte));
    expect(await nextFrame(socket)).toMatchObject({ type: "error", code: "payload_too_large" });

    // The longest message there is, in 3-byte characters, fits.
    const longest = "ﷺ".repeat(MESSAGE_MAX_LENGTH);
    const before = await storedMessageCount();
    socket.send(sendFrame(longest));
    expect(await nextFrame(socket)).toMatchObject({ type: "ack", message: { text: longest } });
    expect(await storedMessageCount()).toBe(before + 1);
  });
});

/** 1–100 characters: a cursor the protocol accepts, naming no message of this ride. */
const hostileCursor = fc
  .oneof(hostileStrings, fc.string({ unit: "grapheme", minLength: 1, maxLength: 100 }))
  .filter((cursor) => cursor.length >= 1 && cursor.length <= 100);
const extraFields = fc.dictionary(
  fc.string().filter((key) => !KNOWN_KEYS.includes(key)),
  anyValue,
  { maxKeys: 3 },
);

describe("ride chat socket: valid frames with hostile content", () => {
  it("read, history and sync with hostile cursors and extra fields are answered, not refused", async () => {
    const { ana, ride } = await rideWithTwo();
    const socket = await chat(ana.browser, ride.id);
    const frames = fc.oneof(
      extraFields.map((extra) => ({ frame: { ...extra, type: "read" }, answer: "read-state" })),
      fc
        .tuple(extraFields, hostileCursor, fc.option(fc.integer({ min: 1, max: HISTORY_PAGE_MAX })))
        .map(([extra, before, limit]) => ({
          frame: { ...extra, type: "history", before, ...(limit ? { limit } : {}) },
          answer: "history",
        })),
      // An unknown cursor: the room starts again from the latest page.
      fc.tuple(extraFields, hostileCursor).map(([extra, after]) => ({
        frame: { ...extra, type: "sync", after },
        answer: "history",
      })),
    );
    await fc.assert(
      fc.asyncProperty(
        frames.filter(({ frame }) => utf8Bytes(JSON.stringify(frame)) <= MAX_FRAME_BYTES),
        async ({ frame, answer }) => {
          const before = await storedMessageCount();
          socket.send(frame);
          const reply = await nextFrame(socket);
          expect(reply.type).toBe(answer);
          if (reply.type === "history" && frame.type === "history") {
            // A cursor naming no message of this ride: nothing before it.
            expect(reply).toEqual({ type: "history", messages: [], hasMore: false });
          }
          expect(await storedMessageCount()).toBe(before);
          expect(socket.closed).toBeNull();
        },
      ),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
  });

  it("hostile message text is stored and returned as given: ack, D1, history, the others", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);
    const short = HOSTILE_STRINGS.filter((s) => s.length <= 200);
    const text = fc
      .oneof(
        hostileStrings,
        fc.array(fc.constantFrom(...short), { minLength: 2, maxLength: 5 }).map((p) => p.join(" ")),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 200 }),
        fc.string({ unit: anyCodePoint, minLength: 1, maxLength: 200 }),
        textWithControls,
        // Lone surrogates (JSON carries them escaped), e.g. an emoji cut in half.
        fc
          .array(fc.constantFrom("\uD83D", "\uDEB2", "🚲", "\uDFFF", "a", " "), {
            minLength: 1,
            maxLength: 8,
          })
          .map((units) => units.join("")),
        fc.constantFrom("ﷺ".repeat(MESSAGE_MAX_LENGTH), "🚲".repeat(MESSAGE_MAX_LENGTH / 2)),
      )
      .filter((t) => {
        const kept = cleanText(t).trim();
        return hasVisibleCharacter(kept) && kept.length <= MESSAGE_MAX_LENGTH;
      });
    await fc.assert(
      fc.asyncProperty(text, async (sent) => {
        await forgetChatPace(ride.id);
        // The rule: ill-formed UTF-16 (a lone surrogate) becomes U+FFFD, as any UTF-8 encoder
        // would write it; control characters but tab and line feed go (CR LF becomes LF); then
        // trimmed. Everything else comes back character for character.
        const expected = sent
          .toWellFormed()
          .replace(/\r\n?/g, "\n")
          .replace(/(?![\t\n])\p{Cc}/gu, "")
          .trim();
        const frame = sendFrame(sent);
        a.send(frame);
        const ack = await a.next("ack", (f) => f.clientId === frame.clientId);
        expect(ack.message.text).toBe(expected);
        const row = await env.DB.prepare("SELECT body FROM ride_messages WHERE id = ?")
          .bind(frame.clientId)
          .first<{ body: string }>();
        expect(row?.body).toBe(expected);
        const seen = await b.next("message", (f) => f.message.id === frame.clientId);
        expect(seen.message.text).toBe(expected);
        a.send({ type: "history", limit: 1 });
        expect((await a.next("history")).messages).toEqual([ack.message]);
      }),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
  });
});

describe("notifications socket (UserHub)", () => {
  it("ignores whatever a client sends, stays open and still delivers", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const { socket: hub } = await openSocket(bea.browser, "/api/notifications/socket");
    open.push(hub!);
    const clientFrames = fc.oneof(
      badFrames.map(({ frame }) => frame),
      fc
        .constantFrom<unknown>(
          sendFrame("por el canal equivocado"),
          { type: "read" },
          { type: "history" },
          { type: "sync", after: "x" },
          { type: "unread", rideId: ride.id, rideTitle: "<script>alert(1)</script>", count: 99 },
          { type: "ready" },
        )
        .map((frame) => JSON.stringify(frame)),
      fc.constant("x".repeat(200_000)),
    );
    const before = await storedMessageCount();
    await fc.assert(
      fc.asyncProperty(clientFrames, async (frame) => {
        hub!.ws.send(frame);
        // The runtime still answers on this socket: it was not closed under us.
        hub!.send("ping");
        await hub!.nextRaw((f) => f === "pong");
        expect(hub!.closed).toBeNull();
      }),
      { numRuns: RUNS * 2, seed: FUZZ_SEED },
    );
    expect(await storedMessageCount()).toBe(before);

    const a = await chat(ana.browser, ride.id);
    a.send(sendFrame("<img src=x onerror=alert(1)> ¿seguimos?"));
    await a.next("ack");
    const unread = await hub!.nextRaw<Extract<NotificationFrame, { type: "unread" }>>(
      (f) => (f as NotificationFrame).type === "unread",
    );
    expect(unread).toMatchObject({
      rideId: ride.id,
      rideTitle: ride.title,
      count: 1,
      lastMessage: { text: "<img src=x onerror=alert(1)> ¿seguimos?", kind: "user" },
    });
    expect(hub!.closed).toBeNull();
    // Nothing else came back: only the opening 'ready'.
    expect(hub!.frames).toEqual([{ type: "ready" }]);
  });
});
