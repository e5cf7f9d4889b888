// POST /api/rides/:id/level-answers: the post-ride step's two anonymous questions
// (docs/product.md#trust-signals-and-honest-levels), on the terms of 'He rodado con ella': a rider
// who was there, not the organizer, from start + 30 min to start + 48 h; once per ride (the primary
// key is the final word).
import { Hono } from "hono";
import type { LevelAnswersResponse } from "../../domain/api/connections.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { levelAnswersSchema, rideIdParamSchema } from "../../domain/schemas.ts";
import { loadRideConnections } from "../connections/queries.ts";
import { canRecord } from "../connections/routes.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { requireProfile } from "../sessions/session.ts";
import { saveLevelAnswers } from "./queries.ts";

/** /rides/:id/level-answers */
export const levelAnswersRoutes = new Hono<AppEnv>().post(
  "/",
  validate("param", rideIdParamSchema),
  validate("json", levelAnswersSchema),
  async (c) => {
    const user = requireProfile(c);
    const rideId = c.req.valid("param").id;
    const now = Date.now();
    const state = await loadRideConnections(c.var.db, rideId, user.id);
    if (!state) throw new DomainError("not_found", MSG.rideNotFound);
    if (state.ride.organizerId === user.id) {
      throw new DomainError("not_authorized", MSG.levelAnswersOrganizer);
    }
    if (!state.isParticipant) throw new DomainError("not_authorized", MSG.notAuthorized);
    if (state.ride.status === "cancelled") {
      throw new DomainError("ride_cancelled", MSG.rideCancelledJoin);
    }
    if (!canRecord(state, user.id, now)) {
      throw new DomainError("conflict", MSG.connectionsWindowClosed);
    }
    const stored = await saveLevelAnswers(c.var.db, {
      rideId,
      organizerId: state.ride.organizerId,
      userId: user.id,
      now,
      ...c.req.valid("json"),
    });
    if (!stored) throw new DomainError("conflict", MSG.levelAnswersAlready);
    return c.json<LevelAnswersResponse>({ answered: true });
  },
);
