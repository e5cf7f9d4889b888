// Open screens of a 'Con aprobación' ride follow its requests (docs/product.md#join-by-approval):
// the organizer's requests card hears of each request that comes or goes and of a place that
// frees; a requester's page hears of her answer and of the ride's places; and no requester ever
// hears of another's request. Each through a 'ride-changed' frame with the ride's id only.
import { describe, expect, it } from "vitest";
import type { RideDetail } from "../../domain/api/rides.ts";
import { MSG } from "../../domain/messages.ts";
import { createRide, type signedIn } from "./helpers/factories.ts";
import { json } from "./helpers/http.ts";
import {
  drained,
  framesSoFar,
  hubsClosedAfterEach,
  rideChangesSoFar,
  rider,
} from "./helpers/hubs.ts";
import { moderator } from "./helpers/safety.ts";
import { createSeries, datesOf } from "./helpers/series.ts";
import type { TestSocket } from "./helpers/sockets.ts";

const hubOf = hubsClosedAfterEach();

type Rider = Awaited<ReturnType<typeof signedIn>>;

/** Ana organizes a 'Con aprobación' ride of `cap` places with Bea in it; Carla and Dora asked. */
async function approvalRide(cap = 3) {
  const [ana, bea, carla, dora, eva] = await Promise.all([
    rider(),
    rider(),
    rider(),
    rider(),
    rider(),
  ]);
  const ride = await createRide({
    organizerId: ana.user.id,
    participants: [bea.user.id],
    joinMode: "approval",
    maxParticipants: cap,
  });
  for (const who of [carla, dora]) {
    expect((await who.browser.post(`/api/rides/${ride.id}/requests`, {})).status).toBe(201);
  }
  const detail = async (who: Rider) =>
    (await json<{ ride: RideDetail }>(await who.browser.get(`/api/rides/${ride.id}`))).ride;
  const requestOf = async (who: Rider) =>
    (await detail(ana)).requests!.find((r) => r.rider.id === who.user.id)!.id;
  return { ana, bea, carla, dora, eva, ride, detail, requestOf };
}

async function toldOnce(rideId: string, ...told: [Rider, TestSocket][]) {
  for (const [who, hub] of told) {
    expect(await rideChangesSoFar(who, hub)).toEqual([{ type: "ride-changed", rideId }]);
  }
}

async function toldNothing(...others: [Rider, TestSocket][]) {
  for (const [who, hub] of others) expect(await framesSoFar(who, hub)).toEqual([]);
}

describe("requests reach the organizer's open card, and no other requester", () => {
  it("a new request: the organizer is told; the other requester and the riders are not", async () => {
    const { ana, bea, carla, eva, ride } = await approvalRide();
    const [anaHub, beaHub, carlaHub] = await Promise.all([hubOf(ana), hubOf(bea), hubOf(carla)]);

    expect((await eva.browser.post(`/api/rides/${ride.id}/requests`, {})).status).toBe(201);

    await toldOnce(ride.id, [ana, anaHub]);
    await toldNothing([carla, carlaHub], [bea, beaHub]);
  });

  it("a request withdrawn: the organizer is told, the other requester is not", async () => {
    const { ana, carla, dora, ride } = await approvalRide();
    const [anaHub, doraHub] = await Promise.all([hubOf(ana), hubOf(dora)]);

    expect((await carla.browser.delete(`/api/rides/${ride.id}/requests`)).status).toBe(200);

    await toldOnce(ride.id, [ana, anaHub]);
    await toldNothing([dora, doraHub]);
  });

  it("'Apuntarme a las próximas' on a grupeta 'Con aprobación': the organizer is told once, the other requester not", async () => {
    const [ana, bea, carla] = await Promise.all([rider(), rider(), rider()]);
    const { firstId, seriesId } = await createSeries(ana.browser, { joinMode: "approval" });
    const [, second] = await datesOf(seriesId);
    expect((await carla.browser.post(`/api/rides/${second!.id}/requests`, {})).status).toBe(201);
    const [anaHub, carlaHub] = await Promise.all([hubOf(ana), hubOf(carla)]);

    const res = await bea.browser.post(`/api/rides/${firstId}/series/join`);
    expect(await json(res)).toMatchObject({ requested: 4 });

    await toldOnce(firstId, [ana, anaHub]);
    await toldNothing([carla, carlaHub]);
  });

  it("a place frees: the organizer and those who asked are told, and 'Aceptar' can take it", async () => {
    const { ana, bea, carla, dora, ride, detail } = await approvalRide(2);
    expect((await detail(ana)).participantCount).toBe(2);
    const [anaHub, carlaHub, doraHub] = await Promise.all([hubOf(ana), hubOf(carla), hubOf(dora)]);

    expect((await bea.browser.post(`/api/rides/${ride.id}/leave`)).status).toBe(200);

    await toldOnce(ride.id, [ana, anaHub], [carla, carlaHub], [dora, doraHub]);
    const card = await detail(ana);
    expect(card.participantCount).toBeLessThan(card.capacity);
  });
});

