// Statements written once per shape (worker/db/statements.ts): the feed's statement is written
// once per combination of filters and bound to each request's values, on that request's database.
// The cache lives in the isolate, which the worker test files share, so other files' listings go
// through the same statements too.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupChatListQuery } from "../../worker/chat/group-unread.ts";
import { chatListQuery, listChats } from "../../worker/chat/unread.ts";
import { createDb } from "../../worker/db/client.ts";
import { rowReader } from "../../worker/db/row-reader.ts";
import { blocks, rideMessages, rideRequests, rides, sessions } from "../../worker/db/schema.ts";
import {
  bindable,
  type Preparable,
  StatementCache,
  type ViewerLookup,
  withConstantLimits,
} from "../../worker/db/statements.ts";
import type { Database } from "../../worker/env.ts";
import {
  findRideRow,
  rideDetail,
  rideDetailQueries,
  rideRowQuery,
} from "../../worker/ride-core/read-model.ts";
import {
  type ListFilters,
  listingWithParticipantsQuery,
  listRides,
} from "../../worker/rides/listing.ts";
import { myRides, myRidesCountsQuery, myRidesPageQuery } from "../../worker/rides/my-rides.ts";
import { wrapD1 } from "./helpers/d1-proxy.ts";
import { createRide, createUser, db, HOUR } from "./helpers/factories.ts";
import { runnable } from "./helpers/runnable.ts";

/** A D1 binding that records the text of every statement prepared on it. */
function recordingD1(d1: D1Database) {
  const texts: string[] = [];
  const recorded = wrapD1(d1, {
    prepare: (prepare) => (text) => {
      texts.push(text);
      return prepare(text);
    },
  });
  return { db: createDb(recorded), texts };
}

describe("bindable", () => {
  it("names each value by its path; a field left undefined has no name", () => {
    const { values, shape, slots } = bindable({
      viewer: "ana",
      to: undefined,
      levels: ["chill", "cañero"],
      near: { lat: 40.4, small: { latMin: 40.3 } },
    });
    expect(values).toEqual({
      viewer: "ana",
      "levels.0": "chill",
      "levels.1": "cañero",
      "near.lat": 40.4,
      "near.small.latMin": 40.3,
    });
    expect(shape).toBe("viewer,levels.0,levels.1,near.lat,near.small.latMin");
    expect(slots.levels).toHaveLength(2);
    expect("to" in slots).toBe(false);
  });

  it("keeps a value it is told to write in, and names it with its value in the shape", () => {
    const { values, shape, slots } = bindable({ viewer: "ana", near: { needed: 31 } }, [
      "near.needed",
    ]);
    expect(values).toEqual({ viewer: "ana" });
    expect(shape).toBe("viewer,near.needed=31");
    expect(slots.near.needed).toBe(31);
  });
});

describe("withConstantLimits", () => {
  it("writes a LIMIT's whole number into the text; offsets, placeholders and values stay bound", () => {
    const slot = sql.placeholder("page");
    expect(
      withConstantLimits(
        'select "id" from "rides" where "city" = ? and "x" in (select 1 limit ?) limit ? offset ?',
        ["Madrid", 3, 11, slot],
      ),
    ).toEqual({
      text: 'select "id" from "rides" where "city" = ? and "x" in (select 1 limit 3) limit 11 offset ?',
      params: ["Madrid", slot],
    });
    // A placeholder, a fraction or a string after LIMIT: bound as they were.
    for (const odd of [slot, 2.5, "11", -1]) {
      expect(withConstantLimits("select 1 limit ?", [odd])).toEqual({
        text: "select 1 limit ?",
        params: [odd],
      });
    }
  });

  it("leaves a text whose `?` do not match its values one to one as it is", () => {
    const odd = { text: "select '?' limit ?", params: [11] };
    expect(withConstantLimits(odd.text, odd.params)).toEqual(odd);
  });

  it("is what the feed sends D1: its page size written in, no LIMIT bound", async () => {
    const viewer = await createUser();
    const recorded = recordingD1(env.DB);
    await listRides(recorded.db, { modalities: [], levels: [], page: 2 }, viewer.id, Date.now());
    expect(recorded.texts).toHaveLength(1);
    expect(recorded.texts[0]).toMatch(/limit 11 offset \?/i);
    expect(recorded.texts[0]).not.toMatch(/limit \?/i);
  });
});

