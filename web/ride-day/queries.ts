// The ride day's queries and writes (docs/product.md#check-in-and-arrivals). Hooks, invalidations and the
// chat's socket (a "ride-day" frame) all take the key from here.
import { queryOptions } from "@tanstack/react-query";
import { call, client, pathParams } from "../lib/api.ts";

export const rideDayKeys = {
  state: (rideId: string) => ["ride-day", rideId] as const,
};

const rideDay = () => client.rides[":id"]["ride-day"];

/** What she may see of the ride day: her own state, arrivals, check-ins if she organizes. */
export function rideDayQuery(rideId: string) {
  return queryOptions({
    queryKey: rideDayKeys.state(rideId),
    queryFn: () => call(rideDay().$get({ param: pathParams({ id: rideId }) })),
    // Its windows open and close with the clock: look again now and then.
    refetchInterval: 60_000,
  });
}

export function checkIn(rideId: string) {
  return call(rideDay()["check-in"].$post({ param: pathParams({ id: rideId }) }));
}

export function markArrived(rideId: string) {
  return call(rideDay().arrived.$post({ param: pathParams({ id: rideId }) }));
}

/** 'Deshacer' right after 'He llegado a casa' (the API takes it for a few seconds). */
export function undoArrival(rideId: string) {
  return call(rideDay().arrived.$delete({ param: pathParams({ id: rideId }) }));
}

export function setSafetyTimer(rideId: string, on: boolean) {
  return call(rideDay().timer.$put({ param: pathParams({ id: rideId }), json: { on } }));
}

export function callMissing(rideId: string) {
  return call(rideDay()["call-missing"].$post({ param: pathParams({ id: rideId }) }));
}
