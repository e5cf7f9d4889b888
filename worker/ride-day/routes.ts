// Ride day, the group looks after each other (docs/product.md#check-in-and-arrivals): check-in at the meeting
// point, 'He llegado a casa' (and its 'Deshacer'), her safety-timer switch and the organizer
// calling the missing. This
// file checks who she is (a participant of a ride she may see; a block answers 404 as for a
// missing ride) and the time windows; the ride's room keeps the state (worker/ride-day/room/ride-day.ts)
// and decides whose open sockets hear of it. Nothing of it is written to D1.
import type { Context } from "hono";
import { Hono } from "hono";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import {
  arrivalOpen,
  type CallMissingResponse,
  checkInOpen,
  RIDE_DAY_MSG,
  type RideDayPerson,
  type RideDayState,
  rideEstimatedMinutes,
} from "../../domain/ride-day.ts";
import { rideDayTimerSchema, rideIdParamSchema } from "../../domain/schemas.ts";
import { hasStarted, rideDayErasedAt, rideDayWindow } from "../../domain/time.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { loadRide } from "../ride-core/load-ride.ts";
import { isParticipant, type RideRow } from "../ride-core/read-model.ts";
import { rideRoomStub } from "../rooms/location-hint.ts";
import { requireProfile } from "../sessions/session.ts";
import { rideDayParticipants, sweeperOf } from "./queries.ts";
import type { RideDayAnswer, RideDayCommand, RiderDay } from "./room/ride-day.ts";

type Ctx = Context<AppEnv>;

/** The ride she may see and participates in, not cancelled. */
async function participantRide(c: Ctx, rideId: string) {
  const user = requireProfile(c);
  const row = await loadRide(c, rideId);
  if (!(await isParticipant(c.var.db, row.id, user.id))) {
    throw new DomainError("not_participant", MSG.notParticipantLeave);
  }
  if (row.status === "cancelled") throw new DomainError("ride_cancelled", MSG.rideCancelledJoin);
  return { user, row };
}

function roomRide(row: RideRow) {
  return {
    id: row.id,
    startTime: row.startTime,
    organizerId: row.organizerId,
    estimatedMinutes: rideEstimatedMinutes(row),
  };
}

async function command(c: Ctx, rideId: string, cmd: RideDayCommand): Promise<RiderDay[]> {
  const room = rideRoomStub(c.env.RIDE_ROOM, rideId);
  const answer: RideDayAnswer = await room.rideDayCommand(cmd);
  if (answer.ok) return answer.riders;
  if (answer.code === "too_soon") {
    throw new DomainError("rate_limited", RIDE_DAY_MSG.callMissingTooSoon);
  }
  if (answer.code === "undo_closed") {
    throw new DomainError("ride_day_closed", RIDE_DAY_MSG.arrivalUndoClosed);
  }
  throw new DomainError("rate_limited", MSG.chatTooFast);
}

/**
 * What she may see: her own state, the group's arrivals, and the check-ins if she organizes and
 * check-in is open.
 */
async function stateFor(c: Ctx, row: RideRow, userId: string, riders: RiderDay[]) {
  const now = Date.now();
  const people = await rideDayParticipants(c.var.db, row.id, userId);
  const seen = people.filter((p) => !p.blocked || p.userId === userId);
  const byId = new Map(riders.map((r) => [r.userId, r]));
  const person = (p: { userId: string; username: string }): RideDayPerson => ({
    userId: p.userId,
    username: p.username,
  });
  const mine = byId.get(userId);
  const isOrganizer = row.organizerId === userId;
  const carer = isOrganizer || (await sweeperOf(c.var.db, row.id)) === userId;
  const others = seen.filter((p) => p.userId !== userId);
  const checkInIsOpen = checkInOpen(row.startTime, now);
  const state: RideDayState = {
    checkInOpen: checkInIsOpen,
    arrivalOpen: arrivalOpen(row.startTime, now),
    opensAt: rideDayWindow(row.startTime).opensAt,
    me: {
      checkedIn: Boolean(mine?.checkedInAt),
      arrived: Boolean(mine?.arrivedAt),
      timerOff: mine?.timerOff ?? false,
      asked: Boolean(mine?.askedAt && !mine.arrivedAt),
    },
    arrivals: seen.filter((p) => byId.get(p.userId)?.arrivedAt).map(person),
    // Her check-in view exists only while check-in is open (ADR 0040), whatever the answer.
    checkIns:
      isOrganizer && checkInIsOpen
        ? {
            present: others.filter((p) => byId.get(p.userId)?.checkedInAt).map(person),
            missing: others.filter((p) => !byId.get(p.userId)?.checkedInAt).map(person),
          }
        : null,
    overdue: carer
      ? others
          .filter((p) => {
            const r = byId.get(p.userId);
            return Boolean(r?.toldAt && !r.arrivedAt && !r.timerOff);
          })
          .map(person)
      : null,
  };
  return state;
}

