// Data hooks of the rides screens. Every key starts with "rides" so one invalidation after a
// join, leave, cancel, edit or delete refreshes the feed, search, detail and My Rides together.
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  JoinRideResponse,
  JoinWaitingListResponse,
  MyRidesResponse,
  MyRidesTab,
  RideCitiesResponse,
  RideDetailResponse,
  RideListResponse,
  RideRouteResponse,
} from "../../domain/api/rides.ts";
import { api, query } from "../lib/api.ts";

export const RIDES_KEY = ["rides"] as const;

export function useRideList(apiQuery: Record<string, string>, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...RIDES_KEY, "list", apiQuery],
    queryFn: ({ pageParam }) =>
      api.get<RideListResponse>(`/rides${query({ ...apiQuery, page: pageParam })}`),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled,
  });
}

export function myRidesQuery(tab: MyRidesTab) {
  return infiniteQueryOptions({
    queryKey: [...RIDES_KEY, "mine", tab],
    queryFn: ({ pageParam }) =>
      api.get<MyRidesResponse>(`/my-rides${query({ tab, page: pageParam })}`),
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
    queryFn: () => api.get<RideDetailResponse>(`/rides/${encodeURIComponent(id ?? "")}`),
    enabled: Boolean(id),
  });
}

export function useRideRoute(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...RIDES_KEY, "route", id],
    queryFn: () => api.get<RideRouteResponse>(`/rides/${encodeURIComponent(id)}/route`),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useRideCities(q: string) {
  return useQuery({
    queryKey: [...RIDES_KEY, "cities", q],
    queryFn: () => api.get<RideCitiesResponse>(`/rides/cities${query({ q })}`),
    staleTime: 5 * 60_000,
    placeholderData: (previous) => previous,
  });
}

function useRidesMutation<T, V>(fn: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: RIDES_KEY }),
  });
}

export const useJoinRide = () =>
  useRidesMutation((id: string) =>
    api.post<JoinRideResponse>(`/rides/${encodeURIComponent(id)}/join`),
  );

export const useLeaveRide = () =>
  useRidesMutation((id: string) => api.post(`/rides/${encodeURIComponent(id)}/leave`));

export const useCancelRide = () =>
  useRidesMutation((vars: { id: string; reason: string | null }) =>
    api.post<RideDetailResponse>(`/rides/${encodeURIComponent(vars.id)}/cancel`, {
      reason: vars.reason,
    }),
  );

export const useDeleteRide = () =>
  useRidesMutation((id: string) => api.delete(`/rides/${encodeURIComponent(id)}`));

/** A full ride's waiting list (DESIGN.md decision 23): her place at the end of it. */
export const useJoinWaitingList = () =>
  useRidesMutation((id: string) =>
    api.post<JoinWaitingListResponse>(`/rides/${encodeURIComponent(id)}/waiting-list`),
  );

export const useLeaveWaitingList = () =>
  useRidesMutation((id: string) => api.delete(`/rides/${encodeURIComponent(id)}/waiting-list`));
