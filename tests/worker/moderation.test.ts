// Moderation (docs/product.md#reports-and-moderation): the queue at /app/moderacion's API, its
// actions (dismiss, hide a message, suspend, lift a suspension), what a suspension does, and the
// audit.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { ChatsResponse } from "../../domain/api/chat.ts";
import type {
  AuditResponse,
  ModerationQueueResponse,
  ReportContextResponse,
  SuspendedAccountsResponse,
} from "../../domain/api/safety.ts";
import { CLOSE_CODES, type NotificationFrame } from "../../domain/chat-protocol.ts";
import { MSG } from "../../domain/messages.ts";
import { hashPassword } from "../../worker/auth/password.ts";
import { reports } from "../../worker/db/schema.ts";
import { recordedBrowser } from "./helpers/d1-proxy.ts";
import {
  createRide,
  createUser,
  db,
  HOUR,
  rideWithTwo,
  signedIn,
  signedInMany,
} from "./helpers/factories.ts";
import { createGroup } from "./helpers/groups.ts";
import { Browser, json } from "./helpers/http.ts";
import { lastMailTo } from "./helpers/mail.ts";
import {
  insertGroupMessage,
  insertMessage,
  MODERATOR_EMAIL,
  moderator,
  report,
} from "./helpers/safety.ts";
import {
  openSocket,
  sendFrame,
  socketsClosedAfterEach,
  type TestSocket,
} from "./helpers/sockets.ts";

const { open, chat } = socketsClosedAfterEach();
const because = { reason: "Incumple las normas" };

/** The whole open queue, page after page. */
async function queue(browser: Browser) {
  const reports: ModerationQueueResponse["reports"] = [];
  let after: string | null = null;
  do {
    const res = await browser.get(
      `/api/moderation/reports${after ? `?after=${encodeURIComponent(after)}` : ""}`,
    );
    expect(res.status).toBe(200);
    const page: ModerationQueueResponse = await json<ModerationQueueResponse>(res);
    reports.push(...page.reports);
    after = page.nextCursor;
  } while (after);
  return reports;
}

async function audit(browser: Browser) {
  return (await json<AuditResponse>(await browser.get("/api/moderation/actions"))).actions;
}

async function hub(browser: Browser) {
  const { res, socket } = await openSocket(browser, "/api/notifications/socket");
  if (!socket) throw new Error(`hub refused: ${res.status}`);
  open.push(socket);
  await socket.nextRaw((f) => (f as NotificationFrame).type === "ready");
  return socket;
}

