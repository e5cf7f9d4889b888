// Her push notification settings: preferences and whether this device is registered to her.
import { queryOptions } from "@tanstack/react-query";
import type { PushPreferences } from "../../domain/push.ts";
import { call, client } from "../lib/api.ts";
import { currentSubscription } from "./push-client.ts";

export const pushKeys = {
  all: ["push"] as const,
  settings: ["push", "settings"] as const,
};

export const pushSettingsQuery = queryOptions({
  queryKey: pushKeys.settings,
  queryFn: async () => {
    const subscription = await currentSubscription().catch(() => null);
    const endpoint = subscription?.endpoint;
    const settings = await call(client.push.$get({ query: { endpoint } }));
    return { ...settings, endpoint: endpoint ?? null };
  },
});

export const savePushPreferences = (preferences: PushPreferences) =>
  call(client.push.preferences.$put({ json: preferences }));

/** A test notification to this device (its endpoint), or to all of hers. */
export const sendTestPush = (endpoint: string | null) =>
  call(client.push.test.$post({ json: endpoint ? { endpoint } : {} }));
