// Blocking API (docs/product.md#blocking): block and unblock, 'Usuarias bloqueadas', and the
// organizer's 'Quitarla de la salida'. Every other area applies the block through ./sql.ts.
import { Hono } from "hono";
import type {
  BlockedUsersResponse,
  BlockResponse,
  RemoveParticipantResponse,
} from "../../domain/api/safety.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { blockSchema, userIdParamSchema } from "../../domain/safety-schemas.ts";
import { rideIdParamSchema } from "../../domain/schemas.ts";
import type { AppEnv } from "../env.ts";
import { inBackground } from "../http/background.ts";
import { validate } from "../http/validate.ts";
import { mailTransport } from "../mail/transport.ts";
import { placeFreedForRequests } from "../push/events.ts";
import { findRideRow } from "../ride-core/read-model.ts";
import { tellRideWatchers } from "../ride-core/ride-watchers.ts";
import { eraseLivePositionsOnBlock } from "../ride-day/live-blocks.ts";
import { notifyParticipantLeft } from "../rooms/system-messages.ts";
import { requireProfile } from "../sessions/session.ts";
import { announcePromotion } from "../waiting-list/notify.ts";
import { block, findBlockable, listBlocked, removeBlockedParticipant, unblock } from "./queries.ts";

/** /blocks: her blocks ('Usuarias bloqueadas'). */
export const blockRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireProfile(c);
    return c.json<BlockedUsersResponse>({ blocked: await listBlocked(c.var.db, user.id) });
  })

  .post("/", validate("json", blockSchema), async (c) => {
    const user = requireProfile(c);
    const { userId } = c.req.valid("json");
    if (userId === user.id) throw new DomainError("validation_error", MSG.blockSelf);
    // Silent: blocking someone who blocked her first answers the same as any block, and names
    // her as the list does (as she was when she blocked: nothing new about her).
    const target = await findBlockable(c.var.db, userId);
    if (!target) throw new DomainError("not_found", MSG.userNotFound);
    const { blocked, sharedRides, listsChanged } = await block(
      c.var.db,
      user.id,
      target.id,
      Date.now(),
    );
    // The batch reads the row it wrote; only a vanished account could leave it empty.
    if (!blocked) throw new DomainError("not_found", MSG.userNotFound);
    inBackground(c, eraseLivePositionsOnBlock(c.env, c.var.db, user.id, target.id, Date.now()));
    // A list one of them left moved: the others who see it are told, the pair never (a block
    // tells her nothing).
    inBackground(c, tellRideWatchers(c.env, listsChanged, { except: [user.id, target.id] }));
    return c.json<BlockResponse>({
      blocked: { userId: blocked.userId, username: blocked.username },
      sharedRides,
    });
  })

  .delete("/:userId", validate("param", userIdParamSchema), async (c) => {
    const user = requireProfile(c);
    await unblock(c.var.db, user.id, c.req.valid("param").userId);
    return c.json({ ok: true as const });
  });

/** /rides/:id/participants: 'Quitarla de la salida', only a rider she blocked, from her own upcoming ride. */
export const blockedParticipantRoutes = new Hono<AppEnv>().delete(
  "/:userId",
  validate("param", rideIdParamSchema.extend(userIdParamSchema.shape)),
  async (c) => {
    const user = requireProfile(c);
    const { id: rideId, userId } = c.req.valid("param");
    const now = Date.now();
    // A ride she cannot see answers as a missing one.
    if (!(await findRideRow(c.var.db, rideId, user.id))) {
      throw new DomainError("not_found", MSG.rideNotFound);
    }
    const outcome = await removeBlockedParticipant(c.var.db, {
      rideId,
      organizerId: user.id,
      userId,
      now,
    });
    if (outcome.removed) {
      // Her open chat closes (4003) and the room sees her go, as after a leave.
      inBackground(c, notifyParticipantLeft(c.env, rideId, userId));
      announcePromotion(c, outcome.promotion, { changed: [rideId] });
      // A 'Con aprobación' ride with requests waiting: its organizer may accept the next one.
      inBackground(c, placeFreedForRequests(c.env, rideId));
      if (outcome.email) {
        // A neutral notice: nothing about who decided or why. The removal stands if it fails.
        await mailTransport(c.env, c.var.db)
          .send({
            to: outcome.email,
            subject: MSG.removedFromRideMailSubject,
            text: ["Hola,", "", MSG.removedFromRideMail(outcome.title)].join("\n"),
          })
          .catch((error: unknown) => {
            console.warn(`[${c.get("requestId")}] removal notice not sent`, error);
          });
      }
      return c.json<RemoveParticipantResponse>({ removed: true });
    }
    switch (outcome.why) {
      case "not_found":
        throw new DomainError("not_found", MSG.rideNotFound);
      case "not_organizer":
      case "not_blocked":
        throw new DomainError("not_authorized", MSG.notAuthorized);
      case "cancelled":
        throw new DomainError("ride_cancelled", MSG.rideCancelledJoin);
      case "started":
        throw new DomainError("ride_started", MSG.removeStarted);
      case "not_in_ride":
        return c.json<RemoveParticipantResponse>({ removed: false });
    }
  },
);