describe("who moderates", () => {
  it("every moderation endpoint answers 404 to anyone but a moderator", async () => {
    const rider = await signedIn();
    const calls: [string, string][] = [
      ["GET", "/api/moderation/reports"],
      ["GET", "/api/moderation/reports/x/context"],
      ["POST", "/api/moderation/reports/x/dismiss"],
      ["POST", "/api/moderation/messages/x/hide"],
      ["POST", `/api/moderation/users/${rider.user.id}/suspend`],
      ["POST", `/api/moderation/users/${rider.user.id}/unsuspend`],
      ["GET", "/api/moderation/suspended"],
      ["GET", "/api/moderation/actions"],
    ];
    const unknownPath = await rider.browser.get("/api/no-existe");
    for (const browser of [new Browser(), rider.browser]) {
      for (const [method, path] of calls) {
        const res = await browser.fetch(path, {
          method,
          ...(method === "POST" ? { json: because } : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.json()).toEqual(await unknownPath.clone().json());
      }
    }
    const me = await json(await rider.browser.get("/api/me"));
    expect(me.user.isModerator).toBe(false);
    const mod = await moderator();
    expect((await json(await mod.browser.get("/api/me"))).user).toMatchObject({
      email: MODERATOR_EMAIL,
      isModerator: true,
    });
  });

  it("every action needs a reason", async () => {
    const mod = await moderator();
    const bea = await createUser();
    for (const body of [{}, { reason: "   " }, { reason: "x".repeat(501) }]) {
      const res = await mod.browser.post(`/api/moderation/users/${bea.id}/suspend`, body);
      expect(res.status).toBe(400);
    }
  });
});

describe("the queue", () => {
  it("lists open reports oldest first, with the snapshot, the ride and the reporter's earlier reports", async () => {
    const mod = await moderator();
    const { ana, bea, ride } = await rideWithTwo({ city: "Las Palmas de Gran Canaria" });
    const cris = await signedIn();
    const messageId = await insertMessage(ride.id, ana.user.id, "mensaje denunciado");
    const first = await report(cris.browser, { kind: "user", targetId: ana.user.id });
    const second = await report(bea.browser, { kind: "message", targetId: messageId });
    const third = await report(cris.browser, { kind: "ride", targetId: ride.id, reason: "spam" });
    // A minute apart, in the order they were made: reports made in the same millisecond would
    // leave both the order and Cris's earlier report to chance.
    const madeAt = Date.now() - 10 * 60_000;
    for (const [i, id] of [first, second, third].entries()) {
      await db()
        .update(reports)
        .set({ createdAt: madeAt + i * 60_000 })
        .where(eq(reports.id, id));
    }
    const mine = (await queue(mod.browser)).filter((r) => [first, second, third].includes(r.id));
    expect(mine.map((r) => r.id)).toEqual([first, second, third]);
    expect(mine[0]).toMatchObject({
      kind: "user",
      snapshot: { kind: "user", username: ana.user.username },
      reporter: { id: cris.user.id, earlierReports: 0 },
      reported: { id: ana.user.id, suspended: false, openReports: 3 },
      ride: null,
    });
    expect(mine[1]).toMatchObject({
      kind: "message",
      snapshot: { kind: "message", text: "mensaje denunciado" },
      reporter: { id: bea.user.id, earlierReports: 0 },
      // Its city: the queue shows its time on the ride's clock ('hora canaria').
      ride: { id: ride.id, title: ride.title, city: ride.city, participantCount: 2 },
      messageHidden: false,
    });
    expect(mine[2]).toMatchObject({ reporter: { earlierReports: 1 }, ride: { id: ride.id } });
  });

  it("comes in pages of 50 from the oldest, each after the last shown: none buried, none skipped", async () => {
    const mod = await moderator();
    const reporter = await createUser();
    const reported = await createUser();
    // 60 reports older than any other of this file, three to each millisecond (the id orders
    // those), then a fresh burst of 60 that must not push them out of reach.
    const ours = Array.from({ length: 60 }, (_, i) => ({
      id: `old-${String(i).padStart(2, "0")}`,
      createdAt: 1 + Math.floor(i / 3),
    }));
    const burst = Array.from({ length: 60 }, (_, i) => ({
      id: `new-${String(i).padStart(2, "0")}`,
      createdAt: Date.now() + i,
    }));
    const [firstInsert, ...inserts] = [...ours, ...burst].map(({ id, createdAt }) =>
      db()
        .insert(reports)
        .values({
          id,
          reporterId: reporter.id,
          targetKind: "user",
          targetId: id,
          reportedUserId: reported.id,
          reason: "spam",
          snapshot: {
            kind: "user",
            username: reported.username!,
            city: null,
            avatarKey: "ava01",
            modalities: [],
          },
          createdAt,
        }),
    );
    await db().batch([firstInsert!, ...inserts]);
    const page = async (after?: string) => {
      const res = await mod.browser.get(
        `/api/moderation/reports${after ? `?after=${encodeURIComponent(after)}` : ""}`,
      );
      expect(res.status).toBe(200);
      return json<ModerationQueueResponse>(res);
    };
    const first = await page();
    expect(first.reports.map((r) => r.id)).toEqual(ours.slice(0, 50).map((r) => r.id));
    expect(first.nextCursor).toEqual(expect.any(String));
    // Dealt with meanwhile: one already shown and one not yet shown.
    for (const id of ["old-10", "old-55"]) {
      expect(
        (await mod.browser.post(`/api/moderation/reports/${id}/dismiss`, because)).status,
      ).toBe(200);
    }
    const seen = first.reports.map((r) => r.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page(cursor);
      seen.push(...next.reports.map((r) => r.id));
      cursor = next.nextCursor;
    }
    const expected = [...ours, ...burst].map((r) => r.id).filter((id) => id !== "old-55");
    expect(seen.filter((id) => expected.includes(id))).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    // A malformed cursor is refused.
    expect((await mod.browser.get("/api/moderation/reports?after=nada")).status).toBe(400);
  });

  it("gives a message report the messages around it, hidden ones with their text", async () => {
    const mod = await moderator();
    const { ana, bea, ride } = await rideWithTwo();
    const base = Date.now() - HOUR;
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(await insertMessage(ride.id, i % 2 ? ana.user.id : bea.user.id, `m${i}`, base + i));
    }
    const reportId = await report(ana.browser, { kind: "message", targetId: ids[12]! });
    await mod.browser.post(`/api/moderation/messages/${ids[10]}/hide`, because);
    const res = await mod.browser.get(`/api/moderation/reports/${reportId}/context`);
    const { messages } = await json<ReportContextResponse>(res);
    expect(messages.map((m) => m.text)).toEqual([
      "m4",
      "m5",
      "m6",
      "m7",
      "m8",
      "m9",
      "m10",
      "m11",
      "m12",
      "m13",
      "m14",
      "m15",
      "m16",
    ]);
    expect(messages.filter((m) => m.reported).map((m) => m.id)).toEqual([ids[12]]);
    expect(messages.filter((m) => m.hidden).map((m) => m.id)).toEqual([ids[10]]);
  });

  it("gives a group chat message's report the messages around it in its group's chat, in as many trips as a ride's", async () => {
    const mod = await moderator();
    const { ana, bea, ride } = await rideWithTwo();
    const group = await createGroup({ leaderId: ana.user.id, members: [bea.user.id] });
    const otherGroup = await createGroup({ leaderId: bea.user.id });
    const base = Date.now() - HOUR;
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const author = i % 2 ? ana.user.id : bea.user.id;
      ids.push(await insertGroupMessage(group.id, author, `g${i}`, base + i));
      // The same moments in another group's chat and in a ride's: none of them is its context.
      await insertGroupMessage(otherGroup.id, bea.user.id, `otro${i}`, base + i);
      await insertMessage(ride.id, author, `salida${i}`, base + i);
    }
    const reportId = await report(ana.browser, { kind: "message", targetId: ids[12]! });
    expect(
      (await mod.browser.post(`/api/moderation/messages/${ids[10]}/hide`, because)).status,
    ).toBe(200);
    const recorded = recordedBrowser(mod.browser.cookies);
    const res = await recorded.browser.get(`/api/moderation/reports/${reportId}/context`);
    expect(res.status).toBe(200);
    const { messages } = await json<ReportContextResponse>(res);
    expect(messages.map((m) => m.text)).toEqual(Array.from({ length: 13 }, (_, i) => `g${i + 4}`));
    expect(messages.every((m) => m.rideId === group.id)).toBe(true);
    expect(messages.filter((m) => m.reported).map((m) => m.id)).toEqual([ids[12]]);
    expect(messages.filter((m) => m.hidden).map((m) => m.id)).toEqual([ids[10]]);
    // A ride message's report costs the same round trips.
    const rideReport = await report(bea.browser, {
      kind: "message",
      targetId: (await insertMessage(ride.id, ana.user.id, "en la salida"))!,
    });
    const forRide = recordedBrowser(mod.browser.cookies);
    expect(
      (await forRide.browser.get(`/api/moderation/reports/${rideReport}/context`)).status,
    ).toBe(200);
    expect(recorded.trips.length).toBe(forRide.trips.length);
  });

  it("shows a group chat message hidden once a moderator hid it", async () => {
    const mod = await moderator();
    const [ana, bea] = await signedInMany([{}, {}]);
    const group = await createGroup({ leaderId: ana.user.id, members: [bea.user.id] });
    const messageId = await insertGroupMessage(group.id, ana.user.id, "en la charla");
    const reportId = await report(bea.browser, { kind: "message", targetId: messageId });
    const queued = async () => (await queue(mod.browser)).find((r) => r.id === reportId);
    expect(await queued()).toMatchObject({
      snapshot: { kind: "message", text: "en la charla", rideTitle: group.name },
      ride: null,
      messageHidden: false,
    });
    const hidden = await mod.browser.post(`/api/moderation/messages/${messageId}/hide`, {
      ...because,
      reportId,
    });
    expect(hidden.status).toBe(200);
    expect(await queued()).toMatchObject({ messageHidden: true, reported: { id: ana.user.id } });
  });

  it("dismisses a report: it leaves the queue and the audit says who, when and why", async () => {
    const mod = await moderator();
    const ana = await signedIn();
    const bea = await createUser();
    const reportId = await report(ana.browser, { kind: "user", targetId: bea.id });
    const res = await mod.browser.post(`/api/moderation/reports/${reportId}/dismiss`, {
      reason: "No incumple nada",
    });
    expect(res.status).toBe(200);
    expect((await queue(mod.browser)).map((r) => r.id)).not.toContain(reportId);
    const status = await env.DB.prepare("SELECT status FROM reports WHERE id = ?")
      .bind(reportId)
      .first<string>("status");
    expect(status).toBe("dismissed");
    const [entry] = await audit(mod.browser);
    expect(entry).toMatchObject({
      action: "dismiss",
      reason: "No incumple nada",
      moderatorEmail: MODERATOR_EMAIL,
      reportId,
      createdAt: expect.any(Number),
    });
    // Again: nothing to do, and no second audit row.
    const again = await mod.browser.post(`/api/moderation/reports/${reportId}/dismiss`, because);
    expect(again.status).toBe(409);
    expect((await audit(mod.browser)).filter((a) => a.reportId === reportId)).toHaveLength(1);
    expect(
      (await mod.browser.post("/api/moderation/reports/no-existe/dismiss", because)).status,
    ).toBe(404);
  });
});

