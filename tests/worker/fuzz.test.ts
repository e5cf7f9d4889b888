// Bad input, property-based: random, oversized, wrong-typed and hostile bodies, queries and ids
// for every JSON endpoint; control characters and NUL; broken and compressed multipart bodies;
// wrong and missing content types; single-use tokens used in parallel. Each answer is a 4xx with
// { error: { code, message } } or a success that stored the text as given (less control
// characters) — never a 500 or a stack trace. Fixed seed, bounded runs.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MSG } from "../../domain/messages.ts";
import { NEAR_HEADER } from "../../domain/near.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import { createRide, HOUR, signedIn, signedInMany } from "./helpers/factories.ts";
import { createGroup, groupBody } from "./helpers/groups.ts";
import { anyValue, FUZZ_SEED, hostileStrings, textWithControls } from "./helpers/hostile.ts";
import { Browser, json } from "./helpers/http.ts";
import { readsBeforeWrites } from "./helpers/interleave.ts";
import { lastMailTo } from "./helpers/mail.ts";
import { multipart, rideBody, SMALL_GPX } from "./helpers/rides.ts";
import { moderator } from "./helpers/safety.ts";

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
  {
    method: "POST",
    path: (id) => `/api/rides/${id}/level-answers`,
    keys: ["pace", "waitedForAll"],
  },
  { method: "POST", path: () => "/api/blocks", keys: ["userId"] },
  { method: "POST", path: () => "/api/reports", keys: ["kind", "targetId", "reason", "details"] },
  { method: "PUT", path: () => "/api/push/subscription", keys: ["endpoint", "keys"] },
  { method: "POST", path: () => "/api/push/subscription/remove", keys: ["endpoint"] },
  {
    method: "PUT",
    path: () => "/api/push/preferences",
    keys: ["chat", "rideChanges", "participants", "waitlist", "reminders", "groupRides"],
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
            near: fc.oneof(
              anyValue,
              fc
                .tuple(fc.double({ noNaN: false }), fc.double({ noNaN: false }))
                .map(([lat, lon]) => `${lat},${lon}`),
            ),
          },
          { requiredKeys: [] },
        ),
        // Her position for 'Cerca de mí' travels in the X-Near header.
        fc.option(
          fc.oneof(
            anyValue,
            fc
              .tuple(fc.double({ noNaN: false }), fc.double({ noNaN: false }))
              .map(([lat, lon]) => `${lat},${lon}`),
          ),
        ),
        async (params, near) => {
          const search = new URLSearchParams();
          for (const [k, v] of Object.entries(params)) search.set(k, String(v).slice(0, 2000));
          const headers = new Headers();
          try {
            if (near !== null) headers.set(NEAR_HEADER, String(near).slice(0, 2000));
          } catch {
            // Not a value a header can carry: no client can send it.
          }
          await expectClientErrorOrSuccess(
            await browser.fetch(`/api/rides?${search}`, { headers }),
          );
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
        await expectClientErrorOrSuccess(await browser.post(`/api/rides/${id}/waiting-list`));
        await expectClientErrorOrSuccess(await browser.delete(`/api/rides/${id}/waiting-list`));
      }),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
  });
});

