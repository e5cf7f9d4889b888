import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { pushSettingsQuery, savePushPreferences, sendTestPush } from "./queries.ts";

/** Her settings, and whether this device's subscription is registered to her. */
export function usePushSettings() {
  return useQuery(pushSettingsQuery);
}

export function useSavePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePushPreferences,
    // Her preferences as the server answered them, without asking again.
    onSuccess: (saved) =>
      queryClient.setQueryData(pushSettingsQuery.queryKey, (old) =>
        old ? { ...old, preferences: saved } : old,
      ),
  });
}

export function useTestPush() {
  return useMutation({ mutationFn: sendTestPush });
}
