// The search screen's filters (search.tsx): the text box, the modality, level and date chips
// with the calendar for a custom range, and 'Dónde ruedas'. Each writes the filters back through
// `write` (use-ride-search.ts keeps them in the address).
import { Search as SearchIcon } from "lucide-react";
import { useId } from "react";
import { type DateRange, DayPicker } from "react-day-picker";
import { es } from "react-day-picker/locale/es";
import "react-day-picker/style.css";
import { LEVEL_LABELS, LEVELS, MODALITIES, MODALITY_LABELS } from "../../domain/constants.ts";
import { parseIsoDate, toIsoDate } from "../../domain/dates.ts";
import {
  type DateType,
  type RideFilters,
  selectDateType,
  setCustomRange,
} from "../../domain/filters.ts";
import { SEARCH_TEXT as TEXT } from "../../domain/texts/rides-search.ts";
import { ToggleChip } from "../components/chip.tsx";
import { inputClass } from "../components/field.tsx";
import { CityFilterField, FilterChips } from "../components/filter-fields.tsx";
import { toggle } from "../lib/toggle.ts";

const DATE_CHIPS: { type: DateType; label: string }[] = [
  { type: "today", label: TEXT.today },
  { type: "week", label: TEXT.week },
  { type: "custom", label: TEXT.custom },
];

type Write = (next: RideFilters) => void;

/** 'Escribe ciudad, ruta o zona…': the screen debounces it into the address. */
export function SearchTextBox({
  text,
  onChange,
  label = TEXT.search,
  placeholder = TEXT.placeholder,
}: {
  text: string;
  onChange: (text: string) => void;
  label?: string;
  placeholder?: string;
}) {
  const searchId = useId();
  return (
    <div className="relative">
      <label htmlFor={searchId} className="sr-only">
        {label}
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
        placeholder={placeholder}
        value={text}
        maxLength={100}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** The modality and level chips. */
export function ModalityLevelChips({ filters, write }: { filters: RideFilters; write: Write }) {
  return (
    <>
      <FilterChips
        legend={TEXT.modality}
        options={MODALITIES}
        labels={MODALITY_LABELS}
        chosen={filters.modalities}
        onTap={(m) => write({ ...filters, modalities: toggle(filters.modalities, m) })}
      />
      <FilterChips
        legend={TEXT.level}
        options={LEVELS}
        labels={LEVEL_LABELS}
        chosen={filters.levels}
        onTap={(level) => write({ ...filters, levels: toggle(filters.levels, level) })}
      />
    </>
  );
}

/** 'Hoy', 'Esta semana', 'Personalizado', and the calendar for a custom range. */
export function DateFilter({
  filters,
  write,
  today,
  calendarOpen,
  setCalendarOpen,
}: {
  filters: RideFilters;
  write: Write;
  today: Date;
  calendarOpen: boolean;
  setCalendarOpen: (open: boolean) => void;
}) {
  const range: DateRange | undefined =
    filters.dateType === "custom"
      ? {
          from: parseIsoDate(filters.from) ?? undefined,
          to: parseIsoDate(filters.to) ?? undefined,
        }
      : undefined;
  return (
    <>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{TEXT.date}</legend>
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
    </>
  );
}

/** 'Dónde ruedas': an exact suggestion or an emptied box applies at once, else 'Aplicar'. */
export function CityFilter({
  filters,
  write,
  cityText,
  setCityText,
  cities,
}: {
  filters: RideFilters;
  write: Write;
  cityText: string;
  setCityText: (text: string) => void;
  cities: readonly string[] | undefined;
}) {
  return (
    <CityFilterField
      label={TEXT.city}
      text={cityText}
      setText={setCityText}
      applied={filters.city}
      apply={(city) => write({ ...filters, city })}
      options={cities ?? []}
    />
  );
}
