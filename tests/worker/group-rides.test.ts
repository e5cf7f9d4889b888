// Rides in a group (docs/product.md#grupos): 'Publicar en' a group she may publish in, 'Solo el
// grupo' rides absent for everyone outside the group from every answer and push, joinable only by
// members, and left with the usual notice when she leaves the group.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GroupListResponse, GroupRidesResponse } from "../../domain/api/groups.ts";
import type { RideDetail } from "../../domain/api/rides.ts";
import { NEAR_HEADER } from "../../domain/near.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import { createDb } from "../../worker/db/client.ts";
import { groupRequests, groups, rides } from "../../worker/db/schema.ts";
import { groupRidesBySlug } from "../../worker/groups/ride-list.ts";
import { generateId } from "../../worker/sessions/tokens.ts";
import { uniqueGroupName } from "../support/distinct-names.ts";
import { requestsSettled } from "./helpers/background.ts";
import { tripRecordingD1 } from "./helpers/d1-proxy.ts";
import { db, HOUR, signedInMany } from "./helpers/factories.ts";
import { createGroup } from "./helpers/groups.ts";
import { Browser, json } from "./helpers/http.ts";
import { eventually, pushServiceStandIn } from "./helpers/push-service.ts";
import { participantIds, rideBody } from "./helpers/rides.ts";

const PIN = { lat: 40.4321, lon: -3.6987 };

let push: ReturnType<typeof pushServiceStandIn>;
beforeEach(() => {
  push = pushServiceStandIn();
});
afterEach(() => push.restore());

async function groupWithRide(groupOnly: boolean) {
  const [leader, member, outsider] = await signedInMany([{}, {}, {}]);
  const group = await createGroup({
    leaderId: leader.user.id,
    members: [member.user.id],
    name: uniqueGroupName(),
  });
  const devices = {
    member: await push.subscribe(member.browser),
    outsider: await push.subscribe(outsider.browser),
  };
  const title = `Grupal ${crypto.randomUUID().slice(0, 8)}`;
  const res = await leader.browser.post(
    "/api/rides",
    rideBody({ title, meetingPin: PIN, groupId: group.id, groupOnly }),
  );
  expect(res.status).toBe(201);
  const ride = (await json<{ ride: RideDetail }>(res)).ride;
  return { leader, member, outsider, group, ride, title, devices };
}

describe("'Solo el grupo'", () => {
  it("is absent for a non-member from every listing, search, near, detail, calendar, share page and push", async () => {
    const { leader, member, outsider, group, ride, title, devices } = await groupWithRide(true);
    const q = encodeURIComponent(title);
    const feed = await outsider.browser.post("/api/calendar/feed");
    const feedPath = new URL((await json<{ url: string }>(feed)).url).pathname;
    const answers: [string, Response][] = [
      ["feed", await outsider.browser.get("/api/rides?city=Madrid")],
      ["search", await outsider.browser.get(`/api/rides?q=${q}`)],
      [
        "near me",
        await outsider.browser.fetch(`/api/rides?q=${q}`, {
          headers: { [NEAR_HEADER]: "40.43,-3.7" },
        }),
      ],
      ["detail", await outsider.browser.get(`/api/rides/${ride.id}`)],
      ["calendar", await outsider.browser.get(`/api/rides/${ride.id}/calendar.ics`)],
      ["calendar feed", await outsider.browser.get(feedPath)],
      ["my rides", await outsider.browser.get("/api/my-rides")],
      ["chats", await outsider.browser.get("/api/chats")],
      ["leader's profile", await outsider.browser.get(`/api/users/${leader.user.username}`)],
      ["group page", await outsider.browser.get(`/api/groups/${group.slug}`)],
      ["group rides", await outsider.browser.get(`/api/groups/${group.slug}/rides`)],
      ["share page", await new Browser().get(`/salida/${ride.id}`)],
      ["share page signed in", await outsider.browser.get(`/salida/${ride.id}`)],
      ["share image", await new Browser().get(`/salida/${ride.id}/imagen.png`)],
      ["join", await outsider.browser.post(`/api/rides/${ride.id}/join`)],
      ["waiting list", await outsider.browser.post(`/api/rides/${ride.id}/waiting-list`)],
    ];
    // The group's page and her profile name the leader; nothing else names anyone.
    const named = ["leader's profile", "group page"];
    for (const [where, res] of answers) {
      const text = await res.text();
      expect(text, where).not.toContain(title);
      if (!named.includes(where)) expect(text, where).not.toContain(leader.user.username!);
    }
    // Its detail and join answer as for a ride that does not exist.
    expect(answers.find(([w]) => w === "detail")![1].status).toBe(404);
    expect(answers.find(([w]) => w === "join")![1].status).toBe(404);
    // The share page says only that it is a group's ride.
    const share = await (await new Browser().get(`/salida/${ride.id}`)).text();
    expect(share).toContain(GROUP_MSG.groupRideShare);
    // The member hears of it; the outsider never does.
    await eventually(() =>
      expect(push.to(devices.member).map((p) => p.title)).toEqual([
        GROUP_MSG.pushNewRideTitle(group.name),
      ]),
    );
    await requestsSettled();
    expect(push.to(devices.outsider)).toEqual([]);
    // The member finds it, and joins it.
    const found = await member.browser.get(`/api/rides?q=${q}`);
    expect((await json<{ rides: { id: string }[] }>(found)).rides.map((r) => r.id)).toEqual([
      ride.id,
    ]);
    expect((await member.browser.post(`/api/rides/${ride.id}/join`)).status).toBe(200);
  });

  it("a member who leaves the group leaves its 'Solo el grupo' rides, with the usual notice", async () => {
    const { leader, member, ride } = await groupWithRide(true);
    const other = await groupWithRide(false);
    expect((await member.browser.post(`/api/rides/${ride.id}/join`)).status).toBe(200);
    expect((await member.browser.post(`/api/rides/${other.ride.id}/join`)).status).toBe(200);
    const slug = (await json(await member.browser.get("/api/groups/mine"))).groups[0].slug;
    expect((await member.browser.post(`/api/groups/${slug}/leave`)).status).toBe(200);
    expect(await participantIds(ride.id)).toEqual([leader.user.id]);
    // An 'Abierta' group ride of another group she stays in.
    expect(await participantIds(other.ride.id)).toContain(member.user.id);
  });
});

