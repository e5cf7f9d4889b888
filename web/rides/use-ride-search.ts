// The search screen's state (search.tsx): the filters live in the address
// (docs/product.md#search-and-filters), with her own city and modalities on a first visit, the text
// box debounced into it, the city box's suggestions, the 'Cerca de mí' order
// (docs/product.md#meeting-pin-and-near-me) and the list the address asks for.
import { useEffect, useMemo, useRef, useState } from "react";
import { toIsoDate } from "../../domain/dates.ts";
import {
  defaultFilters,
  filtersFromSearchParams,
  filtersToApiQuery,
  filtersToSearchParams,
  type RideFilters,
} from "../../domain/filters.ts";
import { positionParam } from "../../domain/near.ts";
import { NEAR_ORDER_TEXT } from "../../domain/texts/rides-search.ts";
import { useOwnSearchParams } from "../lib/screen-address.ts";
import { toast } from "../lib/toast.ts";
import { useRideCities, useRideList } from "../ride-core/queries.ts";
import { useMe } from "../session/use-me.ts";
import { NEAR_ORDER_PARAM, NEAR_ORDER_VALUE } from "./near-order.tsx";
import { useNearPosition } from "./use-near-position.ts";

const TEXT_DEBOUNCE_MS = 300;

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function useRideSearch() {
  const [searchParams, setSearchParams] = useOwnSearchParams();
  const me = useMe().data?.user;
  const today = new Date();
  const todayIso = toIsoDate(today);
  const filters = filtersFromSearchParams(searchParams, todayIso);

  // 'Cerca de mí' (docs/product.md#meeting-pin-and-near-me) is an order, kept in the address as
  // orden=cerca; her position never goes there (memory only).
  const nearOrder = searchParams.get(NEAR_ORDER_PARAM) === NEAR_ORDER_VALUE;
  const near = useNearPosition(nearOrder, me?.city);

  function write(next: RideFilters, order: "near" | "date" = nearOrder ? "near" : "date") {
    const params = filtersToSearchParams(next, todayIso);
    setSearchParams(
      order === "near" ? { ...params, [NEAR_ORDER_PARAM]: NEAR_ORDER_VALUE } : params,
      {
        replace: true,
      },
    );
  }

  // Neither her position nor a city to measure from: back to the order by date, saying why.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the position's outcome only
  useEffect(() => {
    if (near.status !== "unknown") return;
    toast.error(NEAR_ORDER_TEXT.unknown);
    write(filters, "date");
  }, [near.status]);

  // First visit without filters: default to her own city and modalities
  // (docs/product.md#search-and-filters).
  const defaultsApplied = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when her profile is known
  useEffect(() => {
    if (defaultsApplied.current || !me) return;
    defaultsApplied.current = true;
    if (searchParams.toString() !== "") return;
    write({
      ...defaultFilters(todayIso),
      city: me.city ?? "",
      modalities: me.modalities,
    });
  }, [me]);

  // The text box updates the address (and the query) after a short pause.
  const [text, setText] = useState(filters.q);
  const debouncedText = useDebounced(text, TEXT_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the debounced text only
  useEffect(() => {
    if (debouncedText !== filters.q) write({ ...filters, q: debouncedText });
  }, [debouncedText]);

  const [cityText, setCityText] = useState(filters.city);
  useEffect(() => setCityText(filters.city), [filters.city]);
  const cities = useRideCities(cityText.trim());

  // The API query changes only with the address.
  const address = searchParams.toString();
  // Her rounded position travels in a header (queries.ts), never in a URL.
  const nearPosition = near.status === "ready" ? positionParam(near.origin.position) : null;
  const apiQuery = useMemo(
    () => filtersToApiQuery(filtersFromSearchParams(new URLSearchParams(address), todayIso)),
    [address, todayIso],
  );
  // In the 'Cerca de mí' order the list waits for where to measure from.
  const list = useRideList(
    apiQuery,
    nearPosition,
    Boolean(me) && (!nearOrder || nearPosition !== null),
  );

  return {
    filters,
    write,
    today,
    todayIso,
    nearOrder,
    near,
    text,
    setText,
    cityText,
    setCityText,
    cities,
    list,
  };
}
