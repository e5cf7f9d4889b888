// A 'Solo verificadas' group (docs/product.md#grupos): joining, asking to join, an invitation and a
// leader's 'Aceptar' all refuse a rider without the badge, saying how to get it, and write
// nothing; a verified rider and a moderator get in; members already in stay after the switch.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { GroupResponse } from "../../domain/api/groups.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import { groupMembers, groupRequests, groups } from "../../worker/db/schema.ts";
import { db, signedIn, signedInMany } from "./helpers/factories.ts";
import { createGroup, groupBody, memberCount } from "./helpers/groups.ts";
import { json } from "./helpers/http.ts";
import { moderator } from "./helpers/safety.ts";
import { verifiedRidersMany } from "./helpers/verification.ts";

const errorOf = async (res: Response) =>
  (await json(res)).error as { code: string; message: string };

const isMember = async (groupId: string, userId: string) =>
  (await db()
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .get()) !== undefined;

/** Makes the group 'Solo verificadas' as its leader's form would. */
async function switchToVerifiedOnly(groupId: string) {
  await db().update(groups).set({ verifiedOnly: true }).where(eq(groups.id, groupId));
}

describe("a 'Solo verificadas' group", () => {
  it("is made so by its form and says so on its page", async () => {
    const ana = await signedIn();
    const res = await ana.browser.post("/api/groups", groupBody({ verifiedOnly: true }));
    expect(res.status).toBe(201);
    expect((await json<GroupResponse>(res)).group.verifiedOnly).toBe(true);
  });

  it("refuses an unverified rider's join, with or without its invitation, and writes nothing", async () => {
    const [ana, bea] = await signedInMany([{}, {}]);
    const open = await createGroup({ leaderId: ana.user.id });
    const invited = await createGroup({
      leaderId: ana.user.id,
      joinMode: "approval",
      inviteToken: "invitacion-secreta",
    });
    for (const group of [open, invited]) await switchToVerifiedOnly(group.id);

    for (const [group, body] of [
      [open, {}],
      [invited, { invite: "invitacion-secreta" }],
    ] as const) {
      const res = await bea.browser.post(`/api/groups/${group.slug}/join`, body);
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual({
        code: "not_authorized",
        message: GROUP_MSG.verifiedOnly,
      });
      expect(await isMember(group.id, bea.user.id)).toBe(false);
      expect(await memberCount(group.id)).toBe(1);
    }
  });

  it("takes in a verified rider and a moderator", async () => {
    const ana = await signedIn();
    const [vera] = await verifiedRidersMany(1);
    const mod = await moderator();
    const group = await createGroup({ leaderId: ana.user.id });
    await switchToVerifiedOnly(group.id);
    for (const rider of [
      { id: vera!.user.id, browser: vera!.browser },
      { id: mod.id, browser: mod.browser },
    ]) {
      expect((await rider.browser.post(`/api/groups/${group.slug}/join`, {})).status).toBe(200);
      expect(await isMember(group.id, rider.id)).toBe(true);
    }
  });

  it("refuses an unverified rider's request, and keeps the members already in", async () => {
    const [ana, bea, cris] = await signedInMany([{}, {}, {}]);
    const group = await createGroup({
      leaderId: ana.user.id,
      members: [cris.user.id],
      joinMode: "approval",
    });
    await switchToVerifiedOnly(group.id);
    const res = await bea.browser.post(`/api/groups/${group.slug}/requests`, { note: "Hola" });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe(GROUP_MSG.verifiedOnly);
    expect(
      await db().select().from(groupRequests).where(eq(groupRequests.groupId, group.id)).all(),
    ).toEqual([]);
    expect(await isMember(group.id, cris.user.id)).toBe(true);
  });

  it("keeps a leader from accepting an unverified rider's request from before the switch", async () => {
    const [ana, bea] = await signedInMany([{}, {}]);
    const [vera] = await verifiedRidersMany(1);
    const group = await createGroup({ leaderId: ana.user.id, joinMode: "approval" });
    for (const rider of [bea, vera!]) {
      const asked = await rider.browser.post(`/api/groups/${group.slug}/requests`, {});
      expect(asked.status).toBe(201);
    }
    await switchToVerifiedOnly(group.id);
    const pending = await db()
      .select({ id: groupRequests.id, userId: groupRequests.userId })
      .from(groupRequests)
      .where(eq(groupRequests.groupId, group.id))
      .all();
    const requestOf = (userId: string) => pending.find((r) => r.userId === userId)!.id;

    const refused = await ana.browser.post(
      `/api/groups/${group.slug}/requests/${requestOf(bea.user.id)}/accept`,
    );
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(GROUP_MSG.requestNotVerified);
    expect(await isMember(group.id, bea.user.id)).toBe(false);

    const accepted = await ana.browser.post(
      `/api/groups/${group.slug}/requests/${requestOf(vera!.user.id)}/accept`,
    );
    expect(accepted.status).toBe(200);
    expect(await isMember(group.id, vera!.user.id)).toBe(true);
  });
});