describe("StatementCache", () => {
  it("writes a statement once per shape, and runs each call on its own database", async () => {
    const owner = await createUser();
    const first = await createRide({ organizerId: owner.id, title: "Primera" });
    const second = await createRide({ organizerId: owner.id, title: "Segunda" });
    const cache = new StatementCache<{ id: string; city?: string }>(2);
    let written = 0;
    const titleOf = (d: Database, params: { id: string; city?: string }) =>
      cache.all(d, params, (template, slots) => {
        written++;
        const byId = eq(rides.id, slots.id);
        return template
          .select({ title: rides.title })
          .from(rides)
          .where(slots.city === undefined ? byId : eq(rides.city, slots.city));
      });

    const firstRun = recordingD1(env.DB);
    expect(await titleOf(firstRun.db, { id: first.id })).toEqual([{ title: "Primera" }]);
    const other = recordingD1(env.DB);
    expect(await titleOf(other.db, { id: second.id })).toEqual([{ title: "Segunda" }]);
    expect(written).toBe(1);
    // Each call ran on the database it was given (a request's D1 session), one statement each.
    expect(firstRun.texts).toHaveLength(1);
    expect(other.texts).toEqual(firstRun.texts);

    // Another shape, then a third: the oldest is written again when it comes back.
    await titleOf(db(), { id: first.id, city: "Madrid" });
    expect(cache.size).toBe(2);
    expect(written).toBe(2);
    await titleOf(db(), { id: "x", city: "Madrid" });
    expect(written).toBe(2);
  });
});

describe("a read for her, found by her session in the same batch", () => {
  /** A session's lookup as the app's (worker/sessions/session.ts): her id from the sessions row. */
  const lookupOf = (sessionId: string): ViewerLookup => ({
    name: "test-session",
    key: sessionId,
    statement: (template, key) =>
      template.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, key)),
    idQuery: (template, key) =>
      template.select({ id: sessions.userId }).from(sessions).where(eq(sessions.id, key)),
    accept: async (rows) => (rows as { userId: string }[])[0]!.userId,
  });

  /** Ana with a session, and a ride each of hers and of Bea's. */
  async function anaAndBea() {
    const [ana, bea] = [await createUser(), await createUser()];
    await createRide({ organizerId: ana.id, title: "De Ana" });
    await createRide({ organizerId: bea.id, title: "De Bea" });
    const sessionId = `test-${crypto.randomUUID()}`;
    await db()
      .insert(sessions)
      .values({
        id: sessionId,
        userId: ana.id,
        expiresAt: Date.now() + HOUR,
        createdAt: Date.now(),
      });
    return { ana, bea, sessionId };
  }

  it("declares her id's select once per statement, merged into a statement's own WITH", async () => {
    const { ana, sessionId } = await anaAndBea();
    const cache = new StatementCache<{ viewer: string }>(2);
    const read = (d: Database, viewer: string | ViewerLookup) =>
      cache.batchFor(
        d,
        viewer,
        "hers",
        { viewer: typeof viewer === "string" ? viewer : viewer.key },
        (template, p) => {
          const mine = template
            .$with("mine")
            .as(
              template
                .select({ title: rides.title })
                .from(rides)
                .where(eq(rides.organizerId, p.viewer)),
            );
          return [
            template
              .select({ title: rides.title })
              .from(rides)
              .where(eq(rides.organizerId, p.viewer)),
            template.with(mine).select({ title: mine.title }).from(mine),
          ] as const;
        },
      );

    const { db: recorded, texts } = recordingD1(env.DB);
    const found = await read(recorded, lookupOf(sessionId));
    expect(found.viewerId).toBe(ana.id);
    expect(found.results).toEqual([[{ title: "De Ana" }], [{ title: "De Ana" }]]);
    // The same rows as with her id bound.
    expect((await read(db(), ana.id)).results).toEqual(found.results);
    // Her lookup, then each statement: her key bound once, in its CTE, which it reads from.
    const [, plain, withOwn] = texts;
    for (const text of [plain!, withOwn!]) {
      expect(text.match(/"viewer"\("id"\) as \(/g)).toHaveLength(1);
      expect(text.match(/from "sessions"/g)).toHaveLength(1);
      expect(text).toContain('(select "id" from "viewer")');
    }
    expect(plain).toMatch(/^with "viewer"\("id"\) as \(.*\) select /);
    expect(withOwn).toMatch(/^with "viewer"\("id"\) as \(.*\), "mine" as \(/);
  });

  it("binds her likely id beside her lookup, and reads again for whom the lookup finds when it differs", async () => {
    const { ana, bea, sessionId } = await anaAndBea();
    const cache = new StatementCache<{ viewer: string }>(3);
    const read = (d: Database, viewer: ViewerLookup) =>
      cache.batchFor(d, viewer, "likely", { viewer: viewer.key }, (template, p) => [
        template.select({ title: rides.title }).from(rides).where(eq(rides.organizerId, p.viewer)),
      ]);

    const right = recordingD1(env.DB);
    const found = await read(right.db, { ...lookupOf(sessionId), likelyId: ana.id });
    expect(found).toEqual({ viewerId: ana.id, results: [[{ title: "De Ana" }]] });
    // Her lookup first, then the read with her id bound: no CTE, no second read of her session.
    expect(right.texts).toHaveLength(2);
    expect(right.texts[0]).toMatch(/from "sessions"/);
    expect(right.texts[1]).not.toMatch(/"viewer"|"sessions"/);

    // A guess the lookup does not confirm is dropped: the rows are read again for Ana.
    const wrong = recordingD1(env.DB);
    const corrected = await read(wrong.db, { ...lookupOf(sessionId), likelyId: bea.id });
    expect(corrected).toEqual(found);
    expect(wrong.texts).toHaveLength(3);
  });
});

