// 'Grupos', a group's page and its rides read her session in the batch of their page, as the
// ride listings do (docs/decisions/0046-one-trip-listings.md): one D1 round trip on the primary,
// the answer hers (the same as with her id bound: a 'Solo el grupo' ride for a member only), and
// a session that does not hold refused before anything of the group is told — even whether it
// exists.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type {
  GroupListResponse,
  GroupResponse,
  GroupRidesResponse,
} from "../../domain/api/groups.ts";
import type { RideDetail } from "../../domain/api/rides.ts";
import { D1_BOOKMARK_HEADER } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { sessions, users } from "../../worker/db/schema.ts";
import { groupPageBySlug } from "../../worker/groups/reads.ts";
import { groupRidesBySlug } from "../../worker/groups/ride-list.ts";
import { searchGroups } from "../../worker/groups/search.ts";
import { SESSION_COOKIE } from "../../worker/sessions/session.ts";
import { hashToken } from "../../worker/sessions/tokens.ts";
import { uniqueGroupName } from "../support/distinct-names.ts";
import { recordedBrowser } from "./helpers/d1-proxy.ts";
import { db, signedIn, signedInMany } from "./helpers/factories.ts";
import { createGroup } from "./helpers/groups.ts";
import { Browser, json } from "./helpers/http.ts";
import { rideBody } from "./helpers/rides.ts";

/** A group with a leader and a member, a 'Solo el grupo' ride in it, and a rider outside it. */
async function groupWorld() {
  const [leader, member, outsider] = await signedInMany([{}, {}, {}]);
  const group = await createGroup({
    leaderId: leader.user.id,
    members: [member.user.id],
    name: uniqueGroupName(),
  });
  const res = await leader.browser.post(
    "/api/rides",
    rideBody({ groupId: group.id, groupOnly: true }),
  );
  expect(res.status).toBe(201);
  const ride = (await json<{ ride: RideDetail }>(res)).ride;
  return { leader, member, outsider, group, ride };
}

const readsOf = (slug: string) => [
  `/api/groups/${slug}`,
  `/api/groups/${slug}/rides`,
  "/api/groups?city=Madrid&m=road",
  "/api/groups?q=grupeta&page=1",
];

describe("the group reads in one D1 round trip", () => {
  it("her session and the page in one batch, on the primary, for each", async () => {
    const { member, group } = await groupWorld();
    for (const path of readsOf(group.slug)) {
      const { browser, trips, opened } = recordedBrowser(member.browser.cookies);
      const res = await browser.get(path);
      expect(res.status, path).toBe(200);
      expect(trips, path).toEqual([expect.stringMatching(/^batch of \d+$/)]);
      expect(opened, path).toEqual(["first-primary"]);
      expect(res.headers.get(D1_BOOKMARK_HEADER)).toMatch(/^[0-9a-f-]+$/);
    }
  });

  it("'Tus grupos' and the group's chat still check the session first", async () => {
    const { member, group } = await groupWorld();
    const { browser, trips, opened } = recordedBrowser(member.browser.cookies);
    expect((await browser.get("/api/groups/mine")).status).toBe(200);
    expect(opened).toEqual(["first-unconstrained"]);
    expect(trips.length).toBeGreaterThan(1);
    const history = await browser.get(`/api/groups/${group.slug}/chat/messages`);
    expect(history.status).toBe(200);
  });
});

describe("what a group read with her session answers is hers", () => {
  it("the same as with her id bound: the member sees the group's own ride, the outsider not", async () => {
    const { member, outsider, group, ride } = await groupWorld();
    const now = Date.now();
    for (const rider of [member, outsider]) {
      const page = await json<GroupResponse>(await rider.browser.get(`/api/groups/${group.slug}`));
      const bound = await groupPageBySlug(db(), group.slug, rider.user.id, now);
      expect(page.group).toEqual(JSON.parse(JSON.stringify(bound)));
      const rides = await json<GroupRidesResponse>(
        await rider.browser.get(`/api/groups/${group.slug}/rides`),
      );
      const boundRides = await groupRidesBySlug(db(), group.slug, rider.user.id, now);
      expect(rides.rides.map((r) => [r.id, r.viewer])).toEqual(
        boundRides!.map((r) => [r.id, r.viewer]),
      );
      const found = await json<GroupListResponse>(
        await rider.browser.get(`/api/groups?q=${encodeURIComponent(group.name)}`),
      );
      const boundFound = await searchGroups(db(), rider.user.id, { q: group.name, page: 0 });
      expect(found.groups).toEqual(boundFound.groups);
    }
    const seen = async (rider: typeof member) =>
      (
        await json<GroupRidesResponse>(await rider.browser.get(`/api/groups/${group.slug}/rides`))
      ).rides.map((r) => r.id);
    expect(await seen(member)).toEqual([ride.id]);
    expect(await seen(outsider)).toEqual([]);
    const myRole = async (rider: typeof member) =>
      (await json<GroupResponse>(await rider.browser.get(`/api/groups/${group.slug}`))).group
        .myRole;
    expect(await myRole(member)).toBe("member");
    expect(await myRole(outsider)).toBeNull();
  });
});

describe("a session that does not hold is refused before the group is told", () => {
  /** Each read of a real group and of one that does not exist, with the cookie she started with. */
  async function refusals(browser: Browser, slug: string) {
    const cookies = new Map(browser.cookies);
    const answers = [];
    for (const path of [...readsOf(slug), ...readsOf("no-existe-este-grupo")]) {
      browser.cookies = new Map(cookies);
      const res = await browser.get(path);
      const body = await res.text();
      expect(body, path).not.toMatch(/"group"|"groups"|"rides"/);
      answers.push({ status: res.status, body: JSON.parse(body) });
    }
    return answers;
  }

  it("no cookie or an unknown token: 401 for every read, a group that exists or not", async () => {
    const { group } = await groupWorld();
    const forged = new Browser();
    forged.cookies.set(SESSION_COOKIE, "x".repeat(43));
    for (const browser of [new Browser(), forged]) {
      for (const answer of await refusals(browser, group.slug)) {
        expect(answer.status).toBe(401);
        expect(answer.body.error.message).toBe(MSG.unauthenticated);
      }
    }
  });

  it("an expired session or a suspended rider: 401, the session row deleted", async () => {
    const { member, leader, group } = await groupWorld();
    const expired = hashToken(member.browser.cookies.get(SESSION_COOKIE)!);
    await db()
      .update(sessions)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(sessions.id, expired));
    for (const answer of await refusals(member.browser, group.slug))
      expect(answer.status).toBe(401);
    await db().update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, leader.user.id));
    for (const answer of await refusals(leader.browser, group.slug))
      expect(answer.status).toBe(401);
    for (const rider of [member, leader]) {
      const id = hashToken(rider.browser.cookies.get(SESSION_COOKIE)!);
      expect(await db().select().from(sessions).where(eq(sessions.id, id)).get()).toBeUndefined();
    }
  });

  it("signed in without a profile: the profile is asked for", async () => {
    const { group } = await groupWorld();
    const rider = await signedIn({ username: null });
    for (const answer of await refusals(rider.browser, group.slug)) {
      expect(answer.status).toBe(403);
      expect(answer.body.error.message).toBe(MSG.profileRequired);
    }
  });
});
