// /app/search: 'Salidas' (the rides' search) or 'Grupos' (docs/product.md#grupos), the tab in the
// address (?ver=grupos) so going back lands on the same one. The groups' code loads when she
// first opens their tab.
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useState } from "react";
import { SEARCH_TABS_TEXT as TEXT } from "../../domain/texts/rides-search.ts";
import { Skeleton } from "../components/feedback.tsx";
import { useOwnSearchParams } from "../lib/screen-address.ts";
import RideSearch from "../rides/search.tsx";

const GroupSearch = lazy(() => import("./group-search.tsx"));

export const TAB_PARAM = "ver";
export const GROUPS_TAB = "grupos";
type Tab = "rides" | "groups";

export default function SearchScreen() {
  const [searchParams, setSearchParams] = useOwnSearchParams();
  const tab: Tab = searchParams.get(TAB_PARAM) === GROUPS_TAB ? "groups" : "rides";
  // The tabs are drawn anew with the other panel: a choice made by keys puts focus back on them.
  const [byKeys, setByKeys] = useState(false);
  // Each tab keeps its own filters: changing tab starts the other one from its defaults.
  const choose = (next: Tab, keys: boolean) => {
    setByKeys(keys);
    if (next !== tab) setSearchParams(next === "groups" ? { [TAB_PARAM]: GROUPS_TAB } : {});
  };
  const tabs = <SearchTabs tab={tab} focus={byKeys} onChoose={choose} />;
  if (tab === "rides") return <RideSearch tabs={tabs} />;
  return (
    <Suspense fallback={<Skeleton className="h-40" />}>
      <GroupSearch tabs={tabs} />
    </Suspense>
  );
}

/** The two tabs as a tablist: arrows move between them, as screen readers announce. */
function SearchTabs({
  tab,
  focus,
  onChoose,
}: {
  tab: Tab;
  focus: boolean;
  onChoose: (tab: Tab, byKeys: boolean) => void;
}) {
  const id = useId();
  useEffect(() => {
    if (focus) document.getElementById(`${id}-${tab}`)?.focus();
  }, [focus, id, tab]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const other: Tab = tab === "rides" ? "groups" : "rides";
    const next: Tab = event.key === "Home" ? "rides" : event.key === "End" ? "groups" : other;
    onChoose(next, true);
  };
  const item = (value: Tab, label: string) => (
    <button
      id={`${id}-${value}`}
      type="button"
      role="tab"
      aria-selected={tab === value}
      tabIndex={tab === value ? 0 : -1}
      onClick={() => onChoose(value, false)}
      onKeyDown={onKeyDown}
      className={`min-h-11 flex-1 rounded-full px-4 text-sm font-bold ${
        tab === value ? "bg-primary text-white" : "text-ink"
      }`}
    >
      {label}
    </button>
  );
  return (
    <div
      role="tablist"
      aria-label={TEXT.label}
      className="flex gap-1 rounded-full border border-line bg-surface p-1"
    >
      {item("rides", TEXT.rides)}
      {item("groups", TEXT.groups)}
    </div>
  );
}
