// The ride form's date and time (create.tsx), both on the ride's clock (its pin's zone, else its
// city's): from today to the last day allowed, not earlier today than now, and 'En hora canaria'
// (or 'En hora de Lisboa' for a pin there) under the time when her device's clock reads
// differently.
import { useFormContext } from "react-hook-form";
import { toIsoDate } from "../../domain/dates.ts";
import { latestRideStart } from "../../domain/schemas.ts";
import { RIDE_FORM_TEXT as TEXT } from "../../domain/texts/rides-create.ts";
import { TextField } from "../components/field.tsx";
import {
  nowOnRideClock,
  type RideFormValues,
  rideClockHint,
  startInstant,
} from "../ride-core/ride-form-values.ts";

/** `zone`: the ride's clock (useRideZone: its pin's, else its city's). */
export function RideStartFields({ zone }: { zone: string }) {
  const { register, watch, formState } = useFormContext<RideFormValues>();
  const errors = formState.errors;
  const [date, time, city] = watch(["date", "time", "city"]);
  const rideNow = nowOnRideClock(zone);
  const todayIso = rideNow.date;
  const latestDate = toIsoDate(new Date(latestRideStart(Date.now())));
  const minTime = date === todayIso ? rideNow.time : undefined;
  const zoneHint = rideClockHint(zone, startInstant({ date, time, city }, zone));
  return (
    <div className="grid grid-cols-2 gap-3">
      <TextField
        label={TEXT.date}
        type="date"
        min={todayIso}
        max={latestDate}
        error={errors.date?.message}
        {...register("date")}
      />
      <TextField
        label={TEXT.time}
        type="time"
        min={minTime}
        hint={zoneHint}
        error={errors.time?.message}
        {...register("time")}
      />
    </div>
  );
}