describe("the feed's statement", () => {
  it("is the same text for every value of the same filters, and each rider gets her own answer", async () => {
    const tag = `Stmt${Date.now()}`;
    const [org, blocker, ana, bea] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
      createUser(),
    ]);
    await createRide({
      organizerId: org.id,
      title: `${tag} A`,
      city: `${tag}A`,
      participants: [ana.id],
    });
    await createRide({ organizerId: blocker.id, title: `${tag} B`, city: `${tag}B` });
    await createRide({
      organizerId: org.id,
      title: `${tag} B2`,
      city: `${tag}B`,
      startsIn: 3 * 24 * HOUR,
    });
    await db().insert(blocks).values({ blockerId: blocker.id, blockedId: bea.id });
    const now = Date.now();
    const inCity = (city: string): ListFilters => ({ city, modalities: [], levels: [], page: 0 });

    const run = async (filters: ListFilters, viewerId: string) => {
      const recorded = recordingD1(env.DB);
      const page = await listRides(recorded.db, filters, viewerId, now);
      return { page, texts: recorded.texts };
    };
    const anaInA = await run(inCity(`${tag}A`), ana.id);
    const beaInB = await run(inCity(`${tag}B`), bea.id);
    const anaInB = await run(inCity(`${tag}B`), ana.id);

    expect(anaInA.page.rides.map((r) => [r.title, r.viewer.joined])).toEqual([[`${tag} A`, true]]);
    // Bea does not see the blocker's ride; Ana, with the same filters, does.
    expect(beaInB.page.rides.map((r) => [r.title, r.viewer.joined])).toEqual([
      [`${tag} B2`, false],
    ]);
    expect(anaInB.page.rides.map((r) => r.title)).toEqual([`${tag} B`, `${tag} B2`]);
    // One statement each, with the text drizzle writes for those filters.
    const written = runnable(
      listingWithParticipantsQuery(db(), inCity(`${tag}A`), ana.id, now),
    ).text;
    expect([...anaInA.texts, ...beaInB.texts, ...anaInB.texts]).toEqual([
      written,
      written,
      written,
    ]);
  });

  it("'Cerca de mí' on a later page, with every filter: the text the tests' plans read", async () => {
    const viewer = await createUser();
    const now = Date.now();
    const near = (lat: number, page: number): ListFilters => ({
      q: "sierra",
      city: "Madrid",
      modalities: ["gravel", "road"],
      levels: ["chill"],
      fromMs: now,
      toMs: now + 7 * 24 * HOUR,
      page,
      near: { lat, lon: -3.7 },
    });
    for (const filters of [near(40.4, 2), near(41.4, 3), near(40.4, 0)]) {
      const recorded = recordingD1(env.DB);
      await listRides(recorded.db, filters, viewer.id, now);
      expect(recorded.texts).toEqual([
        runnable(listingWithParticipantsQuery(db(), filters, viewer.id, now)).text,
      ]);
    }
  });
});

