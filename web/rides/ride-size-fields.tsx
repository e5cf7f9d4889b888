// The ride form's numbers (create.tsx): distance and climbing (a GPX prefills them) and the
// optional maximum of participants, in the bounds the shared rules check.
import { useFormContext } from "react-hook-form";
import {
  MAX_DISTANCE_KM,
  MAX_ELEVATION_M,
  MAX_PARTICIPANTS,
  MIN_DISTANCE_KM,
  MIN_PARTICIPANTS,
} from "../../domain/constants.ts";
import { RIDE_FORM_TEXT as TEXT } from "../../domain/texts/rides-create.ts";
import { TextField } from "../components/field.tsx";
import type { RideFormValues } from "../ride-core/ride-form-values.ts";

export function RideSizeFields() {
  const { register, formState } = useFormContext<RideFormValues>();
  const errors = formState.errors;
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={TEXT.distance}
          type="number"
          inputMode="decimal"
          min={MIN_DISTANCE_KM}
          max={MAX_DISTANCE_KM}
          step={0.1}
          error={errors.distanceKm?.message}
          {...register("distanceKm")}
        />
        <TextField
          label={TEXT.elevation}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_ELEVATION_M}
          step={1}
          error={errors.elevationM?.message}
          {...register("elevationM")}
        />
      </div>
      <TextField
        label={TEXT.maxParticipants}
        type="number"
        inputMode="numeric"
        min={MIN_PARTICIPANTS}
        max={MAX_PARTICIPANTS}
        step={1}
        error={errors.maxParticipants?.message}
        {...register("maxParticipants")}
      />
    </>
  );
}
