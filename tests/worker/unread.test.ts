import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ChatsResponse } from "../../domain/api/chat.ts";
import type { NotificationFrame } from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";
import { listChats } from "../../worker/chat/unread.ts";
import { createDb } from "../../worker/db/client.ts";
import { postSystemMessage } from "../../worker/rooms/system-messages.ts";
import { trackBackgroundWork } from "./helpers/background.ts";
import { countingD1 } from "./helpers/d1-proxy.ts";
import { createRide, HOUR, rideWithThree, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { openChat, openSocket, sendFrame, socketsClosedAfterEach } from "./helpers/sockets.ts";

const { open } = socketsClosedAfterEach();
const roomOf = (rideId: string) => env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(rideId));
type UnreadFrame = Extract<NotificationFrame, { type: "unread" }>;
const isUnread = (f: unknown): f is UnreadFrame => (f as NotificationFrame).type === "unread";

let clock = Date.now() - HOUR;
/** Inserts a message directly (fixed, increasing timestamps). */
async function insertMessage(rideId: string, userId: string | null, body: string, at = clock++) {
  await env.DB.prepare(
    "INSERT INTO ride_messages (id, ride_id, user_id, kind, body, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(crypto.randomUUID(), rideId, userId, userId ? "user" : "system", body, at)
    .run();
  return at;
}

async function setLastSeen(rideId: string, userId: string, at: number | null) {
  await env.DB.prepare(
    "UPDATE ride_participants SET last_seen_at = ? WHERE ride_id = ? AND user_id = ?",
  )
    .bind(at, rideId, userId)
    .run();
}

async function chats(browser: { get(path: string): Promise<Response> }) {
  const res = await browser.get("/api/chats");
  expect(res.status).toBe(200);
  return (await json<ChatsResponse>(res)).chats;
}

describe("unread counts", () => {
  it("with no last_seen_at, every message by others is unread; her own never are (nor, for the organizer, the notices of her doing)", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const ride = await createRide({ organizerId: ana.user.id, participants: [bea.user.id] });
    await insertMessage(ride.id, ana.user.id, "hola");
    await insertMessage(ride.id, bea.user.id, "hola Ana");
    await insertMessage(ride.id, ana.user.id, "¿a las 8?");
    await insertMessage(ride.id, null, MSG.systemEditNotice);

    const forBea = await chats(bea.browser);
    expect(forBea).toEqual([
      {
        rideId: ride.id,
        title: ride.title,
        startTime: expect.any(Number),
        timeZone: "Europe/Madrid",
        unread: 3,
        lastMessage: {
          text: MSG.systemEditNotice,
          createdAt: expect.any(String),
          kind: "system",
        },
      },
    ]);
    // Ana organizes: only Bea's message; the edit notice is her own doing.
    expect((await chats(ana.browser))[0]?.unread).toBe(1);
  });

  it("counts only messages by others newer than last_seen_at", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const ride = await createRide({ organizerId: ana.user.id, participants: [bea.user.id] });
    await insertMessage(ride.id, ana.user.id, "uno");
    const seen = await insertMessage(ride.id, ana.user.id, "dos");
    await setLastSeen(ride.id, bea.user.id, seen);
    expect((await chats(bea.browser))[0]?.unread).toBe(0);
    await insertMessage(ride.id, bea.user.id, "mío");
    await insertMessage(ride.id, ana.user.id, "tres");
    expect((await chats(bea.browser))[0]).toMatchObject({
      unread: 1,
      lastMessage: { text: "tres", kind: "user" },
    });
  });

  it("opening the chat ('read') clears her count; POST /chat/read does too", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const ride = await createRide({ organizerId: ana.user.id, participants: [bea.user.id] });
    await insertMessage(ride.id, ana.user.id, "uno", Date.now() - 1000);
    expect((await chats(bea.browser))[0]?.unread).toBe(1);
    const b = await openChat(bea.browser, ride.id);
    open.push(b);
    b.send({ type: "read" });
    await b.next("read-state");
    expect((await chats(bea.browser))[0]?.unread).toBe(0);

    await insertMessage(ride.id, ana.user.id, "dos", Date.now() + 1);
    expect((await chats(bea.browser))[0]?.unread).toBe(1);
    await new Promise((r) => setTimeout(r, 5));
    const res = await bea.browser.post(`/api/rides/${ride.id}/chat/read`);
    expect(res.status).toBe(200);
    expect((await chats(bea.browser))[0]?.unread).toBe(0);
  });

  it("lists rides started within the last 24 h or later, last conversation first", async () => {
    const ana = await signedIn();
    const old = await createRide({ organizerId: ana.user.id, startsIn: -25 * HOUR });
    const recent = await createRide({ organizerId: ana.user.id, startsIn: -23 * HOUR });
    const upcoming = await createRide({ organizerId: ana.user.id, startsIn: 5 * HOUR });
    const quiet = await createRide({ organizerId: ana.user.id, startsIn: 2 * HOUR });
    const cancelled = await createRide({
      organizerId: ana.user.id,
      startsIn: 2 * HOUR,
      status: "cancelled",
    });
    const someoneElses = await createRide({ organizerId: (await signedIn()).user.id });
    await insertMessage(old.id, null, "vieja");
    await insertMessage(upcoming.id, null, "primero");
    await insertMessage(recent.id, null, "después");
    await insertMessage(cancelled.id, null, "cancelada");
    await insertMessage(someoneElses.id, null, "ajena");

    const list = await chats(ana.browser);
    expect(list.map((c) => c.rideId)).toEqual([recent.id, upcoming.id, quiet.id]);
    expect(list.at(-1)?.lastMessage).toBeNull();
  });

  it("costs the same fixed number of D1 queries for 1 and for 10 rides", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    async function ridesWithMessages(count: number) {
      for (let i = 0; i < count; i++) {
        const ride = await createRide({ organizerId: bea.user.id, participants: [ana.user.id] });
        await insertMessage(ride.id, bea.user.id, `hola ${i}`);
        await insertMessage(ride.id, ana.user.id, `adiós ${i}`);
      }
    }
    await ridesWithMessages(1);
    const one = countingD1(env.DB);
    const single = (await listChats(createDb(one.d1), ana.user.id, Date.now())).chats;
    expect(single).toHaveLength(1);

    await ridesWithMessages(9);
    const ten = countingD1(env.DB);
    const many = (await listChats(createDb(ten.d1), ana.user.id, Date.now())).chats;
    expect(many).toHaveLength(10);
    expect(many.every((c) => c.unread === 1)).toBe(true);

    // Her rides' chats and her groups' chats: one batch.
    expect(one.counter).toEqual({ statements: 2, batches: 1 });
    expect(ten.counter).toEqual(one.counter);
  });

  it("reads each ride's unread count and last message from the messages index, her rides from rides_chat_list_idx", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const ride = await createRide({ organizerId: bea.user.id, participants: [ana.user.id] });
    await insertMessage(ride.id, bea.user.id, "hola");
    // The rides' statement listChats sends (its first), then its plan.
    let statement: { sql: string; params: unknown[] } | undefined;
    const d1 = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === "prepare") {
          return (sql: string) => {
            const prepared = target.prepare(sql);
            return new Proxy(prepared, {
              get(inner, key) {
                if (key === "bind") {
                  return (...params: unknown[]) => {
                    statement ??= { sql, params };
                    return inner.bind(...params);
                  };
                }
                const value = Reflect.get(inner, key);
                return typeof value === "function" ? value.bind(inner) : value;
              },
            });
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    expect((await listChats(createDb(d1), ana.user.id, Date.now())).chats).toHaveLength(1);
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement!.sql}`)
      .bind(...statement!.params)
      .all<{ detail: string }>();
    const details = results.map((r) => r.detail);
    const plan = details.join(" | ");
    // The count ("m") and the last message ("m2"): index entries only, already in order.
    for (const alias of ["m", "m2"]) {
      expect(
        details.some((d) =>
          d.startsWith(`SEARCH ${alias} USING COVERING INDEX ride_messages_ride_created_idx`),
        ),
        plan,
      ).toBe(true);
    }
    expect(plan).not.toContain("LAST TERM OF ORDER BY");
    // Her rides from rides_chat_list_idx's entries, each last message by its rowid: neither the
    // ride's row nor the messages' id index (their pages would not fit the page cache, ADR 0059).
    expect(details).toContain("SEARCH rides USING COVERING INDEX rides_chat_list_idx (id=?)");
    expect(details).toContain("SEARCH lm USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN");
  });
});

describe("live notifications (UserHub)", () => {
  it("a message in any of her rides reaches her notification socket, not the sender's", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const ride = await createRide({ organizerId: ana.user.id, participants: [bea.user.id] });
    const { socket: beaHub } = await openSocket(bea.browser, "/api/notifications/socket");
    const { socket: anaHub } = await openSocket(ana.browser, "/api/notifications/socket");
    open.push(beaHub!, anaHub!);

    const a = await openChat(ana.browser, ride.id);
    open.push(a);
    const room = await trackBackgroundWork(roomOf(ride.id));
    const clientId = crypto.randomUUID();
    a.send(sendFrame("¿Quién trae café?", clientId));
    await a.next("ack");

    const frame = await beaHub!.nextRaw<UnreadFrame>(isUnread);
    expect(frame).toEqual({
      type: "unread",
      rideId: ride.id,
      rideTitle: ride.title,
      count: 1,
      lastMessage: { text: "¿Quién trae café?", createdAt: expect.any(String), kind: "user" },
    });
    // Ana wrote it: nothing new for her, once the room told whom it tells and her hub sent it all.
    await room.settled();
    await anaHub!.delivered();
    expect(anaHub!.frames.filter(isUnread)).toEqual([]);
    // Each channel opens with 'ready'.
    expect(anaHub!.frames).toEqual([{ type: "ready" }]);
  });

  /** Ana in the ride's chat, Bea (a participant) with her notification channel open. */
  async function anaChatsBeaListens() {
    const ana = await signedIn();
    const bea = await signedIn();
    const ride = await createRide({ organizerId: ana.user.id, participants: [bea.user.id] });
    const { socket: beaHub } = await openSocket(bea.browser, "/api/notifications/socket");
    const a = await openChat(ana.browser, ride.id);
    open.push(beaHub!, a);
    return { a, beaHub: beaHub! };
  }

  it("coalesces a burst into one notification carrying the running count", async () => {
    const { a, beaHub } = await anaChatsBeaListens();
    for (const text of ["uno", "dos", "tres"]) a.send(sendFrame(text));
    for (let i = 0; i < 3; i++) await a.next("ack");
    const frame = await beaHub.nextRaw<UnreadFrame>((f) => isUnread(f) && f.count === 3);
    expect(frame.lastMessage?.text).toBe("tres");
  });

  it("a room that keeps talking notifies at most once a second: later messages wait for the next burst", async () => {
    const { a, beaHub } = await anaChatsBeaListens();
    // A quiet room: the first message is announced within a tenth of a second.
    a.send(sendFrame("uno"));
    await a.next("ack");
    await beaHub.nextRaw<UnreadFrame>((f) => isUnread(f) && f.count === 1);
    // Two more, further apart than that tenth: a second after the first burst, one frame says 3.
    a.send(sendFrame("dos"));
    await a.next("ack");
    await new Promise((resolve) => setTimeout(resolve, 150));
    a.send(sendFrame("tres"));
    await a.next("ack");
    const frame = await beaHub.nextRaw<UnreadFrame>((f) => isUnread(f) && f.count === 3);
    expect(frame.lastMessage?.text).toBe("tres");
    expect(beaHub.frames.filter(isUnread)).toEqual([]);
  });

  it("a rider with the chat open is told in it, not on her hub: no toast or badge frame from the room", async () => {
    const { ana, bea, cris, ride } = await rideWithThree();
    const { socket: beaHub } = await openSocket(bea.browser, "/api/notifications/socket");
    const { socket: crisHub } = await openSocket(cris.browser, "/api/notifications/socket");
    const b = await openChat(bea.browser, ride.id);
    const a = await openChat(ana.browser, ride.id);
    open.push(beaHub!, crisHub!, b, a);
    const room = await trackBackgroundWork(roomOf(ride.id));
    a.send(sendFrame("Salgo ya"));
    await a.next("ack");
    await b.next("message");
    await crisHub!.nextRaw<UnreadFrame>((f) => isUnread(f) && f.count === 1);
    await room.settled();
    await beaHub!.delivered();
    expect(beaHub!.frames.filter(isUnread)).toEqual([]);
    // Her count is not a read: it waits for her chat's read state.
    expect((await chats(bea.browser))[0]?.unread).toBe(1);
  });

  it("system notices notify every participant but the organizer, whose doing they are", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const ride = await createRide({ organizerId: ana.user.id, participants: [bea.user.id] });
    const { socket: beaHub } = await openSocket(bea.browser, "/api/notifications/socket");
    const { socket: anaHub } = await openSocket(ana.browser, "/api/notifications/socket");
    open.push(beaHub!, anaHub!);
    const room = await trackBackgroundWork(roomOf(ride.id));
    await postSystemMessage(env, ride.id, MSG.systemCancelNotice(null));
    const frame = await beaHub!.nextRaw<UnreadFrame>(isUnread);
    expect(frame).toMatchObject({ rideId: ride.id, count: 1, lastMessage: { kind: "system" } });
    await room.settled();
    await anaHub!.delivered();
    expect(anaHub!.frames.filter(isUnread)).toEqual([]);
    expect((await chats(ana.browser))[0]?.unread).toBe(0);
  });

  it("refuses a cross-site or anonymous notification socket", async () => {
    const ana = await signedIn();
    const evil = await openSocket(ana.browser, "/api/notifications/socket", {
      Origin: "https://evil.example",
    });
    expect(evil.res.status).toBe(403);
    const anonymous = await openSocket(new Browser(), "/api/notifications/socket");
    expect(anonymous.res.status).toBe(401);
  });
});
