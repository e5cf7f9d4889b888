import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MeResponse } from "../../domain/api-types.ts";
import { api } from "../lib/api.ts";

export const ME_KEY = ["me"] as const;

export const meQuery = queryOptions({
  queryKey: ME_KEY,
  queryFn: () => api.get<MeResponse>("/me"),
  staleTime: 60_000,
});

/** The signed-in user (or null), her profile state and the server's sign-up settings. */
export function useMe() {
  return useQuery(meQuery);
}
