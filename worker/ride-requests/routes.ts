// Join by approval (docs/product.md#join-by-approval), under /rides/:id/requests: she asks for a
// place ('Solicitar plaza') or withdraws her request; the organizer accepts or declines one. The
// requests themselves come with the ride (GET /api/rides/:id: the organizer sees them, each rider
// her own status). A ride hidden from her by a block answers 404 (loadRide), as for joining it.
import { type Context, Hono } from "hono";
import { RIDE_ID_PATTERN } from "../../domain/api/chat.ts";
import type { RideRequestResponse } from "../../domain/api/rides.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { requestPlaceSchema, rideIdParamSchema } from "../../domain/schemas.ts";
import { hasStarted } from "../../domain/time.ts";
import { VERIFICATION_MSG } from "../../domain/verification.ts";
import { z } from "../../domain/zod.ts";
import type { AppEnv } from "../env.ts";
import { inBackground } from "../http/background.ts";
import { validate } from "../http/validate.ts";
import { placeRequested, requestAnswered } from "../push/events.ts";
import { loadRide } from "../ride-core/load-ride.ts";
import { isParticipant, participantCount, rideDetail } from "../ride-core/read-model.ts";
import { myRequestQuery } from "../ride-core/request-reads.ts";
import { announceRideChanged } from "../ride-core/ride-watchers.ts";
import { tellRideChanged } from "../rooms/ride-changed.ts";
import { notifyParticipantJoined } from "../rooms/system-messages.ts";
import { requireProfile } from "../sessions/session.ts";
import { generateId } from "../sessions/tokens.ts";
import { refuseUnverified } from "../verification/gate.ts";
import { hasBadge } from "../verification/recompute.ts";
import {
  acceptRequest,
  declineRequest,
  findRequest,
  requestPlace,
  withdrawRequest,
} from "./queries.ts";

const requestParamSchema = rideIdParamSchema.extend({
  requestId: z
    .string({ error: MSG.invalidInput })
    .regex(RIDE_ID_PATTERN, { error: MSG.requestNotFound }),
});

/** /rides/:id/requests */
/** The organizer answering a request: her ride (only hers may), the request's id and the time. */
async function organizerAnswering(c: Context<AppEnv>, param: { id: string; requestId: string }) {
  const now = Date.now();
  const user = requireProfile(c);
  const row = await loadRide(c, param.id);
  if (row.organizerId !== user.id) {
    throw new DomainError("not_authorized", MSG.requestOrganizerOnly);
  }
  return { user, row, requestId: param.requestId, now };
}

/**
 * Why an answer found no pending request: one already answered, or one that ended — she became a
 * participant (a request ends then, whatever made her one) or withdrew it. Nothing was changed.
 */
function requestNotPending(request: { status: string } | null) {
  return new DomainError("not_found", request ? MSG.requestNotFound : MSG.requestGone, 404);
}

