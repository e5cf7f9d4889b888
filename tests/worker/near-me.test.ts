// 'Cerca de mí' (docs/product.md#meeting-pin-and-near-me): GET /api/rides with `X-Near: lat,lon`
// orders the listing by distance from her rounded position, within NEAR_RADIUS_KM, on
// rides_status_meeting_pin_idx, in the listing's one statement. Her position travels in that
// header, never in the URL (docs/decisions/0034-nothing-secret-in-a-logged-url.md).
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NEAR_RADIUS_KM } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { distanceKm, NEAR_HEADER, roundPosition } from "../../domain/near.ts";
import { createDb } from "../../worker/db/client.ts";
import { blocks, rides } from "../../worker/db/schema.ts";
import {
  type ListFilters,
  listingWithParticipantsQuery,
  listRides,
} from "../../worker/rides/listing.ts";
import { ladderOf, NEAR_FIRST_RADIUS_KM, nearFirstRadiusKm } from "../../worker/rides/near.ts";
import { countingD1, wrapD1 } from "./helpers/d1-proxy.ts";
import { createRide, createUser, db, HOUR, signedIn, signedInMany } from "./helpers/factories.ts";
import { createGroup } from "./helpers/groups.ts";
import { type Browser, json } from "./helpers/http.ts";
import { runnable } from "./helpers/runnable.ts";

const DAY = 24 * HOUR;
const MINUTE = 60_000;
/** Puerta del Sol, and places at known distances from it. */
const SOL = { lat: 40.4168, lon: -3.7038 };
const RETIRO = { lat: 40.4153, lon: -3.6845 }; // ~1.6 km
const CASA_DE_CAMPO = { lat: 40.4193, lon: -3.7476 }; // ~3.7 km
const ALCALA = { lat: 40.4818, lon: -3.3643 }; // ~30 km
const TOLEDO = { lat: 39.8628, lon: -4.0273 }; // ~68 km: outside
/** The listing as the app asks for it in 'Cerca de mí': her position in the X-Near header. */
const nearSearch = (browser: Browser, query: string, at: string | { lat: number; lon: number }) =>
  browser.fetch(`/api/rides?${query}`, {
    headers: { [NEAR_HEADER]: typeof at === "string" ? at : `${at.lat},${at.lon}` },
  });

/** A unique level of isolation: every ride of a test carries its tag in the title. */
async function ridesAround(tag: string) {
  const owner = await createUser();
  const make = (title: string, pin: { lat: number; lon: number } | undefined, startsIn = DAY) =>
    createRide({ organizerId: owner.id, title: `${tag} ${title}`, pin, startsIn });
  // By date: Alcalá, Toledo, Sin pin (a minute apart, not left to the order of creation), Casa
  // de Campo, Retiro.
  await make("Alcalá", ALCALA);
  await make("Retiro", RETIRO, 3 * DAY);
  await make("Toledo", TOLEDO, DAY + MINUTE);
  await make("Casa de Campo", CASA_DE_CAMPO, 2 * DAY);
  await make("Sin pin", undefined, DAY + 2 * MINUTE);
  await make("Pasada", RETIRO, -HOUR);
  return owner;
}

