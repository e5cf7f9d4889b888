// 'Grupos' in the search (docs/product.md#grupos): groups by text, city, modality and level, the
// API's order (city, then size) a page at a time; 'Cerca de mí' is her profile's city. The
// filters live in the address beside the tab.
import { useEffect, useState } from "react";
import { LEVEL_LABELS, LEVELS, MODALITIES, MODALITY_LABELS } from "../../domain/constants.ts";
import { GROUP_SEARCH_TEXT as TEXT } from "../../domain/texts/groups.ts";
import { SEARCH_TEXT } from "../../domain/texts/rides-search.ts";
import { Button, ButtonLink } from "../components/button.tsx";
import { ToggleChip } from "../components/chip.tsx";
import { EmptyState, LoadFailed, PageHeader, Skeleton } from "../components/feedback.tsx";
import { CityFilterField, FilterChips } from "../components/filter-fields.tsx";
import { GroupCard } from "../group-core/group-card.tsx";
import { type GroupSearchQuery, useGroupSearch } from "../group-core/queries.ts";
import { useOwnSearchParams } from "../lib/screen-address.ts";
import { SearchTextBox } from "../rides/search-filters.tsx";
import { useDebounced } from "../rides/use-ride-search.ts";
import { useMe } from "../session/use-me.ts";

const TEXT_DEBOUNCE_MS = 300;
/** The address's names of the filters (the tab's own 'ver' stays). */
const PARAMS = { q: "q", city: "ciudad", m: "m", level: "nivel" } as const;

function useGroupFilters() {
  const [searchParams, setSearchParams] = useOwnSearchParams();
  const filters: GroupSearchQuery = {
    q: searchParams.get(PARAMS.q) ?? "",
    city: searchParams.get(PARAMS.city) ?? "",
    m: searchParams.get(PARAMS.m) ?? "",
    level: searchParams.get(PARAMS.level) ?? "",
  };
  const write = (next: GroupSearchQuery) => {
    const params = new URLSearchParams(searchParams);
    for (const key of Object.keys(PARAMS) as (keyof GroupSearchQuery)[]) {
      if (next[key]) params.set(PARAMS[key], next[key]);
      else params.delete(PARAMS[key]);
    }
    setSearchParams(params, { replace: true });
  };
  return { filters, write };
}

export default function GroupSearch({ tabs }: { tabs: React.ReactNode }) {
  const { filters, write } = useGroupFilters();
  const myCity = useMe().data?.user?.city ?? "";
  const [text, setText] = useState(filters.q);
  const debounced = useDebounced(text, TEXT_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the debounced text only
  useEffect(() => {
    if (debounced.trim() !== filters.q) write({ ...filters, q: debounced.trim() });
  }, [debounced]);
  const [cityText, setCityText] = useState(filters.city);
  useEffect(() => setCityText(filters.city), [filters.city]);
  const near = myCity !== "" && filters.city === myCity;
  const list = useGroupSearch(filters);
  const found = list.data?.pages.flatMap((page) => page.groups) ?? [];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={TEXT.title} />
      {tabs}
      <SearchTextBox
        text={text}
        onChange={setText}
        label={TEXT.search}
        placeholder={TEXT.placeholder}
      />
      {/* One choice or none: a second tap on the chosen chip clears it. */}
      <FilterChips
        legend={SEARCH_TEXT.modality}
        options={MODALITIES}
        labels={MODALITY_LABELS}
        chosen={[filters.m]}
        onTap={(m) => write({ ...filters, m: filters.m === m ? "" : m })}
      />
      <FilterChips
        legend={SEARCH_TEXT.level}
        options={LEVELS}
        labels={LEVEL_LABELS}
        chosen={[filters.level]}
        onTap={(level) => write({ ...filters, level: filters.level === level ? "" : level })}
      />
      <CityFilterField
        label={TEXT.city}
        text={cityText}
        setText={setCityText}
        applied={filters.city}
        apply={(city) => write({ ...filters, city })}
      >
        {myCity ? (
          <ToggleChip
            className="self-start"
            pressed={near}
            onClick={() => write({ ...filters, city: near ? "" : myCity })}
          >
            {TEXT.near}
          </ToggleChip>
        ) : (
          <p className="text-sm text-ink-soft">{TEXT.nearUnknown}</p>
        )}
        {near ? <p className="text-sm text-ink-soft">{TEXT.nearCity(myCity)}</p> : null}
      </CityFilterField>

      <h2 id="grupos-resultados" className="text-sm font-bold uppercase text-ink-soft">
        {TEXT.results}
      </h2>
      <section
        aria-labelledby="grupos-resultados"
        aria-busy={list.isPending}
        className="flex flex-col gap-3"
      >
        {list.isPending ? (
          <div role="status" aria-label={TEXT.loading} className="flex flex-col gap-3">
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        ) : !list.data ? (
          <LoadFailed error={list.error} onRetry={() => list.refetch()}>
            <p className="font-bold">{TEXT.loadFailed}</p>
          </LoadFailed>
        ) : found.length === 0 ? (
          <EmptyState
            action={
              <ButtonLink to="/app/grupos/nuevo" variant="secondary">
                {TEXT.create}
              </ButtonLink>
            }
          >
            <p>{TEXT.empty}</p>
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {found.map((group) => (
              <li key={group.id}>
                <GroupCard group={group} />
              </li>
            ))}
          </ul>
        )}
        {list.isFetchNextPageError ? (
          <p role="alert" className="text-center text-ink-soft">
            {TEXT.loadFailed}
          </p>
        ) : null}
        {list.hasNextPage ? (
          <Button
            variant="secondary"
            disabled={list.isFetchingNextPage}
            onClick={() => list.fetchNextPage()}
          >
            {TEXT.more}
          </Button>
        ) : null}
      </section>
    </div>
  );
}
