import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { MeResponse } from "../../domain/api-types.ts";
import { api } from "../api/client.ts";

export const ME_KEY = ["me"] as const;

const meQuery = {
  queryKey: ME_KEY,
  queryFn: () => api.get<MeResponse>("/me"),
  staleTime: 60_000,
};

/** The signed-in user (or null), her profile state and the server's sign-up settings. */
export function useMe() {
  return useQuery(meQuery);
}

/**
 * Asks for /api/me at start-up, while the first screen's code is still loading: every screen's
 * guard and the layout need it, and waiting for them would put one more round trip in line.
 */
export function prefetchMe(queryClient: QueryClient) {
  void queryClient.prefetchQuery(meQuery);
}