describe("GET /api/rides with X-Near ('Cerca de mí')", () => {
  it("orders by distance within the radius, with each card's distance", async () => {
    const tag = `Cerca${Date.now()}`;
    await ridesAround(tag);
    const { browser } = await signedIn();
    const res = await nearSearch(browser, `q=${tag}`, SOL);
    expect(res.status).toBe(200);
    const { rides } = await json(res);
    expect(rides.map((r: { title: string }) => r.title)).toEqual([
      `${tag} Retiro`,
      `${tag} Casa de Campo`,
      `${tag} Alcalá`,
    ]);
    const km = rides.map((r: { distanceKm: number }) => r.distanceKm);
    // From her position as the API uses it: to about 1 km.
    expect(km[0]).toBeCloseTo(distanceKm(roundPosition(SOL), RETIRO), 5);
    expect(km[1]).toBeGreaterThan(3);
    expect(km[1]).toBeLessThan(4.5);
    expect(km[2]).toBeGreaterThan(25);
    expect(km[2]).toBeLessThan(NEAR_RADIUS_KM);
    // The same search by date: every upcoming ride, soonest first, no distance.
    const byDate = await json(await browser.get(`/api/rides?q=${tag}`));
    expect(byDate.rides.map((r: { title: string }) => r.title)).toEqual([
      `${tag} Alcalá`,
      `${tag} Toledo`,
      `${tag} Sin pin`,
      `${tag} Casa de Campo`,
      `${tag} Retiro`,
    ]);
    expect(byDate.rides.every((r: { distanceKm: null }) => r.distanceKm === null)).toBe(true);
  });

  it("uses her position to about 1 km only, whatever precision she sends", async () => {
    const tag = `Redondeo${Date.now()}`;
    await ridesAround(tag);
    const { browser } = await signedIn();
    const precise = await json(await nearSearch(browser, `q=${tag}`, "40.416812345,-3.703765432"));
    const rounded = await json(await nearSearch(browser, `q=${tag}`, "40.42,-3.7"));
    expect(precise.rides.map((r: { distanceKm: number }) => r.distanceKm)).toEqual(
      rounded.rides.map((r: { distanceKm: number }) => r.distanceKm),
    );
  });

  it("keeps the other filters (dates, city, level, text) and pages by 10", async () => {
    const owner = await createUser();
    const city = `Cercania${Date.now()}`;
    for (let i = 0; i < 12; i++) {
      await createRide({
        organizerId: owner.id,
        city,
        title: `R${String(i).padStart(2, "0")}`,
        // Further each time, about 1 km apart.
        pin: { lat: SOL.lat + i * 0.009, lon: SOL.lon },
        startsIn: DAY + (11 - i) * HOUR,
      });
    }
    const { browser } = await signedIn();
    const first = await json(await nearSearch(browser, `city=${city}`, SOL));
    expect(first.rides.map((r: { title: string }) => r.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `R${String(i).padStart(2, "0")}`),
    );
    expect(first.hasMore).toBe(true);
    const second = await json(await nearSearch(browser, `city=${city}&page=1`, SOL));
    expect(second.rides.map((r: { title: string }) => r.title)).toEqual(["R10", "R11"]);
    expect(second.hasMore).toBe(false);
    const to = new Date(Date.now() + DAY + 2.5 * HOUR).toISOString();
    const soon = await json(await nearSearch(browser, `city=${city}&to=${to}`, SOL));
    expect(soon.rides.map((r: { title: string }) => r.title)).toEqual(["R09", "R10", "R11"]);
  });

  it("refuses a position that is not plain decimal degrees, with nothing listed", async () => {
    const tag = `Estricto${Date.now()}`;
    await ridesAround(tag);
    const { browser } = await signedIn();
    for (const bad of [
      "40.4",
      "abc,def",
      "91,0",
      "40,181",
      "1,2,3",
      ",",
      "40.4,",
      "0x10,-3.7",
      "40.4,0x10",
      "4e1,-3.7",
      "40.4,-37e-1",
      "Infinity,-3.7",
      "40.4,-3.7,",
      ".5,-3.7",
      "0b101,-3.7",
    ]) {
      const res = await nearSearch(browser, `q=${tag}`, bad);
      expect(res.status, bad).toBe(400);
      const body = await json(res);
      expect(body.error.message, bad).toBe(MSG.nearInvalid);
      expect(body, bad).not.toHaveProperty("rides");
      expect(JSON.stringify(body), bad).not.toContain(tag);
    }
  });

  it("refuses a position in the query string: it belongs in the header", async () => {
    const tag = `EnLaUrl${Date.now()}`;
    await ridesAround(tag);
    const { browser } = await signedIn();
    const res = await browser.get(`/api/rides?q=${tag}&near=40.42,-3.7`);
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.message).toBe(MSG.nearInvalid);
    expect(JSON.stringify(body)).not.toContain(tag);
  });

  it("hides a blocked rider's rides from the near order too", async () => {
    const tag = `CercaBloq${Date.now()}`;
    const other = await signedIn();
    const { browser } = await signedIn();
    await createRide({ organizerId: other.user.id, title: `${tag} suya`, pin: RETIRO });
    const mine = await createUser();
    await createRide({ organizerId: mine.id, title: `${tag} libre`, pin: CASA_DE_CAMPO });
    expect((await browser.post("/api/blocks", { userId: other.user.id })).status).toBe(200);
    const { rides } = await json(await nearSearch(browser, `q=${tag}`, SOL));
    expect(rides.map((r: { title: string }) => r.title)).toEqual([`${tag} libre`]);
  });
});

