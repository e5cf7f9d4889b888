import { Search as SearchIcon } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { type DateRange, DayPicker } from "react-day-picker";
import { es } from "react-day-picker/locale/es";
import "react-day-picker/style.css";
import { useSearchParams } from "react-router-dom";
import { LEVEL_LABELS, LEVELS, MODALITIES, MODALITY_LABELS } from "../../domain/constants.ts";
import { parseIsoDate, toIsoDate } from "../../domain/dates.ts";
import {
  type DateType,
  defaultFilters,
  filtersFromSearchParams,
  filtersToApiQuery,
  filtersToSearchParams,
  type RideFilters,
  selectDateType,
  setCustomRange,
} from "../../domain/filters.ts";
import { MSG } from "../../domain/messages.ts";
import { positionParam } from "../../domain/near.ts";
import { useMe } from "../auth/use-me.ts";
import { Button, ButtonLink } from "../components/button.tsx";
import { ToggleChip } from "../components/chip.tsx";
import { CityInput } from "../components/city-input.tsx";
import { EmptyState, PageHeader } from "../components/feedback.tsx";
import { inputClass } from "../components/field.tsx";
import { toast } from "../lib/toast.ts";
import { NEAR_ORDER_PARAM, NEAR_ORDER_VALUE, NearOrderChoice } from "./near-order.tsx";
import { useRideCities, useRideList } from "./queries.ts";
import { RideList } from "./ride-list.tsx";
import { useNearPosition } from "./use-near-position.ts";

const DATE_CHIPS: { type: DateType; label: string }[] = [
  { type: "today", label: "Hoy" },
  { type: "week", label: "Esta semana" },
  { type: "custom", label: "Personalizado" },
];

const TEXT_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Toggles a value in a list. */
function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** /app/search: published rides with filters kept in the address (spec 02 §2, §4). */
export default function SearchScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const me = useMe().data?.user;
  const today = new Date();
  const todayIso = toIsoDate(today);
  const filters = filtersFromSearchParams(searchParams, todayIso);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const searchId = useId();
  const cityId = useId();

  // 'Cerca de mí' (decision 25) is an order, kept in the address as orden=cerca; her position
  // never goes there (memory only).
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
    toast.error(MSG.nearUnknown);
    write(filters, "date");
  }, [near.status]);

  // First visit without filters: default to her own city and modalities (spec 02 §7).
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
  const nearParam = near.status === "ready" ? positionParam(near.origin.position) : null;
  const apiQuery = useMemo(() => {
    const query = filtersToApiQuery(
      filtersFromSearchParams(new URLSearchParams(address), todayIso),
    );
    return nearParam ? { ...query, near: nearParam } : query;
  }, [address, todayIso, nearParam]);
  // In the 'Cerca de mí' order the list waits for where to measure from.
  const list = useRideList(apiQuery, Boolean(me) && (!nearOrder || nearParam !== null));

  const range: DateRange | undefined =
    filters.dateType === "custom"
      ? {
          from: parseIsoDate(filters.from) ?? undefined,
          to: parseIsoDate(filters.to) ?? undefined,
        }
      : undefined;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Buscar salidas" />
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Buscar
        </label>
        <SearchIcon
          aria-hidden="true"
          size={20}
          className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-ink-soft"
        />
        <input
          id={searchId}
          type="search"
          className={`${inputClass} pl-10`}
          placeholder="Escribe ciudad, ruta o zona…"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
        />
      </div>

      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Modalidad</legend>
        {MODALITIES.map((m) => (
          <ToggleChip
            key={m}
            pressed={filters.modalities.includes(m)}
            onClick={() => write({ ...filters, modalities: toggle(filters.modalities, m) })}
          >
            {MODALITY_LABELS[m]}
          </ToggleChip>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Nivel</legend>
        {LEVELS.map((l) => (
          <ToggleChip
            key={l}
            pressed={filters.levels.includes(l)}
            onClick={() => write({ ...filters, levels: toggle(filters.levels, l) })}
          >
            {LEVEL_LABELS[l]}
          </ToggleChip>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Fecha</legend>
        {DATE_CHIPS.map(({ type, label }) => (
          <ToggleChip
            key={type}
            pressed={filters.dateType === type}
            onClick={() => {
              const next = selectDateType(filters, type, new Date());
              write(next);
              setCalendarOpen(next.dateType === "custom");
            }}
          >
            {label}
          </ToggleChip>
        ))}
      </fieldset>
      {calendarOpen && filters.dateType === "custom" ? (
        <div className="self-center rounded-3xl border border-line bg-surface p-2">
          <DayPicker
            mode="range"
            locale={es}
            weekStartsOn={1}
            selected={range}
            disabled={{ before: today }}
            onSelect={(selected) => {
              if (!selected?.from) return;
              const from = toIsoDate(selected.from);
              const to = selected.to ? toIsoDate(selected.to) : from;
              write(setCustomRange(filters, from, to));
              // The calendar closes once an end date different from the start is chosen.
              if (to !== from) setCalendarOpen(false);
            }}
          />
        </div>
      ) : null}

      <div className="flex flex-col gap-1.5">
        <label htmlFor={cityId} className="font-bold">
          Dónde ruedas
        </label>
        <div className="flex gap-2">
          <div className="flex-1">
            <CityInput
              id={cityId}
              value={cityText}
              limit={8}
              options={cities.data?.cities ?? []}
              onChange={(value) => {
                setCityText(value);
                // An exact suggestion or an emptied field applies at once.
                if (value === "" || cities.data?.cities.includes(value)) {
                  write({ ...filters, city: value });
                }
              }}
            />
          </div>
          <Button
            variant="secondary"
            onClick={() => write({ ...filters, city: cityText.trim() })}
            disabled={cityText.trim() === filters.city}
          >
            Aplicar
          </Button>
        </div>
      </div>

      <Button
        variant="ghost"
        className="self-start"
        onClick={() => {
          setText("");
          setCityText("");
          setCalendarOpen(false);
          write(defaultFilters(todayIso), "date");
        }}
      >
        Restablecer
      </Button>

      <NearOrderChoice
        nearOrder={nearOrder}
        near={near}
        // Near her replaces "where she rides": the city filter would leave out the next town.
        onChange={(order) => write(order === "near" ? { ...filters, city: "" } : filters, order)}
      />

      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        <h2 id="resultados" className="text-sm font-bold uppercase tracking-wide text-ink-soft">
          Resultados
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
                <p>{MSG.nearEmpty}</p>
              </EmptyState>
            ) : (
              <EmptyState
                action={
                  <ButtonLink to="/app/create" variant="secondary">
                    Propón ruta
                  </ButtonLink>
                }
              >
                <p>Aquí no hay salidas aún… ¿y si creas la primera?</p>
              </EmptyState>
            )
          }
        />
      </section>
    </div>
  );
}
