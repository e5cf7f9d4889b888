import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { MeResponse } from "../../domain/api-types.ts";
import { call, client } from "../lib/api.ts";

export const ME_KEY = ["me"] as const;

export const meQuery = queryOptions({
  queryKey: ME_KEY,
  queryFn: () => call(client.me.$get()),
  staleTime: 60_000,
});

/** The signed-in user (or null), her profile state and the server's sign-up settings. */
export function useMe() {
  return useQuery(meQuery);
}

/**
 * After logout or account deletion: `me` says signed out, and nothing else of hers stays in
 * memory. `me` is updated in place, never removed: the layout (bottom navigation) and the live
 * channel stay mounted across the navigation and watch that same query; `queryClient.clear()`
 * would hand them a detached copy that never hears the signed-out state.
 */
export function forgetSession(queryClient: QueryClient) {
  const previous = queryClient.getQueryData<MeResponse>(ME_KEY);
  queryClient.setQueryData<MeResponse>(ME_KEY, {
    user: null,
    signupMode: previous?.signupMode ?? "open",
    googleEnabled: previous?.googleEnabled ?? false,
  });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_KEY[0] });
  queryClient.getMutationCache().clear();
}
