// A group's member count is a column kept by triggers on group_members (migration 0032), which
// 'Grupos' sorts by through an index: it must equal the rows however they come and go — the
// create form, joins side by side, an accepted request, an invitation link, leaving, a leader's
// removal, a rider's suspension and an account's deletion.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { GroupListResponse, GroupResponse } from "../../domain/api/groups.ts";
import { groupMembers, groups } from "../../worker/db/schema.ts";
import { db, signedInMany } from "./helpers/factories.ts";
import { groupBody } from "./helpers/groups.ts";
import { json } from "./helpers/http.ts";
import { moderator } from "./helpers/safety.ts";

/** The stored count and the rows it stands for. */
async function counts(groupId: string) {
  const row = await db()
    .select({
      stored: groups.memberCount,
      rows: sql<number>`(select count(*) from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`,
    })
    .from(groups)
    .where(eq(groups.id, groupId))
    .get();
  return { stored: row?.stored, rows: Number(row?.rows) };
}

describe("a group's member count", () => {
  it("follows every way in and out of the group", async () => {
    const riders = await signedInMany(Array.from({ length: 9 }, () => ({})));
    const [ana, bea, cris, dora, eva, fina, gala, ...others] = riders;
    const body = groupBody({ city: "Zamora" });
    const { group } = await json<GroupResponse>(await ana!.browser.post("/api/groups", body));
    const path = `/api/groups/${group.slug}`;
    expect(await counts(group.id)).toEqual({ stored: 1, rows: 1 });

    // Six join side by side.
    const joins = [bea, cris, dora, eva, ...others].map((r) => r!.browser.post(`${path}/join`));
    expect((await Promise.all(joins)).map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(await counts(group.id)).toEqual({ stored: 7, rows: 7 });

    // 'Con aprobación' now: an accepted request, and a join by invitation.
    expect((await ana!.browser.put(path, { ...body, joinMode: "approval" })).status).toBe(200);
    await fina!.browser.post(`${path}/requests`, {});
    const { group: seen } = await json<GroupResponse>(await ana!.browser.get(path));
    await ana!.browser.post(`${path}/requests/${seen.requests![0]!.id}/accept`);
    const invited = await json<GroupResponse>(await ana!.browser.post(`${path}/invite`));
    await gala!.browser.post(`${path}/join`, { invite: invited.group.inviteToken });
    expect(await counts(group.id)).toEqual({ stored: 9, rows: 9 });

    // Out: she leaves, a leader removes one, a moderator suspends one, one deletes her account.
    expect((await bea!.browser.post(`${path}/leave`)).status).toBe(200);
    expect((await ana!.browser.delete(`${path}/members/${cris!.user.id}`)).status).toBe(200);
    const mod = await moderator();
    await mod.browser.post(`/api/moderation/users/${dora!.user.id}/suspend`, { reason: "x" });
    expect((await eva!.browser.delete("/api/account")).status).toBe(200);
    expect(await counts(group.id)).toEqual({ stored: 5, rows: 5 });

    // What the search and the page show is that count.
    const { group: page } = await json<GroupResponse>(await ana!.browser.get(path));
    expect(page.memberCount).toBe(5);
    const found = await json<GroupListResponse>(await ana!.browser.get("/api/groups?city=Zamora"));
    expect(found.groups.find((g) => g.id === group.id)?.memberCount).toBe(5);
  });

  it("orders 'Grupos' in a city by size, the larger first", async () => {
    const riders = await signedInMany(Array.from({ length: 6 }, () => ({})));
    const [ana, bea, ...joiners] = riders;
    const city = "Soria";
    const small = await json<GroupResponse>(
      await ana!.browser.post("/api/groups", groupBody({ city })),
    );
    const large = await json<GroupResponse>(
      await bea!.browser.post("/api/groups", groupBody({ city })),
    );
    for (const rider of joiners) await rider.browser.post(`/api/groups/${large.group.slug}/join`);
    const listed = await json<GroupListResponse>(
      await ana!.browser.get(`/api/groups?city=${city}`),
    );
    const ours = listed.groups.filter((g) => [small.group.id, large.group.id].includes(g.id));
    expect(ours.map((g) => [g.id, g.memberCount])).toEqual([
      [large.group.id, 5],
      [small.group.id, 1],
    ]);
  });
});
