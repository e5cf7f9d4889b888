// Reports ("Denunciar", docs/product.md#reports-and-moderation): a reason, optional details, a
// snapshot of what was reported; once per rider and thing; rate-limited; the reporter is never
// named to the reported.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ReportResponse } from "../../domain/api/safety.ts";
import { MSG } from "../../domain/messages.ts";
import { REPORT_DETAILS_MAX } from "../../domain/safety.ts";
import { createRide, createUser, rideWithTwo, signedIn } from "./helpers/factories.ts";
import { json, sendUntilLimited } from "./helpers/http.ts";
import { block, insertMessage } from "./helpers/safety.ts";

async function storedReports(targetId: string) {
  const { results } = await env.DB.prepare(
    "SELECT * FROM reports WHERE target_id = ? ORDER BY created_at",
  )
    .bind(targetId)
    .all<Record<string, unknown>>();
  return results.map((r) => ({ ...r, snapshot: JSON.parse(r.snapshot as string) }));
}

describe("POST /api/reports", () => {
  it("reports a rider with a snapshot of her profile and thanks the reporter", async () => {
    const ana = await signedIn();
    const bea = await createUser({ username: "BeaDenunciada", city: "Sevilla" });
    const res = await ana.browser.post("/api/reports", {
      kind: "user",
      targetId: bea.id,
      reason: "fake_profile",
      details: "  Se hace pasar por otra persona  ",
    });
    expect(res.status).toBe(201);
    expect(await json<ReportResponse>(res)).toEqual({
      message: "Gracias. Lo revisaremos lo antes posible.",
      alreadyReported: false,
    });
    const [stored] = await storedReports(bea.id);
    expect(stored).toMatchObject({
      reporter_id: ana.user.id,
      target_kind: "user",
      reported_user_id: bea.id,
      reason: "fake_profile",
      details: "Se hace pasar por otra persona",
      status: "open",
      snapshot: { kind: "user", username: "BeaDenunciada", city: "Sevilla" },
    });
  });

  it("reports a ride (its organizer answers for it) and a message (its author), as they were", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const messageId = await insertMessage(ride.id, ana.user.id, "texto ofensivo");
    expect(
      (await bea.browser.post("/api/reports", { kind: "ride", targetId: ride.id, reason: "spam" }))
        .status,
    ).toBe(201);
    expect(
      (
        await bea.browser.post("/api/reports", {
          kind: "message",
          targetId: messageId,
          reason: "offensive",
        })
      ).status,
    ).toBe(201);
    // The message changes (a moderator hides it, say): the snapshot keeps what she saw.
    await env.DB.prepare("UPDATE ride_messages SET body = 'otro' WHERE id = ?")
      .bind(messageId)
      .run();
    const [rideReport] = await storedReports(ride.id);
    expect(rideReport).toMatchObject({
      reported_user_id: ana.user.id,
      ride_id: ride.id,
      snapshot: { kind: "ride", title: ride.title, organizerUsername: ana.user.username },
    });
    const [messageReport] = await storedReports(messageId);
    expect(messageReport).toMatchObject({
      reported_user_id: ana.user.id,
      ride_id: ride.id,
      snapshot: { kind: "message", text: "texto ofensivo", authorUsername: ana.user.username },
    });
  });

  it("takes each thing once per rider: a repeat is thanked politely and stores nothing", async () => {
    const ana = await signedIn();
    const bea = await createUser();
    const body = { kind: "user", targetId: bea.id, reason: "spam" };
    expect((await ana.browser.post("/api/reports", body)).status).toBe(201);
    const again = await ana.browser.post("/api/reports", { ...body, reason: "other" });
    expect(again.status).toBe(200);
    expect(await json<ReportResponse>(again)).toEqual({
      message: MSG.reportRepeated,
      alreadyReported: true,
    });
    expect(await storedReports(bea.id)).toHaveLength(1);
    // Someone else may report the same rider.
    const cris = await signedIn();
    expect((await cris.browser.post("/api/reports", body)).status).toBe(201);
    expect(await storedReports(bea.id)).toHaveLength(2);
  });

  it("refuses a missing reason, long details, herself and what she cannot see", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    const cris = await signedIn();
    const messageId = await insertMessage(ride.id, ana.user.id, "solo para participantes");
    const noReason = await cris.browser.post("/api/reports", {
      kind: "user",
      targetId: bea.user.id,
    });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).error.message).toBe(MSG.reportReasonRequired);
    const long = await cris.browser.post("/api/reports", {
      kind: "user",
      targetId: bea.user.id,
      reason: "other",
      details: "x".repeat(REPORT_DETAILS_MAX + 1),
    });
    expect(long.status).toBe(400);
    expect((await json(long)).error.message).toBe(MSG.reportDetailsTooLong);
    const fits = await cris.browser.post("/api/reports", {
      kind: "user",
      targetId: bea.user.id,
      reason: "other",
      details: "x".repeat(REPORT_DETAILS_MAX),
    });
    expect(fits.status).toBe(201);
    for (const [kind, targetId] of [
      ["user", ana.user.id],
      ["ride", ride.id],
      ["message", messageId],
    ] as const) {
      const self = await ana.browser.post("/api/reports", { kind, targetId, reason: "spam" });
      expect(self.status, kind).toBe(400);
      expect((await json(self)).error.message).toBe(MSG.reportSelf);
    }
    // Only participants read a chat, so only they can report its messages.
    const outsider = await cris.browser.post("/api/reports", {
      kind: "message",
      targetId: messageId,
      reason: "spam",
    });
    expect(outsider.status).toBe(404);
    const unknown = await cris.browser.post("/api/reports", {
      kind: "ride",
      targetId: "no-existe",
      reason: "spam",
    });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error.message).toBe(MSG.rideNotFound);
  });

  it("lets her report a rider she blocked (she often does both)", async () => {
    const ana = await signedIn();
    const bea = await createUser();
    await block(ana.browser, bea.id);
    const res = await ana.browser.post("/api/reports", {
      kind: "user",
      targetId: bea.id,
      reason: "harassment",
    });
    expect(res.status).toBe(201);
  });

  it("is rate-limited per account", async () => {
    const ana = await signedIn();
    const targets = await Promise.all(Array.from({ length: 21 }, () => createUser()));
    const refused = await sendUntilLimited(10, (i) =>
      ana.browser.post("/api/reports", { kind: "user", targetId: targets[i]!.id, reason: "spam" }),
    );
    expect((await json(refused)).error).toEqual({ code: "rate_limited", message: MSG.rateLimited });
  });

  it("never names the reporter to the reported: nothing she can read mentions it", async () => {
    const { ana, bea, ride } = await rideWithTwo();
    await bea.browser.post("/api/reports", { kind: "ride", targetId: ride.id, reason: "spam" });
    await bea.browser.post("/api/reports", { kind: "user", targetId: ana.user.id, reason: "spam" });
    const seen = await Promise.all(
      [
        "/api/me",
        `/api/rides/${ride.id}`,
        `/api/users/${ana.user.username}`,
        "/api/my-rides",
        "/api/chats",
        "/api/moderation/reports",
      ].map(async (path) => ({ path, res: await ana.browser.get(path) })),
    );
    for (const { path, res } of seen) {
      const text = await res.text();
      if (path === "/api/moderation/reports") expect(res.status).toBe(404);
      expect(text, path).not.toMatch(/report|denuncia/i);
    }
  });
});

describe("reports and rides", () => {
  it("a ride whose organizer deleted her account can still be reported", async () => {
    const ana = await signedIn();
    const bea = await signedIn();
    const ride = await createRide({ organizerId: ana.user.id, participants: [bea.user.id] });
    await env.DB.prepare("UPDATE rides SET organizer_id = NULL WHERE id = ?").bind(ride.id).run();
    const res = await bea.browser.post("/api/reports", {
      kind: "ride",
      targetId: ride.id,
      reason: "other",
    });
    expect(res.status).toBe(201);
    expect((await storedReports(ride.id))[0]).toMatchObject({ reported_user_id: null });
  });
});
