import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { normalizeText } from "../../domain/cities.ts";
import { listChats } from "../../worker/chat/unread.ts";
import { createDb } from "../../worker/db/client.ts";
import {
  rideParticipants,
  rideRequests,
  rides,
  rideWaitingList,
  rodeWith,
} from "../../worker/db/schema.ts";
import handler from "../../worker/index.ts";
import { organizerLevelsQuery } from "../../worker/level-answers/queries.ts";
import { participantsQuery } from "../../worker/ride-core/read-model.ts";
import { rideByCreateKeyQuery } from "../../worker/ride-core/writes.ts";
import {
  cardsQuery,
  citySuggestionsQuery,
  type ListFilters,
  listingPageQuery,
  listingWithParticipantsQuery,
  listRides,
} from "../../worker/rides/listing.ts";
import {
  awaitingPageQuery,
  myRides,
  myRidesCountsQuery,
  myRidesPageQuery,
} from "../../worker/rides/my-rides.ts";
import {
  completedRidesQuery,
  connectionsCountQuery,
  historyQuery,
} from "../../worker/users/queries.ts";
import { countingD1 } from "./helpers/d1-proxy.ts";
import { createRide, createUser, db, HOUR, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { runnable } from "./helpers/runnable.ts";

const DAY = 24 * HOUR;
const noFilters: ListFilters = { modalities: [], levels: [], page: 0 };

/** Titles of the listing for a query string, as the API answers it. */
async function titles(browser: Browser, query = "") {
  const res = await browser.get(`/api/rides${query}`);
  expect(res.status).toBe(200);
  return (await json(res)).rides.map((r: { title: string }) => r.title);
}

/**
 * The titles of one organizer's rides that a search finds: a short query also finds rides the
 * file's other tests made (a factory title 'Salida …' may hold any two letters).
 */
async function titlesBy(organizerId: string, browser: Browser, query: string) {
  const res = await browser.get(`/api/rides${query}`);
  expect(res.status).toBe(200);
  return (await json(res)).rides
    .filter((r: { organizer: { id: string } }) => r.organizer.id === organizerId)
    .map((r: { title: string }) => r.title);
}

describe("GET /api/rides (listing and filters)", () => {
  it("lists only published rides from now on, soonest first", async () => {
    const owner = await createUser();
    const tag = `L${Date.now()}`;
    await createRide({ organizerId: owner.id, title: `${tag} later`, startsIn: 3 * DAY });
    await createRide({ organizerId: owner.id, title: `${tag} sooner`, startsIn: 1 * DAY });
    await createRide({ organizerId: owner.id, title: `${tag} past`, startsIn: -HOUR });
    await createRide({ organizerId: owner.id, title: `${tag} gone`, status: "cancelled" });
    await createRide({ organizerId: owner.id, title: `${tag} closed`, status: "closed" });
    const { browser } = await signedIn();
    expect(await titles(browser, `?q=${tag}`)).toEqual([`${tag} sooner`, `${tag} later`]);
  });

  it("searches title and city ignoring accents and case, long and short queries", async () => {
    const owner = await createUser();
    await createRide({ organizerId: owner.id, title: "Café en Cañada Real", city: "Alcalá" });
    await createRide({ organizerId: owner.id, title: "Subida al Puerto", city: "Ávila" });
    const { browser } = await signedIn();
    expect(await titlesBy(owner.id, browser, "?q=CAFE%20EN")).toEqual(["Café en Cañada Real"]);
    expect(await titlesBy(owner.id, browser, "?q=canada")).toEqual(["Café en Cañada Real"]);
    expect(await titlesBy(owner.id, browser, "?q=alcala")).toEqual(["Café en Cañada Real"]);
    expect(await titlesBy(owner.id, browser, "?q=%C3%81VILA")).toEqual(["Subida al Puerto"]);
    // Two letters: below the trigram length, still a "contains" search.
    expect(await titlesBy(owner.id, browser, "?q=av")).toEqual(["Subida al Puerto"]);
    expect(await titlesBy(owner.id, browser, "?q=100%25")).toEqual([]);
    expect(await titlesBy(owner.id, browser, "?q=%22%20OR%20%22")).toEqual([]);
  });

  it("drops control characters from the search (a NUL once cut the index query short: a 500)", async () => {
    const owner = await createUser();
    await createRide({ organizerId: owner.id, title: "Ruta abcdef", city: "Soria" });
    const { browser } = await signedIn();
    expect(await titlesBy(owner.id, browser, "?q=abc%00def")).toEqual(["Ruta abcdef"]);
    expect(await titlesBy(owner.id, browser, "?q=ab%00")).toEqual(["Ruta abcdef"]);
    // Nothing left once cleaned: no text filter.
    expect(await titlesBy(owner.id, browser, "?q=%00%00%00%00&city=Soria")).toEqual([
      "Ruta abcdef",
    ]);
    expect(await titlesBy(owner.id, browser, "?q=abc%1B%7F%C2%85def&city=So%00ria")).toEqual([
      "Ruta abcdef",
    ]);
    const cities = await browser.get("/api/rides/cities?q=so%00r");
    expect(await json(cities)).toEqual({ cities: ["Soria"] });
  });

  it("filters by city, modality (any of the ride's), level and date range", async () => {
    const owner = await createUser();
    const city = `Segovia${Date.now()}`;
    await createRide({
      organizerId: owner.id,
      title: "A",
      city,
      modalities: ["road"],
      level: "chill",
      startsIn: DAY,
    });
    await createRide({
      organizerId: owner.id,
      title: "B",
      city,
      modalities: ["gravel", "btt"],
      level: "cañero",
      startsIn: 2 * DAY,
    });
    await createRide({
      organizerId: owner.id,
      title: "C",
      city,
      modalities: ["btt"],
      level: "intermedio",
      startsIn: 10 * DAY,
    });
    await createRide({
      organizerId: owner.id,
      title: "D",
      city: "Otra",
      modalities: ["btt"],
      startsIn: DAY,
    });
    const { browser } = await signedIn();
    const c = `city=${encodeURIComponent(city.toUpperCase())}`;
    expect(await titles(browser, `?${c}`)).toEqual(["A", "B", "C"]);
    expect(await titles(browser, `?${c}&m=btt`)).toEqual(["B", "C"]);
    expect(await titles(browser, `?${c}&m=road,gravel`)).toEqual(["A", "B"]);
    expect(await titles(browser, `?${c}&level=ca%C3%B1ero,chill`)).toEqual(["A", "B"]);
    const to = new Date(Date.now() + 3 * DAY).toISOString();
    expect(await titles(browser, `?${c}&to=${to}`)).toEqual(["A", "B"]);
    const from = new Date(Date.now() + 1.5 * DAY).toISOString();
    expect(await titles(browser, `?${c}&from=${from}`)).toEqual(["B", "C"]);
  });

  it("refuses unknown filter values", async () => {
    const { browser } = await signedIn();
    expect((await browser.get("/api/rides?m=tandem")).status).toBe(400);
    expect((await browser.get("/api/rides?level=pro")).status).toBe(400);
    expect((await browser.get("/api/rides?page=-1")).status).toBe(400);
  });

  it("pages by 10 with hasMore while a page is full", async () => {
    const owner = await createUser();
    const city = `Paginas${Date.now()}`;
    for (let i = 0; i < 12; i++) {
      await createRide({
        organizerId: owner.id,
        city,
        title: `P${String(i).padStart(2, "0")}`,
        startsIn: DAY + i * HOUR,
      });
    }
    const { browser } = await signedIn();
    const first = await json(await browser.get(`/api/rides?city=${city}`));
    expect(first.rides).toHaveLength(10);
    expect(first.hasMore).toBe(true);
    const second = await json(await browser.get(`/api/rides?city=${city}&page=1`));
    expect(second.rides.map((r: { title: string }) => r.title)).toEqual(["P10", "P11"]);
    expect(second.hasMore).toBe(false);
  });

  it("enriches each ride for the viewer", async () => {
    const owner = await createUser({ username: "OrgaLista" });
    const friend = await createUser();
    const { user, browser } = await signedIn();
    const city = `Enriq${Date.now()}`;
    const ride = await createRide({
      organizerId: owner.id,
      city,
      participants: [friend.id, user.id],
      maxParticipants: 5,
    });
    const other = await createRide({ organizerId: user.id, city, startsIn: 3 * DAY });
    await db()
      .insert(rodeWith)
      .values({ rideId: other.id, userId: user.id, otherUserId: friend.id });
    const body = await json(await browser.get(`/api/rides?city=${city}`));
    expect(body.rides[0]).toMatchObject({
      id: ride.id,
      organizer: { username: "OrgaLista", avatarKey: "ava01" },
      participantCount: 3,
      capacity: 5,
      viewer: { joined: true, isOrganizer: false, rodeWithCount: 1 },
    });
    // Whom she rode with, with their avatars: only her own records count.
    expect(body.rides[0].viewer.rodeWith).toEqual([
      {
        id: friend.id,
        username: friend.username,
        avatarKey: "ava01",
        avatarUrl: null,
        verified: false,
      },
    ]);
    expect(body.rides[0].participantIds.sort()).toEqual([owner.id, friend.id, user.id].sort());
    expect(body.rides[1].viewer).toEqual({
      joined: true,
      isOrganizer: true,
      rodeWithCount: 0,
      rodeWith: [],
      waitingPosition: null,
      request: null,
    });
  });

  it("counts only her own records of whom she rode with, never anyone else's", async () => {
    const owner = await createUser();
    const [known, stranger] = [await createUser(), await createUser()];
    const { user, browser } = await signedIn();
    const city = `Confianza${Date.now()}`;
    const ride = await createRide({
      organizerId: owner.id,
      city,
      participants: [known.id, stranger.id],
    });
    const past = await createRide({ organizerId: owner.id, startsIn: -3 * DAY });
    await db()
      .insert(rodeWith)
      .values([
        // Hers: counts.
        { rideId: past.id, userId: user.id, otherUserId: known.id },
        // The stranger's record of her, and the organizer's of the stranger: not hers.
        { rideId: past.id, userId: stranger.id, otherUserId: user.id },
        { rideId: past.id, userId: owner.id, otherUserId: stranger.id },
      ]);
    const [card] = (await json(await browser.get(`/api/rides?city=${city}`))).rides;
    expect(card.id).toBe(ride.id);
    expect(card.viewer.rodeWithCount).toBe(1);
    expect(card.viewer.rodeWith.map((p: { id: string }) => p.id)).toEqual([known.id]);
    const { ride: detail } = await json(await browser.get(`/api/rides/${ride.id}`));
    expect(detail.viewer.rodeWith.map((p: { id: string }) => p.id)).toEqual([known.id]);
  });

  it("is for signed-in riders only", async () => {
    expect((await new Browser().get("/api/rides")).status).toBe(401);
  });
});

describe("GET /api/rides/cities", () => {
  it("gives distinct, sorted cities of upcoming rides, at most 8, filtered by q", async () => {
    const owner = await createUser();
    for (const city of [
      "Zamora",
      "Ávila",
      "avila",
      "Bilbao",
      "Cádiz",
      "Soria",
      "Teruel",
      "Lugo",
      "León",
      "Jaén",
    ]) {
      await createRide({ organizerId: owner.id, city });
    }
    await createRide({ organizerId: owner.id, city: "Pasadalona", startsIn: -DAY });
    const { browser } = await signedIn();
    const all = await json(await browser.get("/api/rides/cities"));
    expect(all.cities).toHaveLength(8);
    const keys = all.cities.map((c: string) => normalizeText(c));
    expect(keys).toEqual([...new Set(keys)].sort());
    expect((await json(await browser.get("/api/rides/cities?q=vila"))).cities).toHaveLength(1);
    expect((await json(await browser.get("/api/rides/cities?q=pasada"))).cities).toEqual([]);
    const some = await json(await browser.get("/api/rides/cities?q=LE"));
    expect(some.cities).toEqual(["León"]);
  });
});

describe("query cost", () => {
  it("costs the same fixed number of D1 queries for pages of 1 and 10 rides", async () => {
    const owner = await createUser();
    const riders = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    const one = `Uno${Date.now()}`;
    const ten = `Diez${Date.now()}`;
    await createRide({ organizerId: owner.id, city: one });
    const waiting = await Promise.all(Array.from({ length: 3 }, () => createUser()));
    for (let i = 0; i < 10; i++) {
      // Full rides with a waiting list, and riders she has ridden with: what each card adds.
      const ride = await createRide({
        organizerId: owner.id,
        city: ten,
        participants: riders.map((r) => r.id),
        maxParticipants: 6,
      });
      await db()
        .insert(rideWaitingList)
        .values(waiting.map((w) => ({ rideId: ride.id, userId: w.id })));
      await db()
        .insert(rodeWith)
        .values(
          riders.slice(0, 2).map((r) => ({ rideId: ride.id, userId: owner.id, otherUserId: r.id })),
        );
    }
    const cost = async (city: string) => {
      const { d1, counter } = countingD1(env.DB);
      const result = await listRides(createDb(d1), { ...noFilters, city }, owner.id, Date.now());
      return { statements: counter.statements, rides: result.rides };
    };
    const small = await cost(one);
    const big = await cost(ten);
    expect(small.rides).toHaveLength(1);
    expect(big.rides).toHaveLength(10);
    for (const ride of big.rides) {
      expect(ride.waitingCount).toBe(3);
      expect(ride.viewer.rodeWith.map((p) => p.id).sort()).toEqual(
        riders
          .slice(0, 2)
          .map((r) => r.id)
          .sort(),
      );
    }
    // One statement brings the page and every card's riders, in the order participantsQuery
    // (the ride detail's query) gives them.
    expect(small.statements).toBe(1);
    expect(big.statements).toBe(1);
    expect(small.rides[0]?.participantIds).toEqual([owner.id]);
    const ids = big.rides.map((r) => r.id);
    const members = await participantsQuery(db(), ids, owner.id).all();
    for (const ride of big.rides) {
      expect(ride.participantIds).toHaveLength(6);
      expect(ride.participantIds).toEqual(
        members.filter((m) => m.rideId === ride.id).map((m) => m.userId),
      );
    }
  });

  it("lists each card's riders in joining order, with her 'rode with' flags", async () => {
    const owner = await createUser();
    const viewer = await createUser();
    const [early, late] = await Promise.all([createUser(), createUser()]);
    const city = `Orden${Date.now()}`;
    const ride = await createRide({ organizerId: owner.id, city });
    const joined = Date.now();
    // Ids in the opposite order of joining, so an order by id alone would show.
    const [first, second] = [early!.id, late!.id].sort().reverse() as [string, string];
    await db()
      .insert(rideParticipants)
      .values([
        { rideId: ride.id, userId: second, joinedAt: joined + 2000 },
        { rideId: ride.id, userId: first, joinedAt: joined + 1000 },
      ]);
    await db().insert(rodeWith).values({ rideId: ride.id, userId: viewer.id, otherUserId: second });
    const { rides: page } = await listRides(db(), { ...noFilters, city }, viewer.id, Date.now());
    expect(page[0]?.participantIds).toEqual([owner.id, first, second]);
    expect(page[0]?.viewer.rodeWithCount).toBe(1);
  });

  it("answers a My Rides page of 1 or 10 rides in one D1 round trip (one batch)", async () => {
    const riders = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    const few = await createUser();
    const many = await createUser();
    await createRide({ organizerId: few.id, participants: riders.map((r) => r.id) });
    const waiting = await Promise.all([createUser(), createUser()]);
    for (let i = 0; i < 10; i++) {
      const ride = await createRide({
        organizerId: many.id,
        participants: riders.map((r) => r.id),
        maxParticipants: 6,
      });
      await db()
        .insert(rideWaitingList)
        .values(waiting.map((w) => ({ rideId: ride.id, userId: w.id })));
    }
    const cost = async (userId: string, tab: "upcoming" | "past" = "upcoming") => {
      const { d1, counter } = countingD1(env.DB);
      const result = await myRides(createDb(d1), userId, tab, 0, Date.now());
      return { ...counter, count: result.rides.length, first: result.rides[0] };
    };
    const small = await cost(few.id);
    const big = await cost(many.id);
    expect(small.count).toBe(1);
    expect(big.count).toBe(10);
    // The organizer's cards carry their waiting lists' length, from the same statements.
    expect(big.first?.waitingCount).toBe(2);
    // The participants came in the same batch: every card lists its six riders.
    expect(small.first?.participantCount).toBe(6);
    expect(big.first?.participantCount).toBe(6);
    // The page, the counts, the page's riders, and (first page of 'En marcha') what she waits on.
    expect(small).toMatchObject({ statements: 4, batches: 1 });
    expect(big).toMatchObject({ statements: 4, batches: 1 });
    // The two on the waiting lists: ten cards each, from the same one statement.
    const waitingOn = await cost(waiting[0]!.id);
    expect(waitingOn).toMatchObject({ statements: 4, batches: 1, count: 0 });
    expect(await cost(many.id, "past")).toMatchObject({ statements: 3, batches: 1 });
  });
});

/**
 * Rows SQLite read (D1's meta.rows_read) for everything `work` asks of D1: the statements are
 * recorded through a proxy and run again on their own to read their cost.
 */
async function rowsRead(work: (d1: D1Database) => Promise<unknown>): Promise<number> {
  const statements: { sql: string; params: unknown[] }[] = [];
  const recording = (sql: string, statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") {
          return (...params: unknown[]) => {
            statements.push({ sql, params });
            return target.bind(...params);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => recording(sql, target.prepare(sql));
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  await work(d1);
  let total = 0;
  for (const { sql, params } of statements) {
    const result = await env.DB.prepare(sql)
      .bind(...params)
      .all();
    total += result.meta.rows_read;
  }
  return total;
}

describe("cost of her own lists", () => {
  it("My Rides, what she waits on and the chat list read her rides, not every upcoming ride of the app", async () => {
    const her = await createUser();
    const other = await createUser();
    const others = 120;
    for (let i = 0; i < others; i++) await createRide({ organizerId: other.id });
    await createRide({ organizerId: her.id });
    await createRide({ organizerId: other.id, participants: [her.id] });
    const now = Date.now();

    let upcoming = 0;
    const myRidesCost = await rowsRead(async (d1) => {
      upcoming = (await myRidesPageQuery(createDb(d1), her.id, "upcoming", 0, now).all()).length;
    });
    let chats = 0;
    const chatsCost = await rowsRead(async (d1) => {
      chats = (await listChats(createDb(d1), her.id, now)).chats.length;
    });
    // 'A la espera de plaza': one ride she asked to join, one whose list she is on.
    const asked = await createRide({ organizerId: other.id, joinMode: "approval" });
    const full = await createRide({ organizerId: other.id, maxParticipants: 1 });
    await db().batch([
      db()
        .insert(rideRequests)
        .values({ id: `rq-${asked.id}`, rideId: asked.id, userId: her.id }),
      db().insert(rideWaitingList).values({ rideId: full.id, userId: her.id }),
    ]);
    let awaiting = 0;
    const awaitingCost = await rowsRead(async (d1) => {
      awaiting = (await awaitingPageQuery(createDb(d1), her.id, now).all()).length;
    });

    expect(upcoming).toBe(2);
    expect(chats).toBe(2);
    expect(awaiting).toBe(2);
    // Her 2 participations, their rides and organizers: a handful of rows, not the 120 others.
    expect(myRidesCost).toBeLessThan(others / 4);
    expect(chatsCost).toBeLessThan(others / 4);
    expect(awaitingCost).toBeLessThan(others / 4);
  });
});

describe("query plans", () => {
  async function plan(query: { toSQL(): { sql: string; params: unknown[] } }) {
    const { text, params } = runnable(query);
    const res = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
      .bind(...params)
      .all<{ detail: string }>();
    return res.results.map((r) => r.detail);
  }

  function expectIndexed(details: string[]) {
    // A bare SCAN reads every row; SEARCH (or a SCAN of json_each / the FTS index) does not.
    const fullScans = details.filter((d) =>
      /^SCAN (rides|ride_participants|rode_with|ride_waiting_list|ride_level_answers)\b/.test(d),
    );
    expect(fullScans, details.join(" | ")).toEqual([]);
    expect(
      details.some((d) => d.startsWith("SEARCH")),
      details.join(" | "),
    ).toBe(true);
  }

  it("uses an index for every listing query", async () => {
    const owner = await createUser();
    await createRide({ organizerId: owner.id });
    const d = db();
    const now = Date.now();
    const variants: ListFilters[] = [
      noFilters,
      { ...noFilters, q: "casa de campo" },
      { ...noFilters, q: "ca" },
      { ...noFilters, city: "Madrid" },
      { ...noFilters, modalities: ["road", "btt"], levels: ["chill"] },
      { ...noFilters, fromMs: now + DAY, toMs: now + 7 * DAY, page: 3 },
      {
        q: "sierra",
        city: "Madrid",
        modalities: ["gravel"],
        levels: ["cañero"],
        fromMs: now,
        toMs: now + DAY,
        page: 0,
      },
    ];
    for (const filters of variants) {
      expectIndexed(await plan(listingPageQuery(d, filters, owner.id, now)));
      expectIndexed(await plan(listingWithParticipantsQuery(d, filters, owner.id, now)));
    }
    expectIndexed(await plan(citySuggestionsQuery(d, "ma", owner.id, now)));
    expectIndexed(await plan(participantsQuery(d, ["a", "b", "c"], owner.id)));
    expectIndexed(await plan(rideByCreateKeyQuery(d, owner.id, crypto.randomUUID())));
    for (const tab of ["upcoming", "past", "cancelled"] as const) {
      expectIndexed(await plan(myRidesPageQuery(d, owner.id, tab, 0, now)));
    }
    expectIndexed(await plan(myRidesCountsQuery(d, owner.id, now)));
    expectIndexed(
      await plan(cardsQuery(d, awaitingPageQuery(d, owner.id, now).as("page"), owner.id)),
    );
    expectIndexed(await plan(completedRidesQuery(d, owner.id, now)));
    expectIndexed(await plan(connectionsCountQuery(d, owner.id)));
    expectIndexed(await plan(historyQuery(d, owner.id, owner.id)));
    expectIndexed(await plan(organizerLevelsQuery(d, owner.id)));
  });

  it("looks the block rule up per ride and per rider only when she has a block either way", async () => {
    const owner = await createUser();
    await createRide({ organizerId: owner.id });
    const d = db();
    const now = Date.now();
    for (const query of [
      listingPageQuery(d, noFilters, owner.id, now),
      listingPageQuery(d, { ...noFilters, city: "Sevilla", page: 5 }, owner.id, now),
      listingWithParticipantsQuery(d, noFilters, owner.id, now),
      participantsQuery(d, ["a", "b"], owner.id),
      citySuggestionsQuery(d, "ma", owner.id, now),
    ]) {
      const details = await plan(query);
      const gates = details.flatMap((d, i) =>
        d.startsWith("SEARCH nb ") ? [details[i - 1] ?? ""] : [],
      );
      // Her blocks either way: two constant subqueries (evaluated once per statement) that every
      // per-ride or per-rider lookup waits behind.
      expect(gates.length, details.join(" | ")).toBeGreaterThanOrEqual(2);
      for (const gate of gates) expect(gate, details.join(" | ")).toMatch(/^SCALAR SUBQUERY/);
    }
  });

  it("reads a ride's 'Solo el grupo' flag from the row it walks, never looking the ride up again", async () => {
    const owner = await createUser();
    await createRide({ organizerId: owner.id });
    const d = db();
    const now = Date.now();
    const madrid = { lat: 40.4168, lon: -3.7038 };
    for (const filters of [
      noFilters,
      { ...noFilters, city: "Sevilla", page: 5 },
      { ...noFilters, near: madrid },
      { ...noFilters, near: madrid, modalities: ["gravel"], page: 2 },
    ] satisfies ListFilters[]) {
      // The page's walk over candidate rides: a lookup of each by its id ("rg") would read every
      // row the walk passes (a card's pending requests, for the page's rides only, may).
      const details = await plan(listingPageQuery(d, filters, owner.id, now));
      expect(
        details.filter((d) => /^SEARCH rg\b/.test(d)),
        details.join(" | "),
      ).toEqual([]);
    }
    expect(
      (await plan(awaitingPageQuery(d, owner.id, now))).filter((d) => /^SEARCH rg\b/.test(d)),
    ).toEqual([]);
  });

  it("indexes only rides the listing can show; the daily cron drops the started ones", async () => {
    const owner = await createUser();
    const tag = `Indice${Date.now()}`;
    const upcoming = await createRide({ organizerId: owner.id, title: `${tag} A` });
    const later = await createRide({ organizerId: owner.id, title: `${tag} E`, startsIn: 5 * DAY });
    const longPast = await createRide({
      organizerId: owner.id,
      title: `${tag} B`,
      startsIn: -2 * DAY,
    });
    const justStarted = await createRide({
      organizerId: owner.id,
      title: `${tag} C`,
      startsIn: -2 * HOUR,
    });
    const cancelled = await createRide({
      organizerId: owner.id,
      title: `${tag} D`,
      status: "cancelled",
    });
    const indexed = async () => {
      const { results } = await env.DB.prepare(
        "SELECT ride_id FROM rides_fts WHERE rowid IN (SELECT rowid FROM rides WHERE title LIKE ?)",
      )
        .bind(`${tag}%`)
        .all<{ ride_id: string }>();
      return results.map((r) => r.ride_id).sort();
    };
    expect(await indexed()).toEqual([upcoming.id, later.id, justStarted.id].sort());
    expect(await indexed()).not.toContain(longPast.id);
    expect(await indexed()).not.toContain(cancelled.id);

    // Cancelling takes a ride out at once.
    await db().update(rides).set({ status: "cancelled" }).where(eq(rides.id, upcoming.id));
    expect(await indexed()).toEqual([later.id, justStarted.id].sort());

    // The cron two days on: the ride that had just started is gone, the later one stays.
    const ctx = createExecutionContext();
    await handler.scheduled?.(
      createScheduledController({ scheduledTime: Date.now() + 2 * DAY, cron: "17 3 * * *" }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await indexed()).toEqual([later.id]);
    const { browser } = await signedIn();
    expect(await titles(browser, `?q=${tag}`)).toEqual([`${tag} E`]);
  });

  it("keeps the search index in step with edits and deletes", async () => {
    const owner = await createUser();
    const ride = await createRide({ organizerId: owner.id, title: "Ruta Peñalara" });
    const { browser } = await signedIn();
    expect(await titles(browser, "?q=penalara")).toEqual(["Ruta Peñalara"]);
    await db()
      .update(rides)
      .set({ searchText: "ruta navacerrada madrid" })
      .where(eq(rides.id, ride.id));
    expect(await titles(browser, "?q=penalara")).toEqual([]);
    expect(await titles(browser, "?q=navacerrada")).toEqual(["Ruta Peñalara"]);
    await db().delete(rides).where(eq(rides.id, ride.id));
    expect(await titles(browser, "?q=navacerrada")).toEqual([]);
  });
});
