// A full ride's waiting list (docs/product.md#ride-waiting-list): POST to join it, DELETE to leave
// it. Her place and the list itself come with the ride (GET /api/rides/:id: the organizer sees the
// list). Every rule is checked by the statement that writes, like the join's capacity; a ride
// hidden from her by a block answers 404 (loadRide), as for joining it.
import { Hono } from "hono";
import type { JoinWaitingListResponse } from "../../domain/api/rides.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { rideIdParamSchema } from "../../domain/schemas.ts";
import { hasStarted } from "../../domain/time.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { loadRide } from "../ride-core/load-ride.ts";
import { isParticipant, rideDetail } from "../ride-core/read-model.ts";
import { announceRideChanged } from "../ride-core/ride-watchers.ts";
import { requireProfile } from "../sessions/session.ts";
import { refuseUnverified } from "../verification/gate.ts";
import { announcePromotion } from "./notify.ts";
import { isOnWaitingList, joinWaitingList, leaveWaitingList } from "./queries.ts";

/** /rides/:id/waiting-list */
export const waitingListRoutes = new Hono<AppEnv>()
  .post("/", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c, MSG.joinUnauthenticated);
    const now = Date.now();
    const row = await loadRide(c, c.req.valid("param").id);
    await refuseUnverified(c.env, c.var.db, row, user);
    const { added, promotion } = await joinWaitingList(c.var.db, row.id, user.id, now);
    // The list grew: whoever sees the ride's riders sees its count change.
    announcePromotion(c, promotion, { changed: added ? [row.id] : [] });
    // Already on it (a second tap): her place, as if she had just joined.
    if (!added && !(await isOnWaitingList(c.var.db, row.id, user.id))) {
      // Nothing inserted: say why, in the order she would care about.
      if (await isParticipant(c.var.db, row.id, user.id)) {
        throw new DomainError("already_joined", MSG.alreadyJoined);
      }
      const fresh = await loadRide(c, row.id);
      if (fresh.status === "cancelled") {
        throw new DomainError("ride_cancelled", MSG.rideCancelledJoin);
      }
      if (hasStarted(fresh.startTime, now)) throw new DomainError("ride_started", MSG.rideStarted);
      // 'Con aprobación': no separate list, she asks for a place (docs/product.md#join-by-approval).
      if (fresh.joinMode === "approval") {
        throw new DomainError("conflict", MSG.requestNoWaitingList);
      }
      if (fresh.status !== "published") throw new DomainError("ride_full", MSG.rideFull);
      const ride = await rideDetail(c.var.db, fresh, user.id);
      if (ride.participantCount < ride.capacity && ride.waitingCount === 0) {
        throw new DomainError("ride_not_full", MSG.waitingListNotFull);
      }
      // Full, yet refused: someone waiting for it and she blocked each other. Answered like a
      // ride that does not exist (docs/product.md#blocking).
      throw new DomainError("not_found", MSG.rideNotFound);
    }
    const fresh = await loadRide(c, row.id);
    return c.json<JoinWaitingListResponse>({
      ride: await rideDetail(c.var.db, fresh, user.id),
    });
  })
  .delete("/", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c, MSG.leaveUnauthenticated);
    const row = await loadRide(c, c.req.valid("param").id);
    if (!(await leaveWaitingList(c.var.db, row.id, user.id))) {
      throw new DomainError("conflict", MSG.waitingListNotOnIt);
    }
    // Those behind her move up: their open screens say their new place, and the count changes.
    announceRideChanged(c, [row.id]);
    return c.json({ ok: true as const });
  });
