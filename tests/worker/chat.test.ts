import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { ChatInfoResponse, ChatMessagesResponse } from "../../domain/api/chat.ts";
import { CHAT_PACE, MAX_FRAME_BYTES } from "../../domain/chat-protocol.ts";
import { MESSAGE_MAX_LENGTH } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { RideRoom } from "../../worker/ride-room/ride-room.ts";
import { postSystemMessage } from "../../worker/rooms/system-messages.ts";
import { HOUR, rideWithTwo, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import {
  openSocket,
  sendFrame,
  socketsClosedAfterEach,
  type TestSocket,
} from "./helpers/sockets.ts";

const MINUTE = 60 * 1000;

const { open, chat } = socketsClosedAfterEach();

async function storedMessages(rideId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, user_id, body, kind FROM ride_messages WHERE ride_id = ? ORDER BY created_at, id",
  )
    .bind(rideId)
    .all<{ id: string; user_id: string | null; body: string; kind: string }>();
  return results;
}

/** Sends and waits for the ack: the message is then stored. */
async function say(socket: TestSocket, text: string, clientId: string = crypto.randomUUID()) {
  socket.send(sendFrame(text, clientId));
  return (await socket.next("ack", (f) => f.clientId === clientId)).message;
}

describe("ride chat over websockets", () => {
  it("delivers each message to every socket in the room, after storing it", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const aSecondTab = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);

    a.send(sendFrame("  ¡Hola grupeta!  "));
    const ack = await a.next("ack");
    expect(ack.message.text).toBe("¡Hola grupeta!");
    for (const other of [aSecondTab, b]) {
      const seen = await other.next("message");
      expect(seen.message).toMatchObject({
        id: ack.message.id,
        rideId: ride.id,
        userId: ana.user.id,
        kind: "user",
        text: "¡Hola grupeta!",
        author: { username: ana.user.username, avatarKey: "ava01" },
      });
    }
    // The sender gets an ack, not a second copy (sent, if it were, before the pong).
    await a.delivered();
    expect(a.frames.filter((f) => (f as { type: string }).type === "message")).toEqual([]);

    const reply = await say(b, "¡Hola Ana!");
    expect((await a.next("message")).message.id).toBe(reply.id);
    expect(await storedMessages(ride.id)).toEqual([
      { id: ack.message.id, user_id: ana.user.id, body: "¡Hola grupeta!", kind: "user" },
      { id: reply.id, user_id: bea.user.id, body: "¡Hola Ana!", kind: "user" },
    ]);
  });

  it("keeps the order of arrival for messages sent back to back", async () => {
    const { ana, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    // As many as the chat pace lets her send at once (docs/product.md#chat-pace).
    const ids = Array.from({ length: CHAT_PACE[0].max }, () => crypto.randomUUID());
    for (const [i, id] of ids.entries()) a.send(sendFrame(`m${i}`, id));
    for (const id of ids) await a.next("ack", (f) => f.clientId === id);
    expect((await storedMessages(ride.id)).map((m) => m.body)).toEqual(ids.map((_, i) => `m${i}`));
  });
});

