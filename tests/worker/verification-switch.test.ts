// "Verificada" (docs/product.md#verificada) where the API leaves it to: a ride or grupeta switched
// to 'Solo verificadas' (those already in stay, but what was only asked for or followed before the
// switch needs the badge from then on), and the badge on her profile and her chat messages.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ChatMessagesResponse } from "../../domain/api/chat.ts";
import type { PublicProfileResponse } from "../../domain/api/users.ts";
import { VERIFICATION_MSG } from "../../domain/verification.ts";
import { rideMessages, rideRequests, rides } from "../../worker/db/schema.ts";
import { createRide, db, signedIn } from "./helpers/factories.ts";
import { json } from "./helpers/http.ts";
import { participantIds, rideBody } from "./helpers/rides.ts";
import { createSeries, datesOf, runCron, WEEK } from "./helpers/series.ts";
import { verifiedRidersMany } from "./helpers/verification.ts";

async function requestIdOf(rideId: string, userId: string) {
  const row = await db()
    .select({ id: rideRequests.id })
    .from(rideRequests)
    .where(and(eq(rideRequests.rideId, rideId), eq(rideRequests.userId, userId)))
    .get();
  return row!.id;
}

describe("switched to 'Solo verificadas'", () => {
  it("an older request is accepted only from a verified rider", async () => {
    const organizer = await signedIn();
    const [vera] = await verifiedRidersMany(1);
    const bea = await signedIn();
    const ride = await createRide({ organizerId: organizer.user.id, joinMode: "approval" });
    for (const rider of [bea, vera!]) {
      expect((await rider.browser.post(`/api/rides/${ride.id}/requests`, {})).status).toBe(201);
    }
    await db().update(rides).set({ verifiedOnly: true }).where(eq(rides.id, ride.id));

    const accept = (userId: string) =>
      requestIdOf(ride.id, userId).then((id) =>
        organizer.browser.post(`/api/rides/${ride.id}/requests/${id}/accept`),
      );
    const refused = await accept(bea.user.id);
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.message).toBe(VERIFICATION_MSG.requestNotVerified);
    expect((await accept(vera!.user.id)).status).toBe(200);
    expect(await participantIds(ride.id)).toEqual(
      expect.arrayContaining([organizer.user.id, vera!.user.id]),
    );
    expect(await participantIds(ride.id)).not.toContain(bea.user.id);
  });

  it("a grupeta's new dates take in only the followers who hold the badge", async () => {
    const [organizer, vera] = await verifiedRidersMany(2);
    const bea = await signedIn();
    const { firstId, seriesId } = await createSeries(organizer!.browser, {
      repeat: { everyWeeks: 2, count: 12 },
    });
    for (const rider of [bea, vera!]) {
      expect((await rider.browser.post(`/api/rides/${firstId}/series/join`)).status).toBe(200);
    }
    const known = new Set((await datesOf(seriesId)).map((d) => d.id));
    // 'Esta y las siguientes': the series' template, which new dates copy, becomes verified-only.
    const edited = await organizer!.browser.put(`/api/rides/${firstId}`, {
      ...rideBody({ verifiedOnly: true }),
      startTime: new Date((await datesOf(seriesId))[0]!.startTime).toISOString(),
      scope: "following",
    });
    expect(edited.status, await edited.clone().text()).toBe(200);

    await runCron(Date.now() + 4 * WEEK);
    const fresh = (await datesOf(seriesId)).filter((d) => !known.has(d.id));
    expect(fresh.length).toBe(2);
    for (const date of fresh) {
      expect(date.verifiedOnly).toBe(true);
      const ids = await participantIds(date.id);
      expect(ids).toContain(vera!.user.id);
      expect(ids).not.toContain(bea.user.id);
    }
    // Those already in stay on the dates that existed.
    expect(await participantIds(firstId)).toContain(bea.user.id);
  });
});

describe("'Verificada' beside her name", () => {
  it("on her public profile and on her chat messages, only while she holds it", async () => {
    const [vera] = await verifiedRidersMany(1);
    const bea = await signedIn();
    const profile = async (username: string | null) => {
      const res = await bea.browser.get(`/api/users/${encodeURIComponent(username!)}`);
      expect(res.status).toBe(200);
      return (await json<PublicProfileResponse>(res)).profile.verified;
    };
    expect(await profile(vera!.user.username)).toBe(true);
    expect(await profile(bea.user.username)).toBe(false);

    const ride = await createRide({ organizerId: vera!.user.id, participants: [bea.user.id] });
    await db()
      .insert(rideMessages)
      .values(
        [vera!, bea].map((r, i) => ({
          id: crypto.randomUUID(),
          rideId: ride.id,
          userId: r.user.id,
          body: `Hola ${i}`,
          createdAt: Date.now() + i,
        })),
      );
    const res = await bea.browser.get(`/api/rides/${ride.id}/chat/messages`);
    expect(res.status).toBe(200);
    const { messages } = await json<ChatMessagesResponse>(res);
    expect(messages.map((m) => [m.userId, m.author?.verified])).toEqual([
      [vera!.user.id, true],
      [bea.user.id, undefined],
    ]);
  });
});
