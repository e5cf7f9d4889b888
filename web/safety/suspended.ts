// A suspended account's open tab (docs/product.md#suspension): her sockets close with
// CLOSE_CODES.suspended (4004; not imported: it would bring zod into the first screen), and the
// app signs her out at once, saying why.
import type { QueryClient } from "@tanstack/react-query";
import { SHELL_MSG } from "../../domain/texts/app.ts";
import { toast } from "../lib/toast.ts";
import { clearRuntimeCaches } from "../pwa/clear-caches.ts";
import { forgetSession } from "../session/use-me.ts";

export const SUSPENDED_CLOSE_CODE = 4004;
const SUSPENDED_EVENT = "rodamos:account-suspended";

/** Told by any of her sockets (the notification channel, a chat). */
export function announceSuspension() {
  window.dispatchEvent(new Event(SUSPENDED_EVENT));
}

/** Calls `signOut` when a socket says her account was suspended; returns the unsubscribe. */
export function onSuspension(signOut: () => void): () => void {
  window.addEventListener(SUSPENDED_EVENT, signOut);
  return () => window.removeEventListener(SUSPENDED_EVENT, signOut);
}

/**
 * Signs her out in this tab: `me` says signed out (updated in place: the layout and the live
 * channel watch it), nothing else of hers stays in memory or in the service worker's caches,
 * and the reason stays on screen until she closes it.
 */
export async function signOutSuspended(queryClient: QueryClient) {
  forgetSession(queryClient);
  toast.error(SHELL_MSG.accountSuspended, {
    id: "account-suspended",
    duration: Number.POSITIVE_INFINITY,
  });
  await clearRuntimeCaches().catch(() => undefined);
}
