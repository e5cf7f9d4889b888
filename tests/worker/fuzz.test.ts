// Bad input, property-based: random, oversized, wrong-typed and hostile bodies, queries and ids
// for every JSON endpoint. Each answer is a 4xx with { error: { code, message } } or a success
// that stored the text as given — never a 500 or a stack trace. Fixed seed, bounded runs.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRide, HOUR, signedIn } from "./helpers/factories.ts";
import { anyValue, FUZZ_SEED, hostileStrings } from "./helpers/hostile.ts";
import type { Browser } from "./helpers/http.ts";

const RUNS = 20;

/** Objects shaped like real bodies (known keys) with hostile values, plus pure noise. */
function bodyFor(keys: string[]) {
  return fc.oneof(
    fc.record(Object.fromEntries(keys.map((k) => [k, anyValue])), { requiredKeys: [] }),
    fc.anything({ maxDepth: 3 }),
  );
}

async function expectClientErrorOrSuccess(res: Response) {
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBeLessThan(500);
  expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
  if (res.status >= 400) {
    const body = JSON.parse(text);
    expect(typeof body.error.code).toBe("string");
    expect(typeof body.error.message).toBe("string");
  }
}

/** The fields of a ride's create and edit bodies. */
const RIDE_KEYS = [
  "title",
  "city",
  "startTime",
  "level",
  "modalities",
  "meetingPoint",
  "distanceKm",
  "elevationM",
  "maxParticipants",
  "socialTags",
  "description",
];

const ENDPOINTS: { method: string; path: (rideId: string) => string; keys: string[] }[] = [
  { method: "POST", path: () => "/api/auth/signup", keys: ["email", "password", "ref"] },
  { method: "POST", path: () => "/api/auth/login", keys: ["email", "password"] },
  { method: "POST", path: () => "/api/auth/password", keys: ["currentPassword", "newPassword"] },
  { method: "POST", path: () => "/api/auth/reset/request", keys: ["email"] },
  { method: "POST", path: () => "/api/auth/reset/confirm", keys: ["token", "password"] },
  {
    method: "PUT",
    path: () => "/api/profile",
    keys: ["username", "city", "modalities", "avatarKey"],
  },
  { method: "POST", path: () => "/api/referrals/claim", keys: ["token"] },
  {
    method: "POST",
    path: () => "/api/rides",
    keys: [...RIDE_KEYS, "createKey"],
  },
  {
    method: "PUT",
    path: (id) => `/api/rides/${id}`,
    keys: RIDE_KEYS,
  },
  { method: "POST", path: (id) => `/api/rides/${id}/cancel`, keys: ["reason"] },
  { method: "PUT", path: () => "/api/push/subscription", keys: ["endpoint", "keys"] },
  { method: "POST", path: () => "/api/push/subscription/remove", keys: ["endpoint"] },
  {
    method: "PUT",
    path: () => "/api/push/preferences",
    keys: ["chat", "rideChanges", "participants", "waitlist", "reminders"],
  },
  { method: "POST", path: () => "/api/push/test", keys: ["endpoint"] },
];

