import { type ReactNode, useState } from "react";
import { defaultFilters } from "../../domain/filters.ts";
import { MSG } from "../../domain/messages.ts";
import { NEAR_ORDER_TEXT, SEARCH_TEXT as TEXT } from "../../domain/texts/rides-search.ts";
import { Button, ButtonLink } from "../components/button.tsx";
import { EmptyState, PageHeader } from "../components/feedback.tsx";
import { NearOrderChoice } from "./near-order.tsx";
import { RideList } from "./ride-list.tsx";
import { CityFilter, DateFilter, ModalityLevelChips, SearchTextBox } from "./search-filters.tsx";
import { useRideSearch } from "./use-ride-search.ts";

/**
 * /app/search: published rides with filters kept in the address
 * (docs/product.md#search-and-filters). `tabs` is the search's 'Salidas' / 'Grupos' choice.
 */
export default function SearchScreen({ tabs }: { tabs?: ReactNode }) {
  const search = useRideSearch();
  const { filters, write, nearOrder, list } = search;
  const [calendarOpen, setCalendarOpen] = useState(false);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={TEXT.title} />
      {tabs}
      <SearchTextBox text={search.text} onChange={search.setText} />
      <ModalityLevelChips filters={filters} write={write} />
      <DateFilter
        filters={filters}
        write={write}
        today={search.today}
        calendarOpen={calendarOpen}
        setCalendarOpen={setCalendarOpen}
      />
      <CityFilter
        filters={filters}
        write={write}
        cityText={search.cityText}
        setCityText={search.setCityText}
        cities={search.cities.data?.cities}
      />

      <Button
        variant="ghost"
        className="self-start"
        onClick={() => {
          search.setText("");
          search.setCityText("");
          setCalendarOpen(false);
          write(defaultFilters(search.todayIso), "date");
        }}
      >
        {TEXT.reset}
      </Button>

      <NearOrderChoice
        nearOrder={nearOrder}
        near={search.near}
        // Near her replaces "where she rides": the city filter would leave out the next town.
        onChange={(order) => write(order === "near" ? { ...filters, city: "" } : filters, order)}
      />

      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        <h2 id="resultados" className="text-sm font-bold uppercase tracking-wide text-ink-soft">
          {TEXT.results}
        </h2>
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
      </div>

      <section
        aria-labelledby="resultados"
        aria-busy={list.isPending}
        className="flex flex-col gap-4"
      >
        <RideList
          query={list}
          error={
            <>
              <p className="font-bold">{MSG.errorTitle}</p>
              <p>{MSG.feedLoadFailed}</p>
            </>
          }
          empty={
            nearOrder ? (
              <EmptyState>
                <p>{NEAR_ORDER_TEXT.empty}</p>
              </EmptyState>
            ) : (
              <EmptyState
                action={
                  <ButtonLink to="/app/create" variant="secondary">
                    {TEXT.create}
                  </ButtonLink>
                }
              >
                <p>{TEXT.empty}</p>
              </EmptyState>
            )
          }
        />
      </section>
    </div>
  );
}
