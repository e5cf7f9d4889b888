import { describe, expect, it } from "vitest";
import {
  CHAT_PACE,
  type ChatMessage,
  MAX_FRAME_BYTES,
  parseClientMessage,
  parseNotificationFrame,
  parseServerMessage,
  utf8ByteLength,
  withinChatPace,
} from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";

const CLIENT_ID = "3f2a9c1e-4b5d-4e6f-8a7b-9c0d1e2f3a4b";
const message: ChatMessage = {
  id: "m1",
  rideId: "r1",
  userId: "u1",
  kind: "user",
  text: "¡Hola grupeta!",
  createdAt: "2026-06-01T10:00:00.000Z",
  author: { username: "Ana", avatarKey: "ava03" },
};

describe("parseClientMessage", () => {
  it("accepts each client frame", () => {
    expect(
      parseClientMessage(JSON.stringify({ type: "send", clientId: CLIENT_ID, text: "  hola " })),
    ).toEqual({ ok: true, msg: { type: "send", clientId: CLIENT_ID, text: "hola" } });
    expect(parseClientMessage('{"type":"read"}')).toEqual({ ok: true, msg: { type: "read" } });
    expect(parseClientMessage('{"type":"history","before":"m9","limit":50}')).toEqual({
      ok: true,
      msg: { type: "history", before: "m9", limit: 50 },
    });
    expect(parseClientMessage('{"type":"history"}')).toEqual({
      ok: true,
      msg: { type: "history" },
    });
    expect(parseClientMessage('{"type":"sync","after":"m3"}')).toEqual({
      ok: true,
      msg: { type: "sync", after: "m3" },
    });
  });

  it("rejects oversized frames before parsing", () => {
    const big = JSON.stringify({ type: "send", clientId: CLIENT_ID, text: "a".repeat(9000) });
    expect(parseClientMessage(big)).toEqual({
      ok: false,
      code: "payload_too_large",
      message: MSG.messageTooLong,
    });
    // 3,000 'ñ' are 6,000 bytes: fine. 3,000 '€' are 9,000 bytes: too large.
    expect(parseClientMessage(`"${"ñ".repeat(3000)}"`)).toMatchObject({
      code: "validation_error",
    });
    expect(parseClientMessage(`"${"€".repeat(3000)}"`)).toMatchObject({
      code: "payload_too_large",
    });
  });

  it("rejects invalid JSON", () => {
    expect(parseClientMessage("{type:send")).toEqual({
      ok: false,
      code: "validation_error",
      message: MSG.invalidInput,
    });
    expect(parseClientMessage(undefined as unknown as string)).toMatchObject({ ok: false });
  });

  it("rejects unknown types and bad fields in Spanish", () => {
    expect(parseClientMessage('{"type":"shout","text":"x"}')).toEqual({
      ok: false,
      code: "validation_error",
      message: MSG.invalidInput,
    });
    expect(parseClientMessage('"hola"')).toMatchObject({ ok: false, message: MSG.invalidInput });
    expect(
      parseClientMessage(JSON.stringify({ type: "send", clientId: "not-a-uuid", text: "x" })),
    ).toMatchObject({ ok: false, message: MSG.invalidInput });
    expect(parseClientMessage('{"type":"history","limit":51}')).toMatchObject({ ok: false });
    expect(parseClientMessage('{"type":"history","limit":0}')).toMatchObject({ ok: false });
  });

  it("checks the text: trimmed, non-empty, at most 2000 characters", () => {
    const send = (text: string) =>
      parseClientMessage(JSON.stringify({ type: "send", clientId: CLIENT_ID, text }));
    expect(send("   ")).toEqual({
      ok: false,
      code: "validation_error",
      message: MSG.messageEmpty,
    });
    expect(send("a".repeat(2000)).ok).toBe(true);
    expect(send("a".repeat(2001))).toMatchObject({ ok: false, message: MSG.messageTooLong });
  });

  it("refuses a text of invisible characters only (zero-width space, joiner, BOM, RTL mark)", () => {
    const send = (text: string) =>
      parseClientMessage(JSON.stringify({ type: "send", clientId: CLIENT_ID, text }));
    for (const text of ["\u200B", " \u200B\u200D ", "\uFEFF", "\u200F\u2060"]) {
      expect(send(text)).toMatchObject({ ok: false, message: MSG.messageEmpty });
    }
    expect(send("a\u200Bb").ok).toBe(true);
    expect(send("👩‍🚴").ok).toBe(true);
  });

  it("makes the text well-formed: a lone surrogate becomes U+FFFD, pairs are kept", () => {
    const send = (text: string) =>
      parseClientMessage(JSON.stringify({ type: "send", clientId: CLIENT_ID, text }));
    expect(send(" 🚲\uD83D ")).toMatchObject({ ok: true, msg: { text: "🚲\uFFFD" } });
    expect(send("\uDEB2a\uD83D")).toMatchObject({ ok: true, msg: { text: "\uFFFDa\uFFFD" } });
  });
});

