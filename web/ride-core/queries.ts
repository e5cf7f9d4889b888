// Data hooks of the rides screens. Every key starts with "rides" so one invalidation after a
// join, leave, cancel, edit or delete refreshes the feed, search, detail and My Rides together.
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { MyRidesTab } from "../../domain/api/rides.ts";
import { NEAR_HEADER } from "../../domain/near.ts";
import { call, client, pathParams } from "../lib/api.ts";

export const RIDES_KEY = ["rides"] as const;

/**
 * The listing (feed and search). `near` is her rounded position for 'Cerca de mí', sent in the
 * X-Near header, never in the address the server logs (docs/decisions/0034-nothing-secret-in-a-logged-url.md).
 */
export function useRideList(apiQuery: Record<string, string>, near: string | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...RIDES_KEY, "list", apiQuery, near],
    queryFn: ({ pageParam }) =>
      call(
        client.rides.$get({
          query: { ...apiQuery, page: String(pageParam) },
          header: near ? { [NEAR_HEADER]: near } : {},
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled,
  });
}

export function myRidesQuery(tab: MyRidesTab) {
  return infiniteQueryOptions({
    queryKey: [...RIDES_KEY, "mine", tab],
    queryFn: ({ pageParam }) =>
      call(client["my-rides"].$get({ query: { tab, page: String(pageParam) } })),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

export function useMyRides(tab: MyRidesTab, enabled = true) {
  return useInfiniteQuery({ ...myRidesQuery(tab), enabled });
}

export function useRide(id: string | undefined) {
  return useQuery({
    queryKey: [...RIDES_KEY, "detail", id],
    queryFn: () => call(client.rides[":id"].$get({ param: pathParams({ id: id ?? "" }) })),
    enabled: Boolean(id),
  });
}

export function useRideRoute(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...RIDES_KEY, "route", id],
    queryFn: () => call(client.rides[":id"].route.$get({ param: pathParams({ id }) })),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useRideCities(q: string) {
  return useQuery({
    queryKey: [...RIDES_KEY, "cities", q],
    queryFn: () => call(client.rides.cities.$get({ query: { q } })),
    staleTime: 5 * 60_000,
    placeholderData: (previous) => previous,
  });
}

function useRidesMutation<T, V>(fn: (vars: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RIDES_KEY }),
  });
}

export const useJoinRide = () =>
  useRidesMutation((id: string) =>
    call(client.rides[":id"].join.$post({ param: pathParams({ id }) })),
  );

export const useLeaveRide = () =>
  useRidesMutation((id: string) =>
    call(client.rides[":id"].leave.$post({ param: pathParams({ id }) })),
  );

export const useCancelRide = () =>
  useRidesMutation((vars: { id: string; reason: string | null; scope?: "this" | "following" }) =>
    call(
      client.rides[":id"].cancel.$post({
        param: pathParams({ id: vars.id }),
        json: { reason: vars.reason, scope: vars.scope ?? "this" },
      }),
    ),
  );

export const useDeleteRide = () =>
  useRidesMutation((id: string) =>
    call(client.rides[":id"].$delete({ param: pathParams({ id }) })),
  );

/** A full ride's waiting list (docs/product.md#ride-waiting-list): her place at the end of it. */
export const useJoinWaitingList = () =>
  useRidesMutation((id: string) =>
    call(client.rides[":id"]["waiting-list"].$post({ param: pathParams({ id }) })),
  );

export const useLeaveWaitingList = () =>
  useRidesMutation((id: string) =>
    call(client.rides[":id"]["waiting-list"].$delete({ param: pathParams({ id }) })),
  );
