// Rides API: listing and search, create/edit (JSON or multipart with a GPX), detail, join,
// leave, cancel, delete, route and GPX download, My Rides. Rules live in domain/, SQL in
// listing.ts, my-rides.ts, ride-core/writes.ts and ride-core/read-model.ts; this file checks who
// may do what and maps outcomes to the spec's messages.
// Over 400 lines and kept whole: the rides API is one typed Hono chain (the RPC client's type).
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import {
  type JoinRideResponse,
  MY_RIDES_TABS,
  type MyRidesResponse,
  type RideCitiesResponse,
  type RideDetailResponse,
  type RideListResponse,
  type RideRouteResponse,
  type RideZoneResponse,
} from "../../domain/api/rides.ts";
import { CITY_MAX } from "../../domain/constants.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import {
  optionalSearchText,
  parseRideInput,
  type RideInput,
  rideIdParamSchema,
  rideListHeadersSchema,
  rideListQuerySchema,
  rideZoneQuerySchema,
} from "../../domain/schemas.ts";
import {
  cancelWithScopeSchema,
  rideCreateWithRepeatSchema,
  rideEditWithScopeSchema,
} from "../../domain/series.ts";
import { capacityOf, hasStarted } from "../../domain/time.ts";
import type { AppEnv } from "../env.ts";
import {
  deleteGpx,
  gpxFileName,
  readGpxUpload,
  readRoute,
  storeGpx,
  type UploadedGpx,
} from "../gpx/storage.ts";
import { groupRideCreated, refuseUnlessPublisher } from "../groups/rides.ts";
import { inBackground } from "../http/background.ts";
import { bodyOf, MULTIPART_TYPE, mediaType, readFormData, validate } from "../http/validate.ts";
import {
  placeFreedForRequests,
  rideCancelled,
  rideCreated,
  rideDeleted,
  rideEdited,
} from "../push/events.ts";
import { loadRide } from "../ride-core/load-ride.ts";
import {
  findRideRow,
  isParticipant,
  participantCount,
  type RideRow,
  rideDetail,
} from "../ride-core/read-model.ts";
import { announceRideChanged } from "../ride-core/ride-watchers.ts";
import {
  cancelRide,
  deleteRideIfAlone,
  findRideByCreateKey,
  insertRide,
  joinRideAtomically,
  leaveRide,
  meetingAreaValues,
  systemNoticeWhenOthers,
  updateRide,
} from "../ride-core/writes.ts";
import { tellRideChanged } from "../rooms/ride-changed.ts";
import {
  announceStoredMessage,
  notifyParticipantJoined,
  notifyParticipantLeft,
} from "../rooms/system-messages.ts";
import {
  cancelFollowingDates,
  createRideSeries,
  deleteGpxUnlessShared,
  editFollowingDates,
  followingEditRefusal,
  validateSeriesRepeat,
} from "../series/following.ts";
import { readerOf, requireProfile } from "../sessions/session.ts";
import { generateId } from "../sessions/tokens.ts";
import { deletePreviewImage } from "../share/stored-image.ts";
import { refuseUnverified } from "../verification/gate.ts";
import { announceListClosed, announcePromotion } from "../waiting-list/notify.ts";
import { citySuggestionsQuery, listRides } from "./listing.ts";
import { myRides } from "./my-rides.ts";
import { onRideClock, rideTimeZone } from "./ride-zone.ts";

type Ctx = Context<AppEnv>;

/**
 * The form as JSON, or as multipart with the same JSON in `data` and the GPX in `gpx`. Any field
 * may be missing: the answer names each refused one, for the form to show in place.
 */
type RideBody<S extends z.ZodType> = {
  json?: Partial<z.input<S>>;
  form?: { data: string; gpx: File };
};

/**
 * The form arrives as JSON, or as multipart with the same JSON in `data` and an optional
 * `gpx` file (<= 5 MB). Validation uses the shared schema, then the future-start rule.
 */
