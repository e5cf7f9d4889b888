// The forecast at a ride's start (docs/product.md#weather-at-the-start): its own request, apart from
// the ride's detail, so the page never waits for the weather. A failure is no forecast.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RideWeatherResponse } from "../../domain/weather.ts";
import { call, client, pathParams } from "../lib/api.ts";
import { RIDES_KEY } from "../ride-core/queries.ts";

const weatherKey = (rideId: string) => [...RIDES_KEY, "weather", rideId];

export function useRideWeather(rideId: string, enabled: boolean) {
  return useQuery({
    queryKey: weatherKey(rideId),
    queryFn: () => call(client.rides[":id"].weather.$get({ param: pathParams({ id: rideId }) })),
    enabled,
    retry: false,
    staleTime: 10 * 60_000,
  });
}

/** "Sigue en pie": said once per ride; the card then shows it said, here and on her next visit. */
export function useStillOn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(client.rides[":id"]["still-on"].$post({ param: pathParams({ id }) })),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<RideWeatherResponse>(weatherKey(id), (weather) =>
        weather ? { ...weather, stillOn: true } : weather,
      ),
  });
}
