// Join by approval (docs/product.md#join-by-approval), three rules kept at their edges: a
// suspension leaves a declined request final; the organizer's counts leave out riders a block
// hides, like her list; and the chat of an approval ride offers the request, never 'UNIRME'.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ChatInfoResponse } from "../../domain/api/chat.ts";
import type {
  MyRidesResponse,
  RideDetail,
  RideListResponse,
  RideSummary,
} from "../../domain/api/rides.ts";
import { MSG } from "../../domain/messages.ts";
import { rideRequests } from "../../worker/db/schema.ts";
import { pendingRequestCount } from "../../worker/push/queries.ts";
import { createSession, SESSION_COOKIE } from "../../worker/sessions/session.ts";
import { createRide, db, signedIn } from "./helpers/factories.ts";
import { json } from "./helpers/http.ts";
import { block, moderator } from "./helpers/safety.ts";

type Signed = Awaited<ReturnType<typeof signedIn>>;

async function approvalRide() {
  const organizer = await signedIn();
  const ride = await createRide({ organizerId: organizer.user.id, joinMode: "approval" });
  return { organizer, ride };
}

async function requestPlace(rider: Signed, rideId: string) {
  return rider.browser.post(`/api/rides/${rideId}/requests`, {});
}

async function requestsOf(rideId: string) {
  return db().select().from(rideRequests).where(eq(rideRequests.rideId, rideId)).all();
}

async function detail(rider: Signed, rideId: string): Promise<RideDetail> {
  const res = await rider.browser.get(`/api/rides/${rideId}`);
  expect(res.status).toBe(200);
  return (await json<{ ride: RideDetail }>(res)).ride;
}

async function chatInfo(rider: Signed, rideId: string): Promise<ChatInfoResponse> {
  const res = await rider.browser.get(`/api/rides/${rideId}/chat`);
  expect(res.status).toBe(200);
  return json<ChatInfoResponse>(res);
}

describe("a suspension and a declined request", () => {
  it("lifting the suspension does not let a declined rider ask that ride again", async () => {
    const { organizer, ride } = await approvalRide();
    const rider = await signedIn();
    expect((await requestPlace(rider, ride.id)).status).toBe(201);
    const [request] = await requestsOf(ride.id);
    const declined = await organizer.browser.post(
      `/api/rides/${ride.id}/requests/${request!.id}/decline`,
    );
    expect(declined.status).toBe(200);

    const mod = await moderator();
    const because = { reason: "prueba" };
    const path = `/api/moderation/users/${rider.user.id}`;
    expect((await mod.browser.post(`${path}/suspend`, because)).status).toBe(200);
    expect((await mod.browser.post(`${path}/unsuspend`, because)).status).toBe(200);
    // The suspension ended her sessions: she signs in again.
    rider.browser.cookies.set(SESSION_COOKIE, (await createSession(db(), rider.user.id)).token);

    const again = await requestPlace(rider, ride.id);
    expect(again.status).toBe(409);
    expect((await json(again)).error).toMatchObject({
      code: "conflict",
      message: MSG.requestAlreadyAnswered,
    });
    const rows = await requestsOf(ride.id);
    expect(rows.map((row) => [row.userId, row.status])).toEqual([[rider.user.id, "declined"]]);
  });

  it("a suspension still clears her pending requests", async () => {
    const { ride } = await approvalRide();
    const rider = await signedIn();
    await requestPlace(rider, ride.id);
    const mod = await moderator();
    const res = await mod.browser.post(`/api/moderation/users/${rider.user.id}/suspend`, {
      reason: "prueba",
    });
    expect(res.status).toBe(200);
    expect(await requestsOf(ride.id)).toEqual([]);
  });
});

describe("the organizer's counts and a blocked requester", () => {
  it("a block, either way, takes her request out of the badge, My Rides, the detail and the free-place push", async () => {
    for (const blockedBy of ["organizer", "rider"] as const) {
      const { organizer, ride } = await approvalRide();
      const rider = await signedIn();
      const other = await signedIn();
      await requestPlace(rider, ride.id);
      await requestPlace(other, ride.id);
      expect((await detail(organizer, ride.id)).pendingRequests).toBe(2);
      expect(await pendingRequestCount(db(), ride.id)).toBe(2);
      // The other rider withdraws: only the one to be blocked is left waiting.
      expect((await other.browser.delete(`/api/rides/${ride.id}/requests`)).status).toBe(200);

      if (blockedBy === "organizer") await block(organizer.browser, rider.user.id);
      else await block(rider.browser, organizer.user.id);

      const seen = await detail(organizer, ride.id);
      expect(seen.requests, blockedBy).toEqual([]);
      expect(seen.pendingRequests, blockedBy).toBe(0);

      const mine = await json<MyRidesResponse>(await organizer.browser.get("/api/my-rides"));
      const card = mine.rides.find((r: RideSummary) => r.id === ride.id);
      expect(card, blockedBy).toBeDefined();
      expect(card!.pendingRequests, blockedBy).toBe(0);

      const listing = await json<RideListResponse>(
        await organizer.browser.get(`/api/rides?q=${encodeURIComponent(ride.title)}`),
      );
      const listed = listing.rides.find((r) => r.id === ride.id);
      expect(listed, blockedBy).toBeDefined();
      expect(listed!.pendingRequests, blockedBy).toBe(0);

      // What decides the 'Se ha liberado una plaza' push.
      expect(await pendingRequestCount(db(), ride.id), blockedBy).toBe(0);
      // Her request itself stays (the block may be lifted).
      const kept = await db()
        .select({ status: rideRequests.status })
        .from(rideRequests)
        .where(and(eq(rideRequests.rideId, ride.id), eq(rideRequests.userId, rider.user.id)))
        .all();
      expect(kept, blockedBy).toEqual([{ status: "pending" }]);
    }
  });
});

describe("GET /api/rides/:id/chat of an approval ride", () => {
  it("tells an outsider she cannot join from the chat, but may ask for a place until she has", async () => {
    const { organizer, ride } = await approvalRide();
    const rider = await signedIn();
    expect(await chatInfo(rider, ride.id)).toMatchObject({
      isParticipant: false,
      canJoin: false,
      approval: { canRequest: true, request: null },
    });

    await requestPlace(rider, ride.id);
    expect(await chatInfo(rider, ride.id)).toMatchObject({
      canJoin: false,
      approval: { canRequest: false, request: "pending" },
    });

    // The organizer is in it: nothing to ask for.
    const hers = await chatInfo(organizer, ride.id);
    expect(hers.isParticipant).toBe(true);
    expect(hers.approval).toBeUndefined();
  });

  it("an open ride's chat still offers 'UNIRME' and no request", async () => {
    const organizer = await signedIn();
    const ride = await createRide({ organizerId: organizer.user.id });
    const rider = await signedIn();
    const info = await chatInfo(rider, ride.id);
    expect(info.canJoin).toBe(true);
    expect(info.approval).toBeUndefined();
  });
});
