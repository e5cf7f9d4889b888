// "Verificada" (docs/product.md#verificada): vouching in the post-ride step and its rules, the
// badge's rule (3 verified riders, 2 rides), its recomputation after every change, recursively
// and in a bounded number of statements, and the moderator's seeds and view of the graph.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { RideDetailResponse } from "../../domain/api/rides.ts";
import type {
  MyVerificationResponse,
  VouchGraphResponse,
  VouchStepResponse,
} from "../../domain/api/verification.ts";
import { VERIFICATION_MSG, VOUCH_AGAIN_AFTER_MS } from "../../domain/verification.ts";
import { createDb } from "../../worker/db/client.ts";
import { moderationActions, rides, vouches } from "../../worker/db/schema.ts";
import { withdrawVouch } from "../../worker/verification/queries.ts";
import { recomputeVerification } from "../../worker/verification/recompute.ts";
import { countingD1 } from "./helpers/d1-proxy.ts";
import { createRide, db, HOUR, signedIn, signedInMany } from "./helpers/factories.ts";
import { json } from "./helpers/http.ts";
import { rideBody } from "./helpers/rides.ts";
import { block, moderator } from "./helpers/safety.ts";
import {
  badgeOf,
  checkIn,
  insertVouches,
  rideAnHourAgo,
  verifiedRidersMany,
  vouch,
} from "./helpers/verification.ts";

type Rider = Awaited<ReturnType<typeof signedIn>>;

async function progressOf(rider: Rider) {
  const res = await rider.browser.get("/api/verification");
  expect(res.status).toBe(200);
  return json<MyVerificationResponse>(res);
}

async function errorOf(res: Response) {
  return { status: res.status, message: (await json(res)).error.message as string };
}

/** Verified A organizes a ride an hour ago with verified B and C and the new rider T, all there. */
async function rideWithThree() {
  const [a, b, c] = await verifiedRidersMany(3);
  const t = await signedIn();
  const ride = await rideAnHourAgo(a!, [b!, c!, t]);
  for (const rider of [b!, c!, t]) await checkIn(rider, ride.id);
  return { a: a!, b: b!, c: c!, t, ride };
}

describe("the badge", () => {
  it("three verified riders after one ride do not verify her", async () => {
    const { a, b, c, t, ride } = await rideWithThree();
    // The organizer, who does not check in, counts as present.
    for (const voucher of [a, b, c]) expect((await vouch(voucher, ride.id, t)).status).toBe(201);
    expect(await progressOf(t)).toEqual({ verified: false, vouchers: 3, rides: 1 });
    expect(await badgeOf(t.user.id)).toBeNull();
  });

  it("three verified riders after two different rides verify her", async () => {
    const { a, b, c, t, ride } = await rideWithThree();
    expect((await vouch(a, ride.id, t)).status).toBe(201);
    expect((await vouch(b, ride.id, t)).status).toBe(201);
    expect(await progressOf(t)).toEqual({ verified: false, vouchers: 2, rides: 1 });
    const second = await rideAnHourAgo(c, [t]);
    await checkIn(t, second.id);
    expect((await vouch(c, second.id, t)).status).toBe(201);
    expect(await progressOf(t)).toEqual({ verified: true, vouchers: 3, rides: 2 });
    expect(await badgeOf(t.user.id)).toBe("community");
  });

  it("an unverified rider cannot vouch, and a vouch of one who is not verified does not count", async () => {
    const { a, b, t, ride } = await rideWithThree();
    const u = await signedIn();
    const second = await rideAnHourAgo(a, [u, t, b]);
    for (const rider of [u, t, b]) await checkIn(rider, second.id);
    expect(await errorOf(await vouch(u, second.id, t))).toEqual({
      status: 403,
      message: VERIFICATION_MSG.voucherNotVerified,
    });
    // Written as if it stood: the rule still does not count her.
    await insertVouches([{ voucherId: u.user.id, voucheeId: t.user.id, rideId: second.id }]);
    expect((await vouch(a, ride.id, t)).status).toBe(201);
    expect((await vouch(b, second.id, t)).status).toBe(201);
    expect(await progressOf(t)).toEqual({ verified: false, vouchers: 2, rides: 2 });
  });
});

