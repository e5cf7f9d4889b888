// Who vouched for whom is shown to no rider (docs/product.md#verificada): every GET route of the
// API, called by the verified rider herself and by another rider, with its parameters filled in
// (her ride, her name, her id), answers nothing that names or identifies a rider who vouched for
// her. The moderator's view of her vouches does, which shows the search can find them.
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app.ts";
import { recomputeVerification } from "../../worker/verification/recompute.ts";
import { createRide, db, signedInMany } from "./helpers/factories.ts";
import { moderator } from "./helpers/safety.ts";
import { badgeOf, insertVouches, verifiedRidersMany } from "./helpers/verification.ts";

describe("who vouched for her", () => {
  it("is in no answer a rider can get", async () => {
    const vouchers = await verifiedRidersMany(3);
    const [her, other] = await signedInMany([{}, {}]);
    await insertVouches(
      vouchers.map((v, i) => ({
        voucherId: v.user.id,
        voucheeId: her.user.id,
        rideId: `past-ride-${i % 2}`,
      })),
    );
    await recomputeVerification(db(), [her.user.id], Date.now());
    expect(await badgeOf(her.user.id)).toBe("community");
    const ride = await createRide({ organizerId: her.user.id, participants: [other.user.id] });
    const secrets = vouchers.flatMap((v) => [v.user.id, v.user.username!]);

    const fill = (route: string) =>
      route
        .replace(":id", ride.id)
        .replace(":username", encodeURIComponent(her.user.username!))
        .replace(":userId", her.user.id)
        .replace(/:[a-zA-Z]+/g, "x");
    const routes = [
      ...new Set(
        app.routes
          .filter((r) => r.method === "GET" && r.path.startsWith("/api/"))
          .map((r) => r.path),
      ),
    ];
    expect(routes).toEqual(expect.arrayContaining(["/api/verification", "/api/rides/:id/vouches"]));
    for (const rider of [her, other]) {
      for (const route of routes) {
        const text = await (await rider.browser.get(fill(route))).text();
        for (const secret of secrets) expect(text, `${route}: ${secret}`).not.toContain(secret);
      }
    }

    const mod = await moderator();
    const graph = await (
      await mod.browser.get(`/api/moderation/users/${her.user.id}/vouches`)
    ).text();
    for (const secret of secrets) expect(graph).toContain(secret);
  });
});
