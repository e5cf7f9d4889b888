import * as Tabs from "@radix-ui/react-tabs";
import clsx from "clsx";
import { ChevronDown } from "lucide-react";
import type { MyRidesCounts, MyRidesTab, RideSummary } from "../../domain/api/rides.ts";
import { MSG } from "../../domain/messages.ts";
import { MY_RIDES_TEXT as TEXT } from "../../domain/texts/my-rides.ts";
import { ButtonLink } from "../components/button.tsx";
import { EmptyState, PageHeader } from "../components/feedback.tsx";
import { useOwnSearchParams } from "../lib/screen-address.ts";
import { useMyRides } from "../ride-core/queries.ts";
import { RideCard } from "../rides/ride-card.tsx";
import { RideList } from "../rides/ride-list.tsx";

interface MyRidesView {
  tab: "upcoming" | "past";
  cancelledOpen: boolean;
}

/** ' (3)' after a tab's name; nothing while the count is unknown (loading, offline), not ' (0)'. */
function tabCount(count: number | undefined): string {
  return count === undefined ? "" : ` (${count})`;
}

/** /app/my-rides, 'Mis salidas' (docs/product.md#my-rides). */
export default function MyRidesScreen() {
  const [searchParams, setSearchParams] = useOwnSearchParams();
  const upcoming = useMyRides("upcoming");
  const past = useMyRides("past");
  const counts: MyRidesCounts | undefined =
    upcoming.data?.pages[0]?.counts ?? past.data?.pages[0]?.counts;

  // Her tab and the Canceladas section live in the address (?tab=past&cancelled=open), so coming
  // back here (Volver, the browser's back) finds them as she left them. ?showCancelled=true shows
  // Ya rodadas with Canceladas open once the counts say there is something in it
  // (docs/product.md#my-rides); with nothing cancelled she stays on En marcha. Her first choice
  // replaces it, so a refetch (focus, a socket event) never takes her back from a tab she chose.
  const showCancelled =
    searchParams.get("showCancelled") === "true" && counts !== undefined && counts.cancelled > 0;
  const tab: MyRidesView["tab"] =
    searchParams.get("tab") === "past" || showCancelled ? "past" : "upcoming";
  const cancelledOpen = searchParams.get("cancelled") === "open" || showCancelled;

  function choose(view: MyRidesView) {
    const next = new URLSearchParams();
    if (view.tab === "past") next.set("tab", "past");
    if (view.cancelledOpen) next.set("cancelled", "open");
    setSearchParams(next, { replace: true });
  }

  const tabClass =
    "min-h-11 flex-1 rounded-full px-3 py-2 font-bold text-ink-soft data-[state=active]:bg-primary data-[state=active]:text-white";

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={TEXT.title} />
      <Tabs.Root
        value={tab}
        onValueChange={(v) => choose({ tab: v as MyRidesView["tab"], cancelledOpen })}
      >
        <Tabs.List
          aria-label={TEXT.title}
          className="flex gap-1 rounded-full border border-line bg-surface p-1"
        >
          <Tabs.Trigger value="upcoming" className={tabClass}>
            {TEXT.upcoming}
            {tabCount(counts?.upcoming)}
          </Tabs.Trigger>
          <Tabs.Trigger value="past" className={tabClass}>
            {TEXT.past}
            {tabCount(counts?.past)}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="upcoming" className="mt-4 flex flex-col gap-4">
          <AwaitingRides rides={upcoming.data?.pages[0]?.awaiting ?? []} />
          <RideList
            query={upcoming}
            error={<p>{MSG.upcomingLoadFailed}</p>}
            empty={
              <EmptyState action={<ButtonLink to="/app/search">{TEXT.explore}</ButtonLink>}>
                <p className="font-bold">{TEXT.upcomingEmpty}</p>
                <p>{TEXT.upcomingEmptyHint}</p>
              </EmptyState>
            }
          />
        </Tabs.Content>
        <Tabs.Content value="past" className="mt-4 flex flex-col gap-4">
          <RideList
            query={past}
            error={<p>{MSG.pastLoadFailed}</p>}
            empty={
              <EmptyState>
                <p>{TEXT.pastEmpty}</p>
              </EmptyState>
            }
          />
          {counts && counts.cancelled > 0 ? (
            <section className="flex flex-col gap-3">
              <button
                type="button"
                aria-expanded={cancelledOpen}
                aria-controls="canceladas"
                onClick={() => choose({ tab, cancelledOpen: !cancelledOpen })}
                className="flex min-h-12 items-center justify-between rounded-2xl border border-line bg-surface px-4 font-bold"
              >
                {TEXT.cancelled(counts.cancelled)}
                <ChevronDown
                  aria-hidden="true"
                  className={clsx("transition-transform", cancelledOpen && "rotate-180")}
                />
              </button>
              {cancelledOpen ? (
                <div id="canceladas" className="flex flex-col gap-4">
                  <CancelledList />
                </div>
              ) : null}
            </section>
          ) : null}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

/**
 * 'A la espera de plaza': the rides she asked to join or is on the waiting list of, each card
 * saying which ('Solicitud enviada', her place in the list) with its own way to withdraw.
 * Nothing when there are none.
 */
function AwaitingRides({ rides }: { rides: RideSummary[] }) {
  if (rides.length === 0) return null;
  return (
    <section aria-labelledby="a-la-espera" className="flex flex-col gap-4">
      <h2 id="a-la-espera" className="text-lg font-extrabold">
        {TEXT.awaiting(rides.length)}
      </h2>
      {rides.map((ride) => (
        <RideCard key={ride.id} ride={ride} />
      ))}
    </section>
  );
}

/** Loaded on first open only (spec: "loaded lazily"). */
function CancelledList() {
  const cancelled = useMyRides("cancelled");
  return (
    <RideList
      query={cancelled}
      error={<p>{MSG.myRidesLoadFailed}</p>}
      empty={
        <EmptyState>
          <p>{TEXT.cancelledEmpty}</p>
        </EmptyState>
      }
    />
  );
}

export type { MyRidesTab };
