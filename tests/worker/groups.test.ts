// Grupos (docs/product.md#grupos): creating one and its refusals, joining (open, by request, by
// invitation), the 500-member cap under parallel joins, the leaders' tools and their 5-leader cap,
// succession in each case (leaving, suspension, account deletion) and archiving.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GroupResponse } from "../../domain/api/groups.ts";
import { MSG } from "../../domain/messages.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import { createDb } from "../../worker/db/client.ts";
import {
  groupMembers,
  groupRequests,
  groups,
  moderationActions,
  reports,
  rides,
} from "../../worker/db/schema.ts";
import { groupPageBySlug } from "../../worker/groups/reads.ts";
import { uniqueGroupName } from "../support/distinct-names.ts";
import { tripRecordingD1 } from "./helpers/d1-proxy.ts";
import { createRide, db, signedIn, signedInMany } from "./helpers/factories.ts";
import { addMembers, createGroup, groupBody, memberCount, roleOf } from "./helpers/groups.ts";
import { json } from "./helpers/http.ts";
import { eventually, pushServiceStandIn } from "./helpers/push-service.ts";
import { messagesOf, rideRow } from "./helpers/rides.ts";
import { block, moderator } from "./helpers/safety.ts";

const groupsNamed = async (name: string) =>
  Number(
    (
      await db()
        .select({ n: sql<number>`count(*)` })
        .from(groups)
        .where(eq(groups.name, name))
        .get()
    )?.n,
  );

const errorOf = async (res: Response) =>
  (await json(res)).error as { code: string; message: string };

describe("Crear un grupo", () => {
  it("makes her its first leader, at an address from its name", async () => {
    const ana = await signedIn();
    const body = groupBody({ name: uniqueGroupName("Las Rápidas") });
    const res = await ana.browser.post("/api/groups", body);
    expect(res.status).toBe(201);
    const { group } = await json<GroupResponse>(res);
    expect(group.slug).toMatch(/^las-rapidas-[a-z]+$/);
    expect(group).toMatchObject({ name: body.name, memberCount: 1, myRole: "leader" });
    expect(group.members?.map((m) => [m.id, m.role])).toEqual([[ana.user.id, "leader"]]);
    const page = await ana.browser.get(`/api/groups/${group.slug}`);
    expect((await json<GroupResponse>(page)).group.id).toBe(group.id);
  });

  it("its page is one round trip, the group found by its address in it", async () => {
    const [ana, bea] = await signedInMany([{}, {}]);
    const group = await createGroup({ leaderId: ana.user.id, members: [bea.user.id] });
    for (const [viewer, members] of [
      [ana, [ana.user.id, bea.user.id]],
      [bea, [ana.user.id, bea.user.id]],
    ] as const) {
      const trips: string[] = [];
      const page = await groupPageBySlug(
        createDb(tripRecordingD1(env.DB, trips)),
        group.slug,
        viewer.user.id,
        Date.now(),
      );
      expect(page?.members?.map((m) => m.id)).toEqual(members);
      expect(trips).toEqual(["batch of 5"]);
    }
    const trips: string[] = [];
    const gone = createDb(tripRecordingD1(env.DB, trips));
    expect(await groupPageBySlug(gone, "no-existe", ana.user.id, Date.now())).toBeNull();
    expect(trips).toEqual(["batch of 5"]);
  });

  it("refuses a look-alike name, a long one and a banned word, and writes nothing", async () => {
    const [ana, bea] = await signedInMany([{}, {}]);
    const name = uniqueGroupName();
    expect((await ana.browser.post("/api/groups", groupBody({ name }))).status).toBe(201);
    // Case, accents, punctuation and Cyrillic 'а' read as the same name.
    const lookAlike = name.toUpperCase().replace(" ", "_").replace("A", "\u0430");
    const refused = await bea.browser.post("/api/groups", groupBody({ name: lookAlike }));
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(GROUP_MSG.nameTaken);
    expect(await groupsNamed(lookAlike)).toBe(0);
    const long = "G".repeat(61);
    const tooLong = await bea.browser.post("/api/groups", groupBody({ name: long }));
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).message).toBe(GROUP_MSG.nameLength);
    expect(await groupsNamed(long)).toBe(0);
    const banned = await bea.browser.post(
      "/api/groups",
      groupBody({ name: "Club de las Idiotas" }),
    );
    expect((await errorOf(banned)).message).toBe(GROUP_MSG.nameBanned);
  });

  it("refuses a 4th group of one account, and writes nothing", async () => {
    const ana = await signedIn();
    for (let i = 0; i < 3; i++) {
      expect((await ana.browser.post("/api/groups", groupBody())).status).toBe(201);
    }
    const fourth = groupBody();
    const res = await ana.browser.post("/api/groups", fourth);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(GROUP_MSG.createdCap);
    expect(await groupsNamed(fourth.name)).toBe(0);
  });
});

