// The authorization matrix: every endpoint called as each kind of visitor, with the status we
// expect. A new route without a row fails the coverage test at the bottom, so nobody can add an
// endpoint without deciding who may call it.
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app.ts";
import { createRide, HOUR, signedIn } from "./helpers/factories.ts";
import { Browser } from "./helpers/http.ts";

type Role = "anonymous" | "noProfile" | "outsider" | "participant" | "organizer";
const ROLES: Role[] = ["anonymous", "noProfile", "outsider", "participant", "organizer"];

interface World {
  rideId: string;
  organizerName: string;
  browsers: Record<Role, Browser>;
}

/** A fresh cast and ride for every cell, so a mutating call never leaks into the next cell. */
async function world(): Promise<World> {
  const organizer = await signedIn();
  const participant = await signedIn();
  const outsider = await signedIn();
  const noProfile = await signedIn({ username: null });
  const ride = await createRide({
    organizerId: organizer.user.id,
    participants: [participant.user.id],
    startsIn: 48 * HOUR,
  });
  return {
    rideId: ride.id,
    organizerName: organizer.user.username!,
    browsers: {
      anonymous: new Browser(),
      noProfile: noProfile.browser,
      outsider: outsider.browser,
      participant: participant.browser,
      organizer: organizer.browser,
    },
  };
}

const validRide = () => ({
  title: "Rodada de prueba",
  city: "Madrid",
  startTime: new Date(Date.now() + 72 * HOUR).toISOString(),
  level: "chill",
  modalities: ["road"],
  meetingPoint: "Puerta del Sol",
  distanceKm: 40,
  elevationM: 300,
  maxParticipants: null,
  socialTags: [],
  description: "",
});

interface Row {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route as Hono registers it (used for the coverage check). */
  route: string;
  path: (w: World) => string;
  body?: (w: World) => unknown;
  expect: [number, number, number, number, number];
  why: string;
}

const U = 401; // not signed in
const P = 403; // signed in without a profile (not_authorized) or not allowed