describe("the chat list's statements", () => {
  it("is written once and gives each rider her own list", async () => {
    const [ana, bea] = await Promise.all([createUser(), createUser()]);
    const hers = await createRide({ organizerId: ana.id, title: "De Ana" });
    const both = await createRide({
      organizerId: bea.id,
      title: "De las dos",
      participants: [ana.id],
    });
    await db()
      .insert(rideMessages)
      .values({
        id: `m-${both.id}`,
        rideId: both.id,
        userId: bea.id,
        kind: "user",
        body: "¿Salimos a las 9?",
        createdAt: Date.now(),
      });
    const now = Date.now();
    const listOf = async (userId: string) => {
      const recorded = recordingD1(env.DB);
      const { chats } = await listChats(recorded.db, userId, now);
      return { list: chats.map((c) => [c.title, c.unread]), texts: recorded.texts };
    };
    const forAna = await listOf(ana.id);
    const forBea = await listOf(bea.id);
    expect(forAna.list).toEqual([
      ["De las dos", 1],
      ["De Ana", 0],
    ]);
    expect(forBea.list).toEqual([["De las dos", 0]]);
    // Her rides' chats, then her groups' chats.
    const written = [
      runnable(chatListQuery(db(), { viewer: ana.id, since: now })).text,
      runnable(groupChatListQuery(db(), { viewer: ana.id })).text,
    ];
    expect([...forAna.texts, ...forBea.texts]).toEqual([...written, ...written]);
    void hers;
  });
});

describe("My Rides' statements", () => {
  it("are one batch per tab, with the text drizzle writes for each page", async () => {
    const her = await createUser();
    for (let i = 0; i < 12; i++)
      await createRide({ organizerId: her.id, startsIn: (i + 1) * HOUR });
    const now = Date.now();
    for (const [tab, page] of [
      ["upcoming", 0],
      ["upcoming", 1],
      ["past", 0],
      ["upcoming", 0],
    ] as const) {
      const recorded = recordingD1(env.DB);
      const answer = await myRides(recorded.db, her.id, tab, page, now);
      expect(answer.rides).toHaveLength(tab === "past" ? 0 : page === 0 ? 10 : 2);
      // The page, the counts, its riders, and on the first page of 'En marcha' what she waits on.
      expect(recorded.texts).toHaveLength(tab === "upcoming" && page === 0 ? 4 : 3);
      expect(recorded.texts.slice(0, 2)).toEqual([
        runnable(myRidesPageQuery(db(), her.id, tab, page, now)).text,
        runnable(myRidesCountsQuery(db(), her.id, now)).text,
      ]);
    }
  });
});

describe("a ride's screen's statements", () => {
  it("are the texts drizzle writes from the values: with a viewer or none, the organizer's or not", async () => {
    const [org, her] = await Promise.all([createUser(), createUser()]);
    const ride = await createRide({ organizerId: org.id, participants: [her.id] });
    const now = Date.now();
    const recorded = recordingD1(env.DB);
    const row = await findRideRow(recorded.db, ride.id, her.id);
    const hers = await rideDetail(recorded.db, row!, her.id);
    const organizers = await rideDetail(recorded.db, row!, org.id);
    expect(await findRideRow(recorded.db, ride.id)).toEqual(row);
    expect([hers.viewer.joined, hers.viewer.isOrganizer, hers.requests]).toEqual([
      true,
      false,
      null,
    ]);
    expect([organizers.viewer.isOrganizer, organizers.requests]).toEqual([true, []]);
    const texts = (queries: readonly { toSQL(): { sql: string; params: unknown[] } }[]) =>
      queries.map((query) => runnable(query).text);
    expect(recorded.texts).toEqual([
      ...texts([rideRowQuery(db(), { rideId: ride.id, viewer: her.id })]),
      ...texts(rideDetailQueries(db(), { rideId: ride.id, viewer: her.id })),
      ...texts(rideDetailQueries(db(), { rideId: ride.id, viewer: org.id, now })),
      ...texts([rideRowQuery(db(), { rideId: ride.id })]),
    ]);
  });
});

