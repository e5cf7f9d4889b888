// The authorization matrix: every endpoint called as each kind of visitor, with the status we
// expect. A new route without a row fails the coverage test at the bottom, so nobody can add an
// endpoint without deciding who may call it. Every ride-scoped route (`/api/rides/:id…`) also
// answers a rider whom the organizer or a participant blocked exactly as it answers for a ride
// that does not exist (docs/decisions/0018-blocking-and-moderation.md): a new ride route gets
// that check without asking.
// The socket frames each kind of visitor gets are at the end.

import { eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { NotificationFrame } from "../../domain/chat-protocol.ts";
import { VERIFICATION_MSG } from "../../domain/verification.ts";
import { app } from "../../worker/app.ts";
import { block } from "../../worker/blocks/queries.ts";
import { groupRequests, rideRequests, rideSeries, rides } from "../../worker/db/schema.ts";
import { suspendAccount } from "../../worker/moderation/actions.ts";
import { findReportTarget, insertReport } from "../../worker/reports/queries.ts";
import { generateId } from "../../worker/sessions/tokens.ts";
import { createRide, db, HOUR, signedInMany } from "./helpers/factories.ts";
import { createGroup, groupBody } from "./helpers/groups.ts";
import { Browser } from "./helpers/http.ts";
import { answerOf, insertMessage, MODERATOR_EMAIL, moderator } from "./helpers/safety.ts";
import { openSocket, socketsClosedAfterEach, type TestSocket } from "./helpers/sockets.ts";
import { verifiedRidersMany } from "./helpers/verification.ts";

type Moderator = Awaited<ReturnType<typeof moderator>>;

type Role =
  | "anonymous"
  | "noProfile"
  | "outsider"
  | "participant"
  | "organizer"
  /**
   * MODERATOR_EMAILS lists her (docs/product.md#reports-and-moderation); she is in no ride of the
   * world.
   */
  | "moderator"
  /** Her account was suspended after she signed in: her browser still carries the cookie. */
  | "suspended"
  /** A rider in no ride whom the ride's organizer blocked. */
  | "blockedByOrganizer"
  /** A rider in no ride whom a participant of the ride blocked. */
  | "blockedByParticipant";
const ROLES: Role[] = [
  "anonymous",
  "noProfile",
  "outsider",
  "participant",
  "organizer",
  "moderator",
  "suspended",
  "blockedByOrganizer",
  "blockedByParticipant",
];
/** The roles a block keeps out of the ride: every ride route answers them as for a missing ride. */
const BLOCKED_ROLES = ["blockedByOrganizer", "blockedByParticipant"] as const satisfies Role[];
/** A well-formed ride id that no ride has. */
const MISSING_RIDE = "abcdefghijklmnopqrstuvwx";
/**
 * The approval ride of a world; the missing ride when the block check swaps `rideId` for it, so
 * the request routes get that check too.
 */
const approvalRideOf = (w: World) => (w.rideId === MISSING_RIDE ? MISSING_RIDE : w.approvalRideId);
/** Routes about one ride: the block rule applies to each of them. */
const isRideScoped = (route: string) => route.startsWith("/api/rides/:id");

/** Everything an answer tells: status, type and body (JSON or not: a calendar file, a GPX). */
async function answer(res: Response) {
  return { status: res.status, type: res.headers.get("Content-Type"), body: await res.text() };
}

interface World {
  rideId: string;
  organizerId: string;
  organizerName: string;
  participantId: string;
  /** Another participant, whom the organizer blocked ('Quitarla de la salida'). */
  blockedId: string;
  /** A rider in no ride, for blocks and suspensions. */
  otherId: string;
  suspendedId: string;
  /** The participant's message in the ride's chat, reported by the other participant. */
  messageId: string;
  reportId: string;
  /**
   * A 'Con aprobación' ride of the same organizer and participant
   * (docs/product.md#join-by-approval), with a pending request from a rider in no ride.
   */
  approvalRideId: string;
  requestId: string;
  /** A grupo the organizer leads (docs/product.md#grupos), for the moderators' group actions. */
  groupSlug: string;
  browsers: Record<Role, Browser>;
}

/**
 * A cast and ride: fresh for every cell of a row that may change something, so a mutating call
 * never leaks into the next cell. `mod` is the row's moderator (one session per row).
 */
async function world(mod: Moderator): Promise<World> {
  // The matrix builds hundreds of worlds: everyone is written in one batch, and the blocks, the
  // report and the suspension go through the app's own statements rather than requests (their
  // routes are tested in blocks.test.ts, reports.test.ts and moderation.test.ts).
  const [
    organizer,
    participant,
    blocked,
    outsider,
    noProfile,
    suspended,
    blockedByOrganizer,
    blockedByParticipant,
    { user: other },
  ] = await signedInMany([{}, {}, {}, {}, { username: null }, {}, {}, {}, {}]);
  const now = Date.now();
  const [ride, approval, , , , suspension] = await Promise.all([
    createRide({
      organizerId: organizer.user.id,
      participants: [participant.user.id, blocked.user.id],
      startsIn: 48 * HOUR,
    }),
    createRide({
      organizerId: organizer.user.id,
      participants: [participant.user.id],
      startsIn: 48 * HOUR,
      joinMode: "approval",
    }),
    block(db(), organizer.user.id, blocked.user.id, now),
    block(db(), organizer.user.id, blockedByOrganizer.user.id, now),
    block(db(), participant.user.id, blockedByParticipant.user.id, now),
    suspendAccount(
      db(),
      { id: mod.id, email: MODERATOR_EMAIL },
      { userId: suspended.user.id, reason: "matriz", now },
    ),
  ]);
  expect(suspension.suspended).toBe(true);
  await inASeries(ride.id, organizer.user.id);
  const requestId = `req${crypto.randomUUID().replaceAll("-", "")}`;
  await db()
    .insert(rideRequests)
    .values({ id: requestId, rideId: approval.id, userId: other.id, note: "Hola" });
  const messageId = await insertMessage(ride.id, participant.user.id, "hola");
  const group = await createGroup({ leaderId: organizer.user.id });
  const target = await findReportTarget(db(), "message", messageId, blocked.user.id);
  const reportId = generateId();
  await insertReport(db(), {
    id: reportId,
    reporterId: blocked.user.id,
    kind: "message",
    targetId: messageId,
    reason: "harassment",
    details: null,
    target: target!,
    now,
  });
  return {
    rideId: ride.id,
    organizerId: organizer.user.id,
    organizerName: organizer.user.username!,
    participantId: participant.user.id,
    blockedId: blocked.user.id,
    otherId: other.id,
    suspendedId: suspended.user.id,
    messageId,
    reportId,
    approvalRideId: approval.id,
    requestId,
    groupSlug: group.slug,
    browsers: {
      anonymous: new Browser(),
      noProfile: noProfile.browser,
      outsider: outsider.browser,
      participant: participant.browser,
      organizer: organizer.browser,
      moderator: mod.browser,
      suspended: suspended.browser,
      blockedByOrganizer: blockedByOrganizer.browser,
      blockedByParticipant: blockedByParticipant.browser,
    },
  };
}

/** Makes the world's ride the first date of a weekly grupeta (docs/product.md#regular-grupetas). */
async function inASeries(rideId: string, organizerId: string) {
  const seriesId = `series-${rideId}`;
  await db().batch([
    db()
      .insert(rideSeries)
      .values({
        id: seriesId,
        organizerId,
        everyWeeks: 1,
        anchorDate: "2030-01-05",
        localTime: "09:00",
        zone: "Europe/Madrid",
        dateCount: 1,
        lastIndex: 0,
        template: {
          title: "Matriz",
          description: null,
          city: "Madrid",
          maxParticipants: null,
          modalities: ["road"],
          level: "chill",
          socialTags: [],
          routeKm: 40,
          routeElev: 300,
          meetingPoint: "Puerta del Sol",
          meetingLat: null,
          meetingLon: null,
          routeGpxKey: null,
          routeFileName: null,
        },
      }),
    db()
      .update(rides)
      .set({ seriesId, seriesIndex: 0, seriesEveryWeeks: 1 })
      .where(eq(rides.id, rideId)),
  ]);
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
  /** anonymous, noProfile, outsider, participant, organizer. */
  expect: [number, number, number, number, number];
  /**
   * When not given: a moderator is an outsider everywhere but the moderation API, and a
   * suspended rider's cookie is worth nothing (anonymous).
   */
  moderator?: number;
  suspended?: number;
  /**
   * When not given: an outsider's answer, or on a ride-scoped route the 404 of a missing ride.
   * Either way a ride-scoped route must answer them exactly as for a missing ride.
   */
  blocked?: { byOrganizer: number; byParticipant: number };
  why: string;
}

const N = 404; // the moderation API does not exist for anyone but a moderator

function expected(row: Row): Record<Role, number> {
  const [anonymous, noProfile, outsider, participant, organizer] = row.expect;
  return {
    anonymous,
    noProfile,
    outsider,
    participant,
    organizer,
    moderator: row.moderator ?? outsider,
    suspended: row.suspended ?? anonymous,
    blockedByOrganizer: row.blocked?.byOrganizer ?? (isRideScoped(row.route) ? 404 : outsider),
    blockedByParticipant: row.blocked?.byParticipant ?? (isRideScoped(row.route) ? 404 : outsider),
  };
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
    route: "/api/auth/logout-everywhere",
    path: () => "/api/auth/logout-everywhere",
    expect: [U, 200, 200, 200, 200],
    why: "ends only her own sessions, signed in (cross-origin refused: auth.test.ts)",
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
    route: "/api/rides/zone",
    path: () => "/api/rides/zone",
    body: () => ({ pin: { lat: 38.7139, lon: -9.1394 }, city: "Lisboa" }),
    expect: [U, P, 200, 200, 200],
    why: "the ride form's clock: for whoever may propose a ride",
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
    why: "shared links open for any rider (docs/product.md#ride-detail)",
  },
  {
    method: "PUT",
    route: "/api/rides/:id",
    path: (w) => `/api/rides/${w.rideId}`,
    body: validRide,
    expect: [U, P, 403, 403, 200],
    why: "organizer only (docs/product.md#creating-and-editing-rides)",
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
    route: "/api/rides/:id/series",
    path: (w) => `/api/rides/${w.rideId}/series`,
    expect: [U, P, 200, 200, 200],
    why: "whoever may see the ride sees its grupeta's next dates",
  },
  {
    method: "POST",
    route: "/api/rides/:id/series/join",
    path: (w) => `/api/rides/${w.rideId}/series/join`,
    expect: [U, P, 200, 200, 409],
    why: "'Apuntarme a las próximas' for riders; the organizer already runs it",
  },
  {
    method: "POST",
    route: "/api/rides/:id/series/leave",
    path: (w) => `/api/rides/${w.rideId}/series/leave`,
    expect: [U, P, 200, 200, 409],
    why: "'Dejar la serie' (a no-op for whoever is in no date); never the organizer",
  },
  {
    method: "GET",
    route: "/api/rides/:id/weather",
    path: (w) => `/api/rides/${w.rideId}/weather`,
    expect: [U, P, 200, 200, 200],
    why: "the forecast for whoever may see the ride",
  },
  {
    method: "POST",
    route: "/api/rides/:id/still-on",
    path: (w) => `/api/rides/${w.rideId}/still-on`,
    expect: [U, P, 403, 403, 200],
    why: "'Sigue en pie': the organizer only",
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
    // A profile answers 'not found' to whom she blocked (the organizer's, here).
    blocked: { byOrganizer: 404, byParticipant: 200 },
    why: "profiles are visible to riders",
  },
  {
    method: "POST",
    route: "/api/launch-signups",
    path: () => "/api/launch-signups",
    body: () => ({ email: `w${crypto.randomUUID()}@example.com`, source: "landing" }),
    expect: [200, 200, 200, 200, 200],
    why: "the launch sign-up list is public",
  },
  {
    method: "POST",
    route: "/api/launch-signups/details",
    path: () => "/api/launch-signups/details",
    body: () => ({
      email: `w${crypto.randomUUID()}@example.com`,
      city: "Madrid",
      modalities: ["road"],
      source: "step2",
    }),
    expect: [200, 200, 200, 200, 200],
    why: "the launch sign-up list is public",
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
    // A plain GET is refused before the ride is read, for a missing ride too; the upgrade
    // itself, blocked, is the socket section's (below).
    blocked: { byOrganizer: 426, byParticipant: 426 },
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
  // ---------- Verificada (docs/product.md#verificada); the matrix's ride starts in 48 h ---------
  {
    method: "GET",
    route: "/api/rides/:id/vouches",
    path: (w) => `/api/rides/${w.rideId}/vouches`,
    expect: [U, P, 200, 200, 200],
    why: "closed (no riders) but for a verified participant who was there, after the ride",
  },
  {
    method: "POST",
    route: "/api/rides/:id/vouches",
    path: (w) => `/api/rides/${w.rideId}/vouches`,
    body: (w) => ({ userId: w.participantId }),
    expect: [U, P, 403, 409, 409],
    why: "participants only; this ride has not started (the post-ride step is closed)",
  },
  {
    method: "DELETE",
    route: "/api/vouches/:userId",
    path: (w) => `/api/vouches/${w.participantId}`,
    expect: [U, P, 404, 404, 404],
    why: "only her own vouch, and none stands",
  },
  {
    method: "GET",
    route: "/api/verification",
    path: () => "/api/verification",
    expect: [U, P, 200, 200, 200],
    why: "her own badge or progress",
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
      groupRides: true,
    }),
    expect: [U, P, 200, 200, 200],
    why: "her own switches",
  },
  {
    method: "POST",
    route: "/api/push/test",
    path: () => "/api/push/test",
    body: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/someone-elses" }),
    expect: [U, P, 404, 404, 404],
    why: "to her own devices only (another's device: none)",
  },
  {
    method: "GET",
    route: "/api/rides/:id/calendar.ics",
    path: (w) => `/api/rides/${w.rideId}/calendar.ics`,
    expect: [U, P, 200, 200, 200],
    why: "whoever may open the ride may add it to her calendar; a block hides it",
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
    route: "/api/rides/:id/level-answers",
    path: (w) => `/api/rides/${w.rideId}/level-answers`,
    body: () => ({ pace: "as_announced", waitedForAll: true }),
    expect: [U, P, 403, 409, 403],
    why: "riders who were there, never the organizer; this ride has not started (window closed)",
  },
  {
    method: "POST",
    route: "/api/rides/:id/waiting-list",
    path: (w) => `/api/rides/${w.rideId}/waiting-list`,
    expect: [U, P, 409, 409, 409],
    why: "any rider with a profile who is not in it, only while it is full (this one is not)",
  },
  {
    method: "DELETE",
    route: "/api/rides/:id/waiting-list",
    path: (w) => `/api/rides/${w.rideId}/waiting-list`,
    expect: [U, P, 409, 409, 409],
    why: "only her own place; nobody here is on the list",
  },
  // ---------- Join by approval (docs/product.md#join-by-approval) ----------
  {
    method: "POST",
    route: "/api/rides/:id/requests",
    path: (w) => `/api/rides/${approvalRideOf(w)}/requests`,
    body: () => ({ note: "¿Puedo ir?" }),
    expect: [U, P, 201, 409, 409],
    why: "any rider with a profile who is not in it; participant and organizer already are",
  },
  {
    method: "DELETE",
    route: "/api/rides/:id/requests",
    path: (w) => `/api/rides/${approvalRideOf(w)}/requests`,
    expect: [U, P, 409, 409, 409],
    why: "only her own pending request; none of these has one",
  },
  {
    method: "POST",
    route: "/api/rides/:id/requests/:requestId/accept",
    path: (w) => `/api/rides/${approvalRideOf(w)}/requests/${w.requestId}/accept`,
    expect: [U, P, 403, 403, 200],
    why: "the organizer only",
  },
  {
    method: "POST",
    route: "/api/rides/:id/requests/:requestId/decline",
    path: (w) => `/api/rides/${approvalRideOf(w)}/requests/${w.requestId}/decline`,
    expect: [U, P, 403, 403, 200],
    why: "the organizer only",
  },
  // ---------- Ride day (docs/product.md#ride-day); the matrix's ride starts in 48 h -------------
  {
    method: "GET",
    route: "/api/rides/:id/ride-day",
    path: (w) => `/api/rides/${w.rideId}/ride-day`,
    expect: [U, P, 403, 200, 200],
    why: "participants only; check-ins in it for the organizer only (ride-day.test.ts)",
  },
  {
    method: "POST",
    route: "/api/rides/:id/ride-day/check-in",
    path: (w) => `/api/rides/${w.rideId}/ride-day/check-in`,
    expect: [U, P, 403, 409, 409],
    why: "participants only, from 30 min before the start (ride_day_closed here)",
  },
  {
    method: "POST",
    route: "/api/rides/:id/ride-day/arrived",
    path: (w) => `/api/rides/${w.rideId}/ride-day/arrived`,
    expect: [U, P, 403, 409, 409],
    why: "participants only, from the start (ride_day_closed here)",
  },
  {
    method: "DELETE",
    route: "/api/rides/:id/ride-day/arrived",
    path: (w) => `/api/rides/${w.rideId}/ride-day/arrived`,
    expect: [U, P, 403, 409, 409],
    why: "only her own arrival, a few seconds after it (none here: ride_day_closed)",
  },
  {
    method: "PUT",
    route: "/api/rides/:id/ride-day/timer",
    path: (w) => `/api/rides/${w.rideId}/ride-day/timer`,
    body: () => ({ on: false }),
    expect: [U, P, 403, 200, 200],
    why: "only her own safety timer, as a participant",
  },
  {
    method: "POST",
    route: "/api/rides/:id/ride-day/call-missing",
    path: (w) => `/api/rides/${w.rideId}/ride-day/call-missing`,
    expect: [U, P, 403, 403, 409],
    why: "the organizer only, from 30 min before the start (ride_day_closed here)",
  },
  {
    method: "POST",
    route: "/dev/ride-day/:id/run/:job",
    path: (w) => `/dev/ride-day/${w.rideId}/run/safety-ask`,
    expect: [404, 404, 404, 404, 404],
    why: "development only",
    blocked: { byOrganizer: 404, byParticipant: 404 },
  },
  {
    method: "POST",
    route: "/dev/fixtures/ride",
    path: () => "/dev/fixtures/ride",
    body: () => ({ organizerId: "x" }),
    expect: [404, 404, 404, 404, 404],
    why: "development only",
  },
  // ---------- Blocking and moderation (docs/product.md#blocking, #reports-and-moderation) ---
  {
    method: "GET",
    route: "/api/blocks",
    path: () => "/api/blocks",
    expect: [U, P, 200, 200, 200],
    why: "her own 'Usuarias bloqueadas'",
  },
  {
    method: "POST",
    route: "/api/blocks",
    path: () => "/api/blocks",
    body: (w) => ({ userId: w.otherId }),
    expect: [U, P, 200, 200, 200],
    why: "any rider may block another",
  },
  {
    method: "DELETE",
    route: "/api/blocks/:userId",
    path: (w) => `/api/blocks/${w.blockedId}`,
    expect: [U, P, 200, 200, 200],
    why: "only her own blocks (a no-op for those who did not block)",
  },
  {
    method: "DELETE",
    route: "/api/rides/:id/participants/:userId",
    path: (w) => `/api/rides/${w.rideId}/participants/${w.blockedId}`,
    expect: [U, P, 403, 403, 200],
    why: "the organizer, only a rider she blocked",
  },
  {
    method: "GET",
    route: "/api/rides/:id/sweeper",
    path: (w) => `/api/rides/${w.rideId}/sweeper`,
    expect: [U, P, 403, 200, 200],
    why: "the escoba, for the ride's participants",
  },
  {
    method: "PUT",
    route: "/api/rides/:id/sweeper",
    path: (w) => `/api/rides/${w.rideId}/sweeper`,
    body: (w) => ({ userId: w.participantId }),
    expect: [U, P, 403, 403, 200],
    why: "the organizer names the escoba, only a participant (docs/product.md#ride-day)",
  },
  {
    method: "POST",
    route: "/api/reports",
    path: () => "/api/reports",
    body: (w) => ({ kind: "user", targetId: w.organizerId, reason: "spam" }),
    expect: [U, P, 201, 201, 400],
    why: "any rider may report another, never herself",
  },
  {
    method: "GET",
    route: "/api/moderation/reports",
    path: () => "/api/moderation/reports",
    expect: [N, N, N, N, N],
    moderator: 200,
    suspended: N,
    why: "moderators only",
  },
  {
    method: "GET",
    route: "/api/moderation/reports/:id/context",
    path: (w) => `/api/moderation/reports/${w.reportId}/context`,
    expect: [N, N, N, N, N],
    moderator: 200,
    suspended: N,
    why: "moderators only",
  },
  {
    method: "POST",
    route: "/api/moderation/reports/:id/dismiss",
    path: (w) => `/api/moderation/reports/${w.reportId}/dismiss`,
    body: () => ({ reason: "matriz" }),
    expect: [N, N, N, N, N],
    moderator: 200,
    suspended: N,
    why: "moderators only",
  },
  {
    method: "POST",
    route: "/api/moderation/messages/:id/hide",
    path: (w) => `/api/moderation/messages/${w.messageId}/hide`,
    body: () => ({ reason: "matriz" }),
    expect: [N, N, N, N, N],
    moderator: 200,
    suspended: N,
    why: "moderators only",
  },
  {
    method: "POST",
    route: "/api/moderation/users/:userId/suspend",
    path: (w) => `/api/moderation/users/${w.otherId}/suspend`,
    body: () => ({ reason: "matriz" }),
    expect: [N, N, N, N, N],
    moderator: 200,
    suspended: N,
    why: "moderators only",
  },
  {
    method: "POST",
    route: "/api/moderation/users/:userId/unsuspend",
    path: (w) => `/api/moderation/users/${w.suspendedId}/unsuspend`,
    body: () => ({ reason: "matriz" }),
    expect: [N, N, N, N, N],
    moderator: 200,
    suspended: N,
    why: "moderators only (not even the suspended rider herself)",
  },
  {
    method: "POST",
    route: "/api/moderation/users/:userId/verify",
    path: (w) => `/api/moderation/users/${w.otherId}/verify`,
    body: () => ({ reason: "matriz" }),
    expect: [N, N, N, N, N],
    moderator: 200,
    suspended: N,
    why: "moderators only",
  },
  {
    method: "POST",
    route: "/api/moderation/users/:userId/unverify",
    path: (w) => `/api/moderation/users/${w.otherId}/unverify`,
    body: () => ({ reason: "matriz" }),
    expect: [N, N, N, N, N],
    moderator: 409,
    suspended: N,
    why: "moderators only; no moderator verified her",
  },
  {
    method: "GET",
    route: "/api/moderation/users/:userId/vouches",
    path: (w) => `/api/moderation/users/${w.otherId}/vouches`,
    expect: [N, N, N, N, N],
    moderator: 200,
    suspended: N,
    why: "moderators only: who vouched for whom",
  },
  {
    method: "POST",
    route: "/api/moderation/groups/:slug/suspend",
    path: (w) => `/api/moderation/groups/${w.groupSlug}/suspend`,
    body: () => ({ reason: "matriz" }),
    expect: [N, N, N, N, N],
    moderator: 200,
    suspended: N,
    why: "moderators only, not even the group's leader",
  },
  {
    method: "GET",
    route: "/api/moderation/suspended",
    path: () => "/api/moderation/suspended",
    expect: [N, N, N, N, N],
    moderator: 200,
    suspended: N,
    why: "moderators only",
  },
  {
    method: "GET",
    route: "/api/moderation/actions",
    path: () => "/api/moderation/actions",
    expect: [N, N, N, N, N],
    moderator: 200,
    suspended: N,
    why: "moderators only: the audit",
  },
];

