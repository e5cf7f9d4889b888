// 'Tus grupos' (GET /api/groups/mine, docs/product.md#grupos): her groups, each with its next ride
// she may see — a 'Solo el grupo' ride included, as she is a member; a cancelled or past ride, or
// one organised by a rider she blocked, never — read in one statement however many groups.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MyGroupsResponse } from "../../domain/api/groups.ts";
import { createDb } from "../../worker/db/client.ts";
import { rides } from "../../worker/db/schema.ts";
import { myGroups } from "../../worker/groups/reads.ts";
import { countingD1 } from "./helpers/d1-proxy.ts";
import { createRide, db, HOUR, signedInMany } from "./helpers/factories.ts";
import { createGroup } from "./helpers/groups.ts";
import { json } from "./helpers/http.ts";

/** A ride organised by `organizerId`, published in the group. */
async function groupRide(
  groupId: string,
  organizerId: string,
  options: { startsIn: number; groupOnly?: boolean; status?: "published" | "cancelled" },
) {
  const ride = await createRide({ organizerId, ...options });
  await db()
    .update(rides)
    .set({ groupId, groupOnly: options.groupOnly ?? false })
    .where(eq(rides.id, ride.id));
  return ride;
}

describe("GET /api/groups/mine", () => {
  it("gives each of her groups its next ride she may see, 'Solo el grupo' ones included", async () => {
    const [leader, member, blocked, outsider] = await signedInMany([{}, {}, {}, {}]);
    const crew = await createGroup({
      leaderId: leader.user.id,
      members: [member.user.id, blocked.user.id],
    });
    const quiet = await createGroup({ leaderId: leader.user.id, members: [member.user.id] });
    await groupRide(crew.id, leader.user.id, { startsIn: -2 * HOUR });
    await groupRide(crew.id, leader.user.id, { startsIn: 2 * HOUR, status: "cancelled" });
    await groupRide(crew.id, blocked.user.id, { startsIn: 3 * HOUR });
    const soonest = await groupRide(crew.id, leader.user.id, {
      startsIn: 5 * HOUR,
      groupOnly: true,
    });
    await groupRide(crew.id, leader.user.id, { startsIn: 9 * HOUR });
    await env.DB.prepare("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)")
      .bind(member.user.id, blocked.user.id)
      .run();

    const res = await member.browser.get("/api/groups/mine");
    expect(res.status).toBe(200);
    const body = await json<MyGroupsResponse>(res);
    expect(body.groups.map((g) => [g.slug, g.myRole, g.nextRide])).toEqual([
      [
        crew.slug,
        "member",
        {
          id: soonest.id,
          title: soonest.title,
          startTime: expect.any(Number),
          timeZone: "Europe/Madrid",
          groupOnly: true,
        },
      ],
      [quiet.slug, "member", null],
    ]);
    // The blocked rider's ride is the next one for the leader, who blocked nobody.
    const leaders = await json<MyGroupsResponse>(await leader.browser.get("/api/groups/mine"));
    expect(leaders.groups.find((g) => g.id === crew.id)?.nextRide?.groupOnly).toBe(false);
    // Someone in no group has none.
    const none = await json<MyGroupsResponse>(await outsider.browser.get("/api/groups/mine"));
    expect(none.groups).toEqual([]);
  });

  it("reads her groups and their next rides in one statement, however many groups", async () => {
    const [leader, member] = await signedInMany([{}, {}]);
    const statementsFor = async () => {
      const { d1, counter } = countingD1(env.DB);
      const mine = await myGroups(createDb(d1), member.user.id, Date.now());
      return { statements: counter.statements, withRide: mine.filter((g) => g.nextRide).length };
    };
    const first = await createGroup({ leaderId: leader.user.id, members: [member.user.id] });
    await groupRide(first.id, leader.user.id, { startsIn: 4 * HOUR });
    expect(await statementsFor()).toEqual({ statements: 1, withRide: 1 });
    for (let i = 0; i < 3; i++) {
      const group = await createGroup({ leaderId: leader.user.id, members: [member.user.id] });
      await groupRide(group.id, leader.user.id, { startsIn: (5 + i) * HOUR });
    }
    expect(await statementsFor()).toEqual({ statements: 1, withRide: 4 });
  });
});
