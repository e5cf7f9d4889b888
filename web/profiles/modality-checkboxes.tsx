import { MODALITIES, MODALITY_FORM_LABELS, type Modality } from "../../domain/constants.ts";
import { PROFILE_FORM_TEXT } from "../../domain/texts/profiles.ts";

/** The profile form's modality checkboxes with the spec's labels. */
export function ModalityCheckboxes({
  value,
  onChange,
  error,
}: {
  value: Modality[];
  onChange: (value: Modality[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? "modalities-error" : undefined}
    >
      <legend className="mb-1.5 font-bold">{PROFILE_FORM_TEXT.modalities}</legend>
      {MODALITIES.map((modality) => (
        <label
          key={modality}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border-2 border-line bg-surface px-3"
        >
          <input
            type="checkbox"
            className="h-5 w-5 accent-primary"
            checked={value.includes(modality)}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? MODALITIES.filter((m) => m === modality || value.includes(m))
                  : value.filter((m) => m !== modality),
              )
            }
          />
          {MODALITY_FORM_LABELS[modality]}
        </label>
      ))}
      {error ? (
        <p id="modalities-error" role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
