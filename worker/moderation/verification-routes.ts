// The moderation screen's verification (docs/product.md#verificada): "Verificar: la conozco en
// persona" and its undo, each with a reason, and a rider's vouches one step out. Mounted inside
// the moderation API, behind its moderator check (anyone else: the 404 of an unknown path).
import { Hono } from "hono";
import type { ModerationActionResponse } from "../../domain/api/safety.ts";
import type { VouchGraphResponse } from "../../domain/api/verification.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { moderationActionSchema, userIdParamSchema } from "../../domain/safety-schemas.ts";
import { VERIFICATION_MSG } from "../../domain/verification.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { findAccount } from "./queries.ts";
import { requireModerator } from "./require-moderator.ts";
import { seedVerification, undoVerification, vouchGraph } from "./verification.ts";

const ok = { ok: true } as const;

export const moderationVerificationRoutes = new Hono<AppEnv>()
  .post(
    "/users/:userId/verify",
    validate("param", userIdParamSchema),
    validate("json", moderationActionSchema),
    async (c) => {
      const moderator = requireModerator(c);
      const userId = c.req.valid("param").userId;
      const { reason } = c.req.valid("json");
      const account = await findAccount(c.var.db, userId);
      if (!account) throw new DomainError("not_found", MSG.notFound);
      if (account.suspendedAt !== null) {
        throw new DomainError("conflict", MSG.moderationAlreadyDone);
      }
      if (!(await seedVerification(c.var.db, moderator, { userId, reason, now: Date.now() }))) {
        throw new DomainError("conflict", VERIFICATION_MSG.alreadyVerified);
      }
      return c.json<ModerationActionResponse>(ok);
    },
  )

  .post(
    "/users/:userId/unverify",
    validate("param", userIdParamSchema),
    validate("json", moderationActionSchema),
    async (c) => {
      const moderator = requireModerator(c);
      const userId = c.req.valid("param").userId;
      const { reason } = c.req.valid("json");
      if (!(await undoVerification(c.var.db, moderator, { userId, reason, now: Date.now() }))) {
        if (!(await findAccount(c.var.db, userId))) {
          throw new DomainError("not_found", MSG.notFound);
        }
        throw new DomainError("conflict", VERIFICATION_MSG.notSeeded);
      }
      return c.json<ModerationActionResponse>(ok);
    },
  )

  .get("/users/:userId/vouches", validate("param", userIdParamSchema), async (c) => {
    requireModerator(c);
    const graph = await vouchGraph(c.var.db, c.req.valid("param").userId);
    if (!graph) throw new DomainError("not_found", MSG.notFound);
    return c.json<VouchGraphResponse>(graph);
  });
