// "Verificada" in worker tests (docs/product.md#verificada): riders a moderator verified, a ride
// that started an hour ago (its ride day and post-ride step both open), check-ins and vouches
// through the API, and vouches written directly for the rule's own tests.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { verifiedRiders, vouches } from "../../../worker/db/schema.ts";
import { createRide, db, HOUR, signedInMany } from "./factories.ts";
import type { Browser } from "./http.ts";

type Rider = { user: { id: string; username: string | null }; browser: Browser };

/** `n` signed-in riders, each verified by a moderator ('seed'). */
export async function verifiedRidersMany(n: number): Promise<Rider[]> {
  const riders = (await signedInMany(Array.from({ length: n }, () => ({})))) as Rider[];
  if (riders.length > 0) {
    await db()
      .insert(verifiedRiders)
      .values(riders.map((r) => ({ userId: r.user.id, source: "seed" as const, verifiedAt: 1 })));
  }
  return riders;
}

/** A ride that started an hour ago: check-ins and the post-ride step are open. */
export async function rideAnHourAgo(organizer: Rider, participants: Rider[]) {
  return createRide({
    organizerId: organizer.user.id,
    participants: participants.map((p) => p.user.id),
    startsIn: -HOUR,
  });
}

/** Her check-in at the meeting point, which must be taken. */
export async function checkIn(rider: Rider, rideId: string) {
  const res = await rider.browser.post(`/api/rides/${rideId}/ride-day/check-in`);
  expect(res.status, await res.clone().text()).toBe(200);
}

export function vouch(voucher: Rider, rideId: string, vouchee: Rider) {
  return voucher.browser.post(`/api/rides/${rideId}/vouches`, { userId: vouchee.user.id });
}

/** Vouches written as they stand, without the API's rules (the badge's rule tests). */
export async function insertVouches(
  rows: { voucherId: string; voucheeId: string; rideId: string; givenAt?: number }[],
) {
  await db()
    .insert(vouches)
    .values(rows.map((r) => ({ ...r, givenAt: r.givenAt ?? Date.now() })));
}

export async function badgeOf(userId: string) {
  const row = await db()
    .select({ source: verifiedRiders.source })
    .from(verifiedRiders)
    .where(eq(verifiedRiders.userId, userId))
    .get();
  return row?.source ?? null;
}