export const rideRequestRoutes = new Hono<AppEnv>()
  .post(
    "/",
    validate("param", rideIdParamSchema),
    validate("json", requestPlaceSchema),
    async (c) => {
      const user = requireProfile(c, MSG.joinUnauthenticated);
      const now = Date.now();
      const row = await loadRide(c, c.req.valid("param").id);
      await refuseUnverified(c.env, c.var.db, row, user);
      // Per account, before any write (docs/decisions/0008-rate-limits.md).
      const limit = await c.env.REQUEST_LIMITER.limit({ key: `user:${user.id}` });
      if (!limit.success) throw new DomainError("rate_limited", MSG.rateLimited);
      const { note } = c.req.valid("json");
      const stored = await requestPlace(c.var.db, {
        id: generateId(),
        rideId: row.id,
        userId: user.id,
        note,
        now,
      });
      if (!stored) {
        // Nothing stored: say why, in the order she would care about.
        if (await isParticipant(c.var.db, row.id, user.id)) {
          throw new DomainError("already_joined", MSG.alreadyJoined);
        }
        const mine = (await myRequestQuery(c.var.db, row.id, user.id).get())?.status;
        if (mine === "pending") throw new DomainError("conflict", MSG.requestAlready);
        if (mine === "declined") throw new DomainError("conflict", MSG.requestAlreadyAnswered);
        const fresh = await loadRide(c, row.id);
        if (fresh.status === "cancelled") {
          throw new DomainError("ride_cancelled", MSG.rideCancelledJoin);
        }
        if (hasStarted(fresh.startTime, now)) {
          throw new DomainError("ride_started", MSG.rideStarted);
        }
        if (fresh.joinMode === "open") throw new DomainError("conflict", MSG.requestOpenRide);
        if (fresh.status !== "published") throw new DomainError("ride_full", MSG.rideFull);
        // Refused by a block that came between the two reads: as a missing ride.
        throw new DomainError("not_found", MSG.rideNotFound);
      }
      inBackground(c, placeRequested(c.env, row.id, user.id));
      // The organizer's requests card (and her own other tabs); nobody else hears of a request.
      inBackground(c, tellRideChanged(c.env, row.id, [row.organizerId, user.id]));
      return c.json<RideRequestResponse>({ ride: await rideDetail(c.var.db, row, user.id) }, 201);
    },
  )
  .delete("/", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c, MSG.leaveUnauthenticated);
    const row = await loadRide(c, c.req.valid("param").id);
    if (!(await withdrawRequest(c.var.db, row.id, user.id))) {
      // Said to her, not in the organizer's words: answered meanwhile, or none to withdraw.
      const answered =
        (await isParticipant(c.var.db, row.id, user.id)) ||
        (await myRequestQuery(c.var.db, row.id, user.id).get())?.status === "declined";
      throw new DomainError(
        "conflict",
        answered ? MSG.requestAlreadyAnswered : MSG.requestWithdrawNone,
      );
    }
    inBackground(c, tellRideChanged(c.env, row.id, [row.organizerId, user.id]));
    return c.json<RideRequestResponse>({ ride: await rideDetail(c.var.db, row, user.id) });
  })
  .post("/:requestId/accept", validate("param", requestParamSchema), async (c) => {
    const { user, row, requestId, now } = await organizerAnswering(c, c.req.valid("param"));
    const riderId = await acceptRequest(c.var.db, {
      rideId: row.id,
      requestId,
      organizerId: user.id,
      now,
    });
    if (!riderId) {
      const fresh = await loadRide(c, row.id);
      if (fresh.status === "cancelled") {
        throw new DomainError("ride_cancelled", MSG.rideCancelledJoin);
      }
      if (hasStarted(fresh.startTime, now)) throw new DomainError("ride_started", MSG.rideStarted);
      const request = await findRequest(c.var.db, row.id, requestId);
      if (request?.status !== "pending") throw requestNotPending(request);
      // Asked before the ride became 'Solo verificadas': she needs the badge by now.
      if (fresh.verifiedOnly && !(await hasBadge(c.var.db, request.userId))) {
        throw new DomainError("conflict", VERIFICATION_MSG.requestNotVerified);
      }
      const ride = await rideDetail(c.var.db, fresh, user.id);
      if ((await participantCount(c.var.db, row.id)) >= ride.capacity) {
        throw new DomainError("ride_full", MSG.rideFull);
      }
      // A block or a suspension keeps her out: to the organizer, as a request that is gone.
      throw new DomainError("not_found", MSG.requestNotFound, 404);
    }
    inBackground(c, notifyParticipantJoined(c.env, row.id, riderId, row.startTime));
    inBackground(c, requestAnswered(c.env, row.id, riderId, true));
    // She is in: her open screens, and everyone who sees the ride's riders.
    announceRideChanged(c, [row.id]);
    return c.json<RideRequestResponse>({ ride: await rideDetail(c.var.db, row, user.id) });
  })
  .post("/:requestId/decline", validate("param", requestParamSchema), async (c) => {
    const { user, row, requestId, now } = await organizerAnswering(c, c.req.valid("param"));
    const riderId = await declineRequest(c.var.db, {
      rideId: row.id,
      requestId,
      organizerId: user.id,
      now,
    });
    if (!riderId) {
      if (hasStarted(row.startTime, now)) throw new DomainError("ride_started", MSG.rideStarted);
      throw requestNotPending(await findRequest(c.var.db, row.id, requestId));
    }
    inBackground(c, requestAnswered(c.env, row.id, riderId, false));
    // Only she is told: no other rider sees a declined request.
    inBackground(c, tellRideChanged(c.env, row.id, [riderId]));
    return c.json<RideRequestResponse>({ ride: await rideDetail(c.var.db, row, user.id) });
  });
