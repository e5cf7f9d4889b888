import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { NotificationFrame } from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";
import { createRide, rideWithThree, signedIn } from "./helpers/factories.ts";
import { openChat, openSocket, type TestSocket } from "./helpers/sockets.ts";

// The rides API tells the ride's room about joins, leaves and its notices, so open chats and
// badges update live (the data itself is already in D1).

const open: TestSocket[] = [];
type UnreadFrame = Extract<NotificationFrame, { type: "unread" }>;
const isUnread = (f: unknown): f is UnreadFrame => (f as NotificationFrame).type === "unread";
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

describe("rides API → chat room", () => {
  it("a cancellation notice reaches open chats and the badges of riders with the chat closed", async () => {
    const { ana, bea, cris, ride } = await rideWithThree();
    const chat = await openChat(bea.browser, ride.id);
    const { socket: hub } = await openSocket(cris.browser, "/api/notifications/socket");
    open.push(chat, hub!);

    const res = await ana.browser.post(`/api/rides/${ride.id}/cancel`, { reason: "Lluvia" });
    expect(res.status).toBe(200);
    const notice = await chat.next("message");
    expect(notice.message).toMatchObject({
      kind: "system",
      userId: null,
      text: MSG.systemCancelNotice("Lluvia"),
    });
    const frame = await hub!.nextRaw<UnreadFrame>(isUnread);
    expect(frame).toMatchObject({ rideId: ride.id, count: 1, lastMessage: { kind: "system" } });
  });

  it("a chat open when the ride is cancelled refuses her next send and stores nothing", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const ride = await createRide({ organizerId: ana.user.id, participants: [bea.user.id] });
    const chat = await openChat(bea.browser, ride.id);
    open.push(chat);

    expect((await ana.browser.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(200);
    await chat.next("message", (f) => f.message.kind === "system");
    const clientId = crypto.randomUUID();
    chat.send({ type: "send", clientId, text: "¿Sigue en pie?" });
    expect(await chat.next("error")).toEqual({
      type: "error",
      code: "ride_cancelled",
      message: MSG.rideCancelledJoin,
      clientId,
    });
    const { results } = await env.DB.prepare("SELECT kind FROM ride_messages WHERE ride_id = ?")
      .bind(ride.id)
      .all<{ kind: string }>();
    expect(results).toEqual([{ kind: "system" }]);
  });

  it("joining is announced in the room; leaving closes her chat sockets", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const ride = await createRide({ organizerId: ana.user.id });
    const anaChat = await openChat(ana.browser, ride.id);
    open.push(anaChat);

    expect((await bea.browser.post(`/api/rides/${ride.id}/join`)).status).toBe(200);
    expect(await anaChat.next("participant")).toEqual({
      type: "participant",
      event: "joined",
      userId: bea.user.id,
    });
    const beaChat = await openChat(bea.browser, ride.id);
    open.push(beaChat);

    expect((await bea.browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(200);
    await vi.waitFor(() => expect(beaChat.closed?.code).toBe(4003));
    expect(await anaChat.next("participant", (f) => f.event === "left")).toMatchObject({
      userId: bea.user.id,
    });
    const stub = env.RIDE_ROOM.get(env.RIDE_ROOM.idFromName(ride.id));
    expect(await stub.connectionCount()).toBe(1);
  });
});
