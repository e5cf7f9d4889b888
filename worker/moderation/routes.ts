// Moderation API (docs/product.md#reports-and-moderation) for the accounts listed in
// MODERATOR_EMAILS. Anyone else, signed in or not, gets the 404 of an unknown path: the endpoints
// do not exist for them.
import { Hono } from "hono";
import type {
  AuditResponse,
  ModerationActionResponse,
  ModerationQueueResponse,
  ReportContextResponse,
  SuspendedAccountsResponse,
} from "../../domain/api/safety.ts";
import { DomainError } from "../../domain/errors.ts";
import { groupSlugParamSchema } from "../../domain/groups.ts";
import { MSG } from "../../domain/messages.ts";
import { isModeratorEmail } from "../../domain/safety.ts";
import {
  moderationActionSchema,
  moderationIdParamSchema,
  moderationQueueQuerySchema,
  userIdParamSchema,
} from "../../domain/safety-schemas.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import type { AppEnv } from "../env.ts";
import { groupChatClosed, groupRoomStub } from "../groups/chat-sockets.ts";
import { findActiveGroup } from "../groups/reads.ts";
import { inBackground } from "../http/background.ts";
import { validate } from "../http/validate.ts";
import { rideCancelled } from "../push/events.ts";
import { tellRequestsGone } from "../ride-core/ride-watchers.ts";
import { rideRoomStub } from "../rooms/location-hint.ts";
import { announceStoredMessage } from "../rooms/system-messages.ts";
import { recomputeVerification } from "../verification/recompute.ts";
import { announceListClosed, announcePromotion } from "../waiting-list/notify.ts";
import { dismissReport, hideMessage, liftSuspension } from "./actions.ts";
import {
  auditLog,
  findAccount,
  findReport,
  messageContext,
  openReports,
  suspendedAccounts,
  userMessageExists,
} from "./queries.ts";
import { requireModerator } from "./require-moderator.ts";
import { suspend } from "./suspend.ts";
import { suspendGroup } from "./suspend-group.ts";
import { moderationVerificationRoutes } from "./verification-routes.ts";

const ok = { ok: true } as const;