async function readRideRequest<S extends z.ZodType<RideInput>>(c: Ctx, schema: S, now: number) {
  let data: unknown;
  let gpx: UploadedGpx | null = null;
  if (mediaType(c.req.raw) === MULTIPART_TYPE) {
    const form = await readFormData(c);
    const raw = form.get("data");
    try {
      data = typeof raw === "string" ? JSON.parse(raw) : {};
    } catch {
      throw new DomainError("validation_error", MSG.invalidInput);
    }
    const file = form.get("gpx");
    if (file instanceof File && file.size > 0) gpx = await readGpxUpload(file);
  } else {
    data = await c.req.json().catch(() => {
      throw new DomainError("validation_error", MSG.invalidInput);
    });
  }
  const parsed = parseRideInput(schema, data, now);
  if (!parsed.ok) throw parsed.error;
  const input: z.output<S> = parsed.data;
  return { input, gpx };
}

/** A create's answer, the same whether this request stored the ride or an earlier one did. */
async function createdAnswer(c: Ctx, row: RideRow, viewerId: string) {
  return c.json<RideDetailResponse>({ ride: await rideDetail(c.var.db, row, viewerId) }, 201);
}

/**
 * After a failed create, deletes its GPX unless D1 stored the ride before the answer was lost:
 * her retry gets that ride back, which needs its file. When D1 cannot say, the file stays — an
 * orphan costs storage, a missing file breaks a ride.
 */
async function discardGpxUnlessStored(c: Ctx, rideId: string, gpxKey: string | null) {
  if (!gpxKey) return;
  const stored = await findRideRow(c.var.db, rideId).then(Boolean, () => true);
  if (!stored) await deleteGpx(c.env.GPX, gpxKey);
}

function capBelowJoined() {
  return new DomainError("validation_error", MSG.maxParticipantsBelowJoined, undefined, {
    maxParticipants: MSG.maxParticipantsBelowJoined,
  });
}

/** Why updateRide changed nothing: deleted or cancelled meanwhile, else a join took the place. */
async function editRefusal(c: Ctx, rideId: string, maxParticipants: number | null) {
  const row = await loadRide(c, rideId);
  if (row.status === "cancelled") return new DomainError("ride_cancelled", MSG.rideCancelledJoin);
  if (hasStarted(row.startTime, Date.now())) {
    return new DomainError("ride_started", MSG.editStarted);
  }
  return (await participantCount(c.var.db, rideId)) > capacityOf(maxParticipants)
    ? capBelowJoined()
    : new DomainError("not_authorized", MSG.notAuthorized);
}

/**
 * Cancels one ride of hers that has not started and tells its riders as every cancellation does:
 * the chat notice, the push, the waiting list closed (the calendar's SEQUENCE follows updated_at).
 * False when nothing was cancelled (already cancelled, or started).
 */
async function cancelAndTell(
  c: Ctx,
  rideId: string,
  organizerId: string,
  reason: string | null,
  now: number,
): Promise<boolean> {
  const cancel = await cancelRide(c.var.db, { rideId, organizerId, reason, now });
  if (!cancel.cancelled) return false;
  const noticeId = generateId();
  try {
    await c.var.db.run(
      systemNoticeWhenOthers({
        id: noticeId,
        rideId,
        organizerId,
        body: MSG.systemCancelNotice(reason),
        now,
      }),
    );
  } catch (error) {
    // The cancellation stands; only the chat notice is lost
    // (docs/product.md#cancelling-and-deleting).
    console.warn(`[${c.get("requestId")}] cancel notice not posted`, error);
  }
  inBackground(c, announceStoredMessage(c.env, rideId, noticeId));
  inBackground(c, rideCancelled(c.env, rideId));
  announceListClosed(c, cancel.waiting);
  // Its riders' and the series' open screens, and those who had asked for a place on it.
  announceRideChanged(c, [rideId]);
  inBackground(c, tellRideChanged(c.env, rideId, cancel.requesters));
  return true;
}

const myRidesQuery = z.object({
  tab: z.enum(MY_RIDES_TABS, { error: MSG.invalidInput }).default("upcoming"),
  page: z.coerce
    .number({ error: MSG.invalidInput })
    .int({ error: MSG.invalidInput })
    .min(0, { error: MSG.invalidInput })
    .max(10_000, { error: MSG.invalidInput })
    .default(0),
});

const citiesQuery = z.object({ q: optionalSearchText(CITY_MAX) });

