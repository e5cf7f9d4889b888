import { type Context, Hono } from "hono";
import type { WaitlistResponse } from "../../domain/api/waitlist.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { waitlistStep1Schema, waitlistStep2Schema } from "../../domain/schemas.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { addToWaitlist, saveWaitlistDetails } from "./queries.ts";

/**
 * Rate limit by IP and by email (DESIGN.md "Security baseline"). Locally there is no
 * CF-Connecting-IP header, so only the email key applies there.
 */
async function enforceRateLimit(c: Context<AppEnv>, email: string) {
  const ip = c.req.header("CF-Connecting-IP");
  const keys = [`email:${email}`, ...(ip ? [`ip:${ip}`] : [])];
  for (const key of keys) {
    const { success } = await c.env.WAITLIST_LIMITER.limit({ key });
    if (!success) throw new DomainError("rate_limited", MSG.rateLimited);
  }
}

/**
 * Optional copy of each submission to WAITLIST_WEBHOOK_URL, sent after the answer. A failing
 * webhook never fails the signup: D1 is the record, so it is only logged.
 */
function forwardToWebhook(c: Context<AppEnv>, payload: Record<string, unknown>) {
  const url = c.env.WAITLIST_WEBHOOK_URL;
  if (!url) return;
  const body = JSON.stringify({ ...payload, timestamp: new Date().toISOString() });
  c.executionCtx.waitUntil(
    fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body })
      .then((res) => {
        if (!res.ok) console.warn(`waitlist webhook answered ${res.status}`);
      })
      .catch((err: unknown) => console.warn("waitlist webhook failed", err)),
  );
}

export const waitlistRoutes = new Hono<AppEnv>()
  .post("/", validate("json", waitlistStep1Schema), async (c) => {
    const { email, source } = c.req.valid("json");
    await enforceRateLimit(c, email);
    await addToWaitlist(c.var.db, { email, source });
    forwardToWebhook(c, { step: 1, email, source });
    return c.json<WaitlistResponse>({ ok: true });
  })
  .post("/details", validate("json", waitlistStep2Schema), async (c) => {
    const { email, city, modalities, source, ua } = c.req.valid("json");
    await enforceRateLimit(c, email);
    const userAgent = ua ?? c.req.header("User-Agent")?.slice(0, 400) ?? null;
    await saveWaitlistDetails(c.var.db, { email, city, modalities, source, userAgent });
    forwardToWebhook(c, {
      step: 2,
      email,
      location: city,
      modalidad: modalities.join(","),
      source,
      ua: userAgent,
    });
    return c.json<WaitlistResponse>({ ok: true });
  });