/**
 * Which world each role's call runs in (indexes into the worlds a row builds, side by side). A
 * GET changes nothing, so its roles share one world. Otherwise a refused call must change nothing
 * either, so the next role may take the same world (were a refusal to leave something behind, the
 * next cell would meet it); a call expected to succeed may change it, so the role after it gets a
 * fresh one.
 */
function worldPlan(row: Row): number[] {
  const statuses = expected(row);
  let current = 0;
  return ROLES.map((role) => {
    const index = current;
    if (row.method !== "GET" && statuses[role] < 400) current += 1;
    return index;
  });
}

/** The world with the moderator's session of this row. */
function withModerator(w: World, mod: Moderator): World {
  return { ...w, browsers: { ...w.browsers, moderator: mod.browser } };
}

describe("authorization matrix", () => {
  // A GET changes nothing (its roles share one world), so the GET rows share one world too, built
  // by whichever runs first: 36 of the file's 243 worlds were theirs. Each row still signs the
  // moderator in anew: another row may have ended her sessions or deleted her account.
  let forReads: Promise<World> | undefined;
  const worldForReads = (mod: Moderator) => {
    forReads ??= world(mod);
    return forReads;
  };
  for (const row of MATRIX) {
    it(`${row.method} ${row.route}: ${row.why}`, async () => {
      const actual: number[] = [];
      // The moderator's account exists first so that no two worlds race to create it.
      const mod = await moderator();
      const plan = worldPlan(row);
      const built =
        row.method === "GET"
          ? [withModerator(await worldForReads(mod), mod)]
          : await Promise.all(Array.from({ length: Math.max(...plan) + 1 }, () => world(mod)));
      const worlds = plan.map((i) => built[i]!);
      const call = (w: World, role: Role, path: string) =>
        w.browsers[role].fetch(path, {
          method: row.method,
          redirect: "manual",
          ...(row.body ? { json: row.body(w) } : row.method === "GET" ? {} : { json: {} }),
        });
      const blockedAnswers: Record<string, { hidden: unknown; missing: unknown }> = {};
      for (const [i, role] of ROLES.entries()) {
        const w = worlds[i]!;
        const res = await call(w, role, row.path(w));
        actual.push(res.status);
        if (isRideScoped(row.route) && (BLOCKED_ROLES as readonly Role[]).includes(role)) {
          // Status, code and message alike: nothing tells her the ride exists.
          const missing = await call(w, role, row.path({ ...w, rideId: MISSING_RIDE }));
          blockedAnswers[role] = { hidden: await answer(res), missing: await answer(missing) };
        }
      }
      expect(Object.fromEntries(ROLES.map((r, i) => [r, actual[i]]))).toEqual(expected(row));
      for (const [role, { hidden, missing }] of Object.entries(blockedAnswers)) {
        expect(hidden, role).toEqual(missing);
      }
    });
  }

  it("has a row for every route the worker serves (the groups' below)", () => {
    const served = new Set(
      app.routes
        .filter((r) => r.method !== "ALL" && /^\/(api|dev)\//.test(r.path))
        .map((r) => `${r.method} ${r.path}`),
    );
    const covered = new Set([...MATRIX, ...GROUP_MATRIX].map((r) => `${r.method} ${r.route}`));
    expect([...served].filter((r) => !covered.has(r)).sort()).toEqual([]);
    expect([...covered].filter((r) => !served.has(r)).sort()).toEqual([]);
  });
});

/** Every way into a 'Solo verificadas' ride (docs/product.md#verificada), for a rider in no ride. */
const WAYS_IN: {
  way: string;
  /** What the world's rides look like for this way in. */
  prepare?: (w: World) => Promise<unknown>;
  call: (w: World, browser: Browser) => Promise<Response>;
  admitted: number;
}[] = [
  {
    way: "joining",
    call: (w, b) => b.post(`/api/rides/${w.rideId}/join`),
    admitted: 200,
  },
  {
    way: "asking for a place",
    call: (w, b) => b.post(`/api/rides/${w.approvalRideId}/requests`, {}),
    admitted: 201,
  },
  {
    way: "the waiting list",
    // Full: organizer, participant and the rider she blocked.
    prepare: (w) => db().update(rides).set({ maxParticipants: 3 }).where(eq(rides.id, w.rideId)),
    call: (w, b) => b.post(`/api/rides/${w.rideId}/waiting-list`),
    admitted: 200,
  },
  {
    way: "'Apuntarme a las próximas'",
    call: (w, b) => b.post(`/api/rides/${w.rideId}/series/join`),
    admitted: 200,
  },
];

describe("'Solo verificadas': every way in refuses a rider who is not verified", () => {
  for (const { way, prepare, call, admitted } of WAYS_IN) {
    it(way, async () => {
      const w = await world(await moderator());
      await db()
        .update(rides)
        .set({ verifiedOnly: true })
        .where(inArray(rides.id, [w.rideId, w.approvalRideId]));
      await prepare?.(w);
      const refused = await call(w, w.browsers.outsider);
      expect(refused.status).toBe(403);
      expect((await refused.json<{ error: { message: string } }>()).error.message).toBe(
        VERIFICATION_MSG.verifiedOnly,
      );
      const [verified] = await verifiedRidersMany(1);
      expect((await call(w, verified!.browser)).status).toBe(admitted);
      // A moderator is verified.
      expect((await call(w, w.browsers.moderator)).status).toBe(admitted);
    });
  }
});

// ---------- Grupos (docs/product.md#grupos): every group route × who she is to the group ---------

type GroupRole =
  | "anonymous"
  | "noProfile"
  /** Signed in, in no group of the world. */
  | "nonMember"
  /** Her request to join the approval group waits. */
  | "requester"
  | "member"
  | "leader"
  /** The groups' first leader blocked her. */
  | "blockedByLeader"
  /** She blocked the groups' first leader. */
  | "blockedLeader"
  | "suspended";
const GROUP_ROLES: GroupRole[] = [
  "anonymous",
  "noProfile",
  "nonMember",
  "requester",
  "member",
  "leader",
  "blockedByLeader",
  "blockedLeader",
  "suspended",
];

interface GroupWorld {
  /** 'Con aprobación': leaders (the leader, a co-leader), members (the member, another). */
  approval: string;
  /** 'Abierto': the leader and the member. */
  open: string;
  /** A rider's pending request to the approval group, for the leaders to answer. */
  requestId: string;
  /** A member of the approval group, and its co-leader. */
  otherMemberId: string;
  coLeaderId: string;
  browsers: Record<GroupRole, Browser>;
}

async function groupWorld(mod: Moderator): Promise<GroupWorld> {
  const [
    leader,
    member,
    requester,
    nonMember,
    noProfile,
    blockedByLeader,
    blockedLeader,
    suspended,
  ] = await signedInMany([{}, {}, {}, {}, { username: null }, {}, {}, {}]);
  const [asking, otherMember, coLeader] = await signedInMany([{}, {}, {}]);
  const now = Date.now();
  const [approval, open] = await Promise.all([
    createGroup({
      leaderId: leader.user.id,
      members: [member.user.id, otherMember.user.id],
      leaders: [coLeader.user.id],
      joinMode: "approval",
    }),
    createGroup({ leaderId: leader.user.id, members: [member.user.id] }),
    block(db(), leader.user.id, blockedByLeader.user.id, now),
    block(db(), blockedLeader.user.id, leader.user.id, now),
    suspendAccount(
      db(),
      { id: mod.id, email: MODERATOR_EMAIL },
      { userId: suspended.user.id, reason: "matriz", now },
    ),
  ]);
  const requestId = generateId();
  await db()
    .insert(groupRequests)
    .values([
      { id: requestId, groupId: approval.id, userId: asking.user.id, note: "Hola" },
      { id: generateId(), groupId: approval.id, userId: requester.user.id, note: null },
    ]);
  return {
    approval: approval.slug,
    open: open.slug,
    requestId,
    otherMemberId: otherMember.user.id,
    coLeaderId: coLeader.user.id,
    browsers: {
      anonymous: new Browser(),
      noProfile: noProfile.browser,
      nonMember: nonMember.browser,
      requester: requester.browser,
      member: member.browser,
      leader: leader.browser,
      blockedByLeader: blockedByLeader.browser,
      blockedLeader: blockedLeader.browser,
      suspended: suspended.browser,
    },
  };
}

interface GroupRow {
  method: Row["method"];
  route: string;
  path: (w: GroupWorld) => string;
  body?: (w: GroupWorld) => unknown;
  /** nonMember, requester, member, leader; a blocked pair answers as a non-member unless given. */
  expect: [number, number, number, number];
  blocked?: { byLeader: number; ofLeader: number };
  why: string;
}

/** Signed out (and suspended: her cookie is worth nothing) 401; without a profile 403. */
function groupExpected(row: GroupRow): Record<GroupRole, number> {
  const [nonMember, requester, member, leader] = row.expect;
  return {
    anonymous: U,
    noProfile: P,
    nonMember,
    requester,
    member,
    leader,
    blockedByLeader: row.blocked?.byLeader ?? nonMember,
    blockedLeader: row.blocked?.ofLeader ?? nonMember,
    suspended: U,
  };
}

const GROUP_MATRIX: GroupRow[] = [
  {
    method: "GET",
    route: "/api/groups",
    path: () => "/api/groups?city=Madrid",
    expect: [200, 200, 200, 200],
    why: "'Grupos' in the search, for every rider",
  },
  {
    method: "GET",
    route: "/api/groups/mine",
    path: () => "/api/groups/mine",
    expect: [200, 200, 200, 200],
    why: "her own groups",
  },
  {
    method: "POST",
    route: "/api/groups",
    path: () => "/api/groups",
    body: () => groupBody(),
    expect: [201, 201, 201, 201],
    why: "any rider may create a group (3 at most)",
  },
  {
    method: "GET",
    route: "/api/groups/:slug",
    path: (w) => `/api/groups/${w.approval}`,
    expect: [200, 200, 200, 200],
    why: "the public facts for every rider; the member list for members (groups.test.ts)",
  },
  {
    method: "GET",
    route: "/api/groups/:slug/rides",
    path: (w) => `/api/groups/${w.approval}/rides`,
    expect: [200, 200, 200, 200],
    why: "its next open rides for every rider; 'Solo el grupo' ones for members (group-rides.test.ts)",
  },
  {
    method: "PUT",
    route: "/api/groups/:slug",
    path: (w) => `/api/groups/${w.approval}`,
    body: () => groupBody({ joinMode: "approval" }),
    expect: [403, 403, 403, 200],
    why: "leaders only",
  },
  {
    method: "POST",
    route: "/api/groups/:slug/join",
    path: (w) => `/api/groups/${w.open}/join`,
    expect: [200, 200, 409, 409],
    why: "'Unirme al grupo' (an open one) for whoever is not in it",
  },
  {
    method: "POST",
    route: "/api/groups/:slug/leave",
    path: (w) => `/api/groups/${w.open}/leave`,
    expect: [409, 409, 200, 200],
    why: "members only; the last leader may leave (succession: groups.test.ts)",
  },
  {
    method: "POST",
    route: "/api/groups/:slug/requests",
    path: (w) => `/api/groups/${w.approval}/requests`,
    body: () => ({ note: "¿Puedo?" }),
    expect: [201, 409, 409, 409],
    why: "'Solicitar unirme' once, for whoever is not in it",
  },
  {
    method: "DELETE",
    route: "/api/groups/:slug/requests",
    path: (w) => `/api/groups/${w.approval}/requests`,
    expect: [409, 200, 409, 409],
    why: "only her own pending request",
  },
  {
    method: "POST",
    route: "/api/groups/:slug/requests/:requestId/accept",
    path: (w) => `/api/groups/${w.approval}/requests/${w.requestId}/accept`,
    expect: [403, 403, 403, 200],
    why: "leaders only",
  },
  {
    method: "POST",
    route: "/api/groups/:slug/requests/:requestId/decline",
    path: (w) => `/api/groups/${w.approval}/requests/${w.requestId}/decline`,
    expect: [403, 403, 403, 200],
    why: "leaders only",
  },
  {
    method: "DELETE",
    route: "/api/groups/:slug/members/:userId",
    path: (w) => `/api/groups/${w.approval}/members/${w.otherMemberId}`,
    expect: [403, 403, 403, 200],
    why: "leaders remove members",
  },
  {
    method: "PUT",
    route: "/api/groups/:slug/leaders/:userId",
    path: (w) => `/api/groups/${w.approval}/leaders/${w.otherMemberId}`,
    expect: [403, 403, 403, 200],
    why: "leaders name co-leaders",
  },
  {
    method: "DELETE",
    route: "/api/groups/:slug/leaders/:userId",
    path: (w) => `/api/groups/${w.approval}/leaders/${w.coLeaderId}`,
    expect: [403, 403, 403, 200],
    why: "leaders remove co-leaders",
  },
  {
    method: "POST",
    route: "/api/groups/:slug/invite",
    path: (w) => `/api/groups/${w.approval}/invite`,
    expect: [403, 403, 403, 200],
    why: "leaders make the invitation link",
  },
  {
    method: "DELETE",
    route: "/api/groups/:slug/invite",
    path: (w) => `/api/groups/${w.approval}/invite`,
    expect: [403, 403, 403, 200],
    why: "leaders revoke it",
  },
  {
    method: "GET",
    route: "/api/groups/:slug/chat",
    path: (w) => `/api/groups/${w.approval}/chat`,
    expect: [403, 403, 200, 200],
    why: "'Charla del grupo': its unread count, for members",
  },
  {
    method: "GET",
    route: "/api/groups/:slug/chat/messages",
    path: (w) => `/api/groups/${w.approval}/chat/messages`,
    expect: [403, 403, 200, 200],
    why: "the chat's first page, for members",
  },
  {
    method: "POST",
    route: "/api/groups/:slug/chat/read",
    path: (w) => `/api/groups/${w.approval}/chat/read`,
    expect: [403, 403, 200, 200],
    why: "her read state, for members",
  },
  {
    method: "GET",
    route: "/api/groups/:slug/chat/socket",
    path: (w) => `/api/groups/${w.approval}/chat/socket`,
    expect: [426, 426, 426, 426],
    why: "websocket only (who may open it, with real sockets: below and group-chat.test.ts)",
  },
];

describe("authorization matrix: groups", () => {
  // As for rides, the GET rows share one world.
  let forReads: Promise<GroupWorld> | undefined;
  const worldForReads = (mod: Moderator) => {
    forReads ??= groupWorld(mod);
    return forReads;
  };
  for (const row of GROUP_MATRIX) {
    it(`${row.method} ${row.route}: ${row.why}`, async () => {
      const mod = await moderator();
      const statuses = groupExpected(row);
      // As for rides: a call that may change something gets the next role a fresh world.
      let current = 0;
      const plan = GROUP_ROLES.map((role) => {
        const index = current;
        if (row.method !== "GET" && statuses[role] < 400) current += 1;
        return index;
      });
      const built =
        row.method === "GET"
          ? [await worldForReads(mod)]
          : await Promise.all(Array.from({ length: Math.max(...plan) + 1 }, () => groupWorld(mod)));
      const actual: Record<string, number> = {};
      for (const [i, role] of GROUP_ROLES.entries()) {
        const w = built[plan[i]!]!;
        const res = await w.browsers[role].fetch(row.path(w), {
          method: row.method,
          ...(row.body ? { json: row.body(w) } : row.method === "GET" ? {} : { json: {} }),
        });
        actual[role] = res.status;
      }
      expect(actual).toEqual(statuses);
    });
  }
});

const { open } = socketsClosedAfterEach();

describe("socket frames for each kind of visitor", () => {
  it("the chat socket, its live frames (a moderator's 'hidden' included) and the notification channel", async () => {
    const w = await world(await moderator());
    const chat: Record<Role, number> = {
      anonymous: 401,
      noProfile: 403,
      outsider: 403,
      participant: 101,
      organizer: 101,
      moderator: 403,
      suspended: 401,
      // A blocked rider's upgrade answers as for a missing ride (compared below).
      blockedByOrganizer: 404,
      blockedByParticipant: 404,
    };
    const hub: Record<Role, number> = {
      ...chat,
      outsider: 101,
      moderator: 101,
      blockedByOrganizer: 101,
      blockedByParticipant: 101,
    };
    const actual = { chat: {} as Record<Role, number>, hub: {} as Record<Role, number> };
    const live: TestSocket[] = [];
    for (const role of ROLES) {
      const room = await openSocket(w.browsers[role], `/api/rides/${w.rideId}/chat/socket`);
      actual.chat[role] = room.res.status;
      if ((BLOCKED_ROLES as readonly Role[]).includes(role)) {
        const missing = await openSocket(
          w.browsers[role],
          `/api/rides/${MISSING_RIDE}/chat/socket`,
        );
        expect(await answerOf(room.res), role).toEqual(await answerOf(missing.res));
      }
      if (room.socket) {
        open.push(room.socket);
        live.push(room.socket);
      }
      const channel = await openSocket(w.browsers[role], "/api/notifications/socket");
      actual.hub[role] = channel.res.status;
      if (channel.socket) {
        open.push(channel.socket);
        await channel.socket.nextRaw((f) => (f as NotificationFrame).type === "ready");
      }
    }
    expect(actual).toEqual({ chat, hub });
    const mod = await moderator();
    const hidden = await mod.browser.post(`/api/moderation/messages/${w.messageId}/hide`, {
      reason: "matriz",
    });
    expect(hidden.status).toBe(200);
    // Every open chat (participant, organizer) gets the 'hidden' frame; nobody else has one.
    expect(live).toHaveLength(2);
    for (const socket of live) {
      const frame = await socket.next("hidden");
      expect(frame.message.id).toBe(w.messageId);
    }
    await vi.waitFor(() => expect(live.every((s) => s.closed === null)).toBe(true));
  });
});

describe("socket frames for each kind of visitor: groups", () => {
  it("the group chat's socket opens for members and leaders only", async () => {
    const w = await groupWorld(await moderator());
    const actual: Record<string, number> = {};
    for (const role of GROUP_ROLES) {
      const room = await openSocket(w.browsers[role], `/api/groups/${w.approval}/chat/socket`);
      actual[role] = room.res.status;
      if (room.socket) open.push(room.socket);
    }
    expect(actual).toEqual({
      anonymous: 401,
      noProfile: 403,
      nonMember: 403,
      requester: 403,
      member: 101,
      leader: 101,
      blockedByLeader: 403,
      blockedLeader: 403,
      suspended: 401,
    });
  });
});
