// This device's side of web push (docs/product.md#web-push): the browser's subscription through
// the app's service worker, sent to the API. Permission is asked only from enablePush, which
// the settings screen calls when she taps 'Activar avisos'.
import type { PushSubscriptionInput } from "../../domain/push.ts";
import { call, client } from "../lib/api.ts";

export type PushSupport = "supported" | "unsupported" | "no-service-worker";

export function pushSupport(): PushSupport {
  if (
    !("serviceWorker" in navigator) ||
    !("PushManager" in window) ||
    !("Notification" in window)
  ) {
    return "unsupported";
  }
  if (!pageInstallsServiceWorker()) return "no-service-worker";
  return "supported";
}

/**
 * Whether this page installs the app's service worker, which push needs: /app/register-sw.js
 * registers it only on built pages, which carry this marker (scripts/vite-pwa.ts); the pages of
 * `npm run dev` do not, so waiting for a worker there would wait for nothing.
 */
function pageInstallsServiceWorker(): boolean {
  return document.querySelector('meta[name="rodamos-sw"]')?.getAttribute("content") === "on";
}

/** The app's service worker registration (none under `npm run dev`, which installs none). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (pushSupport() !== "supported") return undefined;
  return navigator.serviceWorker.getRegistration("/app/");
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

const READY_TIMEOUT_MS = 10_000;

export class PushPermissionDenied extends Error {}
export class NoServiceWorker extends Error {}

/** Asks for permission (her tap), subscribes this device and registers it with the API. */
export async function enablePush(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushPermissionDenied();
  // On a first visit the worker registers once the app has settled (register-sw.js): wait a
  // little for it. (`npm run dev` installs none; pushSupport says so before anyone taps.)
  const reg =
    (await registration()) ??
    (await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<undefined>((resolve) => setTimeout(resolve, READY_TIMEOUT_MS)),
    ]));
  if (!reg) throw new NoServiceWorker();
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  await call(
    client.push.subscription.$put({ json: subscription.toJSON() as PushSubscriptionInput }),
  );
  return subscription;
}

/** This device stops receiving pushes (settings, or signing out on it). */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await call(client.push.subscription.remove.$post({ json: { endpoint: subscription.endpoint } }));
  await subscription.unsubscribe();
}