describe("'Publicar en'", () => {
  it("an 'Abierta' group ride is listed to everyone", async () => {
    const { outsider, ride, title } = await groupWithRide(false);
    const found = await outsider.browser.get(`/api/rides?q=${encodeURIComponent(title)}`);
    expect((await json<{ rides: { id: string }[] }>(found)).rides.map((r) => r.id)).toEqual([
      ride.id,
    ]);
    expect((await outsider.browser.post(`/api/rides/${ride.id}/join`)).status).toBe(200);
  });

  it("a group ride names its group on its card and page; 'Solo el grupo' says so", async () => {
    const open = await groupWithRide(false);
    const found = await open.outsider.browser.get(`/api/rides?q=${encodeURIComponent(open.title)}`);
    const [card] = (await json<{ rides: RideDetail[] }>(found)).rides;
    const named = { slug: open.group.slug, name: open.group.name, only: false };
    expect(card?.group).toEqual(named);
    const page = await json<{ ride: RideDetail }>(
      await open.outsider.browser.get(`/api/rides/${open.ride.id}`),
    );
    expect(page.ride.group).toEqual(named);

    const only = await groupWithRide(true);
    const seen = await json<{ ride: RideDetail }>(
      await only.member.browser.get(`/api/rides/${only.ride.id}`),
    );
    expect(seen.ride.group).toEqual({ slug: only.group.slug, name: only.group.name, only: true });
    // Her own ride names none.
    const own = await open.outsider.browser.post("/api/rides", rideBody());
    expect((await json<{ ride: RideDetail }>(own)).ride.group).toBeNull();
  });

  it("her groups say whether members may publish in them", async () => {
    const [leader, member] = await signedInMany([{}, {}]);
    const group = await createGroup({ leaderId: leader.user.id, members: [member.user.id] });
    const list = async (who: typeof leader) =>
      (await json<GroupListResponse>(await who.browser.get("/api/groups/mine"))).groups;
    expect((await list(member)).map((g) => [g.slug, g.myRole, g.membersMayPublish])).toEqual([
      [group.slug, "member", false],
    ]);
    await db().update(groups).set({ membersMayPublish: true }).where(eq(groups.id, group.id));
    expect((await list(member)).map((g) => g.membersMayPublish)).toEqual([true]);
  });

  it("only in a group she leads, or whose members may publish; nothing written otherwise", async () => {
    const [leader, member] = await signedInMany([{}, {}]);
    const group = await createGroup({ leaderId: leader.user.id, members: [member.user.id] });
    const title = `No publicada ${crypto.randomUUID().slice(0, 8)}`;
    const res = await member.browser.post(
      "/api/rides",
      rideBody({ title, groupId: group.id, groupOnly: true }),
    );
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(GROUP_MSG.cannotPublish);
    const mine = await json(await member.browser.get("/api/my-rides"));
    expect(JSON.stringify(mine)).not.toContain(title);
  });
});