describe("who may open the chat socket", () => {
  it("refuses a non-participant (403 not_participant) and opens nothing", async () => {
    const { ride } = await rideWithTwo();
    const outsider = await signedIn();
    const { res, socket } = await openSocket(outsider.browser, `/api/rides/${ride.id}/chat/socket`);
    expect(socket).toBeNull();
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe("not_participant");
    const stub = env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(ride.id));
    expect(await stub.connectionCount()).toBe(0);
  });

  it("refuses a cross-site upgrade and one without Origin, even with her cookie", async () => {
    const { ana, ride } = await rideWithTwo();
    const path = `/api/rides/${ride.id}/chat/socket`;
    const evil = await openSocket(ana.browser, path, { Origin: "https://evil.example" });
    expect(evil.res.status).toBe(403);
    expect((await json(evil.res)).error.code).toBe("cross_origin");
    const res = await ana.browser.fetch(path, { headers: { Upgrade: "websocket" } });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe("cross_origin");
  });

  it("refuses anonymous, unknown and malformed rides", async () => {
    const { ana, ride } = await rideWithTwo();
    const anon = await openSocket(new Browser(), `/api/rides/${ride.id}/chat/socket`);
    expect(anon.res.status).toBe(401);
    const unknown = await openSocket(ana.browser, "/api/rides/abcdefghijklmnop/chat/socket");
    expect(unknown.res.status).toBe(404);
    expect((await json(unknown.res)).error.message).toBe(MSG.rideGone);
    const malformed = await openSocket(ana.browser, "/api/rides/x'%20or%201/chat/socket");
    expect(malformed.res.status).toBe(400);
    expect((await json(malformed.res)).error.message).toBe(MSG.invalidRideId);
  });

  it("ignores identity headers sent by the client", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const { socket } = await openSocket(ana.browser, `/api/rides/${ride.id}/chat/socket`, {
      "X-Rodamos-User-Id": bea.user.id,
      "X-Rodamos-Username": "impostora",
    });
    open.push(socket!);
    const message = await say(socket!, "soy yo");
    expect(message.userId).toBe(ana.user.id);
    expect(message.author?.username).toBe(ana.user.username);
  });

  it("closes her sockets when she leaves, and refuses her sends from then on", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);
    const b2 = await chat(bea.browser, ride.id);
    // She leaves (the rides API deletes the row), the room has not heard yet: D1 decides.
    await env.DB.prepare("DELETE FROM ride_participants WHERE ride_id = ? AND user_id = ?")
      .bind(ride.id, bea.user.id)
      .run();
    const clientId = crypto.randomUUID();
    b.send(sendFrame("¿sigo aquí?", clientId));
    expect(await b.next("error", (f) => f.clientId === clientId)).toMatchObject({
      code: "not_participant",
      message: MSG.notParticipant,
    });
    // The rides API then tells the room: her sockets close, the others see her go.
    const stub = env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(ride.id));
    await stub.participantLeft(bea.user.id);
    expect(await a.next("participant")).toEqual({
      type: "participant",
      event: "left",
      userId: bea.user.id,
    });
    await vi.waitFor(() => expect(b2.closed?.code).toBe(4003));
    expect(await storedMessages(ride.id)).toEqual([]);
  });
});

describe("writing rules", () => {
  it("refuses writing after start + 12 h with the spec's message; reading still works", async () => {
    const { ana, ride } = await rideWithTwo({ startsIn: -(12 * HOUR + MINUTE) });
    const a = await chat(ana.browser, ride.id);
    const clientId = crypto.randomUUID();
    a.send(sendFrame("¿alguien se dejó unas gafas?", clientId));
    expect(await a.next("error")).toEqual({
      type: "error",
      code: "chat_closed",
      message: MSG.chatClosed,
      clientId,
    });
    a.send({ type: "history" });
    expect(await a.next("history")).toEqual({ type: "history", messages: [], hasMore: false });
    expect(await storedMessages(ride.id)).toEqual([]);
  });

  it("still accepts a message just before start + 12 h", async () => {
    const { ana, ride } = await rideWithTwo({ startsIn: -(12 * HOUR - MINUTE) });
    const a = await chat(ana.browser, ride.id);
    await say(a, "llegando a casa");
    expect(await storedMessages(ride.id)).toHaveLength(1);
  });

  it("lets participants of a cancelled ride connect and read, but not send", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    await say(a, "antes de cancelar");
    await env.DB.prepare("UPDATE rides SET status = 'cancelled' WHERE id = ?").bind(ride.id).run();
    const b = await chat(bea.browser, ride.id);
    b.send({ type: "history" });
    expect((await b.next("history")).messages.map((m) => m.text)).toEqual(["antes de cancelar"]);
    const clientId = crypto.randomUUID();
    b.send(sendFrame("¿y ahora?", clientId));
    expect(await b.next("error")).toMatchObject({ code: "ride_cancelled", clientId });
    expect(await storedMessages(ride.id)).toHaveLength(1);
  });

  it("answers invalid, unknown and oversized frames with an error frame and keeps going", async () => {
    const { ana, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    a.send("{not json");
    expect(await a.next("error")).toMatchObject({ code: "validation_error" });
    a.send({ type: "shout", text: "hola" });
    expect(await a.next("error")).toMatchObject({ code: "validation_error" });
    a.send({ type: "send", clientId: "not-a-uuid", text: "x" });
    expect(await a.next("error")).toMatchObject({ code: "validation_error" });
    a.send(sendFrame("   "));
    expect(await a.next("error")).toMatchObject({ message: MSG.messageEmpty });
    a.send(sendFrame("a".repeat(MESSAGE_MAX_LENGTH + 1)));
    expect(await a.next("error")).toMatchObject({ message: MSG.messageTooLong });
    a.send(sendFrame("b".repeat(MAX_FRAME_BYTES + 1)));
    expect(await a.next("error")).toMatchObject({ code: "payload_too_large" });
    a.ws.send(new Uint8Array([1, 2, 3]));
    expect(await a.next("error")).toMatchObject({ code: "validation_error" });
    // The socket survived all of it.
    await say(a, "sigo aquí");
    const maxLength = await say(a, "c".repeat(MESSAGE_MAX_LENGTH));
    expect(maxLength.text).toHaveLength(MESSAGE_MAX_LENGTH);
    expect((await storedMessages(ride.id)).map((m) => m.body.length)).toEqual([
      9,
      MESSAGE_MAX_LENGTH,
    ]);
  });
});

