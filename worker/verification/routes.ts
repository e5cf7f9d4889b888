// Vouching (docs/product.md#verificada): in a ride's post-ride step a verified rider who was at
// the meeting point vouches for another who was there too; she may withdraw it; her own profile
// reads her progress. The API enforces every rule; the step only mirrors them. No answer names
// who vouched for anyone but herself.
import { Hono } from "hono";
import type { MyVerificationResponse, VouchStepResponse } from "../../domain/api/verification.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { isModeratorEmail } from "../../domain/safety.ts";
import { userIdParamSchema } from "../../domain/safety-schemas.ts";
import { rideIdParamSchema } from "../../domain/schemas.ts";
import {
  VERIFICATION_MSG,
  VOUCH_AGAIN_AFTER_MS,
  VOUCHES_PER_DAY,
  vouchWindowOpen,
} from "../../domain/verification.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { requireProfile } from "../sessions/session.ts";
import { holdsBadge } from "./gate.ts";
import { presentAt } from "./present.ts";
import {
  giveVouch,
  loadVouchState,
  myVerification,
  type VouchState,
  vouchesGivenToday,
  withdrawVouch,
} from "./queries.ts";
import { recomputeVerification } from "./recompute.ts";

function stepOpen(state: VouchState, now: number) {
  return state.ride.status !== "cancelled" && vouchWindowOpen(state.ride.startTime, now);
}

/** /rides/:id/vouches: the post-ride step's vouches. */
export const rideVouchRoutes = new Hono<AppEnv>()
  .get("/", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c);
    const state = await loadVouchState(c.var.db, c.req.valid("param").id, user.id);
    if (!state) throw new DomainError("not_found", MSG.rideNotFound);
    const closed: VouchStepResponse = { open: false, riders: [] };
    if (!state.isParticipant || !stepOpen(state, Date.now())) return c.json(closed);
    if (!(await holdsBadge(c.env, c.var.db, user))) return c.json(closed);
    // Only one who was there learns who else was: the check-ins stay the organizer's otherwise.
    const present = await presentAt(c.env, state.ride, user.id);
    if (!present) return c.json(closed);
    return c.json<VouchStepResponse>({
      open: true,
      riders: state.others
        .filter((r) => !r.blocked && present.has(r.userId))
        .map((r) => ({
          userId: r.userId,
          username: r.username,
          avatarKey: r.avatarKey,
          verified: r.verified,
          vouched: state.mine.get(r.userId)?.withdrawnAt === null,
        })),
    });
  })

  .post(
    "/",
    validate("param", rideIdParamSchema),
    validate("json", userIdParamSchema),
    async (c) => {
      const user = requireProfile(c);
      const rideId = c.req.valid("param").id;
      const { userId: voucheeId } = c.req.valid("json");
      const now = Date.now();
      const state = await loadVouchState(c.var.db, rideId, user.id);
      if (!state) throw new DomainError("not_found", MSG.rideNotFound);
      if (!state.isParticipant) throw new DomainError("not_participant", MSG.notParticipant);
      if (state.ride.status === "cancelled") {
        throw new DomainError("ride_cancelled", MSG.rideCancelledJoin);
      }
      if (!stepOpen(state, now)) throw new DomainError("conflict", VERIFICATION_MSG.windowClosed);
      const vouchee = state.others.find((r) => r.userId === voucheeId);
      // A rider she and they blocked each other is answered as one who is not in the ride.
      if (!vouchee || vouchee.blocked) {
        throw new DomainError("validation_error", VERIFICATION_MSG.notCompanion);
      }
      if (!(await holdsBadge(c.env, c.var.db, user))) {
        throw new DomainError("not_authorized", VERIFICATION_MSG.voucherNotVerified);
      }
      const present = await presentAt(c.env, state.ride, user.id);
      if (!present?.has(voucheeId)) {
        throw new DomainError("conflict", VERIFICATION_MSG.notPresent);
      }
      const mine = state.mine.get(voucheeId);
      if (mine && mine.withdrawnAt === null) {
        throw new DomainError("conflict", VERIFICATION_MSG.alreadyVouched);
      }
      if (mine?.withdrawnAt && mine.withdrawnAt > now - VOUCH_AGAIN_AFTER_MS) {
        throw new DomainError("conflict", VERIFICATION_MSG.vouchAgainLater);
      }
      if ((await vouchesGivenToday(c.var.db, user.id, now)) >= VOUCHES_PER_DAY) {
        throw new DomainError("rate_limited", VERIFICATION_MSG.tooMany);
      }
      // The statement checks the block, the pair and the day's count again: a race writes nothing.
      if (!(await giveVouch(c.var.db, { voucherId: user.id, voucheeId, rideId, now }))) {
        throw new DomainError("conflict", VERIFICATION_MSG.alreadyVouched);
      }
      await recomputeVerification(c.var.db, [voucheeId], now);
      return c.json({ ok: true as const }, 201);
    },
  );

/** /vouches/:userId: 'Retirar mi respaldo', whenever she likes. */
export const vouchRoutes = new Hono<AppEnv>().delete(
  "/:userId",
  validate("param", userIdParamSchema),
  async (c) => {
    const user = requireProfile(c);
    const voucheeId = c.req.valid("param").userId;
    const now = Date.now();
    if (!(await withdrawVouch(c.var.db, { voucherId: user.id, voucheeId, now }))) {
      throw new DomainError("not_found", VERIFICATION_MSG.noVouch);
    }
    await recomputeVerification(c.var.db, [voucheeId], now);
    return c.json({ ok: true as const });
  },
);

/** /verification: her own badge or what she lacks. */
export const myVerificationRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const user = requireProfile(c);
  if (isModeratorEmail(c.env.MODERATOR_EMAILS, user.email)) {
    return c.json<MyVerificationResponse>({ verified: true, vouchers: 0, rides: 0 });
  }
  return c.json<MyVerificationResponse>(await myVerification(c.var.db, user.id));
});
