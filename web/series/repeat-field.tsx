// "Se repite" on the create form (docs/product.md#regular-grupetas): cada semana or cada dos
// semanas, hasta el {fecha} or a number of dates, and the list of dates it will create, each on
// the ride's clock (09:00 stays 09:00 across a summer-time change), under how many there are and
// the last one. Until the rule gives dates, a hint says what is missing or wrong.
import { useFormContext } from "react-hook-form";
import { formatDayMonthYear, formatLongDate, formatTime } from "../../domain/format.ts";
import { MSG } from "../../domain/messages.ts";
import { latestRideStart } from "../../domain/schemas.ts";
import {
  lastSeriesDay,
  SERIES_MAX_COUNT,
  SERIES_MIN_COUNT,
  SERIES_TEXTS,
  seriesRepeatSchema,
  seriesRuleOf,
  seriesStarts,
  validateRepeat,
} from "../../domain/series.ts";
import { REPEAT_FIELD_TEXT as TEXT } from "../../domain/texts/series-repeat.ts";
import { Field, inputClass, TextField } from "../components/field.tsx";
import { type RideFormValues, repeatOf, startInstant } from "../ride-core/ride-form-values.ts";

/** The dates the form will create, or the hint that says why it cannot list them yet. */
type Preview = { starts: number[]; hint: null } | { starts: null; hint: string };

const hint = (text: string): Preview => ({ starts: null, hint: text });

/**
 * What the rule gives on the ride's clock `zone`, by the computation the server makes when she
 * sends it (seriesStarts), or the rule's problem as the server would name it (validateRepeat).
 */
function previewOf(values: RideFormValues, zone: string, now: number): Preview {
  const repeat = repeatOf(values);
  const start = startInstant(values, zone);
  if (!repeat || start === null) return hint(SERIES_TEXTS.previewNeedsStart);
  if (values.repeatEnd === "until" && !values.repeatUntil) {
    return hint(SERIES_TEXTS.previewNeedsUntil);
  }
  // The start's own field says it is too far; a series can have no date then.
  if (start > latestRideStart(now)) return hint(MSG.rideStartTooFar);
  const parsed = seriesRepeatSchema.safeParse(repeat);
  if (!parsed.success) return hint(parsed.error.issues[0]?.message ?? SERIES_TEXTS.repeatInvalid);
  const problem = validateRepeat(start, zone, parsed.data, now);
  if (problem) return hint(problem);
  const rule = seriesRuleOf(start, zone, parsed.data);
  return rule ? { starts: seriesStarts(rule, now), hint: null } : hint(SERIES_TEXTS.repeatInvalid);
}

/** `zone`: the ride's clock (useRideZone: its pin's, else its city's). */
export function RepeatField({ zone }: { zone: string }) {
  const { register, watch, formState } = useFormContext<RideFormValues>();
  const errors = formState.errors;
  const values = watch();
  const now = Date.now();
  const preview = values.repeat ? previewOf(values, zone, now) : null;
  // Said once: after a send, the same problem shows under its field.
  const fieldError = errors.repeatUntil?.message ?? errors.repeatCount?.message;
  const countOptions = Array.from(
    { length: SERIES_MAX_COUNT - SERIES_MIN_COUNT + 1 },
    (_, i) => i + SERIES_MIN_COUNT,
  );
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line p-3">
      <Field label={SERIES_TEXTS.repeatLabel}>
        {({ id }) => (
          <select id={id} className={inputClass} {...register("repeat")}>
            <option value="">{SERIES_TEXTS.never}</option>
            <option value="1">{SERIES_TEXTS.everyWeek}</option>
            <option value="2">{SERIES_TEXTS.everyTwoWeeks}</option>
          </select>
        )}
      </Field>
      {values.repeat ? (
        <>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-bold">{TEXT.untilQuestion}</legend>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                value="count"
                className="size-5 accent-primary"
                {...register("repeatEnd")}
              />
              {SERIES_TEXTS.forCount}
              <select
                aria-label={TEXT.countLabel}
                className={`${inputClass} w-24`}
                disabled={values.repeatEnd !== "count"}
                aria-invalid={Boolean(errors.repeatCount) || undefined}
                {...register("repeatCount")}
              >
                {countOptions.map((n) => (
                  <option key={n} value={String(n)}>
                    {n}
                  </option>
                ))}
              </select>
              {TEXT.countUnit}
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                value="until"
                className="size-5 accent-primary"
                {...register("repeatEnd")}
              />
              {SERIES_TEXTS.untilDate}…
            </label>
            {values.repeatEnd === "until" ? (
              <TextField
                label={TEXT.untilLabel}
                type="date"
                min={values.date || undefined}
                max={lastSeriesDay(now, zone)}
                error={errors.repeatUntil?.message}
                {...register("repeatUntil")}
              />
            ) : errors.repeatCount?.message ? (
              <p role="alert" className="text-sm font-semibold text-danger">
                {errors.repeatCount.message}
              </p>
            ) : null}
          </fieldset>
          {preview?.starts && preview.starts.length > 0 ? (
            <div>
              <p className="font-bold" id="series-preview">
                {SERIES_TEXTS.willCreate(
                  preview.starts.length,
                  formatDayMonthYear(preview.starts.at(-1)!, zone),
                )}
              </p>
              <ol aria-labelledby="series-preview" className="mt-1 list-decimal pl-6 text-sm">
                {preview.starts.map((ms) => (
                  <li key={ms}>
                    {formatLongDate(ms, zone)}, {formatTime(ms, zone)}
                  </li>
                ))}
              </ol>
            </div>
          ) : preview?.hint && preview.hint !== fieldError ? (
            <p className="text-sm text-ink-soft">{preview.hint}</p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
