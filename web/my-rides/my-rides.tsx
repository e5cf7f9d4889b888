import * as Tabs from "@radix-ui/react-tabs";
import clsx from "clsx";
import { ChevronDown } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import type { MyRidesCounts, MyRidesTab } from "../../domain/api/rides.ts";
import { MSG } from "../../domain/messages.ts";
import { ButtonLink } from "../components/button.tsx";
import { EmptyState, PageHeader } from "../components/feedback.tsx";
import { useMyRides } from "../rides/queries.ts";
import { RideList } from "../rides/ride-list.tsx";

/** ' (3)' after a tab's name; nothing while the count is unknown (loading, offline), not ' (0)'. */
function tabCount(count: number | undefined): string {
  return count === undefined ? "" : ` (${count})`;
}

/** /app/my-rides, 'Mis salidas' (spec 02 §2 "My Rides"). */
export default function MyRidesScreen() {
  const [searchParams] = useSearchParams();
  const wantsCancelled = searchParams.get("showCancelled") === "true";
  const upcoming = useMyRides("upcoming");
  const past = useMyRides("past");
  const counts: MyRidesCounts | undefined =
    upcoming.data?.pages[0]?.counts ?? past.data?.pages[0]?.counts;
  const [tab, setTab] = useState<"upcoming" | "past">("upcoming");
  const [cancelledOpen, setCancelledOpen] = useState(false);

  // ?showCancelled=true shows Ya rodadas with Canceladas open, once the counts say there is
  // something in it (spec 02 §2); with nothing cancelled she stays on En marcha. Once per visit
  // of the address: a refetch (focus, a socket event) must not take her back from a tab she chose.
  const { key: visit } = useLocation();
  const [shownForVisit, setShownForVisit] = useState<string | null>(null);
  useEffect(() => {
    if (wantsCancelled && counts && counts.cancelled > 0 && shownForVisit !== visit) {
      setShownForVisit(visit);
      setTab("past");
      setCancelledOpen(true);
    }
  }, [wantsCancelled, counts, shownForVisit, visit]);

  const tabClass =
    "min-h-11 flex-1 rounded-full px-3 py-2 font-bold text-ink-soft data-[state=active]:bg-primary data-[state=active]:text-white";

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Mis salidas" />
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as "upcoming" | "past")}>
        <Tabs.List
          aria-label="Mis salidas"
          className="flex gap-1 rounded-full border border-line bg-surface p-1"
        >
          <Tabs.Trigger value="upcoming" className={tabClass}>
            En marcha{tabCount(counts?.upcoming)}
          </Tabs.Trigger>
          <Tabs.Trigger value="past" className={tabClass}>
            Ya rodadas{tabCount(counts?.past)}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="upcoming" className="mt-4 flex flex-col gap-4">
          <RideList
            query={upcoming}
            error={<p>{MSG.upcomingLoadFailed}</p>}
            empty={
              <EmptyState action={<ButtonLink to="/app/search">Explorar salidas</ButtonLink>}>
                <p className="font-bold">Aquí aparecerán tus próximas rutas.</p>
                <p>¿Y si hoy te unes a una nueva grupeta?</p>
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
                <p>Todavía no has rodado con ninguna grupeta</p>
              </EmptyState>
            }
          />
          {counts && counts.cancelled > 0 ? (
            <section className="flex flex-col gap-3">
              <button
                type="button"
                aria-expanded={cancelledOpen}
                aria-controls="canceladas"
                onClick={() => setCancelledOpen((open) => !open)}
                className="flex min-h-12 items-center justify-between rounded-2xl border border-line bg-surface px-4 font-bold"
              >
                Canceladas ({counts.cancelled})
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

/** Loaded on first open only (spec: "loaded lazily"). */
function CancelledList() {
  const cancelled = useMyRides("cancelled");
  return (
    <RideList
      query={cancelled}
      error={<p>{MSG.myRidesLoadFailed}</p>}
      empty={
        <EmptyState>
          <p>No tienes salidas canceladas.</p>
        </EmptyState>
      }
    />
  );
}

export type { MyRidesTab };
