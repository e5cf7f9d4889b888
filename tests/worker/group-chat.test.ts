// 'Charla del grupo' (docs/product.md#grupos, docs/decisions/0058-the-group-chat.md): the group's
// room speaks the ride chat's protocol to members only, closes a socket at once when its rider
// stops being a member or the group is suspended, keeps unread counts and pushes at most once per
// 5 minutes, and a succession leaves its line in it.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessagesResponse, ChatsResponse } from "../../domain/api/chat.ts";
import type { GroupChatInfoResponse } from "../../domain/api/groups-chat.ts";
import { CLOSE_CODES, type NotificationFrame } from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";
import { CHAT_PUSH_INTERVAL_MS } from "../../domain/push.ts";
import { GROUP_CHAT_TEXT } from "../../domain/texts/groups-chat.ts";
import { trackBackgroundWork } from "./helpers/background.ts";
import { signedInMany } from "./helpers/factories.ts";
import { createGroup } from "./helpers/groups.ts";
import { Browser, json } from "./helpers/http.ts";
import { framesSoFar, hubsClosedAfterEach } from "./helpers/hubs.ts";
import { eventually, pushServiceStandIn } from "./helpers/push-service.ts";
import { runRoomJobNow } from "./helpers/room-alarm.ts";
import { block, moderator, report } from "./helpers/safety.ts";
import { openSocket, sendFrame, type TestSocket } from "./helpers/sockets.ts";

const open: TestSocket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

const hubOf = hubsClosedAfterEach();
const chatPath = (slug: string) => `/api/groups/${slug}/chat`;
const roomOf = (groupId: string) => env.GROUP_ROOM.get(env.GROUP_ROOM.idFromName(groupId));

/** Her group chat's socket; the test fails when it is refused. */
async function groupChat(browser: Browser, slug: string) {
  const { res, socket } = await openSocket(browser, `${chatPath(slug)}/socket`);
  if (!socket) throw new Error(`group chat refused: ${res.status} ${await res.text()}`);
  open.push(socket);
  return socket;
}

async function say(socket: TestSocket, text: string) {
  const clientId = crypto.randomUUID();
  socket.send(sendFrame(text, clientId));
  return (await socket.next("ack", (f) => f.clientId === clientId)).message;
}

async function stored(groupId: string) {
  const { results } = await env.DB.prepare(
    "SELECT user_id, kind, body FROM group_messages WHERE group_id = ? ORDER BY created_at, id",
  )
    .bind(groupId)
    .all<{ user_id: string | null; kind: string; body: string }>();
  return results;
}

async function unread(browser: Browser, slug: string) {
  const res = await browser.fetch(chatPath(slug));
  expect(res.status).toBe(200);
  return (await json<GroupChatInfoResponse>(res)).unread;
}

/** A leader (Ana) and two members (Bea, Cris) of one group. */
async function groupOfThree() {
  const [ana, bea, cris] = await signedInMany([{}, {}, {}]);
  const group = await createGroup({ leaderId: ana.user.id, members: [bea.user.id, cris.user.id] });
  return { ana, bea, cris, group };
}

