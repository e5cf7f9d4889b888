import { useQueryClient } from "@tanstack/react-query";
import type { MeResponse } from "../../domain/api-types.ts";
import type { ProfileInput } from "../../domain/schemas.ts";
import { call, client } from "../lib/api.ts";
import { ME_KEY } from "../session/use-me.ts";

/** Saves her profile and tells the app: cache updated, ME refetched, 'profileUpdated' sent. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return async (values: ProfileInput) => {
    const res = await call(client.profile.$put({ json: values }));
    queryClient.setQueryData<MeResponse>(ME_KEY, (old) => (old ? { ...old, user: res.user } : old));
    void queryClient.invalidateQueries({ queryKey: ME_KEY });
    window.dispatchEvent(new CustomEvent("profileUpdated"));
    return res.user;
  };
}