describe("exactly once", () => {
  it("stores a resent client id once and acks the stored message again", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);
    const clientId = crypto.randomUUID();
    const first = await say(a, "¿Quedamos a las 8?", clientId);
    await b.next("message");
    // The connection dropped before she saw the ack: a new socket resends the same id.
    a.close();
    const again = await chat(ana.browser, ride.id);
    const second = await say(again, "¿Quedamos a las 8? (editado)", clientId);
    expect(second).toEqual(first);
    expect(await storedMessages(ride.id)).toHaveLength(1);
    // The others do not get a duplicate.
    await say(again, "siguiente");
    const next = await b.next("message");
    expect(next.message.text).toBe("siguiente");
  });

  it("refuses a client id already used in another ride without revealing that message", async () => {
    const { ana, ride } = await rideWithTwo();
    const other = await rideWithTwo();
    const secretRoom = await chat(other.ana.browser, other.ride.id);
    const clientId = crypto.randomUUID();
    await say(secretRoom, "mensaje privado", clientId);

    const a = await chat(ana.browser, ride.id);
    a.send(sendFrame("intento", clientId));
    const error = await a.next("error");
    expect(error).toEqual({
      type: "error",
      code: "conflict",
      message: MSG.messageSendFailed,
      clientId,
    });
    expect(JSON.stringify(a.frames)).not.toContain("mensaje privado");
    expect(await storedMessages(ride.id)).toEqual([]);
    expect((await storedMessages(other.ride.id)).map((m) => m.body)).toEqual(["mensaje privado"]);
  });

  it("a reconnect with the last id backfills exactly the messages she missed", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);
    const m1 = await say(a, "uno");
    await say(a, "dos");
    const m3 = await say(a, "tres");
    await b.next("message", (f) => f.message.id === m3.id);
    b.close();
    const m4 = await say(a, "cuatro");
    const m5 = await say(a, "cinco");

    const back = await chat(bea.browser, ride.id);
    back.send({ type: "sync", after: m3.id });
    expect(await back.next("synced")).toEqual({
      type: "synced",
      messages: [m4, m5],
      hasMore: false,
    });
    // Up to date: nothing after the newest.
    back.send({ type: "sync", after: m5.id });
    expect(await back.next("synced")).toEqual({ type: "synced", messages: [], hasMore: false });
    // An unknown cursor (or none) gets the latest page instead.
    back.send({ type: "sync", after: "nope" });
    const page = await back.next("history");
    expect(page.messages.map((m) => m.text)).toEqual(["uno", "dos", "tres", "cuatro", "cinco"]);
    expect(page.messages[0]).toEqual(m1);
  });

  it("loses nothing when the room is evicted mid-conversation", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);
    const before = await say(a, "antes del reinicio");
    await b.next("message");

    // Evict the object: abort() resets it as a deploy or a crash would; sockets drop.
    const stub = env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(ride.id));
    await runInDurableObject(stub, (instance, state) => {
      expect(instance).toBeInstanceOf(RideRoom);
      try {
        state.abort("test eviction");
      } catch {
        // abort() throws into the caller by design.
      }
    }).catch(() => undefined);
    await vi.waitFor(() =>
      expect([a.closed, b.closed]).toEqual([expect.any(Object), expect.any(Object)]),
    );

    // A fresh instance: Bea reconnects and syncs, Ana resends what she never saw acked.
    const b2 = await chat(bea.browser, ride.id);
    const a2 = await chat(ana.browser, ride.id);
    const pendingId = crypto.randomUUID();
    await say(a2, "después del reinicio", pendingId);
    await say(a2, "después del reinicio", pendingId);
    b2.send({ type: "sync", after: before.id });
    const synced = await b2.next("synced");
    expect(synced.messages.map((m) => m.text)).toEqual(["después del reinicio"]);
    expect((await storedMessages(ride.id)).map((m) => m.body)).toEqual([
      "antes del reinicio",
      "después del reinicio",
    ]);
  });
});