describe("the group's chat", () => {
  it("members talk: each message is stored, then reaches the other members' sockets", async () => {
    const { ana, bea, group } = await groupOfThree();
    const a = await groupChat(ana.browser, group.slug);
    const b = await groupChat(bea.browser, group.slug);
    const sent = await say(a, "  ¿Rodamos el sábado?  ");
    expect(sent).toMatchObject({
      rideId: group.id,
      userId: ana.user.id,
      text: "¿Rodamos el sábado?",
    });
    const seen = await b.next("message");
    expect(seen.message).toEqual(sent);
    expect(await stored(group.id)).toEqual([
      { user_id: ana.user.id, kind: "user", body: "¿Rodamos el sábado?" },
    ]);
    const page = await json<ChatMessagesResponse>(
      await bea.browser.fetch(`${chatPath(group.slug)}/messages`),
    );
    expect(page.messages.map((m) => m.text)).toEqual(["¿Rodamos el sábado?"]);
    // History and sync answer on the socket as in a ride's chat.
    b.send({ type: "sync", after: sent.id });
    expect((await b.next("synced")).messages).toEqual([]);
  });

  it("only members connect: not a non-member, a requester, a blocked rider, the signed out or the suspended", async () => {
    const [ana, bea, outsider, asking, blocked, suspended] = await signedInMany([
      {},
      {},
      {},
      {},
      {},
      {},
    ]);
    const group = await createGroup({
      leaderId: ana.user.id,
      members: [bea.user.id, suspended.user.id],
      joinMode: "approval",
    });
    expect((await asking.browser.post(`/api/groups/${group.slug}/requests`, {})).status).toBe(201);
    await block(ana.browser, blocked.user.id);
    const mod = await moderator();
    const res = await mod.browser.post(`/api/moderation/users/${suspended.user.id}/suspend`, {
      reason: "x",
    });
    expect(res.status).toBe(200);
    const statusOf = async (browser: Browser) => {
      const { res: answer, socket } = await openSocket(browser, `${chatPath(group.slug)}/socket`);
      if (socket) open.push(socket);
      return answer.status;
    };
    expect({
      member: await statusOf(bea.browser),
      nonMember: await statusOf(outsider.browser),
      requester: await statusOf(asking.browser),
      blocked: await statusOf(blocked.browser),
      signedOut: await statusOf(new Browser()),
      suspended: await statusOf(suspended.browser),
    }).toEqual({
      member: 101,
      nonMember: 403,
      requester: 403,
      blocked: 403,
      signedOut: 401,
      suspended: 401,
    });
    // Nor over HTTP: the count, the first page and the read state are members' too.
    expect((await outsider.browser.fetch(chatPath(group.slug))).status).toBe(403);
    expect((await outsider.browser.fetch(`${chatPath(group.slug)}/messages`)).status).toBe(403);
    expect((await outsider.browser.post(`${chatPath(group.slug)}/read`)).status).toBe(403);
  });

  it("a removed member's socket closes at once, and she can no longer write", async () => {
    const { ana, bea, cris, group } = await groupOfThree();
    const b = await groupChat(bea.browser, group.slug);
    const c = await groupChat(cris.browser, group.slug);
    await say(b, "Hola");
    await c.next("message");
    const res = await ana.browser.fetch(`/api/groups/${group.slug}/members/${bea.user.id}`, {
      method: "DELETE",
    });
    expect(res.status).toBe(200);
    // No frame of hers needed: the removal itself closes her socket.
    await vi.waitFor(() => expect(b.closed?.code).toBe(CLOSE_CODES.notParticipant));
    expect(c.closed).toBeNull();
    const again = await openSocket(bea.browser, `${chatPath(group.slug)}/socket`);
    expect(again.res.status).toBe(403);
  });

  it("leaving closes her sockets; a suspended group's chat closes for everyone", async () => {
    const { ana, bea, cris, group } = await groupOfThree();
    const b = await groupChat(bea.browser, group.slug);
    const a = await groupChat(ana.browser, group.slug);
    const c = await groupChat(cris.browser, group.slug);
    expect((await bea.browser.post(`/api/groups/${group.slug}/leave`)).status).toBe(200);
    await vi.waitFor(() => expect(b.closed?.code).toBe(CLOSE_CODES.notParticipant));
    expect([a.closed, c.closed]).toEqual([null, null]);
    const mod = await moderator();
    const res = await mod.browser.post(`/api/moderation/groups/${group.slug}/suspend`, {
      reason: "spam",
    });
    expect(res.status).toBe(200);
    await vi.waitFor(() =>
      expect([a.closed?.code, c.closed?.code]).toEqual([
        CLOSE_CODES.notParticipant,
        CLOSE_CODES.notParticipant,
      ]),
    );
    expect(
      await runInDurableObject(roomOf(group.id), (_, state) => state.getWebSockets().length),
    ).toBe(0);
  });

  it("a rider's suspension and her account's deletion close her sockets at once", async () => {
    const { ana, bea, cris, group } = await groupOfThree();
    const a = await groupChat(ana.browser, group.slug);
    const b = await groupChat(bea.browser, group.slug);
    const c = await groupChat(cris.browser, group.slug);
    const mod = await moderator();
    const res = await mod.browser.post(`/api/moderation/users/${bea.user.id}/suspend`, {
      reason: "x",
    });
    expect(res.status).toBe(200);
    // As her ride chats: the code that signs her out for good, not 'no longer a member'.
    await vi.waitFor(() =>
      expect(b.closed).toEqual({ code: CLOSE_CODES.suspended, reason: "suspended" }),
    );
    expect((await cris.browser.delete("/api/account")).status).toBe(200);
    await vi.waitFor(() => expect(c.closed?.code).toBe(CLOSE_CODES.notParticipant));
    expect(a.closed).toBeNull();
  });

  it("unread counts: what others wrote since she read or joined, none by a rider blocked either way", async () => {
    const { ana, bea, cris, group } = await groupOfThree();
    const a = await groupChat(ana.browser, group.slug);
    const c = await groupChat(cris.browser, group.slug);
    await say(a, "Uno");
    await say(a, "Dos");
    await say(c, "Tres");
    expect(await unread(bea.browser, group.slug)).toBe(3);
    expect(await unread(ana.browser, group.slug)).toBe(3 - 2);
    await block(bea.browser, cris.user.id);
    expect(await unread(bea.browser, group.slug)).toBe(2);
    const page = await json<ChatMessagesResponse>(
      await bea.browser.fetch(`${chatPath(group.slug)}/messages`),
    );
    expect(page.messages.map((m) => m.text)).toEqual(["Uno", "Dos"]);
    expect((await bea.browser.post(`${chatPath(group.slug)}/read`)).status).toBe(200);
    expect(await unread(bea.browser, group.slug)).toBe(0);
    // The read frame on the socket does the same.
    c.send({ type: "read" });
    await c.next("read-state");
    expect(await unread(cris.browser, group.slug)).toBe(0);
  });

  it("a leader's succession is said in the chat", async () => {
    const { ana, bea, group } = await groupOfThree();
    const b = await groupChat(bea.browser, group.slug);
    expect((await ana.browser.post(`/api/groups/${group.slug}/leave`)).status).toBe(200);
    const notice = await b.next("message");
    expect(notice.message).toMatchObject({
      kind: "system",
      userId: null,
      text: GROUP_CHAT_TEXT.newLeader(bea.user.username ?? ""),
    });
  });
});