describe("joining", () => {
  it("'Unirme al grupo' in an open group, 'Salir del grupo' after", async () => {
    const [ana, bea] = await signedInMany([{}, {}]);
    const group = await createGroup({ leaderId: ana.user.id });
    const joined = await bea.browser.post(`/api/groups/${group.slug}/join`);
    expect(joined.status).toBe(200);
    expect((await json<GroupResponse>(joined)).group).toMatchObject({
      myRole: "member",
      memberCount: 2,
    });
    const again = await bea.browser.post(`/api/groups/${group.slug}/join`);
    expect((await errorOf(again)).message).toBe(GROUP_MSG.alreadyMember);
    expect((await bea.browser.post(`/api/groups/${group.slug}/leave`)).status).toBe(200);
    expect(await roleOf(group.id, bea.user.id)).toBeNull();
  });

  it("'Solicitar unirme': one request, answered once; declined, no second request", async () => {
    const [ana, bea, cris] = await signedInMany([{}, {}, {}]);
    const group = await createGroup({ leaderId: ana.user.id, joinMode: "approval" });
    const direct = await bea.browser.post(`/api/groups/${group.slug}/join`);
    expect((await errorOf(direct)).message).toBe(GROUP_MSG.requestNeeded);
    const asked = await bea.browser.post(`/api/groups/${group.slug}/requests`, { note: "¡Hola!" });
    expect(asked.status).toBe(201);
    expect((await json<GroupResponse>(asked)).group.myRequest).toBe("pending");
    const twice = await bea.browser.post(`/api/groups/${group.slug}/requests`, {});
    expect((await errorOf(twice)).message).toBe(GROUP_MSG.requestAlready);
    await cris.browser.post(`/api/groups/${group.slug}/requests`, {});
    const { group: seen } = await json<GroupResponse>(
      await ana.browser.get(`/api/groups/${group.slug}`),
    );
    expect(seen.requests?.map((r) => [r.rider.id, r.note])).toEqual([
      [bea.user.id, "¡Hola!"],
      [cris.user.id, null],
    ]);
    const [forBea, forCris] = seen.requests!;
    const accepted = await ana.browser.post(
      `/api/groups/${group.slug}/requests/${forBea!.id}/accept`,
    );
    expect(accepted.status).toBe(200);
    expect(await roleOf(group.id, bea.user.id)).toBe("member");
    const declined = await ana.browser.post(
      `/api/groups/${group.slug}/requests/${forCris!.id}/decline`,
    );
    expect(declined.status).toBe(200);
    const { group: hers } = await json<GroupResponse>(
      await cris.browser.get(`/api/groups/${group.slug}`),
    );
    expect(hers.myRequest).toBe("declined");
    const second = await cris.browser.post(`/api/groups/${group.slug}/requests`, {});
    expect((await errorOf(second)).message).toBe(GROUP_MSG.requestAnswered);
    // Members see the list; she who was declined sees only the leaders.
    expect(hers.members).toBeNull();
    expect(hers.leaders.map((l) => l.id)).toEqual([ana.user.id]);
  });

  it("an invitation link takes her into a 'Con aprobación' group, until a leader revokes it", async () => {
    const [ana, bea, cris] = await signedInMany([{}, {}, {}]);
    const group = await createGroup({ leaderId: ana.user.id, joinMode: "approval" });
    const made = await ana.browser.post(`/api/groups/${group.slug}/invite`);
    const token = (await json<GroupResponse>(made)).group.inviteToken!;
    expect(token).toMatch(/^[a-z0-9]{32}$/);
    expect(
      (await bea.browser.post(`/api/groups/${group.slug}/join`, { invite: token })).status,
    ).toBe(200);
    expect(await roleOf(group.id, bea.user.id)).toBe("member");
    expect((await ana.browser.delete(`/api/groups/${group.slug}/invite`)).status).toBe(200);
    const late = await cris.browser.post(`/api/groups/${group.slug}/join`, { invite: token });
    expect(late.status).toBe(404);
    expect((await errorOf(late)).message).toBe(GROUP_MSG.inviteInvalid);
    expect(await roleOf(group.id, cris.user.id)).toBeNull();
  });
});

