import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { pushKeys, pushSettingsQuery, savePushPreferences, sendTestPush } from "./queries.ts";

/** Her settings, and whether this device's subscription is registered to her. */
export function usePushSettings() {
  return useQuery(pushSettingsQuery);
}

export function useSavePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePushPreferences,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
  });
}

export function useTestPush() {
  return useMutation({ mutationFn: sendTestPush });
}