describe("rows read once the columns' decoders are found", () => {
  it("are the rows drizzle reads, column for column, from one statement and from a batch", async () => {
    const [her, org, other] = await Promise.all([createUser(), createUser(), createUser()]);
    const city = `Filas${Date.now()}`;
    const ride = await createRide({
      organizerId: org.id,
      city,
      modalities: ["gravel", "road"],
      participants: [her.id, other.id],
    });
    await createRide({ organizerId: her.id, city, maxParticipants: 4 });
    await db()
      .insert(rideMessages)
      .values({
        id: `m-${ride.id}`,
        rideId: ride.id,
        userId: org.id,
        kind: "user",
        body: "¿A las 9?",
        createdAt: Date.now(),
      });
    const now = Date.now();
    const filters: ListFilters = { city, modalities: [], levels: [], page: 0 };
    const statements = {
      feed: (d: Database) => listingWithParticipantsQuery(d, filters, her.id, now),
      myRides: (d: Database) => myRidesPageQuery(d, her.id, "upcoming", 0, now),
      counts: (d: Database) => myRidesCountsQuery(d, her.id, now),
      chats: (d: Database) => chatListQuery(d, { viewer: her.id, since: 0 }),
    };
    const readsAsDrizzle = async <R extends unknown[]>(
      name: string,
      statement: (d: Database) => Preparable<R> & { all(): Promise<R> },
    ) => {
      // Read by the cache's own reader, not handed back to drizzle.
      expect(rowReader(statement(db()).prepare()), name).not.toBeNull();
      const byDrizzle = await statement(db()).all();
      expect(byDrizzle.length, name).toBeGreaterThan(0);
      const cache = new StatementCache<{ run: number }>(2);
      expect(await cache.all(db(), { run: 0 }, (template) => statement(template)), name).toEqual(
        byDrizzle,
      );
      const [batched] = await cache.batch(db(), name, { run: 0 }, (template) => [
        statement(template),
      ]);
      expect(batched, name).toEqual(byDrizzle);
    };
    await readsAsDrizzle("feed", statements.feed);
    await readsAsDrizzle("myRides", statements.myRides);
    await readsAsDrizzle("counts", statements.counts);
    await readsAsDrizzle("chats", statements.chats);
    await readsAsDrizzle("ride", (d) => rideRowQuery(d, { rideId: ride.id, viewer: her.id }));
    await readsAsDrizzle(
      "riders",
      (d) => rideDetailQueries(d, { rideId: ride.id, viewer: her.id })[0],
    );
    const asking = await createUser();
    await db()
      .insert(rideRequests)
      .values({ id: `rq-${ride.id}`, rideId: ride.id, userId: asking.id });
    await readsAsDrizzle(
      "requests",
      (d) => rideDetailQueries(d, { rideId: ride.id, viewer: org.id, now })[3],
    );
    const feed = (await statements.feed(db()).all()).find((row) => row.id === ride.id);
    // Decoded, not D1's text: the modalities' JSON and the participants' list.
    expect(feed?.modalities).toEqual(["gravel", "road"]);
  });

  it("refuses a batch's column named like an array index, which an object's keys put first", async () => {
    const ride = await createRide({ organizerId: (await createUser()).id, title: "Índice" });
    const cache = new StatementCache<{ id: string }>(2);
    const unaliased = (template: Database, p: { id: string }) =>
      template
        .select({ title: rides.title, zero: sql<number>`0` })
        .from(rides)
        .where(eq(rides.id, p.id));
    await expect(
      cache.batch(db(), "unaliased", { id: ride.id }, (t, p) => [unaliased(t, p)]),
    ).rejects.toThrow('a batch\'s column is named "0": alias it (.as)');
    const aliased = (template: Database, p: { id: string }) =>
      template
        .select({ title: rides.title, zero: sql<number>`0`.as("zero") })
        .from(rides)
        .where(eq(rides.id, p.id));
    const [rows] = await cache.batch(db(), "aliased", { id: ride.id }, (t, p) => [aliased(t, p)]);
    expect(rows).toEqual([{ title: "Índice", zero: 0 }]);
  });

  it("leaves a nested selection to drizzle", () => {
    const nested = db()
      .select({ ride: { id: rides.id }, title: rides.title })
      .from(rides)
      .prepare();
    expect(rowReader(nested)).toBeNull();
    expect(rowReader(db().select({ id: rides.id }).from(rides).prepare())).not.toBeNull();
  });
});