describe("'Cerca de mí' cost", () => {
  it("is one statement whatever the page, as the listing by date", async () => {
    const owner = await createUser();
    const city = `CosteCerca${Date.now()}`;
    for (let i = 0; i < 10; i++) {
      await createRide({
        organizerId: owner.id,
        city,
        pin: { lat: SOL.lat + i * 0.01, lon: SOL.lon },
      });
    }
    const { d1, counter } = countingD1(env.DB);
    const filters: ListFilters = { modalities: [], levels: [], page: 0, city, near: SOL };
    const result = await listRides(createDb(d1), filters, owner.id, Date.now());
    expect(result.rides).toHaveLength(10);
    expect(counter.statements).toBe(1);
  });

  it("reads the box around her through the pin index, never every ride", async () => {
    const owner = await createUser();
    await createRide({ organizerId: owner.id, pin: RETIRO });
    const now = Date.now();
    const variants: ListFilters[] = [
      { modalities: [], levels: [], page: 0, near: SOL },
      {
        modalities: ["gravel"],
        levels: ["chill"],
        page: 2,
        near: SOL,
        fromMs: now,
        toMs: now + 7 * DAY,
      },
      { modalities: [], levels: [], page: 0, near: SOL, q: "sierra", city: "Madrid" },
    ];
    for (const filters of variants) {
      const { text, params } = runnable(listingWithParticipantsQuery(db(), filters, owner.id, now));
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = results.map((r) => r.detail);
      const plan = details.join(" | ");
      expect(
        details.some((d) => d.includes("rides_status_meeting_pin_idx")),
        plan,
      ).toBe(true);
      expect(
        details.filter((d) => /^SCAN rides\b/.test(d)),
        plan,
      ).toEqual([]);
    }
  });
});

