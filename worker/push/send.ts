// Sending pushes: her devices that want this event, one request each to its push service.
// Every failure stays inside its own send (a push service that is down delays nothing and
// loses nothing else); a subscription the push service no longer knows (404/410) is deleted.
import { CONTACT_EMAIL } from "../../domain/constants.ts";
import type { PushEvent, PushPayload } from "../../domain/push.ts";
import { createDb } from "../db/client.ts";
import type { Bindings } from "../env.ts";
import { forgetEndpoint, subscriptionsFor } from "./queries.ts";
import { pushRequest, toBase64url, type VapidKeys } from "./web-push.ts";

/** How long one push service may take before we give up on that device. */
const SEND_TIMEOUT_MS = 10_000;

export interface PushMessage {
  payload: PushPayload;
  /** Seconds the push service keeps it for an offline device; past it, it is of no use. */
  ttl: number;
  urgency?: "low" | "normal" | "high";
}

export interface PushOutcome {
  sent: number;
  gone: number;
  failed: number;
}

/** Our VAPID keys, or null when push is not configured (no keys: nothing is sent). */
export function vapidKeys(env: Bindings): VapidKeys | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  return {
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
    subject: env.VAPID_SUBJECT || `mailto:${CONTACT_EMAIL}`,
  };
}

/** A Topic header (<= 32 base64url characters) from the payload's tag: a newer push replaces an undelivered one. */
async function topicOf(tag: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(tag));
  return toBase64url(new Uint8Array(digest).slice(0, 24));
}

/**
 * Sends `message` to every device of `userIds` that wants `event` (`null`: every device, for
 * her test push; `endpoint` narrows it to one device).
 */
export async function sendPush(
  env: Bindings,
  userIds: string[],
  event: PushEvent | null,
  message: PushMessage,
  endpoint?: string,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, gone: 0, failed: 0 };
  const vapid = vapidKeys(env);
  if (!vapid || userIds.length === 0) return outcome;
  const db = createDb(env.DB);
  const devices = (await subscriptionsFor(db, userIds, event)).filter(
    (device) => !endpoint || device.endpoint === endpoint,
  );
  if (devices.length === 0) return outcome;
  const body = JSON.stringify(message.payload);
  const topic = await topicOf(message.payload.tag);
  await Promise.all(
    devices.map(async (device) => {
      try {
        const request = await pushRequest(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          body,
          vapid,
          { ttl: message.ttl, urgency: message.urgency ?? "normal", topic },
        );
        // Never follow a redirect: the endpoint was checked against the push services
        // (endpoints.ts), a Location header was not, and following would POST her encrypted
        // push and our VAPID token there. A 3xx is a failed send; the device stays.
        const response = await fetch(request, {
          redirect: "manual",
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.ok) {
          outcome.sent++;
        } else if (response.status === 404 || response.status === 410) {
          outcome.gone++;
          await forgetEndpoint(db, device.endpoint);
        } else {
          outcome.failed++;
          console.warn(`push: ${new URL(device.endpoint).host} answered ${response.status}`);
        }
      } catch (error) {
        outcome.failed++;
        console.warn(`push: ${safeHost(device.endpoint)} failed`, String(error));
      }
    }),
  );
  return outcome;
}

function safeHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return "?";
  }
}