export const moderationRoutes = new Hono<AppEnv>()
  // Before validation too: a non-moderator learns nothing from a malformed request either.
  .use(async (c, next) => {
    requireModerator(c);
    await next();
  })

  .get("/reports", validate("query", moderationQueueQuerySchema), async (c) => {
    const { after } = c.req.valid("query");
    const dot = after?.indexOf(".") ?? -1;
    const cursor =
      after && dot > 0
        ? { createdAt: Number(after.slice(0, dot)), id: after.slice(dot + 1) }
        : undefined;
    const { reports, next } = await openReports(c.var.db, cursor);
    return c.json<ModerationQueueResponse>({
      reports,
      nextCursor: next ? `${next.createdAt}.${next.id}` : null,
    });
  })

  .get("/reports/:id/context", validate("param", moderationIdParamSchema), async (c) => {
    const report = await findReport(c.var.db, c.req.valid("param").id);
    if (!report) throw new DomainError("not_found", MSG.notFound);
    const messages =
      report.targetKind === "message"
        ? await messageContext(c.var.db, report.targetId, report.inGroupChat ? "group" : "ride")
        : [];
    return c.json<ReportContextResponse>({ messages });
  })

  .post(
    "/reports/:id/dismiss",
    validate("param", moderationIdParamSchema),
    validate("json", moderationActionSchema),
    async (c) => {
      const moderator = requireModerator(c);
      const reportId = c.req.valid("param").id;
      const { reason } = c.req.valid("json");
      if (!(await dismissReport(c.var.db, moderator, { reportId, reason, now: Date.now() }))) {
        if (!(await findReport(c.var.db, reportId))) {
          throw new DomainError("not_found", MSG.notFound);
        }
        throw new DomainError("conflict", MSG.moderationAlreadyDone);
      }
      return c.json<ModerationActionResponse>(ok);
    },
  )

  .post(
    "/messages/:id/hide",
    validate("param", moderationIdParamSchema),
    validate("json", moderationActionSchema),
    async (c) => {
      const moderator = requireModerator(c);
      const messageId = c.req.valid("param").id;
      const { reason, reportId } = c.req.valid("json");
      const hidden = await hideMessage(c.var.db, moderator, {
        messageId,
        reason,
        reportId,
        now: Date.now(),
      });
      if (!hidden) {
        if (!(await userMessageExists(c.var.db, messageId))) {
          throw new DomainError("not_found", MSG.notFound);
        }
        throw new DomainError("conflict", MSG.moderationAlreadyDone);
      }
      // Open chats swap the message at once (live); D1 already serves it hidden.
      if (hidden.rideId) {
        const room = rideRoomStub(c.env.RIDE_ROOM, hidden.rideId);
        inBackground(c, room.messageHidden(hidden.rideId, messageId));
      } else if (hidden.groupId) {
        inBackground(
          c,
          groupRoomStub(c.env, hidden.groupId).messageHidden(hidden.groupId, messageId),
        );
      }
      return c.json<ModerationActionResponse>(ok);
    },
  )

  .post(
    "/users/:userId/suspend",
    validate("param", userIdParamSchema),
    validate("json", moderationActionSchema),
    async (c) => {
      const moderator = requireModerator(c);
      const userId = c.req.valid("param").userId;
      const { reason, reportId } = c.req.valid("json");
      if (userId === moderator.id) throw new DomainError("validation_error", MSG.moderationSelf);
      const account = await findAccount(c.var.db, userId);
      if (!account) throw new DomainError("not_found", MSG.notFound);
      // One moderator cannot shut another out: that goes through whoever keeps MODERATOR_EMAILS.
      if (isModeratorEmail(c.env.MODERATOR_EMAILS, account.email)) {
        throw new DomainError("not_authorized", MSG.moderationModerator);
      }
      if (account.suspendedAt !== null) {
        throw new DomainError("conflict", MSG.moderationAlreadyDone);
      }
      const outcome = await suspend(c.env, moderator, {
        userId,
        reason,
        reportId,
        now: Date.now(),
      });
      if (!outcome.suspended) throw new DomainError("conflict", MSG.moderationAlreadyDone);
      for (const { rideId, noticeId } of outcome.cancelled) {
        inBackground(c, announceStoredMessage(c.env, rideId, noticeId));
      }
      announceListClosed(c, outcome.waitingLists.waitingCleared);
      // The rides she left or that were cancelled with her, and the requests that went with her.
      announcePromotion(c, outcome.waitingLists.promotion, {
        changed: [...outcome.leftRideIds, ...outcome.cancelled.map((r) => r.rideId)],
      });
      inBackground(c, tellRequestsGone(c.env, userId, outcome.requestsGone));
      return c.json<ModerationActionResponse>(ok);
    },
  )

  .post(
    "/groups/:slug/suspend",
    validate("param", groupSlugParamSchema),
    validate("json", moderationActionSchema),
    async (c) => {
      const moderator = requireModerator(c);
      const { reason, reportId } = c.req.valid("json");
      const group = await findActiveGroup(c.var.db, c.req.valid("param").slug);
      if (!group) throw new DomainError("not_found", GROUP_MSG.notFound);
      const outcome = await suspendGroup(c.var.db, moderator, {
        groupId: group.id,
        reason,
        reportId,
        now: Date.now(),
      });
      if (!outcome.suspended) throw new DomainError("conflict", GROUP_MSG.suspendedAlready);
      inBackground(c, groupChatClosed(c.env, group.id));
      // Each cancelled ride as after any cancellation: its chat, its riders' push, its room.
      for (const { rideId, noticeId } of outcome.cancelled) {
        inBackground(c, announceStoredMessage(c.env, rideId, noticeId));
        inBackground(c, rideCancelled(c.env, rideId));
      }
      announceListClosed(c, outcome.waitingCleared);
      return c.json<ModerationActionResponse>(ok);
    },
  )

  .post(
    "/users/:userId/unsuspend",
    validate("param", userIdParamSchema),
    validate("json", moderationActionSchema),
    async (c) => {
      const moderator = requireModerator(c);
      const userId = c.req.valid("param").userId;
      const { reason } = c.req.valid("json");
      if (!(await liftSuspension(c.var.db, moderator, { userId, reason, now: Date.now() }))) {
        if (!(await findAccount(c.var.db, userId)))
          throw new DomainError("not_found", MSG.notFound);
        throw new DomainError("conflict", MSG.moderationAlreadyDone);
      }
      // What her standing vouches still prove comes back; a moderator's verification does not.
      await recomputeVerification(c.var.db, [userId], Date.now());
      return c.json<ModerationActionResponse>(ok);
    },
  )

  .get("/suspended", async (c) => {
    return c.json<SuspendedAccountsResponse>({ accounts: await suspendedAccounts(c.var.db) });
  })

  .get("/actions", async (c) => {
    return c.json<AuditResponse>({ actions: await auditLog(c.var.db) });
  })

  .route("/", moderationVerificationRoutes);
