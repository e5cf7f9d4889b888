// The signed-in listings read her session in the batch of their page: one D1 round trip, on the
// primary (docs/decisions/0046-one-trip-listings.md). What is checked: the round trips and the
// session each request opens; that the answer is hers, as when her id is bound; and that a
// session that does not hold (none, unknown, expired, suspended, no profile) is refused exactly as
// before, with nothing of the page in the answer.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ChatsResponse } from "../../domain/api/chat.ts";
import type { MyRidesResponse, RideListResponse } from "../../domain/api/rides.ts";
import { D1_BOOKMARK_HEADER } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { NEAR_HEADER } from "../../domain/near.ts";
import { listChats } from "../../worker/chat/unread.ts";
import { createDb } from "../../worker/db/client.ts";
import { sessions, users } from "../../worker/db/schema.ts";
import { listRides } from "../../worker/rides/listing.ts";
import { myRides } from "../../worker/rides/my-rides.ts";
import { SESSION_COOKIE } from "../../worker/sessions/session.ts";
import { hashToken } from "../../worker/sessions/tokens.ts";
import { recordedBrowser, wrapD1AndSessions } from "./helpers/d1-proxy.ts";
import { createRide, createUser, db, HOUR, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { insertMessage } from "./helpers/safety.ts";

const DAY = 24 * HOUR;

/** A rider in a ride with a message she has not read, another ride she could join, in `city`. */
async function herWorld() {
  const ana = await signedIn();
  const bea = await createUser();
  const city = `Viaje${Date.now()}`;
  const hers = await createRide({ organizerId: bea.id, city, participants: [ana.user.id] });
  const open = await createRide({ organizerId: bea.id, city, startsIn: 3 * DAY });
  await insertMessage(hers.id, bea.id, "¿Quedamos a las nueve?");
  return { ana, bea, city, hers, open };
}

const LISTINGS = [
  "/api/rides",
  "/api/rides?q=viaje",
  "/api/rides?m=road&level=chill",
  "/api/my-rides",
  "/api/my-rides?tab=past&page=1",
  "/api/chats",
] as const;

describe("signed-in listings in one D1 round trip", () => {
  it.each(LISTINGS)("%s: her session and the page in one batch, on the primary", async (path) => {
    const { ana } = await herWorld();
    const { browser, trips, opened } = recordedBrowser(ana.browser.cookies);
    const res = await browser.get(path);
    expect(res.status).toBe(200);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatch(/^batch of \d+$/);
    expect(opened).toEqual(["first-primary"]);
    // The primary's bookmark: her app keeps it if it is newer than hers.
    expect(res.headers.get(D1_BOOKMARK_HEADER)).toMatch(/^[0-9a-f-]+$/);
  });

  it("'Cerca de mí' too", async () => {
    const { ana } = await herWorld();
    const { browser, trips } = recordedBrowser(ana.browser.cookies);
    const res = await browser.fetch("/api/rides", { headers: { [NEAR_HEADER]: "40.42,-3.70" } });
    expect(res.status).toBe(200);
    expect(trips).toEqual([expect.stringMatching(/^batch of \d+$/)]);
  });

  it("a HEAD, and every other signed-in read, still checks the session first", async () => {
    const { ana, hers } = await herWorld();
    const { browser, trips, opened } = recordedBrowser(ana.browser.cookies);
    expect((await browser.get(`/api/rides/${hers.id}`)).status).toBe(200);
    expect(opened).toEqual(["first-unconstrained"]);
    expect(trips.length).toBeGreaterThan(1);
    expect((await browser.fetch("/api/rides", { method: "HEAD" })).status).toBe(200);
  });
});

describe("her id, once her session has been read in this isolate", () => {
  /**
   * A D1 binding that records each batch's statement texts (its sessions' batches too): a batch's
   * statements are the last ones prepared before it (worker/db/statements.ts prepares and binds
   * them as it sends them).
   */
  function batchRecordingD1() {
    const batches: string[][] = [];
    const prepared: string[] = [];
    const d1 = wrapD1AndSessions(env.DB, {
      prepare: (prepare) => (text) => {
        prepared.push(text);
        return prepare(text);
      },
      batch: (batch) =>
        ((statements: D1PreparedStatement[]) => {
          batches.push(prepared.slice(-statements.length));
          return batch(statements);
        }) as typeof batch,
    });
    return { d1, batches };
  }

  it.each(LISTINGS)(
    "%s: the next read binds it, beside her session's row, with the same answer",
    async (path) => {
      const { ana } = await herWorld();
      const first = await ana.browser.get(path);
      expect(first.status).toBe(200);
      const { d1, batches } = batchRecordingD1();
      const browser = new Browser({ env: { DB: d1 } });
      browser.cookies = new Map(ana.browser.cookies);
      const next = await browser.get(path);
      expect(next.status).toBe(200);
      expect(await next.json()).toEqual(await first.json());
      expect(batches).toHaveLength(1);
      const [session, ...reads] = batches[0]!;
      expect(session).toMatch(/from "sessions"/);
      for (const text of reads) expect(text).not.toMatch(/"viewer"|from "sessions"/);
    },
  );

  it("every filter at once, nearest first: within D1's 100 values a statement, her id bound", async () => {
    const { ana, city } = await herWorld();
    const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
    const path = `/api/rides?q=viaje&city=${city}&m=road,gravel,btt&level=chill,intermedio,cañero&from=${day(0)}&to=${day(30)}&page=1`;
    const near = { headers: { [NEAR_HEADER]: "40.42,-3.70" } };
    expect((await ana.browser.fetch(path, near)).status).toBe(200);
    const { d1, batches } = batchRecordingD1();
    const browser = new Browser({ env: { DB: d1 } });
    browser.cookies = new Map(ana.browser.cookies);
    expect((await browser.fetch(path, near)).status).toBe(200);
    expect(batches[0]!.slice(1).join("\n")).not.toMatch(/"viewer"/);
  });

  it("a session ended since: 401 with nothing of the page, and the next read looks her up again", async () => {
    const { ana } = await herWorld();
    expect((await ana.browser.get("/api/rides")).status).toBe(200);
    const sessionId = hashToken(ana.browser.cookies.get(SESSION_COOKIE)!);
    const row = await db().select().from(sessions).where(eq(sessions.id, sessionId)).get();
    await db().delete(sessions).where(eq(sessions.id, sessionId));
    const cookies = new Map(ana.browser.cookies);
    const refused = await ana.browser.get("/api/rides");
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toMatch(/"rides"/);

    // The same token made valid again: read through her session's CTE, as a first read is.
    await db().insert(sessions).values(row!);
    const { d1, batches } = batchRecordingD1();
    const browser = new Browser({ env: { DB: d1 } });
    browser.cookies = cookies;
    expect((await browser.get("/api/rides")).status).toBe(200);
    expect(batches[0]!.slice(1).join("\n")).toMatch(/^with "viewer"\("id"\) as \(/);
  });

  it("a session row that now names another rider: the answer is that rider's, read again", async () => {
    const { ana, hers, city } = await herWorld();
    const cris = await signedIn();
    expect((await ana.browser.get(`/api/rides?city=${city}`)).status).toBe(200);
    const sessionId = hashToken(ana.browser.cookies.get(SESSION_COOKIE)!);
    await db().update(sessions).set({ userId: cris.user.id }).where(eq(sessions.id, sessionId));
    const { browser, trips } = recordedBrowser(ana.browser.cookies);
    const feed = await json<RideListResponse>(await browser.get(`/api/rides?city=${city}`));
    // Ana is in her ride, Cris is not: the page is Cris's, as her session now says.
    expect(feed.rides.find((r) => r.id === hers.id)?.viewer.joined).toBe(false);
    expect(trips).toEqual([expect.stringMatching(/^batch of/), expect.stringMatching(/^batch of/)]);
  });
});

describe("the page read with her session is hers", () => {
  it("each rider gets her own answer, the same as with her id bound", async () => {
    const { ana, city, hers, open } = await herWorld();
    const cris = await signedIn();
    const now = Date.now();
    const filters = {
      city,
      modalities: [],
      levels: [],
      page: 0,
    } as Parameters<typeof listRides>[1];

    const anaFeed = await json<RideListResponse>(await ana.browser.get(`/api/rides?city=${city}`));
    const crisFeed = await json<RideListResponse>(
      await cris.browser.get(`/api/rides?city=${city}`),
    );
    const joined = (feed: RideListResponse) =>
      Object.fromEntries(feed.rides.map((r) => [r.id, r.viewer.joined]));
    expect(joined(anaFeed)).toEqual({ [hers.id]: true, [open.id]: false });
    expect(joined(crisFeed)).toEqual({ [hers.id]: false, [open.id]: false });
    const bound = await listRides(db(), filters, ana.user.id, now);
    expect(anaFeed.rides.map((r) => [r.id, r.viewer])).toEqual(
      bound.rides.map((r) => [r.id, r.viewer]),
    );

    const anaMine = await json<MyRidesResponse>(await ana.browser.get("/api/my-rides"));
    expect(anaMine.rides.map((r) => r.id)).toEqual([hers.id]);
    const boundMine = await myRides(db(), ana.user.id, "upcoming", 0, now);
    expect(anaMine.counts).toEqual(boundMine.counts);
    expect((await json<MyRidesResponse>(await cris.browser.get("/api/my-rides"))).rides).toEqual(
      [],
    );

    const anaChats = await json<ChatsResponse>(await ana.browser.get("/api/chats"));
    expect(anaChats.chats.map((c) => [c.rideId, c.unread])).toEqual([[hers.id, 1]]);
    expect(anaChats).toEqual(await listChats(db(), ana.user.id, now));
    expect((await json<ChatsResponse>(await cris.browser.get("/api/chats"))).chats).toEqual([]);
  });
});

/** A D1 binding that adds up the rows its batches (and its sessions' batches) read. */
function rowsCountingD1() {
  const counted = { rows: 0 };
  const d1 = wrapD1AndSessions(env.DB, {
    batch: (batch) =>
      (async (statements: D1PreparedStatement[]) => {
        const results = await batch(statements);
        for (const result of results) counted.rows += result.meta.rows_read;
        return results;
      }) as typeof batch,
  });
  return { d1, counted };
}

describe("her id read from her session costs a lookup, not a walk", () => {
  /** Rows read by her three listings with her id bound, and by their one-trip reads. */
  async function rowsOf(rider: { user: { id: string }; browser: Browser }, city: string) {
    const now = Date.now();
    const filters = { city, modalities: [], levels: [], page: 0 } as Parameters<
      typeof listRides
    >[1];
    const bound = {
      feed: (d1: D1Database) => listRides(createDb(d1), filters, rider.user.id, now),
      mine: (d1: D1Database) => myRides(createDb(d1), rider.user.id, "upcoming", 0, now),
      chats: (d1: D1Database) => listChats(createDb(d1), rider.user.id, now),
    };
    const paths = { feed: `/api/rides?city=${city}`, mine: "/api/my-rides", chats: "/api/chats" };
    const extra: Record<string, number> = {};
    for (const name of ["feed", "mine", "chats"] as const) {
      const byId = rowsCountingD1();
      await bound[name](byId.d1);
      const bySession = rowsCountingD1();
      const browser = new Browser({ env: { DB: bySession.d1 } });
      browser.cookies = new Map(rider.browser.cookies);
      expect((await browser.get(paths[name])).status).toBe(200);
      extra[name] = bySession.counted.rows - byId.counted.rows;
    }
    return extra;
  }

  it("each listing reads the same few rows more than with her id bound, for a page of 1 or of 10", async () => {
    const { ana, bea, city: smallCity } = await herWorld();
    const cris = await signedIn();
    const bigCity = `Grande${Date.now()}`;
    for (let i = 0; i < 12; i++) {
      const ride = await createRide({
        organizerId: bea.id,
        city: bigCity,
        participants: [cris.user.id],
      });
      await insertMessage(ride.id, bea.id, `Salida ${i}`);
    }
    for (let i = 0; i < 40; i++) await createRide({ organizerId: bea.id, city: bigCity });
    const small = await rowsOf(ana, smallCity);
    const big = await rowsOf(cris, bigCity);
    // Her session, her user and her profile, and her id once for each place a statement uses it.
    expect(big).toEqual(small);
    for (const rows of Object.values(small)) {
      expect(rows).toBeGreaterThanOrEqual(3);
      expect(rows).toBeLessThanOrEqual(12);
    }
  });
});

describe("a session that does not hold is refused, with nothing of the page", () => {
  /** Her cookie's session row. */
  const sessionIdOf = (browser: Browser) => hashToken(browser.cookies.get(SESSION_COOKIE)!);

  /**
   * The answer to each listing, each sent with the cookie she started with (a refusal clears it),
   * and that it carries no ride, chat or count.
   */
  async function refusals(browser: Browser) {
    const cookies = new Map(browser.cookies);
    const answers = [];
    for (const path of LISTINGS) {
      browser.cookies = new Map(cookies);
      const res = await browser.get(path);
      const body = await res.text();
      expect(body).not.toMatch(/"rides"|"chats"|"counts"/);
      answers.push({
        status: res.status,
        body: JSON.parse(body),
        cookie: res.headers.get("Set-Cookie"),
      });
    }
    return answers;
  }

  it("no cookie, or a token no session has: 401, the cookie cleared", async () => {
    await herWorld();
    for (const answer of await refusals(new Browser())) {
      expect(answer.status).toBe(401);
      expect(answer.body.error.message).toBe(MSG.unauthenticated);
    }
    const forged = new Browser();
    forged.cookies.set(SESSION_COOKIE, "x".repeat(43));
    for (const answer of await refusals(forged)) {
      expect(answer.status).toBe(401);
      expect(answer.cookie).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`, "i"));
    }
  });

  it("an expired session: 401, its row deleted", async () => {
    const { ana } = await herWorld();
    const sessionId = sessionIdOf(ana.browser);
    await db()
      .update(sessions)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(sessions.id, sessionId));
    for (const answer of await refusals(ana.browser)) {
      expect(answer.status).toBe(401);
      expect(answer.cookie).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`, "i"));
    }
    expect(
      await db().select().from(sessions).where(eq(sessions.id, sessionId)).get(),
    ).toBeUndefined();
  });

  it("a suspended rider whose session row escaped the suspension: 401, the row deleted", async () => {
    const { ana } = await herWorld();
    await db().update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, ana.user.id));
    const sessionId = sessionIdOf(ana.browser);
    for (const answer of await refusals(ana.browser)) expect(answer.status).toBe(401);
    expect(
      await db().select().from(sessions).where(eq(sessions.id, sessionId)).get(),
    ).toBeUndefined();
  });

  it("signed in without a profile: the profile is asked for", async () => {
    const rider = await signedIn({ username: null });
    for (const answer of await refusals(rider.browser)) {
      expect(answer.status).toBe(403);
      expect(answer.body.error.message).toBe(MSG.profileRequired);
    }
  });

  it("a session in its last 15 days is renewed by a listing, cookie included", async () => {
    const { ana } = await herWorld();
    const sessionId = sessionIdOf(ana.browser);
    await db()
      .update(sessions)
      .set({ expiresAt: Date.now() + 10 * DAY })
      .where(eq(sessions.id, sessionId));
    const res = await ana.browser.get("/api/my-rides");
    expect(res.status).toBe(200);
    const row = await db().select().from(sessions).where(eq(sessions.id, sessionId)).get();
    expect(row!.expiresAt).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(res.headers.get("Set-Cookie")).toContain(`${SESSION_COOKIE}=`);
  });
});
