// The group's next open rides on its page (docs/product.md#grupos): its members also see the
// 'Solo el grupo' ones, anyone else only the 'Abierta' ones (the API decides); the usual ride
// cards, or a line saying it has none.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { GROUP_RIDES_TEXT as TEXT } from "../../domain/texts/groups-publish.ts";
import { LoadFailed } from "../components/feedback.tsx";
import { call, client, pathParams } from "../lib/api.ts";
import { RideCard, RideCardSkeleton } from "../rides/ride-card.tsx";
import { GROUPS_KEY } from "./queries.ts";

/** Keyed by whether she is a member: joining or leaving changes which rides she may see. */
export const groupRidesQuery = (slug: string, member: boolean) =>
  queryOptions({
    queryKey: [...GROUPS_KEY, "rides", slug, member],
    queryFn: () => call(client.groups[":slug"].rides.$get({ param: pathParams({ slug }) })),
  });

export function GroupRides({ slug, member }: { slug: string; member: boolean }) {
  const rides = useQuery(groupRidesQuery(slug, member));
  return (
    <section className="flex flex-col gap-3" aria-labelledby="proximas-salidas">
      <h2 id="proximas-salidas" className="text-lg font-extrabold">
        {TEXT.title}
      </h2>
      {rides.isPending ? (
        <RideCardSkeleton />
      ) : !rides.data ? (
        <LoadFailed error={rides.error} onRetry={() => rides.refetch()}>
          <p className="font-bold">{TEXT.loadFailed}</p>
        </LoadFailed>
      ) : rides.data.rides.length === 0 ? (
        <p className="text-ink-soft">{TEXT.empty}</p>
      ) : (
        rides.data.rides.map((ride) => <RideCard key={ride.id} ride={ride} />)
      )}
    </section>
  );
}