const MATRIX: Row[] = [
  {
    method: "GET",
    route: "/api/health",
    path: () => "/api/health",
    expect: [200, 200, 200, 200, 200],
    why: "liveness is public",
  },
  {
    method: "GET",
    route: "/api/me",
    path: () => "/api/me",
    expect: [200, 200, 200, 200, 200],
    why: "answers null for visitors",
  },
  {
    method: "POST",
    route: "/api/auth/signup",
    path: () => "/api/auth/signup",
    body: () => ({ email: `new${crypto.randomUUID()}@example.com`, password: "secreto1" }),
    expect: [201, 201, 201, 201, 201],
    why: "anyone may create an account",
  },
  {
    method: "POST",
    route: "/api/auth/login",
    path: () => "/api/auth/login",
    body: () => ({ email: "nadie@example.com", password: "incorrecta" }),
    expect: [401, 401, 401, 401, 401],
    why: "wrong credentials for everyone",
  },
  {
    method: "POST",
    route: "/api/auth/logout",
    path: () => "/api/auth/logout",
    expect: [200, 200, 200, 200, 200],
    why: "idempotent",
  },
  {
    method: "POST",
    route: "/api/auth/password",
    path: () => "/api/auth/password",
    body: () => ({ newPassword: "nuevo-secreto" }),
    expect: [U, 200, 200, 200, 200],
    why: "only her own password, signed in",
  },
  {
    method: "POST",
    route: "/api/auth/reset/request",
    path: () => "/api/auth/reset/request",
    body: () => ({ email: "nadie@example.com" }),
    expect: [200, 200, 200, 200, 200],
    why: "same answer for everyone (no enumeration)",
  },
  {
    method: "POST",
    route: "/api/auth/reset/confirm",
    path: () => "/api/auth/reset/confirm",
    body: () => ({ token: "forged-token", password: "secreto1" }),
    expect: [400, 400, 400, 400, 400],
    why: "a forged token is refused",
  },
  {
    method: "GET",
    route: "/api/auth/google",
    path: () => "/api/auth/google",
    expect: [404, 404, 404, 404, 404],
    why: "Google is not configured in tests",
  },
  {
    method: "GET",
    route: "/api/auth/google/callback",
    path: () => "/api/auth/google/callback?code=x&state=y",
    expect: [302, 302, 302, 302, 302],
    why: "state mismatch: back to login with an error",
  },
  {
    method: "PUT",
    route: "/api/profile",
    path: () => "/api/profile",
    body: () => ({
      username: `perfil_${crypto.randomUUID().slice(0, 8)}`,
      city: "Madrid",
      modalities: ["road"],
      avatarKey: "ava02",
    }),
    expect: [U, 200, 200, 200, 200],
    why: "only her own profile",
  },
  {
    method: "GET",
    route: "/api/profile/username-available",
    path: () => "/api/profile/username-available?name=libre_123",
    expect: [U, 200, 200, 200, 200],
    why: "signed-in check",
  },
  {
    method: "GET",
    route: "/api/referrals/mine",
    path: () => "/api/referrals/mine",
    expect: [U, 200, 200, 200, 200],
    why: "her own invite token",
  },
  {
    method: "POST",
    route: "/api/referrals/claim",
    path: () => "/api/referrals/claim",
    body: () => ({ token: crypto.randomUUID() }),
    expect: [U, 404, 404, 404, 404],
    why: "unknown token",
  },
  {
    method: "DELETE",
    route: "/api/account",
    path: () => "/api/account",
    expect: [U, 200, 200, 200, 200],
    why: "only her own account",
  },
  {
    method: "GET",
    route: "/api/rides",
    path: () => "/api/rides",
    expect: [U, P, 200, 200, 200],
    why: "rides need a profile",
  },
  {
    method: "GET",
    route: "/api/rides/cities",
    path: () => "/api/rides/cities",
    expect: [U, P, 200, 200, 200],
    why: "rides need a profile",
  },
  {
    method: "POST",
    route: "/api/rides",
    path: () => "/api/rides",
    // As the app sends it: with its create key (decision 0012).
    body: () => ({ ...validRide(), createKey: crypto.randomUUID() }),
    expect: [U, P, 201, 201, 201],
    why: "any rider may propose a ride",
  },
  {
    method: "GET",
    route: "/api/rides/:id",
    path: (w) => `/api/rides/${w.rideId}`,
    expect: [U, P, 200, 200, 200],
    why: "shared links open for any rider (decision 13)",
  },
  {
    method: "PUT",
    route: "/api/rides/:id",
    path: (w) => `/api/rides/${w.rideId}`,
    body: validRide,
    expect: [U, P, 403, 403, 200],
    why: "organizer only (decision 6)",
  },
  {
    method: "DELETE",
    route: "/api/rides/:id",
    path: (w) => `/api/rides/${w.rideId}`,
    expect: [U, P, 403, 403, 409],
    why: "organizer only, and not with participants",
  },
  {
    method: "POST",
    route: "/api/rides/:id/join",
    path: (w) => `/api/rides/${w.rideId}/join`,
    expect: [U, P, 200, 409, 409],
    why: "already in for participant and organizer",
  },
  {
    method: "POST",
    route: "/api/rides/:id/leave",
    path: (w) => `/api/rides/${w.rideId}/leave`,
    expect: [U, P, 403, 200, 409],
    why: "only a participant who is not the organizer",
  },
  {
    method: "POST",
    route: "/api/rides/:id/cancel",
    path: (w) => `/api/rides/${w.rideId}/cancel`,
    body: () => ({ reason: "" }),
    expect: [U, P, 403, 403, 200],
    why: "organizer only",
  },
  {
    method: "GET",
    route: "/api/rides/:id/gpx",
    path: (w) => `/api/rides/${w.rideId}/gpx`,
    expect: [U, P, 403, 404, 404],
    why: "participants only; this ride has no file",
  },
  {
    method: "GET",
    route: "/api/rides/:id/route",
    path: (w) => `/api/rides/${w.rideId}/route`,
    expect: [U, P, 403, 200, 200],
    why: "participants only; no file means an empty route",
  },
  {
    method: "GET",
    route: "/api/my-rides",
    path: () => "/api/my-rides",
    expect: [U, P, 200, 200, 200],
    why: "her own rides",
  },
  {
    method: "GET",
    route: "/api/users/:username",
    path: (w) => `/api/users/${encodeURIComponent(w.organizerName)}`,
    expect: [U, P, 200, 200, 200],
    why: "profiles are visible to riders",
  },
  {
    method: "POST",
    route: "/api/waitlist",
    path: () => "/api/waitlist",
    body: () => ({ email: `w${crypto.randomUUID()}@example.com`, source: "landing" }),
    expect: [200, 200, 200, 200, 200],
    why: "the waiting list is public",
  },
  {
    method: "POST",
    route: "/api/waitlist/details",
    path: () => "/api/waitlist/details",
    body: () => ({
      email: `w${crypto.randomUUID()}@example.com`,
      city: "Madrid",
      modalities: ["road"],
      source: "step2",
    }),
    expect: [200, 200, 200, 200, 200],
    why: "the waiting list is public",
  },
  {
    method: "GET",
    route: "/dev/outbox",
    path: () => "/dev/outbox",
    expect: [404, 404, 404, 404, 404],
    why: "development only",
  },
  {
    method: "GET",
    route: "/dev/outbox.json",
    path: () => "/dev/outbox.json",
    expect: [404, 404, 404, 404, 404],
    why: "development only",
  },
  {
    method: "POST",
    route: "/dev/test-login",
    path: () => "/dev/test-login",
    body: () => ({ email: "x@example.com", username: "xx_dev" }),
    expect: [404, 404, 404, 404, 404],
    why: "development only",
  },
  {
    method: "GET",
    route: "/api/chats",
    path: () => "/api/chats",
    expect: [U, P, 200, 200, 200],
    why: "her own conversations and unread counts",
  },
  {
    method: "GET",
    route: "/api/notifications/socket",
    path: () => "/api/notifications/socket",
    expect: [U, P, 426, 426, 426],
    why: "websocket only (Origin checked: unread.test.ts)",
  },
  {
    method: "GET",
    route: "/api/rides/:id/chat",
    path: (w) => `/api/rides/${w.rideId}/chat`,
    expect: [U, P, 200, 200, 200],
    why: "anyone with a profile sees the count; contents are for participants",
  },
  {
    method: "GET",
    route: "/api/rides/:id/chat/messages",
    path: (w) => `/api/rides/${w.rideId}/chat/messages`,
    expect: [U, P, 403, 200, 200],
    why: "chat contents for participants only",
  },
  {
    method: "POST",
    route: "/api/rides/:id/chat/read",
    path: (w) => `/api/rides/${w.rideId}/chat/read`,
    expect: [U, P, 403, 200, 200],
    why: "her own read state, participants only",
  },
  {
    method: "GET",
    route: "/api/rides/:id/chat/socket",
    path: (w) => `/api/rides/${w.rideId}/chat/socket`,
    expect: [U, P, 426, 426, 426],
    why: "websocket only (membership and Origin with real sockets: chat.test.ts)",
  },
  {
    method: "GET",
    route: "/api/connections/pending",
    path: () => "/api/connections/pending",
    expect: [U, P, 200, 200, 200],
    why: "her own pending rides",
  },
  {
    method: "GET",
    route: "/api/rides/:id/connections",
    path: (w) => `/api/rides/${w.rideId}/connections`,
    expect: [U, P, 200, 200, 200],
    why: "companions only for participants (empty list otherwise)",
  },
  {
    method: "POST",
    route: "/api/rides/:id/connections",
    path: (w) => `/api/rides/${w.rideId}/connections`,
    body: () => ({ otherUserIds: ["someone"] }),
    expect: [U, P, 403, 409, 403],
    why: "participants but never the organizer; this ride has not started (window closed)",
  },
  {
    method: "GET",
    route: "/api/push",
    path: () => "/api/push",
    expect: [U, P, 200, 200, 200],
    why: "her own push settings",
  },
  {
    method: "PUT",
    route: "/api/push/subscription",
    path: () => "/api/push/subscription",
    body: () => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${crypto.randomUUID()}`,
      keys: { p256dh: `BA${"c".repeat(85)}`, auth: "A".repeat(22) },
    }),
    expect: [U, P, 204, 204, 204],
    why: "a device of her own",
  },
  {
    method: "POST",
    route: "/api/push/subscription/remove",
    path: () => "/api/push/subscription/remove",
    body: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/someone-elses" }),
    expect: [U, P, 204, 204, 204],
    why: "removes only a device of hers (none here: nothing happens)",
  },
  {
    method: "PUT",
    route: "/api/push/preferences",
    path: () => "/api/push/preferences",
    body: () => ({
      chat: true,
      rideChanges: true,
      participants: false,
      waitlist: true,
      reminders: true,
    }),
    expect: [U, P, 200, 200, 200],
    why: "her own switches",
  },
  {
    method: "POST",
    route: "/api/push/test",
    path: () => "/api/push/test",
    expect: [U, P, 404, 404, 404],
    why: "to her own devices only (none here)",
  },
  {
    method: "GET",
    route: "/api/rides/:id/calendar.ics",
    path: (w) => `/api/rides/${w.rideId}/calendar.ics`,
    expect: [U, P, 200, 200, 200],
    why: "whoever may open the ride may add it to her calendar (decision 13)",
  },
  {
    method: "GET",
    route: "/api/calendar/feed",
    path: () => "/api/calendar/feed",
    expect: [U, P, 200, 200, 200],
    why: "her own feed's state",
  },
  {
    method: "POST",
    route: "/api/calendar/feed",
    path: () => "/api/calendar/feed",
    expect: [U, P, 201, 201, 201],
    why: "her own feed",
  },
  {
    method: "DELETE",
    route: "/api/calendar/feed",
    path: () => "/api/calendar/feed",
    expect: [U, P, 204, 204, 204],
    why: "her own feed",
  },
  {
    method: "GET",
    route: "/api/calendar/feed/:file",
    path: () => `/api/calendar/feed/${"a".repeat(32)}.ics`,
    expect: [404, 404, 404, 404, 404],
    why: "the secret in the URL is the only key; a wrong one is not found, session or not",
  },
  {
    method: "POST",
    route: "/dev/fixtures/ride",
    path: () => "/dev/fixtures/ride",
    body: () => ({ organizerId: "x" }),
    expect: [404, 404, 404, 404, 404],
    why: "development only",
  },
];

describe("authorization matrix", () => {
  for (const row of MATRIX) {
    it(`${row.method} ${row.route}: ${row.why}`, async () => {
      const actual: number[] = [];
      for (const role of ROLES) {
        const w = await world();
        const browser = w.browsers[role];
        const res = await browser.fetch(row.path(w), {
          method: row.method,
          redirect: "manual",
          ...(row.body ? { json: row.body(w) } : row.method === "GET" ? {} : { json: {} }),
        });
        actual.push(res.status);
      }
      expect(Object.fromEntries(ROLES.map((r, i) => [r, actual[i]]))).toEqual(
        Object.fromEntries(ROLES.map((r, i) => [r, row.expect[i]])),
      );
    });
  }

  it("has a row for every route the worker serves", () => {
    const served = new Set(
      app.routes
        .filter((r) => r.method !== "ALL" && /^\/(api|dev)\//.test(r.path))
        .map((r) => `${r.method} ${r.path}`),
    );
    const covered = new Set(MATRIX.map((r) => `${r.method} ${r.route}`));
    expect([...served].filter((r) => !covered.has(r)).sort()).toEqual([]);
    expect([...covered].filter((r) => !served.has(r)).sort()).toEqual([]);
  });
});
