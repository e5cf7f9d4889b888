// The connections' queries: rides still waiting for 'He rodado con ella' (the feed, the badges)
// and one ride's card. Hooks, prefetches and invalidations all take keys from here.
import { queryOptions } from "@tanstack/react-query";
import type { PaceAnswer } from "../../domain/constants.ts";
import { call, client, pathParams } from "../lib/api.ts";

export const connectionKeys = {
  pending: ["connections", "pending"] as const,
  ride: (rideId: string) => ["ride-connections", rideId] as const,
};

export const pendingConnectionsQuery = queryOptions({
  queryKey: connectionKeys.pending,
  queryFn: () => call(client.connections.pending.$get()),
  staleTime: 60_000,
});

/** Whom she may say she rode with on this ride, and whether the two questions are still open. */
export function rideConnectionsQuery(rideId: string) {
  return queryOptions({
    queryKey: connectionKeys.ride(rideId),
    queryFn: () =>
      call(client.rides[":id"].connections.$get({ param: pathParams({ id: rideId }) })),
  });
}

export function saveConnections(rideId: string, otherUserIds: string[]) {
  return call(
    client.rides[":id"].connections.$post({
      param: pathParams({ id: rideId }),
      json: { otherUserIds },
    }),
  );
}

export function saveLevelAnswers(
  rideId: string,
  answers: { pace: PaceAnswer | null; waitedForAll: boolean | null },
) {
  return call(
    client.rides[":id"]["level-answers"].$post({
      param: pathParams({ id: rideId }),
      json: answers,
    }),
  );
}
