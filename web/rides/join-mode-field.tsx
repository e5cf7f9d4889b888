// '¿Quién puede unirse?' on the ride form (docs/product.md#join-by-approval): 'Abierta' (the
// default) or 'Con aprobación'. Native radios in a fieldset: arrow keys move between them and a
// screen reader hears the question with each choice.
import { useFormContext } from "react-hook-form";
import { JOIN_MODE_TEXT as TEXT } from "../../domain/texts/rides-create.ts";
import type { RideFormValues } from "../ride-core/ride-form-values.ts";

const CHOICES = [
  { value: "open", label: TEXT.open, hint: TEXT.openHint },
  { value: "approval", label: TEXT.approval, hint: TEXT.approvalHint },
] as const;

export function JoinModeField() {
  const { register } = useFormContext<RideFormValues>();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 font-bold">{TEXT.label}</legend>
      {CHOICES.map((choice) => (
        <label
          key={choice.value}
          className="flex min-h-11 cursor-pointer items-start gap-3 rounded-2xl border border-line bg-surface p-3 has-[:checked]:border-primary"
        >
          <input
            type="radio"
            value={choice.value}
            className="mt-1 h-5 w-5 accent-primary"
            {...register("joinMode")}
          />
          <span className="flex flex-col">
            <span className="font-semibold">{choice.label}</span>
            <span className="text-sm text-ink-soft">{choice.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
