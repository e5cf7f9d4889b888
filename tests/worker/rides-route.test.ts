// The route as uploaded (bytes through R2), measured per segment, its profile, the
// file's name on edit with 'Quitar', and the meeting pin.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { routeKeyOf } from "../../worker/gpx/storage.ts";
import { createRide, createUser, signedIn } from "./helpers/factories.ts";
import { Browser, json } from "./helpers/http.ts";
import { multipart, rideBody, rideRow, SMALL_GPX } from "./helpers/rides.ts";

/** Text whose every character is below 256, as ISO-8859-1 bytes (one byte each). */
function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    if (code > 255) throw new Error(`not Latin-1: ${c}`);
    return code;
  });
}

const LATIN1_GPX = latin1(`<?xml version="1.0" encoding="ISO-8859-1"?>
<gpx version="1.1" creator="BaseCamp"><trk><name>Subida a la Fuenfría por Peñalara</name><trkseg>
<trkpt lat="40.7800" lon="-4.0500"><ele>1300</ele></trkpt>
<trkpt lat="40.7900" lon="-4.0500"><ele>1360</ele></trkpt>
</trkseg></trk></gpx>
`);

// Two tracks 50 km apart: each is 0.01° of latitude (1.11 km), the jump is not ridden.
const TWO_TRACKS = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Wahoo">
<trk><trkseg><trkpt lat="40.00" lon="-3.70"><ele>600</ele></trkpt><trkpt lat="40.01" lon="-3.70"><ele>640</ele></trkpt></trkseg></trk>
<trk><trkseg><trkpt lat="40.45" lon="-3.70"><ele>700</ele></trkpt><trkpt lat="40.46" lon="-3.70"><ele>720</ele></trkpt></trkseg></trk>
</gpx>`;

async function createWithGpx(browser: Browser, gpx: string | Uint8Array, name = "ruta.gpx") {
  const res = await browser.fetch("/api/rides", {
    method: "POST",
    body: multipart(rideBody(), gpx, name),
  });
  expect(res.status).toBe(201);
  return (await json(res)).ride as { id: string; hasRoute: boolean; routeFileName: string | null };
}

describe("GPX bytes as uploaded", () => {
  it("serves an ISO-8859-1 file back byte for byte, from R2 as stored", async () => {
    const { browser } = await signedIn();
    const ride = await createWithGpx(browser, LATIN1_GPX, "fuenfría.gpx");
    const key = (await rideRow(ride.id))!.routeGpxKey!;
    const stored = await env.GPX.get(key);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(LATIN1_GPX);

    const res = await browser.get(`/api/rides/${ride.id}/gpx`);
    expect(res.status).toBe(200);
    const served = new Uint8Array(await res.arrayBuffer());
    expect(served).toEqual(LATIN1_GPX);
    // "í" is still the one byte 0xED, not U+FFFD's three.
    expect(served.includes(0xed)).toBe(true);
    expect(served.length).toBe(LATIN1_GPX.length);
  });

  it("keeps a UTF-16 file with its BOM, and reads it", async () => {
    const text = `<?xml version="1.0" encoding="UTF-16"?><gpx><trk><trkseg><trkpt lat="43.26" lon="-2.93"/><trkpt lat="43.27" lon="-2.93"/></trkseg></trk></gpx>`;
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) bytes[2 + 2 * i] = text.charCodeAt(i);
    const { browser } = await signedIn();
    const ride = await createWithGpx(browser, bytes);
    const served = new Uint8Array(
      await (await browser.get(`/api/rides/${ride.id}/gpx`)).arrayBuffer(),
    );
    expect(served).toEqual(bytes);
    const route = await json(await browser.get(`/api/rides/${ride.id}/route`));
    expect(route.distanceKm).toBe(1.11);
  });
});

describe("GET /api/rides/:id/route", () => {
  it("gives each track its own line, the distance without the jump, and the profile", async () => {
    const { browser } = await signedIn();
    const ride = await createWithGpx(browser, TWO_TRACKS);
    const route = await json(await browser.get(`/api/rides/${ride.id}/route`));
    expect(route.segments).toEqual([
      [
        [40, -3.7],
        [40.01, -3.7],
      ],
      [
        [40.45, -3.7],
        [40.46, -3.7],
      ],
    ]);
    expect(route.distanceKm).toBe(2.22);
    // +40 and +20 within the tracks; the 60 m between them is not counted.
    expect(route.elevationGain).toBe(60);
    expect(route.maxElevation).toBe(720);
    expect(route.profile.map((p: number[]) => [p[0], p[1]])).toEqual([
      [0, 600],
      [1.112, 640],
      [1.112, 700],
      [2.224, 720],
    ]);
  });

  it("reads a route stored before segments as one line without a profile", async () => {
    const { browser } = await signedIn();
    const ride = await createWithGpx(browser, SMALL_GPX);
    const key = (await rideRow(ride.id))!.routeGpxKey!;
    const old = {
      coordinates: [
        [40.4168, -3.7038],
        [40.42, -3.71],
      ],
      distanceKm: 0.66,
      elevationGain: 10,
    };
    await env.GPX.put(routeKeyOf(key), JSON.stringify(old));
    const route = await json(await browser.get(`/api/rides/${ride.id}/route`));
    expect(route).toEqual({
      segments: [old.coordinates],
      distanceKm: 0.66,
      elevationGain: 10,
      maxElevation: null,
      profile: [],
    });
  });
});

describe("the route file on edit", () => {
  it("shows her file's name, cleaned, to her alone", async () => {
    const { browser } = await signedIn();
    const ride = await createWithGpx(browser, SMALL_GPX, "../../Mi ruta\u0007 de domingo.gpx");
    expect(ride.routeFileName).toBe("Mi ruta de domingo.gpx");
    const rider = await signedIn();
    await rider.browser.post(`/api/rides/${ride.id}/join`);
    const seen = await json(await rider.browser.get(`/api/rides/${ride.id}`));
    expect(seen.ride.hasRoute).toBe(true);
    expect(seen.ride.routeFileName).toBeNull();
    const mine = await json(await browser.get(`/api/rides/${ride.id}`));
    expect(mine.ride.routeFileName).toBe("Mi ruta de domingo.gpx");
  });

  it("removes the route ('Quitar') and deletes both R2 objects", async () => {
    const { browser } = await signedIn();
    const ride = await createWithGpx(browser, SMALL_GPX);
    const key = (await rideRow(ride.id))!.routeGpxKey!;
    const res = await browser.put(`/api/rides/${ride.id}`, { ...rideBody(), removeRoute: true });
    expect(res.status).toBe(200);
    const { ride: edited } = await json(res);
    expect(edited.hasRoute).toBe(false);
    expect(edited.routeFileName).toBeNull();
    const row = await rideRow(ride.id);
    expect(row!.routeGpxKey).toBeNull();
    expect(row!.routeFileName).toBeNull();
    expect(await env.GPX.head(key)).toBeNull();
    expect(await env.GPX.head(routeKeyOf(key))).toBeNull();
    expect((await browser.get(`/api/rides/${ride.id}/gpx`)).status).toBe(404);
  });

  it("replaces rather than removes when a new file comes with removeRoute", async () => {
    const { browser } = await signedIn();
    const ride = await createWithGpx(browser, SMALL_GPX, "vieja.gpx");
    const oldKey = (await rideRow(ride.id))!.routeGpxKey!;
    const res = await browser.fetch(`/api/rides/${ride.id}`, {
      method: "PUT",
      body: multipart({ ...rideBody(), removeRoute: true }, TWO_TRACKS, "nueva.gpx"),
    });
    expect(res.status).toBe(200);
    expect((await json(res)).ride.routeFileName).toBe("nueva.gpx");
    const row = await rideRow(ride.id);
    expect(row!.routeGpxKey).not.toBe(oldKey);
    expect(await env.GPX.head(row!.routeGpxKey!)).not.toBeNull();
    expect(await env.GPX.head(oldKey)).toBeNull();
    expect(await env.GPX.head(routeKeyOf(oldKey))).toBeNull();
  });

  it("keeps the file when an edit fails, even with removeRoute", async () => {
    const { browser } = await signedIn();
    const ride = await createWithGpx(browser, SMALL_GPX);
    const key = (await rideRow(ride.id))!.routeGpxKey!;
    const res = await browser.put(`/api/rides/${ride.id}`, {
      ...rideBody({ title: "" }),
      removeRoute: true,
    });
    expect(res.status).toBe(400);
    expect((await rideRow(ride.id))!.routeGpxKey).toBe(key);
    expect(await env.GPX.head(key)).not.toBeNull();
  });

  it("lets only the organizer remove the route", async () => {
    const { browser } = await signedIn();
    const ride = await createWithGpx(browser, SMALL_GPX);
    const key = (await rideRow(ride.id))!.routeGpxKey!;
    const other = await signedIn();
    const res = await other.browser.put(`/api/rides/${ride.id}`, {
      ...rideBody(),
      removeRoute: true,
    });
    expect(res.status).toBe(403);
    expect(await env.GPX.head(key)).not.toBeNull();
  });
});

describe("the meeting pin (docs/product.md#meeting-pin-and-near-me)", () => {
  const pin = { lat: 40.4153, lon: -3.6845 };

  it("is stored with the ride and shown to any rider who may open it", async () => {
    const { browser } = await signedIn();
    // Its own title, to find its card among this file's other rides (the feed comes in pages).
    const title = `Con punto ${Date.now()}`;
    const res = await browser.post("/api/rides", rideBody({ meetingPin: pin, title }));
    expect(res.status).toBe(201);
    const { ride } = await json(res);
    expect(ride.meetingPin).toEqual(pin);
    const row = await rideRow(ride.id);
    expect([row!.meetingLat, row!.meetingLon]).toEqual([pin.lat, pin.lon]);
    // Not a participant: she sees the meeting point, pin included, as she sees its text.
    const stranger = await signedIn();
    const seen = await json(await stranger.browser.get(`/api/rides/${ride.id}`));
    expect(seen.ride.meetingPin).toEqual(pin);
    const list = await json(
      await stranger.browser.get(`/api/rides?q=${encodeURIComponent(title)}`),
    );
    expect(list.rides.map((r: { id: string }) => r.id)).toEqual([ride.id]);
    expect(list.rides[0].meetingPin).toEqual(pin);
    expect((await new Browser().get(`/api/rides/${ride.id}`)).status).toBe(401);
  });

  it("rounds to 7 decimals and accepts the equator and Greenwich", async () => {
    const { browser } = await signedIn();
    const { ride } = await json(
      await browser.post("/api/rides", rideBody({ meetingPin: { lat: 0, lon: 0.123456789 } })),
    );
    expect(ride.meetingPin).toEqual({ lat: 0, lon: 0.1234568 });
  });

  it.each([
    ["a latitude above 90", { lat: 90.5, lon: 0 }],
    ["a longitude below -180", { lat: 40, lon: -181 }],
    ["a text", { lat: "40.4", lon: -3.7 }],
    ["a missing longitude", { lat: 40.4 }],
    ["a list", [40.4, -3.7]],
  ])("refuses %s with the pin's message", async (_name, meetingPin) => {
    const { browser } = await signedIn();
    const res = await browser.post("/api/rides", rideBody({ meetingPin }));
    expect(res.status).toBe(400);
    expect((await json(res)).error).toEqual({
      code: "validation_error",
      message: MSG.meetingPinInvalid,
      fields: { meetingPin: MSG.meetingPinInvalid },
    });
  });

  it("stays when an edit leaves it out, moves or goes when an edit says so", async () => {
    const { browser } = await signedIn();
    const { ride } = await json(await browser.post("/api/rides", rideBody({ meetingPin: pin })));
    await browser.put(`/api/rides/${ride.id}`, rideBody({ title: "Otra" }));
    expect((await rideRow(ride.id))!.meetingLat).toBe(pin.lat);
    const moved = { lat: 40.42, lon: -3.7 };
    const res = await browser.put(`/api/rides/${ride.id}`, rideBody({ meetingPin: moved }));
    expect((await json(res)).ride.meetingPin).toEqual(moved);
    await browser.put(`/api/rides/${ride.id}`, rideBody({ meetingPin: null }));
    const row = await rideRow(ride.id);
    expect([row!.meetingLat, row!.meetingLon]).toEqual([null, null]);
  });

  it("is null for rides that never had one", async () => {
    const owner = await createUser();
    const ride = await createRide({ organizerId: owner.id });
    const { browser } = await signedIn();
    expect((await json(await browser.get(`/api/rides/${ride.id}`))).ride.meetingPin).toBeNull();
  });
});
