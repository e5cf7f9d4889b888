import clsx from "clsx";
import { useId, useMemo, useRef, useState } from "react";
import { CITY_SUGGESTIONS_PROFILE, searchCities } from "../../domain/cities.ts";
import { Field, inputClass } from "./field.tsx";

/**
 * Delay before the list closes on blur, so a click on a suggestion still lands
 * (docs/product.md#cities).
 */
const CLOSE_DELAY_MS = 200;

/**
 * City field with suggestions (ARIA combobox): accent- and case-insensitive search over the
 * built-in list, or over `options` when given (e.g. cities that have rides).
 */
export function CityInput({
  value,
  onChange,
  limit,
  options,
  id,
  describedBy,
  invalid,
  placeholder,
  name,
}: {
  value: string;
  onChange: (value: string) => void;
  limit: number;
  options?: readonly string[];
  id?: string;
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
  name?: string;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const suggestions = useMemo(() => {
    if (!options) return searchCities(value, limit);
    const q = value.trim().toLocaleLowerCase("es");
    return options.filter((c) => c.toLocaleLowerCase("es").includes(q)).slice(0, limit);
  }, [value, limit, options]);

  function choose(city: string) {
    onChange(city);
    setOpen(false);
    setActive(-1);
  }

  return (
    <div className="relative">
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open && suggestions.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        placeholder={placeholder}
        className={inputClass}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          if (closeTimer.current) clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(i + 1, suggestions.length - 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === "Enter" && open && active >= 0 && suggestions[active]) {
            e.preventDefault();
            choose(suggestions[active]);
          } else if (e.key === "Escape") {
            setOpen(false);
          }
        }}
      />
      {open && suggestions.length > 0 ? (
        <div
          id={listId}
          role="listbox"
          className="absolute z-30 mt-1 max-h-72 w-full overflow-auto rounded-xl border border-line bg-surface py-1 shadow-lg"
        >
          {suggestions.map((city, i) => (
            <div
              key={city}
              tabIndex={-1}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={clsx(
                "min-h-11 cursor-pointer px-3 py-2.5",
                i === active ? "bg-primary-soft text-primary" : "hover:bg-bg",
              )}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(city)}
              onKeyDown={(e) => {
                if (e.key === "Enter") choose(city);
              }}
            >
              {city}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** A form's labelled city (her profile's, a group's): the field's error under it, named "city". */
export function CityField({
  text,
  value,
  onChange,
  error,
}: {
  /** The form's texts: the label and the placeholder. */
  text: { city: string; cityPlaceholder: string };
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <Field label={text.city} error={error}>
      {({ id, describedBy, invalid }) => (
        <CityInput
          id={id}
          name="city"
          value={value}
          onChange={onChange}
          limit={CITY_SUGGESTIONS_PROFILE}
          describedBy={describedBy}
          invalid={invalid}
          placeholder={text.cityPlaceholder}
        />
      )}
    </Field>
  );
}
