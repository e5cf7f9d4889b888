import { Hono } from "hono";
import type {
  PendingConnectionsResponse,
  RideConnectionsResponse,
  SaveConnectionsResponse,
} from "../../domain/api/connections.ts";
import { MIN_PARTICIPANTS } from "../../domain/constants.ts";
import { participantName } from "../../domain/display.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { connectionsSaveSchema, rideIdParamSchema } from "../../domain/schemas.ts";
import { connectionsWindowOpen } from "../../domain/time.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { checkedInWith } from "../ride-day/preselect.ts";
import { requireProfile } from "../sessions/session.ts";
import {
  loadRideConnections,
  pendingConnections,
  type RideConnectionsState,
  saveConnections,
} from "./queries.ts";

/**
 * Every rule of docs/product.md#connections except "no record yet" (she may add companions she
 * forgot). The honest-level questions follow the same rules
 * (docs/product.md#trust-signals-and-honest-levels).
 */
export function canRecord(state: RideConnectionsState, userId: string, now: number): boolean {
  return (
    state.isParticipant &&
    state.ride.organizerId !== userId &&
    state.ride.status === "published" &&
    connectionsWindowOpen(state.ride.startTime, now) &&
    state.participantIds.length >= MIN_PARTICIPANTS
  );
}

/** /connections/pending: feed 'He rodado con ella' and the Inicio badge. */
export const pendingConnectionsRoutes = new Hono<AppEnv>().get("/pending", async (c) => {
  const user = requireProfile(c);
  const pending = await pendingConnections(c.var.db, user.id, Date.now());
  return c.json<PendingConnectionsResponse>({ pending });
});

/** /rides/:id/connections: whom she rode with on that ride. */
export const rideConnectionsRoutes = new Hono<AppEnv>()
  /** The connections card on the ride detail. */
  .get("/", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c);
    const state = await loadRideConnections(c.var.db, c.req.valid("param").id, user.id);
    if (!state) throw new DomainError("not_found", MSG.rideNotFound);
    const open = canRecord(state, user.id, Date.now());
    const companions = state.isParticipant ? state.companions : [];
    return c.json<RideConnectionsResponse>({
      open,
      alreadySaved: state.savedForRide.size > 0,
      companions,
      preselected: open
        ? await checkedInWith(
            c.env,
            state.ride.id,
            user.id,
            companions.map((m) => m.userId),
          ).catch(() => [])
        : [],
      levelQuestions: {
        open: canRecord(state, user.id, Date.now()) && !state.answeredLevels,
        answered: state.answeredLevels,
      },
    });
  })

  /** Records whom she rode with; the API enforces every rule, the card only mirrors them. */
  .post(
    "/",
    validate("param", rideIdParamSchema),
    validate("json", connectionsSaveSchema),
    async (c) => {
      const user = requireProfile(c);
      const rideId = c.req.valid("param").id;
      const { otherUserIds } = c.req.valid("json");
      const now = Date.now();
      const state = await loadRideConnections(c.var.db, rideId, user.id);
      if (!state) throw new DomainError("not_found", MSG.rideNotFound);
      if (!state.isParticipant || state.ride.organizerId === user.id) {
        throw new DomainError("not_authorized", MSG.notAuthorized);
      }
      if (state.ride.status === "cancelled") {
        throw new DomainError("ride_cancelled", MSG.rideCancelledJoin);
      }
      if (!canRecord(state, user.id, now)) {
        throw new DomainError("conflict", MSG.connectionsWindowClosed);
      }
      const companions = new Map(state.companions.map((p) => [p.userId, p]));
      if (!otherUserIds.every((id) => companions.has(id))) {
        throw new DomainError("validation_error", MSG.connectionsNotCompanions);
      }
      const fresh = otherUserIds.filter((id) => !state.savedForRide.has(id));
      const inserted =
        fresh.length > 0
          ? await saveConnections(c.var.db, { rideId, userId: user.id, otherUserIds: fresh, now })
          : [];
      const named = inserted.map((row) => ({
        username: participantName(companions.get(row.otherUserId)?.username),
        times: row.times,
      }));
      return c.json<SaveConnectionsResponse>({
        newRiders: named.filter((r) => r.times === 1).map((r) => r.username),
        repeatRiders: named.filter((r) => r.times > 1),
      });
    },
  );