describe("hostile group bodies, queries and addresses (docs/product.md#grupos)", () => {
  const GROUP_KEYS = [
    "name",
    "city",
    "description",
    "modalities",
    "levels",
    "avatarKey",
    "joinMode",
    "membersMayPublish",
    "verifiedOnly",
    "indexable",
  ];
  const GROUP_ENDPOINTS: { method: string; path: (slug: string) => string; keys: string[] }[] = [
    { method: "POST", path: () => "/api/groups", keys: GROUP_KEYS },
    { method: "PUT", path: (slug) => `/api/groups/${slug}`, keys: GROUP_KEYS },
    { method: "POST", path: (slug) => `/api/groups/${slug}/join`, keys: ["invite"] },
    { method: "POST", path: (slug) => `/api/groups/${slug}/requests`, keys: ["note"] },
  ];

  for (const endpoint of GROUP_ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path(":slug")}`, async () => {
      const { user, browser } = await signedIn();
      const group = await createGroup({ leaderId: user.id, joinMode: "approval" });
      const asking = await signedIn();
      const who = endpoint.path("x").endsWith("requests") ? asking.browser : browser;
      await fc.assert(
        fc.asyncProperty(bodyFor(endpoint.keys), async (body) => {
          const res = await who.fetch(endpoint.path(group.slug), {
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

  it("the groups' search filters", async () => {
    const { browser } = await signedIn();
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { q: anyValue, city: anyValue, m: anyValue, level: anyValue, page: anyValue },
          { requiredKeys: [] },
        ),
        async (params) => {
          const search = new URLSearchParams();
          for (const [k, v] of Object.entries(params)) search.set(k, String(v).slice(0, 2000));
          await expectClientErrorOrSuccess(await browser.get(`/api/groups?${search}`));
        },
      ),
      { numRuns: RUNS * 2, seed: FUZZ_SEED },
    );
  });

  it("tampered group addresses, member and request ids on every group route", async () => {
    const { user, browser } = await signedIn();
    const group = await createGroup({ leaderId: user.id });
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 200 }), hostileStrings), async (raw) => {
        const id = encodeURIComponent(raw.slice(0, 1000)) || "x";
        for (const slug of [id, group.slug]) {
          const other = slug === id ? user.id : id;
          const calls: [string, string][] = [
            ["GET", `/api/groups/${slug}`],
            ["POST", `/api/groups/${slug}/leave`],
            ["DELETE", `/api/groups/${slug}/requests`],
            ["POST", `/api/groups/${slug}/requests/${other}/accept`],
            ["POST", `/api/groups/${slug}/requests/${other}/decline`],
            ["DELETE", `/api/groups/${slug}/members/${other}`],
            ["PUT", `/api/groups/${slug}/leaders/${other}`],
            ["DELETE", `/api/groups/${slug}/leaders/${other}`],
          ];
          for (const [method, path] of calls) {
            await expectClientErrorOrSuccess(
              await browser.fetch(path, { method, ...(method === "GET" ? {} : { json: {} }) }),
            );
          }
        }
      }),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
  });

  it("an over-long name, description or note is refused in Spanish, and nothing is written", async () => {
    const [ana, bea] = await signedInMany([{}, {}]);
    const group = await createGroup({ leaderId: ana.user.id, joinMode: "approval" });
    const refusals: [Response, string][] = [
      [
        await ana.browser.post("/api/groups", groupBody({ name: "N".repeat(61) })),
        GROUP_MSG.nameLength,
      ],
      [await ana.browser.post("/api/groups", groupBody({ name: "No" })), GROUP_MSG.nameLength],
      [
        await ana.browser.post("/api/groups", groupBody({ description: "d".repeat(1001) })),
        GROUP_MSG.descriptionTooLong,
      ],
      [
        await bea.browser.post(`/api/groups/${group.slug}/requests`, { note: "n".repeat(281) }),
        MSG.requestNoteTooLong,
      ],
    ];
    for (const [res, message] of refusals) {
      expect(res.status).toBe(400);
      expect((await json(res)).error).toMatchObject({ code: "validation_error", message });
    }
    const counts = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM groups WHERE created_by = ?1) AS made, (SELECT count(*) FROM group_requests WHERE user_id = ?2) AS asked",
    )
      .bind(ana.user.id, bea.user.id)
      .first<{ made: number; asked: number }>();
    expect(counts).toEqual({ made: 1, asked: 0 });
  });
});

describe("hostile text is stored as given (rendered as text by the app)", () => {
  it("a ride title with markup comes back verbatim", async () => {
    const { browser } = await signedIn();
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

describe("hostile moderation requests never cause a 500", () => {
  it("bodies and ids of every moderator action", async () => {
    const { browser } = await moderator();
    const { user } = await signedIn();
    await fc.assert(
      fc.asyncProperty(
        bodyFor(["reason", "reportId"]),
        fc.oneof(fc.string({ maxLength: 200 }), hostileStrings),
        async (body, raw) => {
          const id = encodeURIComponent(raw.slice(0, 1000)) || "x";
          for (const path of [
            `/api/moderation/reports/${id}/dismiss`,
            `/api/moderation/messages/${id}/hide`,
            `/api/moderation/users/${user.id}/unsuspend`,
          ]) {
            const res = await browser.fetch(path, {
              method: "POST",
              body: JSON.stringify(body) ?? "null",
              headers: { "Content-Type": "application/json" },
            });
            await expectClientErrorOrSuccess(res);
          }
          await expectClientErrorOrSuccess(
            await browser.get(`/api/moderation/reports/${id}/context`),
          );
        },
      ),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
  });
});

describe("control characters and NUL", () => {
  it("in every text field of a ride: stored without them, or refused when nothing is left; the title refuses them", async () => {
    const { browser } = await signedIn();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          title: fc.oneof(textWithControls, fc.constant("Vuelta al pantano")),
          city: textWithControls,
          meetingPoint: textWithControls,
          description: textWithControls,
        }),
        async (texts) => {
          const res = await browser.post("/api/rides", rideBody(texts));
          await expectClientErrorOrSuccess(res.clone());
          // A title is one line (domain/schemas.ts): never stored without what she typed.
          if (/\p{Cc}/u.test(texts.title)) expect(res.status).toBe(400);
          if (res.status !== 201) return;
          const { ride } = await json(res);
          for (const field of ["title", "city", "meetingPoint", "description"] as const) {
            expect(ride[field] ?? "", field).not.toMatch(/(?![\t\n])\p{Cc}/u);
          }
        },
      ),
      { numRuns: RUNS, seed: FUZZ_SEED },
    );
  });

  it("in searches (q, city, the city suggestions) never give a 500", async () => {
    const { user, browser } = await signedIn();
    // Rides in the search index, so the text reaches the FTS5 query.
    await createRide({ organizerId: user.id, title: "abc def ruta" });
    await fc.assert(
      fc.asyncProperty(textWithControls, textWithControls, async (q, city) => {
        const search = new URLSearchParams({ q: q.slice(0, 100), city: city.slice(0, 80) });
        await expectClientErrorOrSuccess(await browser.get(`/api/rides?${search}`));
        await expectClientErrorOrSuccess(
          await browser.get(`/api/rides/cities?${new URLSearchParams({ q: q.slice(0, 80) })}`),
        );
      }),
      { numRuns: RUNS * 2, seed: FUZZ_SEED },
    );
  });
});

describe("broken and compressed multipart bodies on ride create and edit", () => {
  const boundaries = fc.constantFrom(
    "x",
    "----WebKitFormBoundaryAbC123",
    "",
    '"quoted"',
    "a".repeat(80),
  );
  /** A real multipart body (FormData's own bytes and boundary). */
  async function realMultipart() {
    const req = new Request("http://x", { method: "POST", body: multipart(rideBody(), SMALL_GPX) });
    return {
      type: req.headers.get("Content-Type")!,
      bytes: new Uint8Array(await req.arrayBuffer()),
    };
  }
  const gzip = async (bytes: Uint8Array) =>
    new Uint8Array(
      await new Response(
        new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip")),
      ).arrayBuffer(),
    );

  it("answer 400 with a Spanish message (or 415 with a compression header), never a 500", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id });
    const real = await realMultipart();
    const bodies = fc.oneof(
      fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ bytes, typeOf: "any" as const })),
      // A real body cut anywhere, or with bytes flipped.
      fc
        .nat({ max: real.bytes.length - 1 })
        .map((cut) => ({ bytes: real.bytes.slice(0, cut), typeOf: "real" as const })),
      fc
        .tuple(fc.nat({ max: real.bytes.length - 1 }), fc.integer({ min: 0, max: 255 }))
        .map(([at, byte]) => {
          const bytes = real.bytes.slice();
          bytes[at] = byte;
          return { bytes, typeOf: "real" as const };
        }),
      fc.constant({ bytes: real.bytes, typeOf: "gzip" as const }),
    );
    await fc.assert(
      fc.asyncProperty(
        bodies,
        boundaries,
        fc.constantFrom("POST", "PUT"),
        fc.boolean(),
        async ({ bytes, typeOf }, boundary, method, encodingHeader) => {
          const body = typeOf === "gzip" ? await gzip(bytes) : bytes;
          const type = typeOf === "any" ? `multipart/form-data; boundary=${boundary}` : real.type;
          const headers: Record<string, string> = { "Content-Type": type };
          if (typeOf === "gzip" && encodingHeader) headers["Content-Encoding"] = "gzip";
          const path = method === "POST" ? "/api/rides" : `/api/rides/${ride.id}`;
          const res = await browser.fetch(path, { method, body, headers });
          await expectClientErrorOrSuccess(res.clone());
          if (res.status === 415)
            expect((await json(res)).error.message).toBe(MSG.unsupportedMediaType);
          else if (res.status === 400) {
            const { error } = await json(res);
            expect(error.message).not.toMatch(/[a-z]+Error|boundary/i);
          }
        },
      ),
      { numRuns: RUNS * 2, seed: FUZZ_SEED },
    );
  });
});

describe("wrong and missing content types", () => {
  const wrongTypes = fc.oneof(
    fc.constantFrom(
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "text/html",
      "application/xml",
      "application/octet-stream",
      "application/json-patch",
      "json",
      "",
    ),
    fc
      .string({ maxLength: 40 })
      .filter((t) => !/^\s*(application\/json|multipart\/form-data)\b/i.test(t)),
  );

  it("are refused with 415 on every JSON endpoint, before anything is read or written", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id, startsIn: 72 * HOUR });
    const before = await env.DB.prepare("SELECT count(*) AS n FROM rides").first<{ n: number }>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        wrongTypes,
        fc.option(anyValue, { nil: undefined }),
        async (endpoint, type, value) => {
          const body = JSON.stringify(value ?? rideBody()) ?? "{}";
          const headers: Record<string, string> = {};
          // A header the runtime refuses to send is the same as none.
          if (type && /^[\t\x20-\x7e]*$/.test(type)) headers["Content-Type"] = type;
          const res = await browser.fetch(endpoint.path(ride.id), {
            method: endpoint.method,
            body,
            headers,
          });
          expect(res.status, `${endpoint.method} ${endpoint.path(":id")} ${type}`).toBe(415);
          expect((await json(res)).error).toEqual({
            code: "unsupported_media_type",
            message: MSG.unsupportedMediaType,
          });
        },
      ),
      { numRuns: RUNS * 3, seed: FUZZ_SEED },
    );
    const after = await env.DB.prepare("SELECT count(*) AS n FROM rides").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
    expect((await json(await browser.get(`/api/rides/${ride.id}`))).ride.status).toBe("published");
  });

  it("multipart is taken by ride create and edit only", async () => {
    const { user, browser } = await signedIn();
    const ride = await createRide({ organizerId: user.id, startsIn: 72 * HOUR });
    for (const endpoint of ENDPOINTS) {
      const res = await browser.fetch(endpoint.path(ride.id), {
        method: endpoint.method,
        body: multipart(rideBody()),
      });
      const ridesForm = endpoint.path(":id").match(/^\/api\/rides(\/:id)?$/);
      if (ridesForm) expect(res.status).not.toBe(415);
      else expect(res.status, `${endpoint.method} ${endpoint.path(":id")}`).toBe(415);
      await expectClientErrorOrSuccess(res);
    }
  });
});

describe("parallel use of single-use tokens", () => {
  it("a reset link used by 2–8 browsers at once signs in exactly one, whatever the interleaving", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 8 }), fc.boolean(), async (browsers, worst) => {
        const email = `paralelo.${crypto.randomUUID().slice(0, 8)}@example.com`;
        await new Browser().post("/api/auth/signup", { email, password: "clave-vieja-1" });
        await new Browser().post("/api/auth/reset/request", { email });
        const token = /reset=(\w+)/.exec((await lastMailTo(email))!)![1]!;
        const DB = worst
          ? readsBeforeWrites(env.DB, {
              read: /^select .* from "password_reset_tokens"/i,
              write: /^\s*(insert|update|delete)/i,
              readers: browsers,
            })
          : env.DB;
        const answers = await Promise.all(
          Array.from({ length: browsers }, (_, i) =>
            new Browser({ env: { DB } }).post("/api/auth/reset/confirm", {
              token,
              password: `clave-nueva-${i}`,
            }),
          ),
        );
        expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
        for (const res of answers) await expectClientErrorOrSuccess(res);
        const sessions = await env.DB.prepare(
          "SELECT count(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?",
        )
          .bind(email)
          .first<{ n: number }>();
        expect(sessions!.n).toBe(1);
      }),
      { numRuns: 6, seed: FUZZ_SEED },
    );
  });

  it("an invitation claimed by 2–8 riders at once goes to exactly one", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 8 }), fc.boolean(), async (riders, worst) => {
        const referrer = await signedIn();
        const { token } = await json(await referrer.browser.get("/api/referrals/mine"));
        const DB = worst
          ? readsBeforeWrites(env.DB, {
              read: /^select .* from "referrals"/i,
              write: /^update "referrals"/i,
              readers: riders * 2,
            })
          : env.DB;
        const claims = await Promise.all(
          Array.from({ length: riders }, async () => {
            const { browser } = await signedIn();
            const racer = new Browser({ env: { DB } });
            racer.cookies = browser.cookies;
            return racer.post("/api/referrals/claim", { token });
          }),
        );
        expect(claims.filter((res) => res.status === 200)).toHaveLength(1);
        for (const res of claims) await expectClientErrorOrSuccess(res);
      }),
      { numRuns: 6, seed: FUZZ_SEED },
    );
  });
});