describe("'Cerca de mí': a ladder of boxes from NEAR_FIRST_RADIUS_KM", () => {
  /** Far from every other test's rides (and their latitudes, which the index ranges over). */
  const spot = (n: number) =>
    [
      { lat: 37, lon: -5 },
      { lat: 38.5, lon: -6 },
      { lat: 42.5, lon: -7 },
      { lat: 36.5, lon: -4.5 },
    ][n]!;
  /** `km` north of `from` (a degree of latitude is ~111.2 km). */
  const north = (from: { lat: number; lon: number }, km: number) => ({
    lat: from.lat + km / 111.2,
    lon: from.lon,
  });
  const titles = (body: { rides: { title: string }[] }) => body.rides.map((r) => r.title);

  it("starts a later page's ladder wider, by the square root of the rides it needs", () => {
    // Page 1 needs 11 rides, page 6 needs 61: about 5.5 times the area, 2.35 times the radius.
    expect(nearFirstRadiusKm(false, 11)).toBe(2);
    expect(nearFirstRadiusKm(true, 11)).toBe(NEAR_FIRST_RADIUS_KM.filtered);
    expect(nearFirstRadiusKm(false, 61)).toBe(4.5);
    expect(nearFirstRadiusKm(true, 61)).toBe(19);
    expect(nearFirstRadiusKm(true, 10_001)).toBe(NEAR_RADIUS_KM);
  });

  it("doubles each rung's radius up to the whole radius, which is always the last rung", () => {
    expect(ladderOf(2)).toEqual([2, 4, 8, 16, 32, NEAR_RADIUS_KM]);
    expect(ladderOf(4.5)).toEqual([4.5, 9, 18, 36, NEAR_RADIUS_KM]);
    expect(ladderOf(19)).toEqual([19, 38, NEAR_RADIUS_KM]);
    expect(ladderOf(NEAR_RADIUS_KM)).toEqual([NEAR_RADIUS_KM]);
  });

  it("reads only the first box (2 km) when it already holds the page: rides beyond it cost nothing, blocks or not", async () => {
    const owner = await createUser();
    // A rider with a block, with someone in none of these rides: her page is the same, and so
    // is its cost. (The ladder once counted no ride for her and walked the whole 50 km box.)
    const [blocker, stranger] = await Promise.all([createUser(), createUser()]);
    await db().insert(blocks).values({ blockerId: blocker.id, blockedId: stranger.id });
    const here = spot(0);
    for (let i = 0; i < 12; i++) {
      await createRide({ organizerId: owner.id, title: `cerca ${i}`, pin: north(here, i * 0.2) });
    }
    const filters: ListFilters = { modalities: [], levels: [], page: 0, near: here };
    const now = Date.now();
    const page = async (viewerId: string) => {
      const { text, params } = runnable(listingWithParticipantsQuery(db(), filters, viewerId, now));
      const result = await env.DB.prepare(text)
        .bind(...params)
        .all<{ title: string }>();
      return { titles: result.results.map((r) => r.title), rowsRead: result.meta.rows_read };
    };
    const viewers = [owner.id, blocker.id];
    const alone = await Promise.all(viewers.map(page));
    // Outside the first box (and the band its index range reads), inside the 50 km one, north
    // and south of her. The index is walked northwards: had a larger rung's count run, it would
    // have read the southern ones before reaching hers.
    for (let i = 0; i < 40; i++) {
      const km = 4 + Math.floor(i / 2) * 0.5;
      await createRide({
        organizerId: owner.id,
        title: `lejos ${i}`,
        pin: north(here, i % 2 === 0 ? km : -km),
      });
    }
    const withFar = await Promise.all(viewers.map(page));
    for (const [i, viewer] of viewers.entries()) {
      expect(alone[i]!.titles, viewer).toEqual(Array.from({ length: 11 }, (_, i) => `cerca ${i}`));
      expect(withFar[i]!.titles, viewer).toEqual(alone[i]!.titles);
      // At most the one entry past the first box that ends its index range.
      expect(withFar[i]!.rowsRead, viewer).toBeLessThanOrEqual(alone[i]!.rowsRead + 1);
    }
  });

  it("climbs the ladder when a box holds fewer rides than the page needs, up to the whole radius", async () => {
    const owner = await createUser();
    const here = spot(1);
    for (let i = 0; i < 15; i++) {
      await createRide({
        organizerId: owner.id,
        title: `A${String(i).padStart(2, "0")}`,
        pin: north(here, i * 0.4),
      });
    }
    for (let i = 0; i < 8; i++) {
      await createRide({ organizerId: owner.id, title: `B${i}`, pin: north(here, 15 + i) });
    }
    const { browser } = await signedIn();
    // Page 1 needs 21 rides: the 2, 4 and 8 km boxes hold at most 15, so the page crosses into
    // the 16 km box, in order.
    const first = await json(await nearSearch(browser, "", here));
    const second = await json(await nearSearch(browser, "page=1", here));
    const third = await json(await nearSearch(browser, "page=2", here));
    expect(titles(first)).toEqual(
      Array.from({ length: 10 }, (_, i) => `A${String(i).padStart(2, "0")}`),
    );
    expect(first.hasMore).toBe(true);
    expect(titles(second)).toEqual([
      "A10",
      "A11",
      "A12",
      "A13",
      "A14",
      "B0",
      "B1",
      "B2",
      "B3",
      "B4",
    ]);
    expect(second.hasMore).toBe(true);
    expect(titles(third)).toEqual(["B5", "B6", "B7"]);
    expect(third.hasMore).toBe(false);
  });

  it("counts only the rides she may see: a blocked rider's rides in a box do not fill it", async () => {
    const blocked = await signedIn();
    const owner = await createUser();
    const here = spot(2);
    // Eleven rides within 3 km (a page and one more), two of them the blocked rider's…
    for (let i = 0; i < 11; i++) {
      await createRide({
        organizerId: i < 2 ? blocked.user.id : owner.id,
        title: `C${String(i).padStart(2, "0")}`,
        pin: north(here, i * 0.3),
      });
    }
    // …so the page needs the rides beyond it.
    await createRide({ organizerId: owner.id, title: "D0", pin: north(here, 20) });
    await createRide({ organizerId: owner.id, title: "D1", pin: north(here, 25) });
    const { browser } = await signedIn();
    expect((await browser.post("/api/blocks", { userId: blocked.user.id })).status).toBe(200);
    const first = await json(await nearSearch(browser, "", here));
    expect(titles(first)).toEqual([
      ...Array.from({ length: 9 }, (_, i) => `C${String(i + 2).padStart(2, "0")}`),
      "D0",
    ]);
    expect(first.hasMore).toBe(true);
    const second = await json(await nearSearch(browser, "page=1", here));
    expect(titles(second)).toEqual(["D1"]);
    expect(second.hasMore).toBe(false);
  });

  it("'Solo el grupo' rides near her: a member gets them in the distance order, others never", async () => {
    const [leader, member, outsider] = await signedInMany([{}, {}, {}]);
    const group = await createGroup({ leaderId: leader.user.id, members: [member.user.id] });
    const here = spot(3);
    // Eleven rides within 3 km, the nearest six only for the group…
    for (let i = 0; i < 11; i++) {
      const ride = await createRide({
        organizerId: leader.user.id,
        title: `E${String(i).padStart(2, "0")}`,
        pin: north(here, i * 0.3),
      });
      if (i < 6) {
        await db()
          .update(rides)
          .set({ groupId: group.id, groupOnly: true })
          .where(eq(rides.id, ride.id));
      }
    }
    // …and two beyond them: the page climbs the ladder past the first boxes.
    await createRide({ organizerId: leader.user.id, title: "F0", pin: north(here, 20) });
    await createRide({ organizerId: leader.user.id, title: "F1", pin: north(here, 25) });
    const all = [
      ...Array.from({ length: 11 }, (_, i) => `E${String(i).padStart(2, "0")}`),
      "F0",
      "F1",
    ];
    const pages = async (browser: Browser) => [
      ...titles(await json(await nearSearch(browser, "", here))),
      ...titles(await json(await nearSearch(browser, "page=1", here))),
    ];
    expect(await pages(member.browser)).toEqual(all);
    expect(await pages(outsider.browser)).toEqual(all.slice(6));
  });
});

