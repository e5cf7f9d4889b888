// The meeting pin is placed, never guessed (docs/decisions/0035-the-meeting-pin-is-placed.md):
// a ride without a pin placed by its organizer (or taken from its GPX) has no pin, is left out
// of the 'Cerca de mí' order and is never given a distance. The ride form used to send the
// city's centre when she placed none; migrations/0015_unplaced_meeting_pins.sql turns those
// pins into no pin.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CITIES } from "../../domain/cities.ts";
import { cityCentre } from "../../domain/city-centres.ts";
import { NEAR_HEADER } from "../../domain/near.ts";
import { createRide, createUser, signedIn } from "./helpers/factories.ts";
import { type Browser, json } from "./helpers/http.ts";
import { rideBody, rideRow } from "./helpers/rides.ts";

const SOL = "40.42,-3.7";
const MADRID_CENTRE = { lat: 40.4168, lon: -3.7038 };
const COLLADO_VILLALBA = { lat: 40.6351, lon: -4.0046 };

const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("unplaced_meeting_pins"))!;
async function runMigration() {
  for (const query of migration.queries) await env.DB.prepare(query).run();
}

interface Card {
  id: string;
  title: string;
  distanceKm: number | null;
}
async function nearSol(browser: Browser, tag: string): Promise<Card[]> {
  const res = await browser.fetch(`/api/rides?q=${tag}`, { headers: { [NEAR_HEADER]: SOL } });
  expect(res.status).toBe(200);
  return (await json<{ rides: Card[] }>(res)).rides;
}

describe("a ride's pin as its organizer left it", () => {
  it("a ride created with no pin has none, is not near anyone and has no distance", async () => {
    const tag = `SinPin${Date.now()}`;
    const { browser } = await signedIn();
    const res = await browser.post(
      "/api/rides",
      rideBody({ title: `${tag} Villalba`, meetingPin: null }),
    );
    expect(res.status).toBe(201);
    const { ride } = await json<{ ride: { id: string; meetingPin: unknown } }>(res);
    expect(ride.meetingPin).toBeNull();
    expect(await rideRow(ride.id)).toMatchObject({ meetingLat: null, meetingLon: null });
    expect(await nearSol(browser, tag)).toEqual([]);
    const byDate = await json<{ rides: Card[] }>(await browser.get(`/api/rides?q=${tag}`));
    expect(byDate.rides.map((r) => [r.title, r.distanceKm])).toEqual([[`${tag} Villalba`, null]]);
  });
});

describe("the migration of guessed pins (migrations/0015_unplaced_meeting_pins.sql)", () => {
  it("unplaces the Collado Villalba ride pinned at Madrid's centre, 'a menos de 1 km' of Sol", async () => {
    const tag = `Villalba${Date.now()}`;
    const owner = await createUser();
    // Meets at Collado Villalba, ~36 km away; the form sent Madrid's centre.
    const guessed = await createRide({
      organizerId: owner.id,
      title: `${tag} quedada en Collado Villalba`,
      city: "Madrid",
      pin: MADRID_CENTRE,
    });
    // The same ride with the pin she placed.
    const placed = await createRide({
      organizerId: owner.id,
      title: `${tag} con su pin`,
      city: "Madrid",
      pin: COLLADO_VILLALBA,
    });
    const { browser } = await signedIn();
    const before = await nearSol(browser, tag);
    expect(before.find((r) => r.id === guessed.id)?.distanceKm).toBeLessThan(1);

    await runMigration();

    expect(await rideRow(guessed.id)).toMatchObject({ meetingLat: null, meetingLon: null });
    expect(await rideRow(placed.id)).toMatchObject({
      meetingLat: COLLADO_VILLALBA.lat,
      meetingLon: COLLADO_VILLALBA.lon,
    });
    const after = await nearSol(browser, tag);
    expect(after.map((r) => r.id)).toEqual([placed.id]);
    expect(after[0]!.distanceKm).toBeGreaterThan(30);
  });

  it("takes every city's centre of domain/city-centres.ts, and Madrid's for a city without one, as no pin", async () => {
    const owner = await createUser();
    const atCentre = await Promise.all(
      CITIES.map((city) => {
        const [lat, lon] = cityCentre(city)!;
        return createRide({ organizerId: owner.id, city, pin: { lat, lon } });
      }),
    );
    const unknownCity = await createRide({
      organizerId: owner.id,
      city: "Villarriba del Norte",
      pin: MADRID_CENTRE,
    });
    // Placed: a few metres off the centre, or another city's centre.
    const sevilla = cityCentre("Sevilla")!;
    const nearlyCentre = await createRide({
      organizerId: owner.id,
      city: "Sevilla",
      pin: { lat: sevilla[0] + 0.0001, lon: sevilla[1] },
    });
    const otherCentre = await createRide({
      organizerId: owner.id,
      city: "Madrid",
      pin: { lat: sevilla[0], lon: sevilla[1] },
    });

    await runMigration();

    for (const ride of [...atCentre, unknownCity]) {
      expect(await rideRow(ride.id), ride.city).toMatchObject({
        meetingLat: null,
        meetingLon: null,
      });
    }
    expect((await rideRow(nearlyCentre.id))?.meetingLat).toBeCloseTo(sevilla[0] + 0.0001, 7);
    expect((await rideRow(otherCentre.id))?.meetingLat).toBe(sevilla[0]);
  });
});