describe("history and read state", () => {
  it("pages older messages, oldest → newest, with hasMore", async () => {
    const { ana, ride } = await rideWithTwo();
    const base = Date.now() - HOUR;
    const statements = Array.from({ length: 35 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO ride_messages (id, ride_id, user_id, kind, body, created_at) VALUES (?, ?, ?, 'user', ?, ?)",
      ).bind(crypto.randomUUID(), ride.id, ana.user.id, `m${i}`, base + i * 1000),
    );
    await env.DB.batch(statements);
    const a = await chat(ana.browser, ride.id);
    a.send({ type: "history", limit: 30 });
    const latest = await a.next("history");
    expect(latest.hasMore).toBe(true);
    expect(latest.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 30 }, (_, i) => `m${i + 5}`),
    );
    a.send({ type: "history", before: latest.messages[0]!.id, limit: 30 });
    const older = await a.next("history");
    expect(older).toMatchObject({ hasMore: false });
    expect(older.messages.map((m) => m.text)).toEqual(["m0", "m1", "m2", "m3", "m4"]);

    // The same page over HTTP for the first paint.
    const res = await ana.browser.get(`/api/rides/${ride.id}/chat/messages?limit=30`);
    const body = await json<ChatMessagesResponse>(res);
    expect(body.messages.map((m) => m.id)).toEqual(latest.messages.map((m) => m.id));
    expect(body.hasMore).toBe(true);
  });

  it("'read' stores her last_seen_at and answers read-state", async () => {
    const { bea, ride } = await rideWithTwo();
    const b = await chat(bea.browser, ride.id);
    const before = Date.now();
    b.send({ type: "read" });
    const state = await b.next("read-state");
    expect(Date.parse(state.lastSeenAt)).toBeGreaterThanOrEqual(before);
    const row = await env.DB.prepare(
      "SELECT last_seen_at FROM ride_participants WHERE ride_id = ? AND user_id = ?",
    )
      .bind(ride.id, bea.user.id)
      .first<{ last_seen_at: number }>();
    expect(row?.last_seen_at).toBe(Date.parse(state.lastSeenAt));
  });

  it("system notices go through the same path and reach open chats", async () => {
    const { bea, ride } = await rideWithTwo();
    const b = await chat(bea.browser, ride.id);
    const notice = await postSystemMessage(env, ride.id, MSG.systemEditNotice);
    const seen = await b.next("message");
    expect(seen.message).toEqual(notice);
    expect(seen.message).toMatchObject({ kind: "system", userId: null, author: null });
    expect(await storedMessages(ride.id)).toEqual([
      { id: notice!.id, user_id: null, body: MSG.systemEditNotice, kind: "system" },
    ]);
  });
});

describe("GET /api/rides/:id/chat", () => {
  it("gives a non-participant the count only, and refuses her the messages", async () => {
    const { ana, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    await say(a, "uno");
    await say(a, "dos");
    const outsider = await signedIn();
    const res = await outsider.browser.get(`/api/rides/${ride.id}/chat`);
    expect(res.status).toBe(200);
    const info = await json<ChatInfoResponse>(res);
    expect(info).toMatchObject({
      ride: { id: ride.id, title: ride.title, status: "published", organizerId: ana.user.id },
      messageCount: 2,
      isParticipant: false,
      canWrite: false,
      canJoin: true,
    });
    expect(JSON.stringify(info)).not.toContain("uno");
    const messages = await outsider.browser.get(`/api/rides/${ride.id}/chat/messages`);
    expect(messages.status).toBe(403);
    expect((await json(messages)).error.code).toBe("not_participant");
    const read = await outsider.browser.post(`/api/rides/${ride.id}/chat/read`);
    expect(read.status).toBe(403);
  });

  it("tells a participant whether she can still write, and nobody can join a started ride", async () => {
    const { bea, ride } = await rideWithTwo({ startsIn: -13 * HOUR });
    const info = await json<ChatInfoResponse>(await bea.browser.get(`/api/rides/${ride.id}/chat`));
    expect(info).toMatchObject({ isParticipant: true, canWrite: false, canJoin: false });
    const outsider = await signedIn();
    const theirs = await json<ChatInfoResponse>(
      await outsider.browser.get(`/api/rides/${ride.id}/chat`),
    );
    expect(theirs.canJoin).toBe(false);
  });

  it("answers unknown and malformed ids with the spec's messages", async () => {
    const { browser } = await signedIn();
    const unknown = await browser.get("/api/rides/abcdefghijklmnop/chat");
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error.message).toBe(MSG.rideGone);
    const malformed = await browser.get("/api/rides/%20x/chat");
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error.message).toBe(MSG.invalidRideId);
  });

  it("needs a signed-in rider with a complete profile", async () => {
    const { ride } = await rideWithTwo();
    const anonymous = await new Browser().get(`/api/rides/${ride.id}/chat`);
    expect(anonymous.status).toBe(401);
    const noProfile = await signedIn({ username: null });
    const res = await noProfile.browser.get(`/api/rides/${ride.id}/chat`);
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe("not_authorized");
  });
});
