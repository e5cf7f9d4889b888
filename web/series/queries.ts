// Data hooks of regular grupetas (docs/product.md#regular-grupetas): the series' next dates on the
// ride page, "Apuntarme a las próximas" and "Dejar la serie". Keys start with "rides": a join,
// leave, edit or cancel anywhere refreshes them with the rest of the rides screens.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "../lib/api.ts";
import { RIDES_KEY } from "../ride-core/queries.ts";

export function useSeriesDates(rideId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...RIDES_KEY, "series", rideId],
    queryFn: () => call(client.rides[":id"].series.$get({ param: pathParams({ id: rideId }) })),
    enabled,
  });
}

function useSeriesMutation<T>(fn: (rideId: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RIDES_KEY }),
  });
}

export const useJoinSeries = () =>
  useSeriesMutation((id: string) =>
    call(client.rides[":id"].series.join.$post({ param: pathParams({ id }) })),
  );

export const useLeaveSeries = () =>
  useSeriesMutation((id: string) =>
    call(client.rides[":id"].series.leave.$post({ param: pathParams({ id }) })),
  );