describe("the 500-member cap", () => {
  it("refuses the 501st member with a clear message, and writes nothing", async () => {
    const [ana, bea] = await signedInMany([{}, {}]);
    const group = await createGroup({ leaderId: ana.user.id });
    await addMembers(group.id, 499);
    const res = await bea.browser.post(`/api/groups/${group.slug}/join`);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(GROUP_MSG.full);
    expect(await memberCount(group.id)).toBe(500);
  });

  it("holds under 50 parallel joins: exactly the places left are taken", async () => {
    const ana = await signedIn();
    const group = await createGroup({ leaderId: ana.user.id });
    await addMembers(group.id, 474);
    const riders = await signedInMany(Array.from({ length: 50 }, () => ({})));
    const answers = await Promise.all(
      riders.map((r) => r.browser.post(`/api/groups/${group.slug}/join`).then((res) => res.status)),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(25);
    expect(answers.filter((s) => s === 409)).toHaveLength(25);
    expect(await memberCount(group.id)).toBe(500);
  });

  it("holds for an accepted request too", async () => {
    const [ana, bea] = await signedInMany([{}, {}]);
    const group = await createGroup({ leaderId: ana.user.id, joinMode: "approval" });
    await bea.browser.post(`/api/groups/${group.slug}/requests`, {});
    await addMembers(group.id, 499);
    const request = await db()
      .select({ id: groupRequests.id })
      .from(groupRequests)
      .where(eq(groupRequests.userId, bea.user.id))
      .get();
    const res = await ana.browser.post(`/api/groups/${group.slug}/requests/${request!.id}/accept`);
    expect((await errorOf(res)).message).toBe(GROUP_MSG.full);
    expect(await memberCount(group.id)).toBe(500);
  });
});

describe("leaders", () => {
  it("name co-leaders up to 5, and the 6th is refused with nothing written", async () => {
    const riders = await signedInMany([{}, {}, {}, {}, {}, {}]);
    const [ana, ...others] = riders;
    const group = await createGroup({
      leaderId: ana.user.id,
      members: others.map((r) => r.user.id),
    });
    for (const rider of others.slice(0, 4)) {
      const res = await ana.browser.put(`/api/groups/${group.slug}/leaders/${rider.user.id}`);
      expect(res.status).toBe(200);
    }
    const sixth = others[4]!;
    const res = await ana.browser.put(`/api/groups/${group.slug}/leaders/${sixth.user.id}`);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(GROUP_MSG.leadersCap);
    expect(await roleOf(group.id, sixth.user.id)).toBe("member");
  });

  it("only leaders edit, answer and remove; the last leader cannot step down", async () => {
    const [ana, bea] = await signedInMany([{}, {}]);
    const group = await createGroup({ leaderId: ana.user.id, members: [bea.user.id] });
    const edit = await bea.browser.put(`/api/groups/${group.slug}`, groupBody());
    expect(edit.status).toBe(403);
    expect((await errorOf(edit)).message).toBe(GROUP_MSG.leadersOnly);
    const stepDown = await ana.browser.delete(`/api/groups/${group.slug}/leaders/${ana.user.id}`);
    expect((await errorOf(stepDown)).message).toBe(GROUP_MSG.lastLeader);
    expect(await roleOf(group.id, ana.user.id)).toBe("leader");
    const renamed = groupBody({ joinMode: "approval" });
    const ok = await ana.browser.put(`/api/groups/${group.slug}`, renamed);
    expect((await json<GroupResponse>(ok)).group).toMatchObject({
      name: renamed.name,
      slug: group.slug,
    });
    expect(
      (await ana.browser.delete(`/api/groups/${group.slug}/members/${bea.user.id}`)).status,
    ).toBe(200);
    expect(await roleOf(group.id, bea.user.id)).toBeNull();
  });
});

describe("succession and archiving", () => {
  let push: ReturnType<typeof pushServiceStandIn>;
  beforeEach(() => {
    push = pushServiceStandIn();
  });
  afterEach(() => push.restore());

  it("the last leader leaves: the longest-standing member leads, and is told", async () => {
    const [ana, bea, cris] = await signedInMany([{}, {}, {}]);
    const group = await createGroup({
      leaderId: ana.user.id,
      members: [bea.user.id, cris.user.id],
    });
    const device = await push.subscribe(bea.browser);
    expect((await ana.browser.post(`/api/groups/${group.slug}/leave`)).status).toBe(200);
    expect(await roleOf(group.id, bea.user.id)).toBe("leader");
    expect(await roleOf(group.id, cris.user.id)).toBe("member");
    // She is told twice: by her own push, and by the chat's push for the notice posted there
    // (waiting for both also keeps the chat's push from landing after this test's stand-in).
    await eventually(() =>
      expect(
        push
          .to(device)
          .map((p) => [p.title, p.url])
          .sort(),
      ).toEqual([
        [GROUP_MSG.pushNewLeaderTitle, `/app/grupo/${group.slug}`],
        [expect.stringContaining("Charla de"), `/app/grupo/${group.slug}/charla`],
      ]),
    );
    const news = await db()
      .select({ n: sql<number>`count(*)` })
      .from(groupMembers)
      .where(eq(groupMembers.leaderNews, true))
      .get();
    expect(Number(news?.n)).toBe(0);
  });

  it("a leader among others leaves: nobody is named", async () => {
    const [ana, bea, cris] = await signedInMany([{}, {}, {}]);
    const group = await createGroup({
      leaderId: ana.user.id,
      members: [bea.user.id],
      leaders: [cris.user.id],
    });
    await ana.browser.post(`/api/groups/${group.slug}/leave`);
    expect(await roleOf(group.id, bea.user.id)).toBe("member");
    expect(await roleOf(group.id, cris.user.id)).toBe("leader");
  });

  it("the last leader is suspended: the longest-standing member leads", async () => {
    const [ana, bea, cris] = await signedInMany([{}, {}, {}]);
    const group = await createGroup({
      leaderId: ana.user.id,
      members: [bea.user.id, cris.user.id],
    });
    const mod = await moderator();
    const res = await mod.browser.post(`/api/moderation/users/${ana.user.id}/suspend`, {
      reason: "x",
    });
    expect(res.status).toBe(200);
    expect(await roleOf(group.id, ana.user.id)).toBeNull();
    expect(await roleOf(group.id, bea.user.id)).toBe("leader");
  });

  it("the last leader deletes her account: the longest-standing member leads", async () => {
    const [ana, bea, cris] = await signedInMany([{}, {}, {}]);
    const group = await createGroup({
      leaderId: ana.user.id,
      members: [cris.user.id, bea.user.id],
    });
    const device = await push.subscribe(cris.browser);
    expect((await ana.browser.delete("/api/account")).status).toBe(200);
    expect(await roleOf(group.id, cris.user.id)).toBe("leader");
    expect(await roleOf(group.id, bea.user.id)).toBe("member");
    await eventually(() =>
      expect(
        push
          .to(device)
          .map((p) => p.url)
          .sort(),
      ).toEqual([`/app/grupo/${group.slug}`, `/app/grupo/${group.slug}/charla`]),
    );
    expect(push.to(device).map((p) => p.title)).toContain(GROUP_MSG.pushNewLeaderTitle);
  });

  it("a group left empty is archived: not found, its rows kept", async () => {
    const [ana, bea] = await signedInMany([{}, {}]);
    const group = await createGroup({ leaderId: ana.user.id });
    await ana.browser.post(`/api/groups/${group.slug}/leave`);
    const res = await bea.browser.get(`/api/groups/${group.slug}`);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toBe(GROUP_MSG.notFound);
    const row = await db().select().from(groups).where(eq(groups.id, group.id)).get();
    expect(row?.status).toBe("archived");
    expect(row?.archivedAt).toEqual(expect.any(Number));
  });
});

describe("blocking", () => {
  it("a blocked pair never sees each other; neither can accept the other; she may be removed", async () => {
    const [ana, bea, cris, dani] = await signedInMany([{}, {}, {}, {}]);
    const group = await createGroup({
      leaderId: ana.user.id,
      members: [bea.user.id, cris.user.id],
      joinMode: "approval",
    });
    await block(bea.browser, cris.user.id);
    const seenByBea = (
      await json<GroupResponse>(await bea.browser.get(`/api/groups/${group.slug}`))
    ).group;
    expect(seenByBea.members?.map((m) => m.id)).toEqual([ana.user.id, bea.user.id]);
    const seenByCris = (
      await json<GroupResponse>(await cris.browser.get(`/api/groups/${group.slug}`))
    ).group;
    expect(seenByCris.members?.map((m) => m.id)).toEqual([ana.user.id, cris.user.id]);
    // Dani blocked the leader, then asks: the leader does not see her request and cannot accept it.
    await block(dani.browser, ana.user.id);
    await dani.browser.post(`/api/groups/${group.slug}/requests`, {});
    const leaderView = (
      await json<GroupResponse>(await ana.browser.get(`/api/groups/${group.slug}`))
    ).group;
    expect(leaderView.requests).toEqual([]);
    const request = await db()
      .select({ id: groupRequests.id })
      .from(groupRequests)
      .where(eq(groupRequests.userId, dani.user.id))
      .get();
    const accept = await ana.browser.post(
      `/api/groups/${group.slug}/requests/${request!.id}/accept`,
    );
    expect(accept.status).toBe(404);
    expect(await roleOf(group.id, dani.user.id)).toBeNull();
    // The leader blocks a member and removes her.
    await block(ana.browser, cris.user.id);
    expect(
      (await ana.browser.delete(`/api/groups/${group.slug}/members/${cris.user.id}`)).status,
    ).toBe(200);
    expect(await roleOf(group.id, cris.user.id)).toBeNull();
  });
});

describe("reports and moderation", () => {
  it("a rider reports a group; a moderator suspends it: not found, its upcoming rides cancelled, audited", async () => {
    const [ana, bea] = await signedInMany([{}, {}]);
    const group = await createGroup({ leaderId: ana.user.id, members: [bea.user.id] });
    const reported = await bea.browser.post("/api/reports", {
      kind: "group",
      targetId: group.id,
      reason: "offensive",
    });
    expect(reported.status).toBe(201);
    const ride = await createRide({ organizerId: ana.user.id, participants: [bea.user.id] });
    await db().update(rides).set({ groupId: group.id }).where(eq(rides.id, ride.id));
    const mod = await moderator();
    const reportId = (await db()
      .select({ id: reports.id })
      .from(reports)
      .where(eq(reports.targetId, group.id))
      .get())!.id;
    // From the queue: the report it answers is named in the audit.
    const res = await mod.browser.post(`/api/moderation/groups/${group.slug}/suspend`, {
      reason: "spam",
      reportId,
    });
    expect(res.status).toBe(200);
    const page = await bea.browser.get(`/api/groups/${group.slug}`);
    expect(page.status).toBe(404);
    expect((await errorOf(page)).message).toBe(GROUP_MSG.notFound);
    expect((await rideRow(ride.id))?.status).toBe("cancelled");
    expect((await messagesOf(ride.id)).map((m) => m.body)).toEqual([MSG.systemCancelNoticeNeutral]);
    const audit = await db()
      .select({
        action: moderationActions.action,
        reason: moderationActions.reason,
        reportId: moderationActions.reportId,
      })
      .from(moderationActions)
      .where(eq(moderationActions.targetGroupId, group.id))
      .all();
    expect(audit).toEqual([{ action: "suspend_group", reason: "spam", reportId }]);
    const report = await db().select().from(reports).where(eq(reports.targetId, group.id)).get();
    expect(report?.status).toBe("actioned");
    // Its data stays, and a second suspension says so.
    expect(await memberCount(group.id)).toBe(2);
    const again = await mod.browser.post(`/api/moderation/groups/${group.slug}/suspend`, {
      reason: "x",
    });
    expect(again.status).toBe(404);
  });
});