describe("the group chat's safety", () => {
  it("a member reports a message (not an outsider); a moderator hides it: open chats swap it at once", async () => {
    const { ana, bea, cris, group } = await groupOfThree();
    const [outsider] = await signedInMany([{}]);
    const a = await groupChat(ana.browser, group.slug);
    const b = await groupChat(bea.browser, group.slug);
    const sent = await say(a, "Algo ofensivo");
    await b.next("message");
    const byOutsider = await outsider.browser.post("/api/reports", {
      kind: "message",
      targetId: sent.id,
      reason: "offensive",
    });
    expect(byOutsider.status).toBe(404);
    const reportId = await report(bea.browser, { kind: "message", targetId: sent.id });
    const snapshot = await env.DB.prepare("SELECT snapshot, ride_id FROM reports WHERE id = ?")
      .bind(reportId)
      .first<{ snapshot: string; ride_id: string | null }>();
    expect(snapshot?.ride_id).toBeNull();
    expect(JSON.parse(snapshot?.snapshot ?? "{}")).toMatchObject({
      kind: "message",
      text: "Algo ofensivo",
      authorUsername: ana.user.username,
      rideTitle: group.name,
    });
    const mod = await moderator();
    const hidden = await mod.browser.post(`/api/moderation/messages/${sent.id}/hide`, {
      reason: "ofensivo",
      reportId,
    });
    expect(hidden.status).toBe(200);
    for (const socket of [a, b]) {
      const frame = await socket.next("hidden");
      expect(frame.message).toMatchObject({ id: sent.id, text: MSG.messageHidden, hidden: true });
    }
    const page = await json<ChatMessagesResponse>(
      await cris.browser.fetch(`${chatPath(group.slug)}/messages`),
    );
    expect(page.messages.map((m) => m.text)).toEqual([MSG.messageHidden]);
    const again = await mod.browser.post(`/api/moderation/messages/${sent.id}/hide`, {
      reason: "otra vez",
    });
    expect(again.status).toBe(409);
  });
});