describe("the organizer's answer reaches the requester's open page", () => {
  it("accepted: she is told and is in; the riders and the other requester read the places again", async () => {
    const { ana, bea, carla, dora, eva, ride, detail, requestOf } = await approvalRide();
    const [carlaHub, beaHub, doraHub, evaHub] = await Promise.all([
      hubOf(carla),
      hubOf(bea),
      hubOf(dora),
      hubOf(eva),
    ]);

    const res = await ana.browser.post(
      `/api/rides/${ride.id}/requests/${await requestOf(carla)}/accept`,
    );
    expect(res.status).toBe(200);

    await toldOnce(ride.id, [carla, carlaHub], [bea, beaHub], [dora, doraHub]);
    expect((await detail(carla)).viewer).toMatchObject({ joined: true, request: null });
    await toldNothing([eva, evaHub]);
  });

  it("declined: only she is told", async () => {
    const { ana, bea, carla, dora, ride, detail, requestOf } = await approvalRide();
    const [carlaHub, beaHub, doraHub] = await Promise.all([hubOf(carla), hubOf(bea), hubOf(dora)]);

    const res = await ana.browser.post(
      `/api/rides/${ride.id}/requests/${await requestOf(carla)}/decline`,
    );
    expect(res.status).toBe(200);

    await toldOnce(ride.id, [carla, carlaHub]);
    expect((await detail(carla)).viewer.request).toBe("declined");
    await toldNothing([bea, beaHub], [dora, doraHub]);
  });

  it("a withdrawal after the answer says so in her words, not the organizer's", async () => {
    const { ana, carla, dora, eva, ride, requestOf } = await approvalRide();
    await ana.browser.post(`/api/rides/${ride.id}/requests/${await requestOf(carla)}/accept`);
    await ana.browser.post(`/api/rides/${ride.id}/requests/${await requestOf(dora)}/decline`);

    for (const who of [carla, dora]) {
      const res = await who.browser.delete(`/api/rides/${ride.id}/requests`);
      expect(res.status).toBe(409);
      expect((await json(res)).error.message).toBe(MSG.requestAlreadyAnswered);
    }
    const none = await eva.browser.delete(`/api/rides/${ride.id}/requests`);
    expect(none.status).toBe(409);
    expect((await json(none)).error.message).toBe(MSG.requestWithdrawNone);
    expect(MSG.requestAlreadyAnswered).toBe("La organizadora ya ha respondido a tu solicitud");
  });

  it("the ride cancelled: those who asked are told, though the cancellation clears their requests", async () => {
    const { ana, carla, dora, ride, detail } = await approvalRide();
    const [carlaHub, doraHub] = await Promise.all([hubOf(carla), hubOf(dora)]);

    const res = await ana.browser.post(`/api/rides/${ride.id}/cancel`, {});
    expect(res.status).toBe(200);

    await toldOnce(ride.id, [carla, carlaHub], [dora, doraHub]);
    expect((await detail(carla)).status).toBe("cancelled");
  });

  it("a suspension: the organizer hears her request is gone, those who asked for a place on her ride hear it is off", async () => {
    const { ana, carla, dora, ride } = await approvalRide();
    const hers = await createRide({ organizerId: carla.user.id, joinMode: "approval" });
    expect((await dora.browser.post(`/api/rides/${hers.id}/requests`, {})).status).toBe(201);
    const [anaHub, doraHub] = await Promise.all([hubOf(ana), hubOf(dora)]);

    const mod = drained(await moderator());
    const res = await mod.browser.post(`/api/moderation/users/${carla.user.id}/suspend`, {
      reason: "Incumple las normas",
    });
    expect(res.status).toBe(200);

    await toldOnce(ride.id, [ana, anaHub]);
    await toldOnce(hers.id, [dora, doraHub]);
  });
});
