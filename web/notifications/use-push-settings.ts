import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PushSettingsResponse, PushTestResponse } from "../../domain/api/push.ts";
import type { PushPreferences } from "../../domain/push.ts";
import { api, query } from "../lib/api.ts";
import { currentSubscription } from "./push-client.ts";

export const PUSH_KEY = ["push"] as const;

/** Her settings, and whether this device's subscription is registered to her. */
export function usePushSettings() {
  return useQuery({
    queryKey: [...PUSH_KEY, "settings"],
    queryFn: async () => {
      const subscription = await currentSubscription().catch(() => null);
      const endpoint = subscription?.endpoint;
      const settings = await api.get<PushSettingsResponse>(`/push${query({ endpoint })}`);
      return { ...settings, endpoint: endpoint ?? null };
    },
  });
}

export function useSavePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: PushPreferences) =>
      api.put<PushPreferences>("/push/preferences", preferences),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PUSH_KEY }),
  });
}

export function useTestPush() {
  return useMutation({
    mutationFn: (endpoint: string | null) =>
      api.post<PushTestResponse>("/push/test", endpoint ? { endpoint } : {}),
  });
}
