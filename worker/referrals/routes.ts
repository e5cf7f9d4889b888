import { Hono } from "hono";
import { z } from "zod";
import type { ClaimReferralResponse, MyReferralResponse } from "../../domain/api/referrals.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { requireUser } from "../sessions/session.ts";
import { claimReferral, getOrCreateReferralToken } from "./queries.ts";

const claimSchema = z.object({ token: z.uuid({ error: MSG.referralInvalid }) });

export const referralRoutes = new Hono<AppEnv>()
  .get("/mine", async (c) => {
    const user = requireUser(c);
    return c.json<MyReferralResponse>({ token: await getOrCreateReferralToken(c.var.db, user.id) });
  })

  .post("/claim", validate("json", claimSchema), async (c) => {
    const user = requireUser(c);
    const outcome = await claimReferral(c.var.db, c.req.valid("json").token, user.id, Date.now());
    switch (outcome) {
      case "claimed":
      case "already_mine":
        return c.json<ClaimReferralResponse>({ claimed: true, message: MSG.referralClaimed });
      case "own":
        throw new DomainError("not_authorized", MSG.referralOwn);
      case "referred":
        throw new DomainError("conflict", MSG.referralAlreadyUsed);
      case "not_found":
        throw new DomainError("not_found", MSG.referralInvalid);
      case "taken":
        throw new DomainError("conflict", MSG.referralInvalid);
    }
  });