describe("hiding a message", () => {
  it("shows 'Mensaje ocultado por moderación' to everyone, live and in history; its report stays for the account", async () => {
    const mod = await moderator();
    const { ana, bea, ride } = await rideWithTwo({ startsIn: 2 * HOUR });
    const a = await chat(ana.browser, ride.id);
    const b = await chat(bea.browser, ride.id);
    const clientId = crypto.randomUUID();
    a.send(sendFrame("algo que no debe quedarse", clientId));
    const sent = (await a.next("ack", (f) => f.clientId === clientId)).message;
    await b.next("message", (f) => f.message.id === sent.id);
    const reportId = await report(bea.browser, { kind: "message", targetId: sent.id });

    const res = await mod.browser.post(`/api/moderation/messages/${sent.id}/hide`, {
      ...because,
      reportId,
    });
    expect(res.status).toBe(200);
    for (const socket of [a, b]) {
      const frame = await socket.next("hidden");
      expect(frame.message).toMatchObject({
        id: sent.id,
        text: "Mensaje ocultado por moderación",
        hidden: true,
      });
    }
    for (const browser of [ana.browser, bea.browser]) {
      const history = await json(await browser.get(`/api/rides/${ride.id}/chat/messages`));
      expect(history.messages).toEqual([
        expect.objectContaining({ id: sent.id, text: MSG.messageHidden, hidden: true }),
      ]);
      expect(JSON.stringify(history)).not.toContain("algo que no debe quedarse");
      const chats = await json<ChatsResponse>(await browser.get("/api/chats"));
      expect(chats.chats[0]?.lastMessage?.text).toBe(MSG.messageHidden);
    }
    const reconnected = await chat(bea.browser, ride.id);
    reconnected.send({ type: "history" });
    expect((await reconnected.next("history")).messages[0]?.text).toBe(MSG.messageHidden);
    const stillQueued = (await queue(mod.browser)).find((r) => r.id === reportId);
    expect(stillQueued).toMatchObject({ messageHidden: true, reported: { id: ana.user.id } });
    expect((await audit(mod.browser))[0]).toMatchObject({
      action: "hide_message",
      messageId: sent.id,
      reportId,
      reason: because.reason,
    });
    const again = await mod.browser.post(`/api/moderation/messages/${sent.id}/hide`, because);
    expect(again.status).toBe(409);
    expect((await mod.browser.post("/api/moderation/messages/nada/hide", because)).status).toBe(
      404,
    );
    // Closing it now records that something was done.
    await mod.browser.post(`/api/moderation/reports/${reportId}/dismiss`, because);
    const status = await env.DB.prepare("SELECT status FROM reports WHERE id = ?")
      .bind(reportId)
      .first<string>("status");
    expect(status).toBe("actioned");
  });
});