describe("the group chat's unread count on her app's badge", () => {
  it("a member with the chat closed hears the new count on her hub and in /api/chats; reading lowers it", async () => {
    const { ana, bea, cris, group } = await groupOfThree();
    const a = await groupChat(ana.browser, group.slug);
    const beaTab = await hubOf(bea);
    await say(a, "Uno");
    await say(a, "Dos");
    // The burst's count once its notifications went out: a second burst waits up to a second.
    const frame = await beaTab.nextRaw<NotificationFrame>(
      (f) =>
        (f as NotificationFrame).type === "group-unread" && (f as { count: number }).count === 2,
    );
    expect(frame).toEqual({ type: "group-unread", groupId: group.id, slug: group.slug, count: 2 });
    const chats = async (browser: Browser) =>
      (await json<ChatsResponse>(await browser.get("/api/chats"))).groupChats;
    expect(await chats(bea.browser)).toEqual([
      { groupId: group.id, slug: group.slug, name: group.name, unread: 2 },
    ]);
    // Not her own messages; and a rider she blocked is not counted either.
    expect(await chats(ana.browser)).toEqual([]);
    await block(cris.browser, ana.user.id);
    expect(await chats(cris.browser)).toEqual([]);
    // Reading it (the chat's read, as its open screen does) takes it off the list.
    expect((await bea.browser.post(`${chatPath(group.slug)}/read`)).status).toBe(200);
    expect(await chats(bea.browser)).toEqual([]);
  });

  it("a member with the chat open is told in it, not on her hub; her count still waits for her read", async () => {
    const { ana, bea, cris, group } = await groupOfThree();
    const beaTab = await hubOf(bea);
    const crisTab = await hubOf(cris);
    const b = await groupChat(bea.browser, group.slug);
    const a = await groupChat(ana.browser, group.slug);
    const room = await trackBackgroundWork(roomOf(group.id));
    const sent = await say(a, "¿Quién viene el sábado?");
    expect((await b.next("message")).message.id).toBe(sent.id);
    // Cris, with the chat closed, hears of it; Bea's hub is not woken for a chat she has open.
    await crisTab.nextRaw((f) => (f as NotificationFrame).type === "group-unread");
    await room.settled();
    expect(
      (await framesSoFar(bea, beaTab)).filter(
        (f) => (f as NotificationFrame).type === "group-unread",
      ),
    ).toEqual([]);
    // Not a read: until her chat marks it read, the message is still unread for her.
    expect(await unread(bea.browser, group.slug)).toBe(1);
  });

  it("her hub's count leaves out a rider she and the author blocked each other", async () => {
    const { ana, bea, cris, group } = await groupOfThree();
    await block(bea.browser, ana.user.id);
    const beaTab = await hubOf(bea);
    const a = await groupChat(ana.browser, group.slug);
    const c = await groupChat(cris.browser, group.slug);
    await say(a, "De Ana");
    await say(c, "De Cris");
    const frame = await beaTab.nextRaw<NotificationFrame>(
      (f) => (f as NotificationFrame).type === "group-unread",
    );
    expect(frame).toEqual({ type: "group-unread", groupId: group.id, slug: group.slug, count: 1 });
  });
});

describe("the group chat's pushes", () => {
  let service: ReturnType<typeof pushServiceStandIn>;
  beforeEach(() => {
    service = pushServiceStandIn();
  });
  afterEach(() => service.restore());

  it("a member without the chat open gets one push per 5 minutes per group, with the count", async () => {
    const { ana, bea, cris, group } = await groupOfThree();
    const beaDevice = await service.subscribe(bea.browser);
    const crisDevice = await service.subscribe(cris.browser);
    await groupChat(cris.browser, group.slug);
    const a = await groupChat(ana.browser, group.slug);
    const room = await trackBackgroundWork(roomOf(group.id));
    await say(a, "Salimos a las 9");
    const first = {
      title: GROUP_CHAT_TEXT.pushTitle(group.name),
      body: GROUP_CHAT_TEXT.pushBody(1),
      url: `/app/grupo/${group.slug}/charla`,
      tag: `group-chat-${group.id}`,
    };
    await eventually(() => expect(service.to(beaDevice)).toEqual([first]));
    await say(a, "Llevad luces");
    await say(a, "Y agua");
    await room.settled();
    expect(service.to(beaDevice)).toHaveLength(1);
    // Her 5 minutes are up: the held push says how many wait for her.
    await runRoomJobNow(roomOf(group.id), "chat", {
      before: (storage) =>
        storage.put(`push:chat-last:${bea.user.id}`, Date.now() - CHAT_PUSH_INTERVAL_MS - 1),
    });
    await eventually(() =>
      expect(service.to(beaDevice)).toEqual([
        first,
        { ...first, body: GROUP_CHAT_TEXT.pushBody(3) },
      ]),
    );
    // Cris had the chat open: no push.
    expect(service.to(crisDevice)).toEqual([]);
  });
});
