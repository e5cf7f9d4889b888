// A ride's clock is stored with it (docs/decisions/0042-a-rides-zone-is-stored.md), and its room
// is placed near it (docs/decisions/0043-ride-room-placement.md).
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { CITIES, cityTimeZone, normalizeText } from "../../domain/cities.ts";
import { toZonedDateTime, zoneOffsetMinutes } from "../../domain/zones.ts";
import { rides } from "../../worker/db/schema.ts";
import { locationHintFor } from "../../worker/rooms/location-hint.ts";
import { createRide, createUser, db, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { parseCalendar } from "./helpers/ics.ts";
import { rideBody, rideRow } from "./helpers/rides.ts";

const DAY = 24 * 60 * 60 * 1000;
const LISBOA = { lat: 38.7139, lon: -9.1394 };
const MADRID = { lat: 40.4169, lon: -3.7035 };
const NEW_YORK = { lat: 40.758, lon: -73.9855 };

/** A day at least a week ahead on which Lisbon keeps winter time (UTC), as 'YYYY-MM-DD'. */
function winterDayAhead(): string {
  let at = Date.now() + 7 * DAY;
  while (zoneOffsetMinutes(at, "Europe/Lisbon") !== 0) at += DAY;
  return toZonedDateTime(at, "Europe/Lisbon")!.date;
}

/** Her form's request: 10:00 that day, and the instant her app read on Madrid's clock. */
function lisbonRideBody(overrides: Record<string, unknown> = {}) {
  const date = winterDayAhead();
  return {
    ...rideBody(),
    city: "Lisboa",
    meetingPin: LISBOA as { lat: number; lon: number } | null,
    startTime: `${date}T09:00:00.000Z`,
    startLocal: { date, time: "10:00" },
    ...overrides,
  };
}

describe("the zone a ride stores", () => {
  test("a ride pinned in Lisboa stores Europe/Lisbon, and 10:00 entered is 10:00 there (UTC in winter) everywhere it shows", async () => {
    const { browser } = await signedIn();
    // Its own title: other tests of this file list rides in Lisboa at the same hour.
    const body = lisbonRideBody({ title: `Por Lisboa ${Date.now()}` });
    const date = body.startLocal.date;
    const tenInLisbon = Date.parse(`${date}T10:00:00.000Z`);
    const created = await browser.post("/api/rides", body);
    expect(created.status).toBe(201);
    const { ride } = await json(created);
    expect(ride).toMatchObject({ timeZone: "Europe/Lisbon", startTime: tenInLisbon });
    expect(await rideRow(ride.id)).toMatchObject({ timeZone: "Europe/Lisbon" });

    const detail = await json(await browser.get(`/api/rides/${ride.id}`));
    expect(detail.ride).toMatchObject({ timeZone: "Europe/Lisbon", startTime: tenInLisbon });
    const listing = await json(
      await browser.get(`/api/rides?city=Lisboa&q=${encodeURIComponent(body.title)}`),
    );
    expect(listing.rides).toEqual([
      expect.objectContaining({ id: ride.id, timeZone: "Europe/Lisbon", startTime: tenInLisbon }),
    ]);
    const mine = await json(await browser.get("/api/my-rides?tab=upcoming"));
    expect(mine.rides).toEqual([
      expect.objectContaining({ id: ride.id, timeZone: "Europe/Lisbon" }),
    ]);

    const ics = parseCalendar(
      await (await browser.get(`/api/rides/${ride.id}/calendar.ics`)).text(),
    );
    expect(ics.timezones).toEqual(["Europe/Lisbon"]);
    expect(ics.events[0]).toMatchObject({
      tzid: "Europe/Lisbon",
      localTime: "10:00",
      start: tenInLisbon,
    });

    const page = await (await new Browser().get(`/salida/${ride.id}`)).text();
    expect(page).toContain("· 10:00 (hora de Lisboa)");
  });

  test("a zone the client sends is ignored", async () => {
    const { browser } = await signedIn();
    const res = await browser.post(
      "/api/rides",
      rideBody({ meetingPin: MADRID, timeZone: "Asia/Tokyo", time_zone: "Asia/Tokyo" }),
    );
    expect(res.status).toBe(201);
    const { ride } = await json(res);
    expect(ride.timeZone).toBe("Europe/Madrid");
    expect(await rideRow(ride.id)).toMatchObject({ timeZone: "Europe/Madrid" });
  });

  test("without a pin, the city's zone; a city off the list is on Madrid's clock", async () => {
    const { browser } = await signedIn();
    const zoneOf = async (city: string) =>
      (await json(await browser.post("/api/rides", rideBody({ city, meetingPin: null })))).ride
        .timeZone;
    expect(await zoneOf("Arrecife")).toBe("Atlantic/Canary");
    expect(await zoneOf("Melilla")).toBe("Africa/Ceuta");
    expect(await zoneOf("Lisboa")).toBe("Europe/Madrid");
    expect(await zoneOf("Pueblo sin lista")).toBe("Europe/Madrid");
  });

  test("editing: moving the pin sets the zone anew, the kept pin outranks a new city, no pin takes the city's", async () => {
    const { browser } = await signedIn();
    const { ride } = await json(await browser.post("/api/rides", rideBody({ meetingPin: MADRID })));
    expect(ride.timeZone).toBe("Europe/Madrid");
    const edit = (overrides: Record<string, unknown>) =>
      browser.put(`/api/rides/${ride.id}`, lisbonRideBody(overrides));

    const moved = await edit({ city: "Madrid" });
    expect(moved.status).toBe(200);
    const movedRide = (await json(moved)).ride;
    expect(movedRide.timeZone).toBe("Europe/Lisbon");
    expect(new Date(movedRide.startTime).toISOString()).toMatch(/T10:00:00\.000Z$/);

    // An older client's edit leaves the pin out: the stored one (Lisboa) still sets the clock.
    const { meetingPin: _, ...withoutPin } = lisbonRideBody({ city: "Arrecife" });
    const kept = await browser.put(`/api/rides/${ride.id}`, withoutPin);
    expect((await json(kept)).ride.timeZone).toBe("Europe/Lisbon");

    const unpinned = await edit({ city: "Arrecife", meetingPin: null });
    expect((await json(unpinned)).ride.timeZone).toBe("Atlantic/Canary");
    expect(await rideRow(ride.id)).toMatchObject({ timeZone: "Atlantic/Canary" });
  });

  test("a start entered on the ride's clock that has passed there is refused", async () => {
    const { browser } = await signedIn();
    const yesterday = toZonedDateTime(Date.now() - DAY, "Europe/Lisbon")!.date;
    const res = await browser.post(
      "/api/rides",
      lisbonRideBody({ startLocal: { date: yesterday, time: "10:00" } }),
    );
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toHaveProperty("startTime");
  });

  test("a regular grupeta pinned in Lisboa: every date stores Europe/Lisbon at 10:00 there", async () => {
    const { browser } = await signedIn();
    const res = await browser.post(
      "/api/rides",
      lisbonRideBody({ repeat: { everyWeeks: 1, count: 3 } }),
    );
    expect(res.status).toBe(201);
    const { ride } = await json(res);
    const dates = await db()
      .select({ startTime: rides.startTime, timeZone: rides.timeZone })
      .from(rides)
      .where(eq(rides.seriesId, ride.series.id))
      .all();
    expect(dates).toHaveLength(3);
    for (const date of dates) {
      expect(date.timeZone).toBe("Europe/Lisbon");
      expect(toZonedDateTime(date.startTime, "Europe/Lisbon")!.time).toBe("10:00");
    }
  });
});

describe("POST /api/rides/zone: the clock her form reads the date and time on", () => {
  test("is the one the ride would store: the pin's, else the city's", async () => {
    const { browser } = await signedIn();
    const zoneOf = async (body: unknown) => {
      const res = await browser.post("/api/rides/zone", body);
      return { status: res.status, body: await json(res) };
    };
    expect(await zoneOf({ pin: LISBOA, city: "Madrid" })).toEqual({
      status: 200,
      body: { timeZone: "Europe/Lisbon" },
    });
    expect((await zoneOf({ pin: NEW_YORK, city: "Nueva York" })).body.timeZone).toBe(
      "America/New_York",
    );
    expect((await zoneOf({ pin: null, city: "Las Palmas de Gran Canaria" })).body.timeZone).toBe(
      "Atlantic/Canary",
    );
    expect((await zoneOf({ pin: null, city: "Lisboa" })).body.timeZone).toBe("Europe/Madrid");
    // The open sea names no one's clock: the city's.
    expect((await zoneOf({ pin: { lat: 36, lon: -30 }, city: "Sevilla" })).body.timeZone).toBe(
      "Europe/Madrid",
    );
    // The same answer as the ride it is for.
    const created = await json(
      await browser.post("/api/rides", rideBody({ city: "Madrid", meetingPin: LISBOA })),
    );
    expect(created.ride.timeZone).toBe("Europe/Lisbon");
  });

  test("refuses a pin off the Earth, a city too long, a missing body and visitors", async () => {
    const { browser } = await signedIn();
    for (const body of [
      { pin: { lat: 91, lon: 0 }, city: "Madrid" },
      { pin: { lat: 40, lon: "x" }, city: "Madrid" },
      { pin: null, city: "M".repeat(200) },
      { pin: null },
      {},
    ]) {
      expect((await browser.post("/api/rides/zone", body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await new Browser().post("/api/rides/zone", { pin: MADRID, city: "Madrid" })).status,
    ).toBe(401);
  });
});

describe("the backfill of rides stored before the zone", () => {
  test("maps every city of the list, a town named with its island, and anything else to Madrid", async () => {
    const organizer = await createUser();
    const cities = [
      ...CITIES,
      "Mogán, Gran Canaria",
      "Valverde (El Hierro)",
      "La Palma del Condado",
      "Lisboa",
      "Pueblo sin lista",
    ];
    const ids: string[] = [];
    for (const city of cities) {
      ids.push((await createRide({ organizerId: organizer.id, city, timeZone: "UTC" })).id);
    }
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0023_"));
    const backfill = migration?.queries.find((q) => q.includes("UPDATE `rides`"));
    expect(backfill).toBeDefined();
    await env.DB.prepare(backfill!).run();
    const rows = await db()
      .select({ city: rides.city, timeZone: rides.timeZone })
      .from(rides)
      .where(sql`${rides.id} in (select value from json_each(${JSON.stringify(ids)}))`)
      .all();
    expect(rows).toHaveLength(cities.length);
    for (const row of rows) {
      expect(row.timeZone, row.city).toBe(cityTimeZone(row.city));
    }
    expect(cityTimeZone("Mogán, Gran Canaria")).toBe("Atlantic/Canary");
    expect(normalizeText("La Palma del Condado")).toBe("la palma del condado");
    expect(cityTimeZone("La Palma del Condado")).toBe("Europe/Madrid");
  });
});

describe("where a ride's room is placed", () => {
  test.each([
    ["Europe/Madrid", "weur"],
    ["Europe/Lisbon", "weur"],
    ["Atlantic/Canary", "weur"],
    ["Africa/Ceuta", "weur"],
    ["Europe/Andorra", "weur"],
    ["Europe/Athens", "eeur"],
    ["America/New_York", "enam"],
    ["America/Los_Angeles", "wnam"],
    ["America/Sao_Paulo", "sam"],
    ["America/Argentina/Buenos_Aires", "sam"],
    ["Africa/Casablanca", "afr"],
    ["Asia/Dubai", "me"],
    ["Asia/Tokyo", "apac"],
    ["Australia/Sydney", "oc"],
    ["UTC", "weur"],
  ])("%s → %s", (zone, hint) => {
    expect(locationHintFor(zone)).toBe(hint);
  });

  test("creating a ride asks for its room with the hint of its stored zone", async () => {
    const { browser: signedInBrowser } = await signedIn();
    const gets: { name: string; options: unknown }[] = [];
    const names = new Map<string, string>();
    const spy = {
      idFromName(name: string) {
        const id = env.RIDE_ROOM.idFromName(name);
        names.set(id.toString(), name);
        return id;
      },
      get(id: DurableObjectId, options?: DurableObjectNamespaceGetDurableObjectOptions) {
        gets.push({ name: names.get(id.toString()) ?? "", options });
        return env.RIDE_ROOM.get(id, options);
      },
    };
    const browser = new Browser({ env: { RIDE_ROOM: spy as unknown as Env["RIDE_ROOM"] } });
    for (const [k, v] of signedInBrowser.cookies) browser.cookies.set(k, v);

    const inNewYork = await json(
      await browser.post("/api/rides", rideBody({ city: "Nueva York", meetingPin: NEW_YORK })),
    );
    expect(inNewYork.ride.timeZone).toBe("America/New_York");
    expect(gets).toContainEqual({ name: inNewYork.ride.id, options: { locationHint: "enam" } });

    const inLisbon = await json(await browser.post("/api/rides", lisbonRideBody()));
    expect(gets).toContainEqual({ name: inLisbon.ride.id, options: { locationHint: "weur" } });
  });
});