export const rideRoutes = new Hono<AppEnv>()
  .get(
    "/",
    validate("query", rideListQuerySchema),
    validate("header", rideListHeadersSchema),
    async (c) => {
      const near = c.req.valid("header");
      const filters = { ...c.req.valid("query"), ...(near ? { near } : {}) };
      const result = await listRides(c.var.db, filters, readerOf(c), Date.now());
      return c.json<RideListResponse>({ ...result, page: filters.page });
    },
  )
  .get("/cities", validate("query", citiesQuery), async (c) => {
    const user = requireProfile(c);
    const { q } = c.req.valid("query");
    const rows = await citySuggestionsQuery(c.var.db, q, user.id, Date.now()).all();
    return c.json<RideCitiesResponse>({ cities: rows.map((r) => r.city) });
  })
  // The form's date and time are read on the ride's clock, which a pin abroad sets: the form asks
  // the server, which alone chooses it (ride-zone.ts), before she sends the ride.
  .post("/zone", validate("json", rideZoneQuerySchema), async (c) => {
    requireProfile(c);
    const { pin, city } = c.req.valid("json");
    return c.json<RideZoneResponse>({ timeZone: rideTimeZone(pin, city) });
  })
  .post("/", bodyOf<RideBody<typeof rideCreateWithRepeatSchema>>(), async (c) => {
    const user = requireProfile(c, MSG.createUnauthenticated);
    const now = Date.now();
    const request = await readRideRequest(c, rideCreateWithRepeatSchema, now);
    const { gpx } = request;
    const { input, timeZone } = onRideClock(request.input, null, now);
    if (input.repeat) validateSeriesRepeat(input, input.repeat, timeZone, now);
    const createKey = input.createKey ?? null;
    if (input.groupId) await refuseUnlessPublisher(c.var.db, input.groupId, user.id);
    // A retry of a create whose answer she never got: she gets that ride, no second one.
    const earlier = createKey ? await findRideByCreateKey(c.var.db, user.id, createKey) : null;
    if (earlier) return createdAnswer(c, earlier, user.id);
    const id = generateId();
    const routeGpxKey = gpx ? await storeGpx(c.env.GPX, id, gpx) : null;
    const routeFileName = gpx?.fileName ?? null;
    let inserted: boolean;
    try {
      if (input.repeat) {
        // A regular grupeta: its first dates, each a ride (docs/product.md#regular-grupetas).
        const created = await createRideSeries(
          c,
          {
            firstId: id,
            organizerId: user.id,
            createKey,
            routeGpxKey,
            routeFileName,
            timeZone,
            now,
          },
          input,
          input.repeat,
        );
        inserted = created.length > 0;
      } else {
        inserted = await insertRide(
          c.var.db,
          { id, organizerId: user.id, createKey, routeGpxKey, routeFileName, timeZone, now },
          input,
        );
      }
    } catch (error) {
      await discardGpxUnlessStored(c, id, routeGpxKey);
      throw error;
    }
    if (!inserted && createKey) {
      // A simultaneous request with the same key got in first: answer with its ride.
      await deleteGpx(c.env.GPX, routeGpxKey);
      const winner = await findRideByCreateKey(c.var.db, user.id, createKey);
      if (!winner) throw new Error("ride create lost to a key no ride holds");
      return createdAnswer(c, winner, user.id);
    }
    if (!input.repeat)
      inBackground(c, rideCreated(c.env, id, Date.parse(input.startTime), timeZone));
    // Its group's members hear of it (the first date of a series stands for the series).
    if (input.groupId) inBackground(c, groupRideCreated(c.env, id));
    return createdAnswer(c, await loadRide(c, id), user.id);
  })
  .get("/:id", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c);
    const row = await loadRide(c, c.req.valid("param").id);
    return c.json<RideDetailResponse>({ ride: await rideDetail(c.var.db, row, user.id) });
  })
  .put(
    "/:id",
    validate("param", rideIdParamSchema),
    bodyOf<RideBody<typeof rideEditWithScopeSchema>>(),
    async (c) => {
      const user = requireProfile(c);
      const now = Date.now();
      const row = await loadRide(c, c.req.valid("param").id);
      if (row.organizerId !== user.id) throw new DomainError("not_authorized", MSG.notAuthorized);
      if (row.status === "cancelled")
        throw new DomainError("ride_cancelled", MSG.rideCancelledJoin);
      // A ride under way or over is what happened: only the browser hid 'Editar' on it.
      if (hasStarted(row.startTime, now)) throw new DomainError("ride_started", MSG.editStarted);
      const request = await readRideRequest(c, rideEditWithScopeSchema, now);
      const { gpx } = request;
      // Moving the pin or changing the city sets the ride's clock anew.
      const { input, timeZone } = onRideClock(request.input, row, now);
      // A lower cap than the riders already in would overbook the ride (checked again, atomically,
      // by updateRide: this early answer spares uploading a GPX for nothing).
      const count = await participantCount(c.var.db, row.id);
      if (count > capacityOf(input.maxParticipants)) throw capBelowJoined();
      // "Esta y las siguientes": the same holds for each later date (docs/product.md#regular-grupetas).
      const following = input.scope === "following" && row.seriesId !== null;
      const refusal = following ? await followingEditRefusal(c, row, input, timeZone, now) : null;
      if (refusal === "cap") throw capBelowJoined();
      // ...and each later date, moved as this one moved, still starts within 12 months.
      if (refusal === "too_far") {
        throw new DomainError("validation_error", MSG.rideStartTooFar, undefined, {
          startTime: MSG.rideStartTooFar,
        });
      }
      // A new file replaces the route; 'Quitar' (removeRoute) takes it away; else it stays.
      const replaced = gpx !== null || input.removeRoute === true;
      const route = gpx
        ? { routeGpxKey: await storeGpx(c.env.GPX, row.id, gpx), routeFileName: gpx.fileName }
        : input.removeRoute
          ? { routeGpxKey: null, routeFileName: null }
          : { routeGpxKey: row.routeGpxKey, routeFileName: row.routeFileName };
      const noticeId = generateId();
      const meetingArea = meetingAreaValues(input, row);
      try {
        const { edited, promotion } = await updateRide(
          c.var.db,
          {
            rideId: row.id,
            organizerId: user.id,
            ...route,
            meetingArea,
            timeZone,
            noticeId,
            now,
          },
          input,
        );
        if (!edited) throw await editRefusal(c, row.id, input.maxParticipants);
        // Its riders hear of the edit by its chat notice, and all who see it by a frame.
        announcePromotion(c, promotion, { changed: [row.id] });
      } catch (error) {
        if (gpx) await deleteGpx(c.env.GPX, route.routeGpxKey);
        throw error;
      }
      inBackground(c, announceStoredMessage(c.env, row.id, noticeId));
      inBackground(c, rideEdited(c.env, row.id));
      if (following) {
        await editFollowingDates(
          c,
          row,
          input,
          timeZone,
          replaced ? route : null,
          meetingArea,
          now,
        );
      }
      if (replaced) await deleteGpxUnlessShared(c, row, row.routeGpxKey);
      const updated = await loadRide(c, row.id);
      return c.json<RideDetailResponse>({ ride: await rideDetail(c.var.db, updated, user.id) });
    },
  )
  .post("/:id/join", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c, MSG.joinUnauthenticated);
    const now = Date.now();
    const rideId = c.req.valid("param").id;
    const row = await loadRide(c, rideId);
    await refuseUnverified(c.env, c.var.db, row, user);
    if (!(await joinRideAtomically(c.var.db, row.id, user.id, now))) {
      // Nothing inserted: say why, in the order she would care about.
      if (await isParticipant(c.var.db, row.id, user.id)) {
        throw new DomainError("already_joined", MSG.alreadyJoined);
      }
      const fresh = await loadRide(c, rideId);
      if (fresh.status === "cancelled") {
        throw new DomainError("ride_cancelled", MSG.rideCancelledJoin);
      }
      if (hasStarted(fresh.startTime, now)) throw new DomainError("ride_started", MSG.rideStarted);
      // 'Con aprobación': she asks for a place instead (docs/product.md#join-by-approval).
      if (fresh.joinMode === "approval") throw new DomainError("request_needed", MSG.requestNeeded);
      throw new DomainError("ride_full", MSG.rideFull);
    }
    inBackground(c, notifyParticipantJoined(c.env, row.id, user.id, row.startTime));
    announceRideChanged(c, [row.id]);
    return c.json<JoinRideResponse>({ ride: await rideDetail(c.var.db, row, user.id) });
  })
  .post("/:id/leave", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c, MSG.leaveUnauthenticated);
    const now = Date.now();
    const row = await loadRide(c, c.req.valid("param").id);
    if (row.organizerId === user.id) {
      throw new DomainError("organizer_cannot_leave", MSG.organizerCannotLeave);
    }
    const { left, promotion } = await leaveRide(c.var.db, row.id, user.id, now);
    if (!left) {
      if (!(await isParticipant(c.var.db, row.id, user.id))) {
        throw new DomainError("not_participant", MSG.notParticipantLeave);
      }
      if (row.status === "cancelled") {
        throw new DomainError("ride_cancelled", MSG.rideCancelledJoin);
      }
      throw new DomainError("ride_started", MSG.leaveStarted);
    }
    // Her open chat sockets for this ride close (the room re-checks D1 on every send anyway).
    inBackground(c, notifyParticipantLeft(c.env, row.id, user.id));
    announcePromotion(c, promotion, { changed: [row.id] });
    // An approval ride's requests are its queue: the organizer hears of the free place.
    if (row.joinMode === "approval") inBackground(c, placeFreedForRequests(c.env, row.id));
    return c.json({ ok: true });
  })
  .post(
    "/:id/cancel",
    validate("param", rideIdParamSchema),
    validate("json", cancelWithScopeSchema),
    async (c) => {
      const user = requireProfile(c);
      const now = Date.now();
      const row = await loadRide(c, c.req.valid("param").id);
      if (row.organizerId !== user.id) {
        throw new DomainError("not_authorized", MSG.cancelNotAuthorized);
      }
      const { reason, scope } = c.req.valid("json");
      if (!(await cancelAndTell(c, row.id, user.id, reason, now))) {
        if (row.status === "cancelled" || row.status === "completed") {
          throw new DomainError("ride_cancelled", MSG.rideAlreadyCancelled);
        }
        throw new DomainError("ride_started", MSG.cancelStarted);
      }
      if (scope === "following" && row.seriesId !== null) {
        await cancelFollowingDates(c, row, (rideId) =>
          cancelAndTell(c, rideId, user.id, reason, now),
        );
      }
      const updated = await loadRide(c, row.id);
      return c.json<RideDetailResponse>({ ride: await rideDetail(c.var.db, updated, user.id) });
    },
  )
  .delete("/:id", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c);
    const row = await loadRide(c, c.req.valid("param").id);
    if (row.organizerId !== user.id) {
      throw new DomainError("not_authorized", MSG.deleteNotAuthorized);
    }
    if (!(await deleteRideIfAlone(c.var.db, row.id, user.id))) {
      throw new DomainError("ride_has_participants", MSG.deleteHasParticipants);
    }
    await Promise.all([
      deleteGpxUnlessShared(c, row, row.routeGpxKey),
      deletePreviewImage(c.env.GPX, row.id),
    ]);
    inBackground(c, rideDeleted(c.env, row.id));
    return c.body(null, 204);
  })
  .get("/:id/route", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c);
    const row = await loadRide(c, c.req.valid("param").id);
    if (!(await isParticipant(c.var.db, row.id, user.id))) {
      throw new DomainError("not_participant", MSG.routeParticipantsOnly);
    }
    const route = row.routeGpxKey ? await readRoute(c.env.GPX, row.routeGpxKey) : null;
    return c.json<RideRouteResponse>({
      segments: route?.segments ?? [],
      distanceKm: route?.distanceKm ?? null,
      elevationGain: route?.elevationGain ?? null,
      maxElevation: route?.maxElevation ?? null,
      profile: route?.profile ?? [],
    });
  })
  .get("/:id/gpx", validate("param", rideIdParamSchema), async (c) => {
    const user = requireProfile(c);
    const row = await loadRide(c, c.req.valid("param").id);
    if (!(await isParticipant(c.var.db, row.id, user.id))) {
      throw new DomainError("not_participant", MSG.routeParticipantsOnly);
    }
    const object = row.routeGpxKey ? await c.env.GPX.get(row.routeGpxKey) : null;
    if (!object) throw new DomainError("not_found", MSG.routeNotAvailable);
    // The bytes as uploaded: the file's own declaration or BOM says how to read them.
    return new Response(object.body, {
      headers: {
        "Content-Type": "application/gpx+xml",
        "Content-Disposition": `attachment; filename="${gpxFileName(row.title)}"`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    });
  });

export const myRidesRoutes = new Hono<AppEnv>().get(
  "/",
  validate("query", myRidesQuery),
  async (c) => {
    const { tab, page } = c.req.valid("query");
    const result = await myRides(c.var.db, readerOf(c), tab, page, Date.now());
    return c.json<MyRidesResponse>({ tab, page, ...result });
  },
);