describe("parseServerMessage", () => {
  it("accepts each server frame", () => {
    const frames = [
      { type: "message", message },
      { type: "ack", clientId: CLIENT_ID, message },
      {
        type: "history",
        messages: [message, { ...message, id: "m2", userId: null, kind: "system", author: null }],
        hasMore: true,
      },
      { type: "error", code: "chat_closed", message: MSG.chatClosed, clientId: CLIENT_ID },
      { type: "read-state", lastSeenAt: "2026-06-01T10:00:00.000Z" },
      { type: "participant", event: "joined", userId: "u2" },
    ];
    for (const frame of frames) {
      expect(parseServerMessage(JSON.stringify(frame))).toEqual({ ok: true, msg: frame });
    }
  });

  it("rejects unknown error codes and malformed messages", () => {
    expect(
      parseServerMessage(JSON.stringify({ type: "error", code: "oops", message: "x" })).ok,
    ).toBe(false);
    expect(
      parseServerMessage(JSON.stringify({ type: "message", message: { ...message, kind: "bot" } }))
        .ok,
    ).toBe(false);
  });
});

describe("parseNotificationFrame", () => {
  it("accepts unread frames", () => {
    const frame = {
      type: "unread",
      rideId: "r1",
      rideTitle: "Vuelta",
      count: 3,
      lastMessage: { text: "hola", createdAt: "2026-06-01T10:00:00.000Z" },
    };
    expect(parseNotificationFrame(JSON.stringify(frame))).toEqual({ ok: true, msg: frame });
    expect(parseNotificationFrame(JSON.stringify({ ...frame, count: -1 })).ok).toBe(false);
  });

  it("accepts a group chat's unread frame, with its group, address and count", () => {
    const frame = { type: "group-unread", groupId: "g1", slug: "las-madrugadoras", count: 2 };
    expect(parseNotificationFrame(JSON.stringify(frame))).toEqual({ ok: true, msg: frame });
    for (const bad of [
      { ...frame, groupId: "" },
      { ...frame, slug: undefined },
      { ...frame, count: -1 },
      { ...frame, count: 1.5 },
    ]) {
      expect(parseNotificationFrame(JSON.stringify(bad)).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it("accepts 'ready' and refuses anything else it does not know", () => {
    expect(parseNotificationFrame('{"type":"ready"}')).toEqual({
      ok: true,
      msg: { type: "ready" },
    });
    const good = { type: "unread", rideId: "r1", rideTitle: "Vuelta", count: 1 };
    for (const bad of [
      { ...good, type: "shout" },
      { ...good, rideId: "" },
      { ...good, rideId: "x".repeat(101) },
      { ...good, rideId: 7 },
      { ...good, rideTitle: undefined },
      { ...good, count: 1.5 },
      { ...good, count: "1" },
      { ...good, lastMessage: { createdAt: "2026-06-01T10:00:00.000Z" } },
      { ...good, lastMessage: null },
      [good],
      null,
      "ready",
    ]) {
      expect(parseNotificationFrame(JSON.stringify(bad)), JSON.stringify(bad)).toMatchObject({
        ok: false,
        code: "validation_error",
      });
    }
    expect(parseNotificationFrame("{not json")).toMatchObject({ ok: false });
    expect(parseNotificationFrame(42)).toMatchObject({ ok: false });
    expect(parseNotificationFrame(`"${"x".repeat(9000)}"`)).toMatchObject({
      ok: false,
      code: "payload_too_large",
    });
  });
});

describe("the 'ride-changed' frame", () => {
  it("carries a ride id and nothing else to check", () => {
    const frame = { type: "ride-changed", rideId: "r1" };
    expect(parseNotificationFrame(JSON.stringify(frame))).toEqual({ ok: true, msg: frame });
    for (const bad of [
      { type: "ride-changed" },
      { type: "ride-changed", rideId: "" },
      { type: "ride-changed", rideId: 7 },
    ]) {
      expect(parseNotificationFrame(JSON.stringify(bad)), JSON.stringify(bad)).toMatchObject({
        ok: false,
      });
    }
  });
});

describe("the backfill and notification frames", () => {
  it("accepts backfill answers and notification kinds", () => {
    expect(
      parseServerMessage(JSON.stringify({ type: "synced", messages: [message], hasMore: true })),
    ).toEqual({ ok: true, msg: { type: "synced", messages: [message], hasMore: true } });
    expect(parseServerMessage(JSON.stringify({ type: "synced", messages: [] }))).toMatchObject({
      ok: false,
    });
    const frame = {
      type: "unread",
      rideId: "r1",
      rideTitle: "Grupeta",
      count: 2,
      lastMessage: { text: "hola", createdAt: "2026-06-01T10:00:00.000Z", kind: "system" },
    };
    expect(parseNotificationFrame(JSON.stringify(frame))).toEqual({ ok: true, msg: frame });
    expect(
      parseNotificationFrame(
        JSON.stringify({ ...frame, lastMessage: { ...frame.lastMessage, kind: "shout" } }),
      ),
    ).toMatchObject({ ok: false });
  });
});

describe("utf8ByteLength", () => {
  it("counts UTF-8 bytes", () => {
    expect(utf8ByteLength("abc")).toBe(3);
    expect(utf8ByteLength("ñ")).toBe(2);
    expect(utf8ByteLength("€")).toBe(3);
    expect(utf8ByteLength("🚴")).toBe(4);
    const sample = "Hola ñ € 🚴‍♀️";
    // 5 + ñ 2 + 1 + € 3 + 1 + 🚴 4 + ZWJ 3 + ♀ 3 + VS16 3
    expect(utf8ByteLength(sample)).toBe(25);
    expect(MAX_FRAME_BYTES).toBe(8192);
  });
});

describe("chat pace (docs/product.md#chat-pace)", () => {
  const now = Date.parse("2026-06-01T10:00:00Z");
  const ago = (...seconds: number[]) => seconds.map((s) => now - s * 1000);

  it("is 5 messages in 5 s and 30 a minute, per rider and ride", () => {
    expect(CHAT_PACE).toEqual([
      { max: 5, windowMs: 5_000 },
      { max: 30, windowMs: 60_000 },
    ]);
    expect(MSG.chatTooFast).toBe("Vas muy rápido. Espera un momento.");
  });

  it("allows a sixth message only once the first of five left the 5 s window", () => {
    expect(withinChatPace([], now)).toBe(true);
    expect(withinChatPace(ago(4, 3, 2, 1), now)).toBe(true);
    expect(withinChatPace(ago(4.9, 3, 2, 1, 0), now)).toBe(false);
    expect(withinChatPace(ago(5, 3, 2, 1, 0), now)).toBe(true);
  });

  it("allows a 31st message only once the first of 30 left the minute", () => {
    const thirty = Array.from({ length: 30 }, (_, i) => 59.9 - i * 1.9);
    expect(thirty.filter((s) => s < 5).length).toBeLessThan(5);
    expect(withinChatPace(ago(...thirty), now)).toBe(false);
    expect(withinChatPace(ago(...thirty.slice(1)), now)).toBe(true);
    expect(withinChatPace(ago(60, ...thirty.slice(1)), now)).toBe(true);
  });
});