describe("hostile bodies never cause a 500", () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path(":id")}`, async () => {
      const { user, browser } = await signedIn();
      const ride = await createRide({ organizerId: user.id, startsIn: 72 * HOUR });
      await fc.assert(
        fc.asyncProperty(bodyFor(endpoint.keys), async (body) => {
          const res = await browser.fetch(endpoint.path(ride.id), {
            method: endpoint.method,
            body: JSON.stringify(body) ?? "null",
            headers: { "Content-Type": "application/json" },
          });
          await expectClientErrorOrSuccess(res);
        }),
        { numRuns: RUNS, seed: FUZZ_SEED },
      );
    });
  }

  it("malformed JSON and wrong content types get a 400", async () => {
    const { browser } = await signedIn();
    for (const body of ["{", "[1,", "\u0000", "not json"]) {
      const res = await browser.fetch("/api/rides", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status).toBe(400);
      await expectClientErrorOrSuccess(res);
    }
  });

  it("an oversized JSON body gets a 413 before it is parsed", async () => {
    const { browser } = await signedIn();
    const res = await browser.fetch("/api/rides", {
      method: "POST",
      body: JSON.stringify({ title: "x".repeat(200_000) }),
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(413);
    await expectClientErrorOrSuccess(res);
  });
});

describe("hostile queries and ids", () => {
  it("listing filters", async () => {
    const { browser } = await signedIn();
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            q: anyValue,
            city: anyValue,
            m: anyValue,
            level: anyValue,
            from: anyValue,
            to: anyValue,
            page: anyValue,
          },
          { requiredKeys: [] },
        ),
        async (params) => {
          const search = new URLSearchParams();
          for (const [k, v] of Object.entries(params)) search.set(k, String(v).slice(0, 2000));
          await expectClientErrorOrSuccess(await browser.get(`/api/rides?${search}`));
        },
      ),
      { numRuns: RUNS * 2, seed: FUZZ_SEED },
    );
  });

  it("tampered ride ids and usernames", async () => {
    const { browser } = await signedIn();
    const paths = (id: string) => [
      `/api/rides/${id}`,
      `/api/rides/${id}/gpx`,
      `/api/rides/${id}/route`,
      `/api/rides/${id}/calendar.ics`,
      `/api/calendar/feed/${id}`,
      `/api/users/${id}`,
    ];
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 200 }), hostileStrings), async (raw) => {
        const id = encodeURIComponent(raw.slice(0, 1000)) || "x";
        for (const path of paths(id)) await expectClientErrorOrSuccess(await browser.get(path));
        await expectClientErrorOrSuccess(await browser.post(`/api/rides/${id}/join`));
      }),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
  });
});

describe("hostile text is stored as given (rendered as text by the app)", () => {
  it("a ride title with markup comes back verbatim", async () => {
    const { browser }: { browser: Browser } = await signedIn();
    const title = "<img src=x onerror=alert(1)> & 'x'";
    const res = await browser.post("/api/rides", {
      title,
      city: "Madrid",
      startTime: new Date(Date.now() + 72 * HOUR).toISOString(),
      level: "chill",
      modalities: ["road"],
      meetingPoint: "<b>Sol</b>",
      distanceKm: 40,
      elevationM: 300,
      maxParticipants: null,
      socialTags: [],
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { ride: { id: string } };
    const detail = (await (await browser.get(`/api/rides/${created.ride.id}`)).json()) as {
      ride: { title: string; meetingPoint: string };
    };
    expect(detail.ride.title).toBe(title);
    expect(detail.ride.meetingPoint).toBe("<b>Sol</b>");
  });
});

describe("ill-formed Unicode in JSON bodies", () => {
  it("a lone surrogate (half an emoji) is stored as one U+FFFD, never as bytes D1 cannot read", async () => {
    const { browser } = await signedIn();
    // JSON carries a lone surrogate escaped; JSON.stringify writes "\ud83d" for it.
    const res = await browser.post("/api/rides", {
      title: "Ruta \uD83D",
      city: "Madrid",
      startTime: new Date(Date.now() + 72 * HOUR).toISOString(),
      level: "chill",
      modalities: ["road"],
      meetingPoint: "\uDEB2Sol",
      distanceKm: 40,
      elevationM: 300,
      maxParticipants: null,
      socialTags: [],
      description: "🚲\uD83D",
    });
    expect(res.status).toBe(201);
    const { ride } = (await res.json()) as { ride: { id: string } };
    const detail = (await (await browser.get(`/api/rides/${ride.id}`)).json()) as {
      ride: { title: string; meetingPoint: string; description: string };
    };
    expect(detail.ride).toMatchObject({
      title: "Ruta \uFFFD",
      meetingPoint: "\uFFFDSol",
      description: "🚲\uFFFD",
    });
    const row = await env.DB.prepare("SELECT hex(title) AS title FROM rides WHERE id = ?")
      .bind(ride.id)
      .first<{ title: string }>();
    // "Ruta " then EF BF BD, the UTF-8 of U+FFFD (not ED A0 BD, an encoded surrogate).
    expect(row?.title).toBe("5275746120EFBFBD");
  });
});
