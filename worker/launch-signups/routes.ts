import { type Context, Hono } from "hono";
import type { LaunchSignupResponse } from "../../domain/api/launch-signups.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { launchSignupStep1Schema, launchSignupStep2Schema } from "../../domain/schemas.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { addLaunchSignup, saveLaunchSignupDetails } from "./queries.ts";

/**
 * Rate limit by IP and by email (docs/product.md#security-rules). Locally there is no
 * CF-Connecting-IP header, so only the email key applies there.
 */
async function enforceRateLimit(c: Context<AppEnv>, email: string) {
  const ip = c.req.header("CF-Connecting-IP");
  const keys = [`email:${email}`, ...(ip ? [`ip:${ip}`] : [])];
  for (const key of keys) {
    const { success } = await c.env.LAUNCH_SIGNUP_LIMITER.limit({ key });
    if (!success) throw new DomainError("rate_limited", MSG.rateLimited);
  }
}

/**
 * Optional copy of each submission to LAUNCH_SIGNUP_WEBHOOK_URL, sent after the answer. A failing
 * webhook never fails the signup: D1 is the record, so it is only logged.
 */
function forwardToWebhook(c: Context<AppEnv>, payload: Record<string, unknown>) {
  const url = c.env.LAUNCH_SIGNUP_WEBHOOK_URL;
  if (!url) return;
  const body = JSON.stringify({ ...payload, timestamp: new Date().toISOString() });
  c.executionCtx.waitUntil(
    fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body })
      .then((res) => {
        if (!res.ok) console.warn(`launch signup webhook answered ${res.status}`);
      })
      .catch((err: unknown) => console.warn("launch signup webhook failed", err)),
  );
}

export const launchSignupsRoutes = new Hono<AppEnv>()
  .post("/", validate("json", launchSignupStep1Schema), async (c) => {
    const { email, source } = c.req.valid("json");
    await enforceRateLimit(c, email);
    await addLaunchSignup(c.var.db, { email, source });
    forwardToWebhook(c, { step: 1, email, source });
    return c.json<LaunchSignupResponse>({ ok: true });
  })
  .post("/details", validate("json", launchSignupStep2Schema), async (c) => {
    const { email, city, modalities, source, ua } = c.req.valid("json");
    await enforceRateLimit(c, email);
    const userAgent = ua ?? c.req.header("User-Agent")?.slice(0, 400) ?? null;
    await saveLaunchSignupDetails(c.var.db, { email, city, modalities, source, userAgent });
    forwardToWebhook(c, {
      step: 2,
      email,
      location: city,
      modalidad: modalities.join(","),
      source,
      ua: userAgent,
    });
    return c.json<LaunchSignupResponse>({ ok: true });
  });
