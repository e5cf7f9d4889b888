import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { RideSummary } from "../../domain/api/rides.ts";
import { MSG } from "../../domain/messages.ts";
import { RIDE_LIST_TEXT as TEXT } from "../../domain/texts/rides-card.ts";
import { Button } from "../components/button.tsx";
import { LoadFailed } from "../components/feedback.tsx";
import { RideCard, RideCardSkeleton } from "./ride-card.tsx";

type RidePages = UseInfiniteQueryResult<InfiniteData<{ rides: RideSummary[] }>>;

/**
 * A paged list of ride cards (search, My Rides): three skeletons while the first page loads, the
 * error ('Sin conexión' offline) with 'Reintentar' only when there is nothing to show (a failed
 * refetch or next page keeps the rides she is reading), the empty state, and 'Cargar más'.
 */
export function RideList({
  query,
  error,
  empty,
}: {
  query: RidePages;
  /** What a failed first load says. */
  error: ReactNode;
  empty: ReactNode;
}) {
  if (query.isPending) {
    return (
      <>
        <RideCardSkeleton />
        <RideCardSkeleton />
        <RideCardSkeleton />
      </>
    );
  }
  if (!query.data) {
    return (
      <LoadFailed error={query.error} onRetry={() => query.refetch()}>
        {error}
      </LoadFailed>
    );
  }
  const rides = query.data.pages.flatMap((p) => p.rides);
  if (rides.length === 0) return <>{empty}</>;
  return (
    <>
      {rides.map((ride) => (
        <RideCard key={ride.id} ride={ride} />
      ))}
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-center text-ink-soft">
          {MSG.feedLoadFailed}
        </p>
      ) : null}
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? TEXT.loading : TEXT.more}
        </Button>
      ) : null}
    </>
  );
}
