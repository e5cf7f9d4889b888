// 'Duración estimada' on the ride form (docs/product.md#check-in-and-arrivals): prefilled from the distance and
// the level (chill 15 km/h, intermedio 20, cañero 25) until she writes her own. The safety timer
// asks '¿Has llegado bien?' at the start + this + 1 h.
import { useEffect, useRef } from "react";
import { useFormContext } from "react-hook-form";
import { isLevel } from "../../domain/constants.ts";
import {
  ESTIMATED_MINUTES_MAX,
  ESTIMATED_MINUTES_MIN,
  ESTIMATED_MINUTES_STEP,
  estimatedMinutes,
  formatDuration,
} from "../../domain/ride-day.ts";
import { DURATION_FIELD_TEXT as TEXT } from "../../domain/texts/ride-day-duration.ts";
import { TextField } from "../components/field.tsx";

/** The form values this field reads and writes (web/ride-core/ride-form-values.ts). */
interface DurationValues {
  distanceKm: string;
  level: string;
  estimatedMinutes: string;
}

/** The prefill for a distance and level as typed, or null while either is missing. */
export function prefilledMinutes(distanceKm: string, level: string): number | null {
  const km = Number(distanceKm);
  if (!distanceKm || !Number.isFinite(km) || km <= 0 || !isLevel(level)) return null;
  return estimatedMinutes(km, level);
}

export function DurationField() {
  const { register, watch, setValue, formState } = useFormContext<DurationValues>();
  const [distanceKm, level, minutes] = watch(["distanceKm", "level", "estimatedMinutes"]);
  const prefill = prefilledMinutes(distanceKm, level);
  // Hers once she typed one, or once an edited ride came with one that is not the prefill.
  const own = useRef(minutes !== "" && Number(minutes) !== prefill);
  const field = register("estimatedMinutes", {
    onChange: (event: { target: { value: string } }) => {
      own.current = event.target.value !== "";
    },
  });

  useEffect(() => {
    if (own.current) return;
    const next = prefill === null ? "" : String(prefill);
    if (next !== minutes) setValue("estimatedMinutes", next, { shouldDirty: true });
  }, [prefill, minutes, setValue]);

  const value = Number(minutes);
  const readable = minutes !== "" && Number.isInteger(value) && value > 0;
  return (
    <TextField
      label={TEXT.label}
      type="number"
      inputMode="numeric"
      min={ESTIMATED_MINUTES_MIN}
      max={ESTIMATED_MINUTES_MAX}
      step={ESTIMATED_MINUTES_STEP}
      hint={
        <>
          {readable ? <strong>{formatDuration(value)}. </strong> : null}
          {TEXT.hint}
        </>
      }
      error={formState.errors.estimatedMinutes?.message}
      {...field}
    />
  );
}
