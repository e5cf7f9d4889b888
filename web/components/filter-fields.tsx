// The search screens' filters that rides and groups share (web/rides/search-filters.tsx,
// web/search/group-search.tsx): a filter's chips, and the city box with its 'Aplicar'.
import type { ReactNode } from "react";
import { useId } from "react";
import { SEARCH_TEXT } from "../../domain/texts/rides-search.ts";
import { Button } from "./button.tsx";
import { ToggleChip } from "./chip.tsx";
import { CityInput } from "./city-input.tsx";

/** One filter's chips under a hidden legend: `chosen` are pressed, a tap hands its option over. */
export function FilterChips<T extends string>({
  legend,
  options,
  labels,
  chosen,
  onTap,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  chosen: readonly string[];
  onTap: (option: T) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <ToggleChip key={option} pressed={chosen.includes(option)} onClick={() => onTap(option)}>
          {labels[option]}
        </ToggleChip>
      ))}
    </fieldset>
  );
}

/**
 * The city box and 'Aplicar': an emptied box, or one of `options` picked exactly, applies at once;
 * what is typed applies with the button. Without `options` it suggests the built-in cities.
 */
export function CityFilterField({
  label,
  text,
  setText,
  applied,
  apply,
  options,
  children,
}: {
  label: string;
  text: string;
  setText: (text: string) => void;
  /** The city the filters hold now: 'Aplicar' is off while the box says the same. */
  applied: string;
  apply: (city: string) => void;
  options?: readonly string[];
  /** Shown under the box (a group search's 'Cerca de mí'). */
  children?: ReactNode;
}) {
  const cityId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={cityId} className="font-bold">
        {label}
      </label>
      <div className="flex gap-2">
        <div className="flex-1">
          <CityInput
            id={cityId}
            value={text}
            limit={8}
            options={options}
            onChange={(value) => {
              setText(value);
              if (value === "" || options?.includes(value)) apply(value);
            }}
          />
        </div>
        <Button
          variant="secondary"
          onClick={() => apply(text.trim())}
          disabled={text.trim() === applied}
        >
          {SEARCH_TEXT.apply}
        </Button>
      </div>
      {children}
    </div>
  );
}
