// POST /api/reports (docs/product.md#reports-and-moderation): a rider reports a rider, a ride or a
// message. She is thanked, never told anything about the reported, and the reported is never told
// who it was.
import { Hono } from "hono";
import type { ReportResponse } from "../../domain/api/safety.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { reportSchema } from "../../domain/safety-schemas.ts";
import { clientIp } from "../auth/rate-limit.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { requireProfile } from "../sessions/session.ts";
import { generateId } from "../sessions/tokens.ts";
import { findReportTarget, insertReport } from "./queries.ts";

export const reportRoutes = new Hono<AppEnv>().post(
  "/",
  validate("json", reportSchema),
  async (c) => {
    const user = requireProfile(c);
    // Per account and per IP (docs/decisions/0008-rate-limits.md), before any D1 work.
    const [byUser, byIp] = await Promise.all([
      c.env.REPORT_LIMITER.limit({ key: `user:${user.id}` }),
      c.env.REPORT_LIMITER.limit({ key: `ip:${clientIp(c)}` }),
    ]);
    if (!byUser.success || !byIp.success) throw new DomainError("rate_limited", MSG.rateLimited);
    const { kind, targetId, reason, details } = c.req.valid("json");
    const target = await findReportTarget(c.var.db, kind, targetId, user.id);
    if (!target) {
      throw new DomainError(
        "not_found",
        kind === "user" ? MSG.userNotFound : kind === "ride" ? MSG.rideNotFound : MSG.notFound,
      );
    }
    if (target.reportedUserId === user.id) {
      throw new DomainError("validation_error", MSG.reportSelf);
    }
    const stored = await insertReport(c.var.db, {
      id: generateId(),
      reporterId: user.id,
      kind,
      targetId,
      reason,
      details,
      target,
      now: Date.now(),
    });
    return c.json<ReportResponse>(
      stored
        ? { message: MSG.reportThanks, alreadyReported: false }
        : { message: MSG.reportRepeated, alreadyReported: true },
      stored ? 201 : 200,
    );
  },
);
