import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PushPreferences } from "../../domain/push.ts";
import { call, client } from "../lib/api.ts";
import { currentSubscription } from "./push-client.ts";

export const PUSH_KEY = ["push"] as const;

/** Her settings, and whether this device's subscription is registered to her. */
export function usePushSettings() {
  return useQuery({
    queryKey: [...PUSH_KEY, "settings"],
    queryFn: async () => {
      const subscription = await currentSubscription().catch(() => null);
      const endpoint = subscription?.endpoint;
      const settings = await call(client.push.$get({ query: { endpoint } }));
      return { ...settings, endpoint: endpoint ?? null };
    },
  });
}

export function useSavePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: PushPreferences) =>
      call(client.push.preferences.$put({ json: preferences })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PUSH_KEY }),
  });
}

export function useTestPush() {
  return useMutation({
    mutationFn: (endpoint: string | null) =>
      call(client.push.test.$post({ json: endpoint ? { endpoint } : {} })),
  });
}
