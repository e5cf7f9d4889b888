// The forecast at a ride's start (docs/product.md#weather-at-the-start): its own request, apart from
// the ride's detail, so the page never waits for the weather. A failure is no forecast.
import { useMutation, useQuery } from "@tanstack/react-query";
import { call, client, pathParams } from "../lib/api.ts";
import { RIDES_KEY } from "../rides/queries.ts";

export function useRideWeather(rideId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...RIDES_KEY, "weather", rideId],
    queryFn: () => call(client.rides[":id"].weather.$get({ param: pathParams({ id: rideId }) })),
    enabled,
    retry: false,
    staleTime: 10 * 60_000,
  });
}

export const useStillOn = () =>
  useMutation({
    mutationFn: (id: string) =>
      call(client.rides[":id"]["still-on"].$post({ param: pathParams({ id }) })),
  });