describe("the group's next open rides (GET /api/groups/:slug/rides)", () => {
  async function groupWithRides() {
    const [leader, member, requester, outsider, blocker] = await signedInMany([{}, {}, {}, {}, {}]);
    const group = await createGroup({
      leaderId: leader.user.id,
      members: [member.user.id],
      joinMode: "approval",
    });
    await db()
      .insert(groupRequests)
      .values({ id: generateId(), groupId: group.id, userId: requester.user.id, note: null });
    const post = async (title: string, groupOnly: boolean, startsIn: number) => {
      const res = await leader.browser.post(
        "/api/rides",
        rideBody({ title, groupId: group.id, groupOnly }, startsIn),
      );
      return (await json<{ ride: RideDetail }>(res)).ride.id;
    };
    const open = await post("Abierta del grupo", false, 72 * HOUR);
    const only = await post("Solo del grupo", true, 48 * HOUR);
    const cancelled = await post("Cancelada del grupo", false, 24 * HOUR);
    await db().update(rides).set({ status: "cancelled" }).where(eq(rides.id, cancelled));
    // Her own ride is in no group.
    await leader.browser.post("/api/rides", rideBody({ title: "Suya" }));
    expect((await blocker.browser.post("/api/blocks", { userId: leader.user.id })).status).toBe(
      200,
    );
    return { leader, member, requester, outsider, blocker, group, open, only };
  }

  const titles = async (browser: Browser, slug: string) => {
    const res = await browser.get(`/api/groups/${slug}/rides`);
    expect(res.status).toBe(200);
    return (await json<GroupRidesResponse>(res)).rides.map((r) => r.title);
  };

  it("members see its 'Solo el grupo' rides too; anyone else only the 'Abierta' ones", async () => {
    const w = await groupWithRides();
    // Soonest first; the cancelled one and her own ride are not listed.
    expect(await titles(w.leader.browser, w.group.slug)).toEqual([
      "Solo del grupo",
      "Abierta del grupo",
    ]);
    expect(await titles(w.member.browser, w.group.slug)).toEqual([
      "Solo del grupo",
      "Abierta del grupo",
    ]);
    expect(await titles(w.outsider.browser, w.group.slug)).toEqual(["Abierta del grupo"]);
    expect(await titles(w.requester.browser, w.group.slug)).toEqual(["Abierta del grupo"]);
    // A rider who blocked its organizer sees none of hers, as everywhere.
    expect(await titles(w.blocker.browser, w.group.slug)).toEqual([]);
  });

  it("answers each card as the feed does, for her", async () => {
    const w = await groupWithRides();
    const res = await w.member.browser.get(`/api/groups/${w.group.slug}/rides`);
    const [only] = (await json<GroupRidesResponse>(res)).rides;
    const detail = await json<{ ride: RideDetail }>(
      await w.member.browser.get(`/api/rides/${w.only}`),
    );
    const {
      participants: _p,
      routeFileName: _r,
      waitingList: _w,
      requests: _q,
      ...card
    } = detail.ride;
    expect(only).toEqual(card);
    expect(only?.group).toEqual({ slug: w.group.slug, name: w.group.name, only: true });
  });

  it("costs one round trip, the group found by its address in it, whatever the number of rides", async () => {
    const w = await groupWithRides();
    const trips: string[] = [];
    const d1 = tripRecordingD1(env.DB, trips);
    const list = await groupRidesBySlug(createDb(d1), w.group.slug, w.member.user.id, Date.now());
    expect(list?.map((r) => r.id)).toEqual([w.only, w.open]);
    expect(trips).toEqual(["batch of 2"]);
  });

  it("an unknown or archived group answers 'No encontramos este grupo'", async () => {
    const w = await groupWithRides();
    await db().update(groups).set({ status: "archived" }).where(eq(groups.id, w.group.id));
    for (const slug of [w.group.slug, "no-existe"]) {
      const res = await w.member.browser.get(`/api/groups/${slug}/rides`);
      expect(res.status).toBe(404);
      expect((await json(res)).error.message).toBe(GROUP_MSG.notFound);
    }
  });
});
