// "Solo esta salida" / "Esta y las siguientes" (docs/product.md#regular-grupetas): which dates of a
// regular grupeta an edit or a cancellation changes. A radio group: arrows move between the two.
import { useId } from "react";
import type { SeriesScope } from "../../domain/series.ts";
import { SERIES_TEXTS } from "../../domain/series-texts.ts";

export function SeriesScopeField({
  value,
  onChange,
  legend,
}: {
  value: SeriesScope;
  onChange: (scope: SeriesScope) => void;
  legend: string;
}) {
  const name = useId();
  const options: [SeriesScope, string][] = [
    ["this", SERIES_TEXTS.onlyThis],
    ["following", SERIES_TEXTS.thisAndFollowing],
  ];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-bold">{legend}</legend>
      {options.map(([scope, label]) => (
        <label key={scope} className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={name}
            value={scope}
            checked={value === scope}
            onChange={() => onChange(scope)}
            className="size-5 accent-primary"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