/** /rides/:id/ride-day */
export const rideDayRoutes = new Hono<AppEnv>()
  .get("/", validate("param", rideIdParamSchema), async (c) => {
    const { user, row } = await participantRide(c, c.req.valid("param").id);
    const riders = await command(c, row.id, { kind: "read" });
    return c.json<RideDayState>(await stateFor(c, row, user.id, riders));
  })
  .post("/check-in", validate("param", rideIdParamSchema), async (c) => {
    const { user, row } = await participantRide(c, c.req.valid("param").id);
    if (!checkInOpen(row.startTime, Date.now())) {
      throw new DomainError("ride_day_closed", RIDE_DAY_MSG.checkInClosed);
    }
    const riders = await command(c, row.id, {
      kind: "check-in",
      ride: roomRide(row),
      userId: user.id,
    });
    return c.json<RideDayState>(await stateFor(c, row, user.id, riders));
  })
  .post("/arrived", validate("param", rideIdParamSchema), async (c) => {
    const { user, row } = await participantRide(c, c.req.valid("param").id);
    const now = Date.now();
    if (!arrivalOpen(row.startTime, now)) {
      // Nobody is home from a ride that has not begun: nothing is stored.
      const why = hasStarted(row.startTime, now) ? "arrivalClosed" : "arrivalNotYet";
      throw new DomainError("ride_day_closed", RIDE_DAY_MSG[why]);
    }
    const riders = await command(c, row.id, {
      kind: "arrived",
      ride: roomRide(row),
      userId: user.id,
    });
    return c.json<RideDayState>(await stateFor(c, row, user.id, riders));
  })
  // 'Deshacer': her arrival is taken back while ARRIVAL_UNDO_MS allows (the room decides).
  .delete("/arrived", validate("param", rideIdParamSchema), async (c) => {
    const { user, row } = await participantRide(c, c.req.valid("param").id);
    const riders = await command(c, row.id, {
      kind: "arrival-undo",
      ride: roomRide(row),
      userId: user.id,
    });
    return c.json<RideDayState>(await stateFor(c, row, user.id, riders));
  })
  .put(
    "/timer",
    validate("param", rideIdParamSchema),
    validate("json", rideDayTimerSchema),
    async (c) => {
      const { user, row } = await participantRide(c, c.req.valid("param").id);
      // Before the ride day too: she may turn it off when she joins.
      if (Date.now() >= rideDayErasedAt(row.startTime)) {
        throw new DomainError("ride_day_closed", RIDE_DAY_MSG.arrivalClosed);
      }
      const riders = await command(c, row.id, {
        kind: "timer",
        ride: roomRide(row),
        userId: user.id,
        on: c.req.valid("json").on,
      });
      return c.json<RideDayState>(await stateFor(c, row, user.id, riders));
    },
  )
  .post("/call-missing", validate("param", rideIdParamSchema), async (c) => {
    const { user, row } = await participantRide(c, c.req.valid("param").id);
    if (row.organizerId !== user.id) throw new DomainError("not_authorized", MSG.notAuthorized);
    if (!checkInOpen(row.startTime, Date.now())) {
      throw new DomainError("ride_day_closed", RIDE_DAY_MSG.checkInClosed);
    }
    const riders = await command(c, row.id, { kind: "read" });
    const state = await stateFor(c, row, user.id, riders);
    const missing = state.checkIns?.missing.map((p) => p.userId) ?? [];
    if (missing.length === 0) return c.json<CallMissingResponse>({ called: 0 });
    await command(c, row.id, {
      kind: "call-missing",
      ride: { ...roomRide(row), title: row.title },
      missing,
    });
    return c.json<CallMissingResponse>({ called: missing.length });
  });
