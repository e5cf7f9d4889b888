// An open socket is re-authorized in D1 before it reads more: a revoked session or a lost
// participation closes it instead of serving it (ADR 0011, "Re-authorization").
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { CLOSE_CODES, type NotificationFrame } from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";
import { postSystemMessage } from "../../worker/rooms/system-messages.ts";
import { createSession, SESSION_COOKIE } from "../../worker/sessions/session.ts";
import { tripRecordingD1 } from "./helpers/d1-proxy.ts";
import { db, rideWithTwo, signedIn } from "./helpers/factories.ts";
import { Browser } from "./helpers/http.ts";
import {
  openSocket,
  sendFrame,
  socketsClosedAfterEach,
  type TestSocket,
} from "./helpers/sockets.ts";

const { open, chat } = socketsClosedAfterEach();

async function hubOf(browser: Browser) {
  const { res, socket } = await openSocket(browser, "/api/notifications/socket");
  if (!socket) throw new Error(`notification socket refused: ${res.status}`);
  open.push(socket);
  await socket.nextRaw((f) => (f as NotificationFrame).type === "ready");
  return socket;
}

/** Her participation row goes as a leave would, and the room is never told (lost participantLeft). */
async function dropParticipation(rideId: string, userId: string) {
  await env.DB.prepare("DELETE FROM ride_participants WHERE ride_id = ? AND user_id = ?")
    .bind(rideId, userId)
    .run();
}

/** Sends and waits for the ack: the message is then stored and being broadcast. */
async function say(socket: TestSocket, text: string) {
  const clientId = crypto.randomUUID();
  socket.send(sendFrame(text, clientId));
  return (await socket.next("ack", (f) => f.clientId === clientId)).message;
}

const typesOf = (socket: TestSocket) => socket.frames.map((f) => (f as { type?: string }).type);

describe("chat sockets are re-authorized before they read more", () => {
  it("a rider who lost her participation is closed on the next message and never gets it", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);
    await dropParticipation(ride.id, ana.user.id);

    const sent = await say(b, "solo para los que siguen");
    await vi.waitFor(() => expect(a.closed?.code).toBe(CLOSE_CODES.notParticipant));
    expect(typesOf(a)).not.toContain("message");
    expect(JSON.stringify(a.frames)).not.toContain(sent.id);
  });

  it("a socket whose session was revoked by a password change is closed without the message", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    // Someone else holds one of her sessions; she changes her password from her own browser.
    const intruder = new Browser();
    intruder.cookies.set(SESSION_COOKIE, (await createSession(db(), ana.user.id)).token);
    const stolen = await chat(intruder, ride.id);
    const b = await chat(bea.browser, ride.id);
    const res = await ana.browser.post("/api/auth/password", { newPassword: "nueva-clave-2" });
    expect(res.status).toBe(200);

    const sent = await say(b, "¿quedamos a las 8?");
    await vi.waitFor(() => expect(stolen.closed?.code).toBe(CLOSE_CODES.sessionEnded));
    expect(JSON.stringify(stolen.frames)).not.toContain(sent.id);
    // Her own browser, on its new session, still reads the chat.
    const mine = await chat(ana.browser, ride.id);
    mine.send({ type: "history" });
    expect((await mine.next("history")).messages.map((m) => m.id)).toEqual([sent.id]);
  });

  it("a revoked session can no longer write as her: refused, closed, nothing stored", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(ana.user.id).run();

    const clientId = crypto.randomUUID();
    a.send(sendFrame("escrito con una sesión cerrada", clientId));
    expect(await a.next("error", (f) => f.clientId === clientId)).toMatchObject({
      code: "unauthenticated",
      message: MSG.unauthenticated,
    });
    await vi.waitFor(() => expect(a.closed?.code).toBe(CLOSE_CODES.sessionEnded));
    const { results } = await env.DB.prepare("SELECT id FROM ride_messages WHERE ride_id = ?")
      .bind(ride.id)
      .all();
    expect(results).toEqual([]);
    expect(typesOf(b)).not.toContain("message");
  });

  it("a history request after she lost her participation gets nothing and closes the socket", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const b = await chat(bea.browser, ride.id);
    await say(b, "historia que ya no es suya");
    const a = await chat(ana.browser, ride.id);
    await dropParticipation(ride.id, ana.user.id);

    a.send({ type: "history" });
    await vi.waitFor(() => expect(a.closed?.code).toBe(CLOSE_CODES.notParticipant));
    expect(typesOf(a)).not.toContain("history");
  });

  it("a sync after her sessions were deleted gets nothing and closes the socket", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const b = await chat(bea.browser, ride.id);
    const first = await say(b, "primero");
    await say(b, "segundo");
    const a = await chat(ana.browser, ride.id);
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(ana.user.id).run();

    a.send({ type: "sync", after: first.id });
    await vi.waitFor(() => expect(a.closed?.code).toBe(CLOSE_CODES.sessionEnded));
    expect(typesOf(a)).not.toContain("synced");
  });

  it("a 'read' from a revoked session moves nothing and closes the socket", async () => {
    const { ana, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const lastSeen = () =>
      env.DB.prepare("SELECT last_seen_at FROM ride_participants WHERE ride_id = ? AND user_id = ?")
        .bind(ride.id, ana.user.id)
        .first<number | null>("last_seen_at");
    const before = await lastSeen();
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(ana.user.id).run();

    a.send({ type: "read" });
    await vi.waitFor(() => expect(a.closed?.code).toBe(CLOSE_CODES.sessionEnded));
    expect(typesOf(a)).not.toContain("read-state");
    expect(await lastSeen()).toBe(before);
  });

  it("system notices skip and close the sockets that lost access", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);
    await dropParticipation(ride.id, bea.user.id);

    const notice = await postSystemMessage(env, ride.id, MSG.systemEditNotice);
    expect((await a.next("message")).message.id).toBe(notice!.id);
    await vi.waitFor(() => expect(b.closed?.code).toBe(CLOSE_CODES.notParticipant));
    expect(typesOf(b)).not.toContain("message");
  });
});