describe("vouching", () => {
  it("needs both at the meeting point: her check-in and the other rider's", async () => {
    const [a, b] = await verifiedRidersMany(2);
    const [t, s] = await signedInMany([{}, {}]);
    const ride = await rideAnHourAgo(a!, [b!, t, s]);
    await checkIn(t, ride.id);
    // B never checked in: she learns of nobody's check-in, and may vouch for nobody.
    const step = await json<VouchStepResponse>(
      await b!.browser.get(`/api/rides/${ride.id}/vouches`),
    );
    expect(step).toEqual({ open: false, riders: [] });
    expect(await errorOf(await vouch(b!, ride.id, t))).toEqual({
      status: 409,
      message: VERIFICATION_MSG.notPresent,
    });
    // S never checked in: the organizer, present, may not vouch for her.
    expect(await errorOf(await vouch(a!, ride.id, s))).toEqual({
      status: 409,
      message: VERIFICATION_MSG.notPresent,
    });
    // The organizer sees only those who were there.
    const organizers = await json<VouchStepResponse>(
      await a!.browser.get(`/api/rides/${ride.id}/vouches`),
    );
    expect(organizers.riders.map((r) => r.userId)).toEqual([t.user.id]);
    expect((await vouch(a!, ride.id, t)).status).toBe(201);
  });

  it("is refused between a pair blocked either way", async () => {
    const { b, c, t, ride } = await rideWithThree();
    await block(t.browser, b.user.id);
    await block(c.browser, t.user.id);
    for (const voucher of [b, c]) {
      expect(await errorOf(await vouch(voucher, ride.id, t))).toEqual({
        status: 400,
        message: VERIFICATION_MSG.notCompanion,
      });
      const step = await json<VouchStepResponse>(
        await voucher.browser.get(`/api/rides/${ride.id}/vouches`),
      );
      expect(step.riders.map((r) => r.userId)).not.toContain(t.user.id);
    }
    expect(await db().select().from(vouches).where(eq(vouches.voucheeId, t.user.id))).toEqual([]);
  });

  it("is refused on a cancelled ride and after the post-ride step closes", async () => {
    const { a, t, ride } = await rideWithThree();
    await db().update(rides).set({ status: "cancelled" }).where(eq(rides.id, ride.id));
    expect(await errorOf(await vouch(a, ride.id, t))).toEqual({
      status: 409,
      message: "Esta salida ha sido cancelada",
    });
    const long = await createRide({
      organizerId: a.user.id,
      participants: [t.user.id],
      startsIn: -31 * HOUR,
    });
    expect(await errorOf(await vouch(a, long.id, t))).toEqual({
      status: 409,
      message: VERIFICATION_MSG.windowClosed,
    });
  });

  it("gives at most 10 vouches a day per account", async () => {
    const { a, t, ride } = await rideWithThree();
    const others = await signedInMany(Array.from({ length: 10 }, () => ({})));
    await insertVouches(
      others.map((o) => ({ voucherId: a.user.id, voucheeId: o.user.id, rideId: ride.id })),
    );
    expect(await errorOf(await vouch(a, ride.id, t))).toEqual({
      status: 429,
      message: VERIFICATION_MSG.tooMany,
    });
  });

  it("once per pair: withdrawn, not again for 30 days; then again", async () => {
    const { a, b, c, t, ride } = await rideWithThree();
    const second = await rideAnHourAgo(c, [t]);
    await checkIn(t, second.id);
    for (const [voucher, rideId] of [
      [a, ride.id],
      [b, ride.id],
      [c, second.id],
    ] as const) {
      expect((await vouch(voucher, rideId, t)).status).toBe(201);
    }
    expect(await errorOf(await vouch(a, ride.id, t))).toEqual({
      status: 409,
      message: VERIFICATION_MSG.alreadyVouched,
    });
    expect((await a.browser.delete(`/api/vouches/${t.user.id}`)).status).toBe(200);
    expect(await progressOf(t)).toEqual({ verified: false, vouchers: 2, rides: 2 });
    expect(await errorOf(await vouch(a, ride.id, t))).toEqual({
      status: 409,
      message: VERIFICATION_MSG.vouchAgainLater,
    });
    expect((await a.browser.delete(`/api/vouches/${t.user.id}`)).status).toBe(404);
    await db()
      .update(vouches)
      .set({ withdrawnAt: Date.now() - VOUCH_AGAIN_AFTER_MS - 1000 })
      .where(and(eq(vouches.voucherId, a.user.id), eq(vouches.voucheeId, t.user.id)));
    expect((await vouch(a, ride.id, t)).status).toBe(201);
    expect(await progressOf(t)).toEqual({ verified: true, vouchers: 3, rides: 2 });
  });
});

/**
 * Seeds S1–S3 verify T1 (two rides); T1, S1 and S2 verify T2; T2, S1 and S2 verify T3: T2's and
 * T3's badges rest on T1's, which rests on S1's, S2's and S3's. Twenty other verified riders
 * vouch among themselves, unrelated.
 */
