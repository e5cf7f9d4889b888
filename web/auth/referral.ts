import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { call, client } from "../lib/api.ts";
import { inNextTask } from "../lib/next-task.ts";
import { toast } from "../lib/toast.ts";
import { useMe } from "../session/use-me.ts";

// The invite token from /app/signup?ref= survives reloads and the Google round trip until it
// is claimed after sign-up or sign-in (docs/product.md#referrals).
const STORAGE_KEY = "rodamos.ref";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function storeReferral(token: string | null) {
  if (token && UUID.test(token)) storage()?.setItem(STORAGE_KEY, token);
}

export function storedReferral(): string | null {
  return storage()?.getItem(STORAGE_KEY) ?? null;
}

export function clearStoredReferral() {
  storage()?.removeItem(STORAGE_KEY);
}

export const referralKeys = {
  all: ["referrals"] as const,
  mine: ["referrals", "mine"] as const,
};

/** Her own invite link's token (the feed's 'Invita a tus amigas'). */
export const myInviteQuery = queryOptions({
  queryKey: referralKeys.mine,
  queryFn: () => call(client.referrals.mine.$get()),
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
});

let claiming = false;

/** Claims a stored invite once she is signed in, then forgets it whatever the answer. */
export function useClaimStoredReferral() {
  const me = useMe();
  const queryClient = useQueryClient();
  const userId = me.data?.user?.id;
  useEffect(() => {
    if (!userId) return;
    // A tab's first read of localStorage waits on the browser: after the first screen's effects.
    return inNextTask(() => {
      const token = storedReferral();
      if (!token || claiming) return;
      claiming = true;
      call(client.referrals.claim.$post({ json: { token } }))
        .then((res) => {
          clearStoredReferral();
          toast.success(res.message);
          void queryClient.invalidateQueries({ queryKey: referralKeys.all });
        })
        .catch((err: unknown) => {
          // A used, own or unknown invite will not become valid: drop it quietly.
          const status = (err as { status?: number }).status ?? 0;
          if (status >= 400 && status < 500) clearStoredReferral();
        })
        .finally(() => {
          claiming = false;
        });
    });
  }, [userId, queryClient]);
}

/** Mounted once in the app layout. */
export function ReferralClaimer() {
  useClaimStoredReferral();
  return null;
}