describe("suspending an account", () => {
  async function scene() {
    const mod = await moderator();
    const password = "clave-suspendida";
    const email = `suspendida${crypto.randomUUID().slice(0, 8)}@example.com`;
    const ana = await signedIn({ email, passwordHash: await hashPassword(password) });
    const bea = await signedIn();
    const cris = await signedIn();
    const withOthers = await createRide({
      organizerId: ana.user.id,
      participants: [bea.user.id],
      startsIn: 3 * HOUR,
    });
    const alone = await createRide({ organizerId: ana.user.id, startsIn: 5 * HOUR });
    const past = await createRide({
      organizerId: ana.user.id,
      participants: [bea.user.id],
      startsIn: -3 * HOUR,
    });
    const crisRide = await createRide({
      organizerId: cris.user.id,
      participants: [ana.user.id, bea.user.id],
      startsIn: 4 * HOUR,
    });
    return { mod, ana, bea, cris, withOthers, alone, past, crisRide, email, password };
  }

  it("ends her sessions and closes her open tabs and chats at once", async () => {
    const { mod, ana, withOthers, crisRide } = await scene();
    const tab = await hub(ana.browser);
    const chats: TestSocket[] = [
      await chat(ana.browser, withOthers.id),
      await chat(ana.browser, crisRide.id),
    ];
    const res = await mod.browser.post(`/api/moderation/users/${ana.user.id}/suspend`, because);
    expect(res.status).toBe(200);
    // Closed by the time the moderator has her answer.
    expect(tab.closed?.code ?? (await vi.waitFor(() => tab.closed!)).code).toBe(
      CLOSE_CODES.suspended,
    );
    for (const socket of chats) {
      await vi.waitFor(() => expect(socket.closed?.code).toBe(CLOSE_CODES.suspended));
    }
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?")
      .bind(ana.user.id)
      .first<number>("n");
    expect(sessions).toBe(0);
    expect((await ana.browser.get("/api/me")).status).toBe(200);
    expect((await json(await ana.browser.get("/api/me"))).user).toBeNull();
    expect((await ana.browser.get("/api/rides")).status).toBe(401);
  });

  it("cancels her upcoming rides (with a notice where others joined) and takes her out of others'", async () => {
    const { mod, ana, bea, cris, withOthers, alone, past, crisRide } = await scene();
    const b = await chat(bea.browser, withOthers.id);
    await mod.browser.post(`/api/moderation/users/${ana.user.id}/suspend`, because);
    const status = async (id: string) =>
      env.DB.prepare("SELECT status FROM rides WHERE id = ?").bind(id).first<string>("status");
    expect(await status(withOthers.id)).toBe("cancelled");
    expect(await status(alone.id)).toBe("cancelled");
    expect(await status(past.id)).toBe("published");
    expect(await status(crisRide.id)).toBe("published");
    const notice = await b.next("message");
    expect(notice.message).toMatchObject({ kind: "system", text: MSG.systemCancelNoticeNeutral });
    const detail = await json(await cris.browser.get(`/api/rides/${crisRide.id}`));
    expect(detail.ride.participantIds.sort()).toEqual([bea.user.id, cris.user.id].sort());
    // Her rides are gone from the listing (searched by title: the feed comes in pages, and a
    // ride on a later page would be missing from the first anyway).
    for (const gone of [withOthers, alone]) {
      const feed = await json(
        await cris.browser.get(`/api/rides?q=${encodeURIComponent(gone.title)}`),
      );
      expect(feed.rides).toEqual([]);
    }
    const kept = await json(
      await cris.browser.get(`/api/rides?q=${encodeURIComponent(crisRide.title)}`),
    );
    expect(kept.rides.map((r: { id: string }) => r.id)).toEqual([crisRide.id]);
  });

  it("tells her riders their ride is off without saying she cancelled it, even once lifted", async () => {
    const { mod, ana, bea, cris, withOthers, crisRide } = await scene();
    await mod.browser.post(`/api/moderation/users/${ana.user.id}/suspend`, because);
    const stored = await env.DB.prepare("SELECT body FROM ride_messages WHERE ride_id = ?")
      .bind(withOthers.id)
      .all<{ body: string }>();
    expect(stored.results.map((m) => m.body)).toEqual([MSG.systemCancelNoticeNeutral]);
    // Cris cancels her own ride: that one is 'Cancelada por la organizadora'.
    const cancel = await cris.browser.post(`/api/rides/${crisRide.id}/cancel`, { reason: "" });
    expect(cancel.status).toBe(200);
    const seen = async () => {
      const mine = await json(await bea.browser.get("/api/my-rides?tab=cancelled"));
      const byId = new Map<string, { cancelledByOrganizer: boolean }>(
        mine.rides.map((r: { id: string; cancelledByOrganizer: boolean }) => [r.id, r]),
      );
      const chatInfo = await json(await bea.browser.get(`/api/rides/${withOthers.id}/chat`));
      return {
        suspended: byId.get(withOthers.id)?.cancelledByOrganizer,
        byCris: byId.get(crisRide.id)?.cancelledByOrganizer,
        chat: chatInfo.ride.cancelledByOrganizer,
      };
    };
    expect(await seen()).toEqual({ suspended: false, byCris: true, chat: false });
    await mod.browser.post(`/api/moderation/users/${ana.user.id}/unsuspend`, because);
    expect(await seen()).toEqual({ suspended: false, byCris: true, chat: false });
  });

  it("she cannot sign in ('Cuenta suspendida…') and her profile is not found; lifting it undoes both", async () => {
    const { mod, ana, bea, email, password } = await scene();
    const reportId = await report(bea.browser, { kind: "user", targetId: ana.user.id });
    await mod.browser.post(`/api/moderation/users/${ana.user.id}/suspend`, {
      ...because,
      reportId,
    });
    const login = await new Browser().post("/api/auth/login", { email, password });
    expect(login.status).toBe(403);
    expect((await json(login)).error).toEqual({
      code: "account_suspended",
      message: "Cuenta suspendida. Escríbenos a hola@rodamos.app",
    });
    // A wrong password says nothing about the suspension.
    const wrong = await new Browser().post("/api/auth/login", { email, password: "otra-clave" });
    expect(wrong.status).toBe(401);
    const missing = await bea.browser.get("/api/users/nadie_existe");
    const profile = await bea.browser.get(`/api/users/${ana.user.username}`);
    expect(profile.status).toBe(404);
    expect(await profile.json()).toEqual(await missing.json());
    // Her reports left the queue; she is listed as suspended; the audit has it.
    expect((await queue(mod.browser)).map((r) => r.id)).not.toContain(reportId);
    const suspended = await json<SuspendedAccountsResponse>(
      await mod.browser.get("/api/moderation/suspended"),
    );
    expect(suspended.accounts.map((a) => a.id)).toContain(ana.user.id);
    expect((await audit(mod.browser))[0]).toMatchObject({
      action: "suspend",
      target: { id: ana.user.id, username: ana.user.username },
      reportId,
    });
    expect(
      (await mod.browser.post(`/api/moderation/users/${ana.user.id}/suspend`, because)).status,
    ).toBe(409);

    const lift = await mod.browser.post(`/api/moderation/users/${ana.user.id}/unsuspend`, {
      reason: "Recurso aceptado",
    });
    expect(lift.status).toBe(200);
    expect((await new Browser().post("/api/auth/login", { email, password })).status).toBe(200);
    expect((await bea.browser.get(`/api/users/${ana.user.username}`)).status).toBe(200);
    expect((await audit(mod.browser))[0]).toMatchObject({
      action: "unsuspend",
      reason: "Recurso aceptado",
    });
    expect(
      (await mod.browser.post(`/api/moderation/users/${ana.user.id}/unsuspend`, because)).status,
    ).toBe(409);
  });

  it("a password reset neither signs her in nor changes her password", async () => {
    const { mod, ana, email, password } = await scene();
    await mod.browser.post(`/api/moderation/users/${ana.user.id}/suspend`, because);
    const visitor = new Browser();
    await visitor.post("/api/auth/reset/request", { email });
    const mail = await lastMailTo(email);
    const link = new URL(/https?:\/\/\S+/.exec(mail ?? "")![0]);
    const token = new URLSearchParams(link.hash.slice(1)).get("reset");
    const res = await visitor.post("/api/auth/reset/confirm", { token, password: "nueva-clave-9" });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe("account_suspended");
    expect((await json(await visitor.get("/api/me"))).user).toBeNull();
    await mod.browser.post(`/api/moderation/users/${ana.user.id}/unsuspend`, because);
    expect((await new Browser().post("/api/auth/login", { email, password })).status).toBe(200);
  });

  it("a session row that escaped the suspension is refused all the same", async () => {
    const { mod, ana } = await scene();
    await mod.browser.post(`/api/moderation/users/${ana.user.id}/suspend`, because);
    // As if a session had been created in the same instant, after the batch.
    const late = await signedIn();
    await env.DB.prepare("UPDATE sessions SET user_id = ? WHERE user_id = ?")
      .bind(ana.user.id, late.user.id)
      .run();
    expect((await json(await late.browser.get("/api/me"))).user).toBeNull();
  });

  it("a moderator cannot suspend another moderator: refused in Spanish, nothing changes", async () => {
    const otherEmail = "otra.moderadora@example.com";
    const other = await signedIn({ email: otherEmail });
    const friend = await signedIn();
    const hers = await createRide({ organizerId: other.user.id, participants: [friend.user.id] });
    const mod = await moderator();
    // Both listed in MODERATOR_EMAILS.
    const browser = new Browser({
      env: { MODERATOR_EMAILS: `${MODERATOR_EMAIL}, ${otherEmail}` },
    });
    for (const [name, value] of mod.browser.cookies) browser.cookies.set(name, value);
    const auditBefore = await audit(browser);

    const res = await browser.post(`/api/moderation/users/${other.user.id}/suspend`, because);
    expect(res.status).toBe(403);
    expect((await json(res)).error).toEqual({
      code: "not_authorized",
      message: MSG.moderationModerator,
    });
    const row = await env.DB.prepare("SELECT suspended_at FROM users WHERE id = ?")
      .bind(other.user.id)
      .first<{ suspended_at: number | null }>();
    expect(row?.suspended_at).toBeNull();
    expect((await json(await other.browser.get("/api/me"))).user.id).toBe(other.user.id);
    const ride = await json(await friend.browser.get(`/api/rides/${hers.id}`));
    expect(ride.ride.status).toBe("published");
    expect(await audit(browser)).toEqual(auditBefore);
  });

  it("a moderator cannot suspend herself", async () => {
    const mod = await moderator();
    const res = await mod.browser.post(`/api/moderation/users/${mod.id}/suspend`, because);
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(MSG.moderationSelf);
  });
});