async function chain() {
  const seeds = await verifiedRidersMany(3);
  const [s1, s2, s3] = seeds as [Rider, Rider, Rider];
  const [t1, t2, t3] = await signedInMany([{}, {}, {}]);
  const r = (n: number) => `ride-${n}-${crypto.randomUUID()}`;
  const [r1, r2, r3, r4] = [r(1), r(2), r(3), r(4)];
  await insertVouches([
    { voucherId: s1.user.id, voucheeId: t1.user.id, rideId: r1 },
    { voucherId: s2.user.id, voucheeId: t1.user.id, rideId: r1 },
    { voucherId: s3.user.id, voucheeId: t1.user.id, rideId: r2 },
    { voucherId: t1.user.id, voucheeId: t2.user.id, rideId: r3 },
    { voucherId: s1.user.id, voucheeId: t2.user.id, rideId: r3 },
    { voucherId: s2.user.id, voucheeId: t2.user.id, rideId: r4 },
    { voucherId: t2.user.id, voucheeId: t3.user.id, rideId: r3 },
    { voucherId: s1.user.id, voucheeId: t3.user.id, rideId: r3 },
    { voucherId: s2.user.id, voucheeId: t3.user.id, rideId: r4 },
  ]);
  const unrelated = await verifiedRidersMany(20);
  await insertVouches(
    unrelated.map((u, i) => ({
      voucherId: u.user.id,
      voucheeId: unrelated[(i + 1) % unrelated.length]!.user.id,
      rideId: r(5),
    })),
  );
  const outcome = await recomputeVerification(db(), [t1.user.id], Date.now());
  expect(outcome.gained.sort()).toEqual([t1.user.id, t2.user.id, t3.user.id].sort());
  const chained = [t1, t2, t3];
  return { s1, s2, s3, chained };
}

async function badgesOf(riders: Rider[]) {
  return Promise.all(riders.map((r) => badgeOf(r.user.id)));
}

describe("recomputed on every change, recursively", () => {
  it("a withdrawal takes the badges that rested on it, in a bounded number of statements", async () => {
    const { s1, chained } = await chain();
    const [t1] = chained;
    const now = Date.now();
    expect(await withdrawVouch(db(), { voucherId: s1.user.id, voucheeId: t1!.user.id, now })).toBe(
      true,
    );
    const { d1, counter } = countingD1(env.DB);
    const outcome = await recomputeVerification(createDb(d1), [t1!.user.id], now);
    // Only the riders downstream of the change were read: not the twenty others.
    expect(outcome.affected).toBe(3);
    expect(outcome.lost.sort()).toEqual(chained.map((r) => r.user.id).sort());
    // The read (two statements, one batch) and the write (one delete): nothing per rider.
    expect(counter).toEqual({ statements: 3, batches: 2 });
    expect(await badgesOf(chained)).toEqual([null, null, null]);
  });

  it("through the API: her withdrawal", async () => {
    const { s3, chained } = await chain();
    expect((await s3.browser.delete(`/api/vouches/${chained[0]!.user.id}`)).status).toBe(200);
    expect(await badgesOf(chained)).toEqual([null, null, null]);
  });

  it("a suspension takes her badge, her vouches and the badges that rested on them", async () => {
    const { s3, chained } = await chain();
    const mod = await moderator();
    const res = await mod.browser.post(`/api/moderation/users/${s3.user.id}/suspend`, {
      reason: "Anillo de respaldos",
    });
    expect(res.status).toBe(200);
    expect(await badgesOf([s3, ...chained])).toEqual([null, null, null, null]);
    const left = await db().select().from(vouches).where(eq(vouches.voucherId, s3.user.id));
    expect(left.map((v) => v.withdrawnAt !== null)).toEqual([true]);
  });

  it("a deleted account takes the badges that rested on her vouches", async () => {
    const { s3, chained } = await chain();
    expect((await s3.browser.delete("/api/account")).status).toBe(200);
    expect(await badgesOf(chained)).toEqual([null, null, null]);
  });

  it("a moderator's verification undone takes the badges that rested on it", async () => {
    const { s3, chained } = await chain();
    const mod = await moderator();
    const res = await mod.browser.post(`/api/moderation/users/${s3.user.id}/unverify`, {
      reason: "No la conocía",
    });
    expect(res.status).toBe(200);
    expect(await badgesOf([s3, ...chained])).toEqual([null, null, null, null]);
  });

  it("a ring of riders vouching for each other does not hold itself up", async () => {
    const { s3, chained } = await chain();
    const [t1, t2, t3] = chained as [Rider, Rider, Rider];
    // T1, T2 and T3 now vouch for each other all round, after two rides.
    await insertVouches([
      { voucherId: t2.user.id, voucheeId: t1.user.id, rideId: "ring-a" },
      { voucherId: t3.user.id, voucheeId: t1.user.id, rideId: "ring-b" },
      { voucherId: t3.user.id, voucheeId: t2.user.id, rideId: "ring-b" },
      { voucherId: t1.user.id, voucheeId: t3.user.id, rideId: "ring-a" },
    ]);
    expect((await s3.browser.delete(`/api/vouches/${t1.user.id}`)).status).toBe(200);
    // T1 keeps S1, S2 and now T2, T3: two seeds alone would not, and T2/T3 rest on T1.
    expect(await badgesOf(chained)).toEqual([null, null, null]);
  });
});

