// /api/push: her devices (subscribe, unsubscribe), her switches per event and a test push.
import { Hono } from "hono";
import { z } from "zod";
import type { PushSettingsResponse, PushTestResponse } from "../../domain/api/push.ts";
import { DomainError } from "../../domain/errors.ts";
import {
  PUSH_ENDPOINT_MAX,
  PUSH_MSG,
  pushEndpointSchema,
  pushPreferencesSchema,
  pushSubscriptionSchema,
  pushTexts,
} from "../../domain/push.ts";
import type { AppEnv } from "../env.ts";
import { validate } from "../http/validate.ts";
import { requireProfile } from "../sessions/session.ts";
import { isAllowedPushEndpoint } from "./endpoints.ts";
import {
  deleteSubscription,
  hasSubscription,
  loadPreferences,
  savePreferences,
  saveSubscription,
} from "./queries.ts";
import { sendPush, vapidKeys } from "./send.ts";

const settingsQuery = z.object({ endpoint: z.string().max(PUSH_ENDPOINT_MAX).optional() });
const testBody = z.object({ endpoint: z.string().max(PUSH_ENDPOINT_MAX).optional() });

export const pushRoutes = new Hono<AppEnv>()
  .get("/", validate("query", settingsQuery), async (c) => {
    const user = requireProfile(c);
    const { endpoint } = c.req.valid("query");
    const [preferences, deviceRegistered] = await Promise.all([
      loadPreferences(c.var.db, user.id),
      endpoint ? hasSubscription(c.var.db, user.id, endpoint) : false,
    ]);
    return c.json<PushSettingsResponse>({
      publicKey: vapidKeys(c.env)?.publicKey ?? null,
      preferences,
      deviceRegistered,
    });
  })
  .put("/subscription", validate("json", pushSubscriptionSchema), async (c) => {
    const user = requireProfile(c);
    if (!vapidKeys(c.env)) throw new DomainError("not_found", PUSH_MSG.notConfigured);
    const subscription = c.req.valid("json");
    if (!isAllowedPushEndpoint(subscription.endpoint, c.env)) {
      throw new DomainError("validation_error", PUSH_MSG.unsupportedEndpoint);
    }
    await saveSubscription(c.var.db, user.id, subscription, Date.now());
    return c.body(null, 204);
  })
  .post("/subscription/remove", validate("json", pushEndpointSchema), async (c) => {
    const user = requireProfile(c);
    await deleteSubscription(c.var.db, user.id, c.req.valid("json").endpoint);
    return c.body(null, 204);
  })
  .put("/preferences", validate("json", pushPreferencesSchema), async (c) => {
    const user = requireProfile(c);
    const preferences = c.req.valid("json");
    await savePreferences(c.var.db, user.id, preferences, Date.now());
    return c.json(preferences);
  })
  .post("/test", validate("json", testBody), async (c) => {
    const user = requireProfile(c);
    if (!vapidKeys(c.env)) throw new DomainError("not_found", PUSH_MSG.notConfigured);
    // She is waiting for it on screen: this one push is sent before answering.
    const outcome = await sendPush(
      c.env,
      [user.id],
      null,
      { payload: pushTexts.test(), ttl: 60, urgency: "high" },
      c.req.valid("json").endpoint,
    );
    if (outcome.sent + outcome.gone + outcome.failed === 0) {
      throw new DomainError("not_found", PUSH_MSG.noDevice);
    }
    if (outcome.sent === 0) throw new DomainError("unavailable", PUSH_MSG.testNotSent, 502);
    return c.json<PushTestResponse>({ sent: outcome.sent });
  });
