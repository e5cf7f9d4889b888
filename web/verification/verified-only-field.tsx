// 'Solo verificadas' on the ride form (docs/product.md#verificada), below '¿Quién puede unirse?':
// a native checkbox named by the option, its hint as its description.
import { useFormContext } from "react-hook-form";
import { VERIFICATION_MSG as TEXT } from "../../domain/verification.ts";
import type { RideFormValues } from "../ride-core/ride-form-values.ts";

export function VerifiedOnlyField() {
  const { register } = useFormContext<RideFormValues>();
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-2xl border border-line bg-surface p-3 has-[:checked]:border-primary">
      <input
        type="checkbox"
        aria-labelledby="verified-only-label"
        aria-describedby="verified-only-hint"
        className="mt-1 h-5 w-5 accent-primary"
        {...register("verifiedOnly")}
      />
      <span className="flex flex-col">
        <span id="verified-only-label" className="font-semibold">
          {TEXT.verifiedOnlyOption}
        </span>
        <span id="verified-only-hint" className="text-sm text-ink-soft">
          {TEXT.verifiedOnlyHint}
        </span>
      </span>
    </label>
  );
}
