// The clock of the ride in her form. Apart from the rides' other queries: those load with the
// first screen (the start-up prefetch), and this one would bring every city's zone with them.
import { useQuery } from "@tanstack/react-query";
import { cityTimeZone } from "../../domain/cities.ts";
import type { MeetingPin } from "../../domain/schemas.ts";
import { call, client } from "../lib/api.ts";

/**
 * The clock the ride in her form will have: the server chooses it from the pin, else the city
 * (docs/decisions/0042-a-rides-zone-is-stored.md). Until it answers, or when it cannot, the
 * city's; the pin travels in the body, never in an address the server logs.
 */
export function useRideZone(pin: MeetingPin | null, city: string): string {
  const cityZone = cityTimeZone(city);
  const zone = useQuery({
    // Not under RIDES_KEY: a pin's clock does not change when rides do.
    queryKey: ["ride-zone", pin?.lat ?? null, pin?.lon ?? null, city],
    queryFn: () => call(client.rides.zone.$post({ json: { pin, city } })),
    // Without a pin the city decides, here as on the server.
    enabled: pin !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // While a moved pin's answer comes, the last one stays: the hint does not flicker.
    placeholderData: (previous) => previous,
  });
  return pin !== null && zone.data?.timeZone ? zone.data.timeZone : cityZone;
}