describe("the notification socket is re-authorized before each frame", () => {
  it("after she logs out, a message in her ride does not reach her hub, which is closed", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const cara = await signedIn();
    await env.DB.prepare("INSERT INTO ride_participants (ride_id, user_id) VALUES (?, ?)")
      .bind(ride.id, cara.user.id)
      .run();
    const anaHub = await hubOf(ana.browser);
    const caraHub = await hubOf(cara.browser);
    const b = await chat(bea.browser, ride.id);
    expect((await ana.browser.post("/api/auth/logout")).status).toBe(200);

    await say(b, "¿alguien trae bomba?");
    // Cara's frame proves the notifications went out; Ana's hub was closed instead.
    await caraHub.nextRaw((f) => (f as NotificationFrame).type === "unread");
    await vi.waitFor(() => expect(anaHub.closed?.code).toBe(CLOSE_CODES.sessionEnded));
    expect(anaHub.frames).toEqual([]);
  });
});

describe("what re-authorization costs", () => {
  it("a send is still ONE D1 round trip (the room check rides in the store batch); history adds one concurrent query", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const a = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);
    const trips: string[] = [];
    await runInDurableObject(env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(ride.id)), (instance) => {
      const room = instance as unknown as { env: Env };
      room.env = { ...room.env, DB: tripRecordingD1(room.env.DB, trips) };
    });

    await say(a, "contando");
    await b.next("message");
    // The unread flush (100 ms later, outside the send path) is not part of the send.
    expect(trips.filter((t) => !isUnreadCount(t))).toEqual(["batch of 4"]);

    trips.length = 0;
    a.send({ type: "history" });
    await a.next("history");
    expect(trips.filter((t) => !isUnreadCount(t))).toHaveLength(2);
  });
});

/** The unread counts' query (the notifications, outside the send path). */
function isUnreadCount(trip: string): boolean {
  return trip.includes('select count(*) from "ride_messages" "m"');
}