describe("'Cerca de mí': a page asked again reads the box that held it last time", () => {
  /** Far from every other test's rides, and from each other (a 50 km box is ±0.45° of latitude). */
  const spots = [
    { lat: 43.6, lon: -5.8 },
    { lat: 44.7, lon: -1.2 },
    { lat: 35.4, lon: -3 },
  ];
  const north = (from: { lat: number; lon: number }, km: number) => ({
    lat: from.lat + km / 111.2,
    lon: from.lon,
  });
  /** The statements' texts and their rung lists: "(2), (4), (8), …" for a ladder. */
  const recorded = () => {
    const texts: string[] = [];
    const d1 = wrapD1(env.DB, {
      prepare: (prepare) => (query) => {
        texts.push(query);
        return prepare(query);
      },
    });
    const rungs = () =>
      texts.map((text) => /from \(values ((?:\([\d.]+\)(?:, )?)+)\)/.exec(text)?.[1]);
    return { d1, texts, rungs };
  };
  /** The page as the ladder alone reads it (its own statement, run directly). */
  const ladderTitles = async (filters: ListFilters, viewerId: string, now: number) => {
    const { text, params } = runnable(listingWithParticipantsQuery(db(), filters, viewerId, now));
    const { results } = await env.DB.prepare(text)
      .bind(...params)
      .all<{ title: string }>();
    return results.slice(0, 10).map((r) => r.title);
  };
  const titlesOf = (page: { rides: { title: string }[] }) => page.rides.map((r) => r.title);

  it("reads the rung that held the page, without the ladder's counts, and gets the same page", async () => {
    const owner = await createUser();
    const here = spots[0]!;
    // Every half km: the 2 and 4 km boxes hold 5 and 9, fewer than the 11 the first page needs;
    // the 8 km box holds the 15.
    for (let i = 0; i < 15; i++) {
      await createRide({
        organizerId: owner.id,
        title: `G${String(i).padStart(2, "0")}`,
        pin: north(here, i * 0.5),
      });
    }
    const filters: ListFilters = { modalities: [], levels: [], page: 0, near: here };
    const { d1, texts, rungs } = recorded();
    const now = Date.now();
    const first = await listRides(createDb(d1), filters, owner.id, now);
    const again = await listRides(createDb(d1), filters, owner.id, now);
    expect(texts).toHaveLength(2);
    expect(rungs()).toEqual([`(2), (4), (8), (16), (32), (${NEAR_RADIUS_KM})`, "(8)"]);
    const expected = Array.from({ length: 10 }, (_, i) => `G${String(i).padStart(2, "0")}`);
    expect(titlesOf(first)).toEqual(expected);
    expect(titlesOf(again)).toEqual(expected);
    expect(again.hasMore).toBe(true);
  });

  it("reads again through the ladder when the box no longer holds a full page: fewer rides, or fewer she may see", async () => {
    const [owner, other] = await Promise.all([createUser(), createUser()]);
    const blocker = await createUser();
    await db().insert(blocks).values({ blockerId: blocker.id, blockedId: other.id });
    const here = spots[1]!;
    const made = [];
    for (let i = 0; i < 15; i++) {
      made.push(
        await createRide({
          // Two of them by the rider she blocked.
          organizerId: i === 3 || i === 4 ? other.id : owner.id,
          title: `H${String(i).padStart(2, "0")}`,
          pin: north(here, i * 0.5),
        }),
      );
    }
    for (let i = 0; i < 6; i++) {
      await createRide({ organizerId: owner.id, title: `K${i}`, pin: north(here, 10 + i) });
    }
    const filters: ListFilters = { modalities: [], levels: [], page: 0, near: here };
    const now = Date.now();
    // The owner's read leaves the 8 km rung (her 11th ride is 5 km away).
    const { d1, texts, rungs } = recorded();
    await listRides(createDb(d1), filters, owner.id, now);
    // The blocker sees 13 of the 15 within 8 km; with 4 cancelled, 9: the box is short.
    for (const ride of made.slice(10, 14)) {
      await db().update(rides).set({ status: "cancelled" }).where(eq(rides.id, ride.id));
    }
    const hers = await listRides(createDb(d1), filters, blocker.id, now);
    expect(rungs()).toEqual([
      `(2), (4), (8), (16), (32), (${NEAR_RADIUS_KM})`,
      "(8)",
      `(2), (4), (8), (16), (32), (${NEAR_RADIUS_KM})`,
    ]);
    const expected = await ladderTitles(filters, blocker.id, now);
    expect(expected).toEqual(["H00", "H01", "H02", "H05", "H06", "H07", "H08", "H09", "H14", "K0"]);
    expect(titlesOf(hers)).toEqual(expected);
    // The ladder's answer is remembered: her next read is one statement, from the 16 km box.
    const next = await listRides(createDb(d1), filters, blocker.id, now);
    expect(texts).toHaveLength(4);
    expect(rungs()[3]).toBe("(16)");
    expect(titlesOf(next)).toEqual(expected);
  });

  it("reads a short last page from the whole radius once, as the ladder ends there", async () => {
    const owner = await createUser();
    const here = spots[2]!;
    for (const km of [1, 12, 40]) {
      await createRide({ organizerId: owner.id, title: `L${km}`, pin: north(here, km) });
    }
    const filters: ListFilters = { modalities: [], levels: [], page: 0, near: here };
    const { d1, texts, rungs } = recorded();
    const now = Date.now();
    await listRides(createDb(d1), filters, owner.id, now);
    const again = await listRides(createDb(d1), filters, owner.id, now);
    expect(texts).toHaveLength(2);
    expect(rungs()[1]).toBe(`(${NEAR_RADIUS_KM})`);
    expect(titlesOf(again)).toEqual(["L1", "L12", "L40"]);
    expect(again.hasMore).toBe(false);
  });
});