describe("moderation", () => {
  it("a moderator verifies a rider she met, recorded with its reason, and undoes it", async () => {
    const mod = await moderator();
    const t = await signedIn();
    const path = `/api/moderation/users/${t.user.id}/verify`;
    expect((await mod.browser.post(path, { reason: "La conocí en la quedada" })).status).toBe(200);
    expect(await progressOf(t)).toMatchObject({ verified: true });
    expect(await badgeOf(t.user.id)).toBe("seed");
    expect((await mod.browser.post(path, { reason: "Otra vez" })).status).toBe(409);
    expect(
      (
        await mod.browser.post(`/api/moderation/users/${t.user.id}/unverify`, {
          reason: "Me equivoqué",
        })
      ).status,
    ).toBe(200);
    expect(await progressOf(t)).toMatchObject({ verified: false });
    const audit = await db()
      .select({ action: moderationActions.action, reason: moderationActions.reason })
      .from(moderationActions)
      .where(eq(moderationActions.targetUserId, t.user.id));
    expect(audit).toEqual([
      { action: "verify", reason: "La conocí en la quedada" },
      { action: "unverify", reason: "Me equivoqué" },
    ]);
    // Her own account holds the badge, so her vouches count.
    expect(await badgeOf(mod.id)).toBe("moderator");
  });

  it("a moderator sees a rider's vouches one step out, both ways", async () => {
    const { s1, s2, s3, chained } = await chain();
    const [t1, t2] = chained as [Rider, Rider];
    const mod = await moderator();
    const res = await mod.browser.get(`/api/moderation/users/${t1.user.id}/vouches`);
    expect(res.status).toBe(200);
    const graph = await json<VouchGraphResponse>(res);
    expect(graph.rider).toMatchObject({ id: t1.user.id, verified: true, source: "community" });
    expect(graph.received.map((e) => e.user.id).sort()).toEqual(
      [s1.user.id, s2.user.id, s3.user.id].sort(),
    );
    expect(graph.given.map((e) => e.user.id)).toEqual([t2.user.id]);
    // Nobody else: the plain 404 of the moderation API.
    expect((await t2.browser.get(`/api/moderation/users/${t1.user.id}/vouches`)).status).toBe(404);
  });
});

describe("'Solo verificadas'", () => {
  it("the organizer switches her ride to it: those already in stay, the badges show", async () => {
    const [organizer] = await verifiedRidersMany(1);
    const [bea, cris] = await signedInMany([{}, {}]);
    const created = await organizer!.browser.post("/api/rides", rideBody());
    expect(created.status).toBe(201);
    const { ride } = await json<RideDetailResponse>(created);
    expect(ride.verifiedOnly).toBe(false);
    expect((await bea.browser.post(`/api/rides/${ride.id}/join`)).status).toBe(200);

    const edited = await organizer!.browser.put(
      `/api/rides/${ride.id}`,
      rideBody({ verifiedOnly: true }),
    );
    expect(edited.status).toBe(200);
    const { ride: after } = await json<RideDetailResponse>(edited);
    expect(after.verifiedOnly).toBe(true);
    expect(after.organizer.verified).toBe(true);
    expect(after.participants.map((p) => [p.id, p.verified])).toEqual([
      [organizer!.user.id, true],
      [bea.user.id, false],
    ]);
    const refused = await cris.browser.post(`/api/rides/${ride.id}/join`);
    expect(await errorOf(refused)).toEqual({
      status: 403,
      message: VERIFICATION_MSG.verifiedOnly,
    });
    // An edit that leaves the option out (an older app) keeps it.
    await organizer!.browser.put(`/api/rides/${ride.id}`, rideBody({ title: "Otra" }));
    const seen = await json<RideDetailResponse>(await cris.browser.get(`/api/rides/${ride.id}`));
    expect(seen.ride.verifiedOnly).toBe(true);
  });
});
