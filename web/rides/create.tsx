import { useQueryClient } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { useEffect, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { RideDetail, RideDetailResponse } from "../../domain/api/rides.ts";
import { cityTimeZone } from "../../domain/cities.ts";
import {
  CITY_MAX,
  LEVEL_LABELS,
  LEVELS,
  type Level,
  MAX_DISTANCE_KM,
  MAX_ELEVATION_M,
  MAX_PARTICIPANTS,
  MAX_SOCIAL_TAGS,
  MEETING_POINT_MAX,
  MIN_DISTANCE_KM,
  MIN_PARTICIPANTS,
  MODALITIES,
  MODALITY_LABELS,
  type Modality,
  OFFERED_SOCIAL_TAGS,
  type OfferedSocialTag,
  RIDE_DESCRIPTION_MAX,
  RIDE_TITLE_MAX,
  SOCIAL_TAG_LABELS,
} from "../../domain/constants.ts";
import { toIsoDate } from "../../domain/dates.ts";
import { ApiError, errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { zoneLabelFor } from "../../domain/ride-time.ts";
import { latestRideStart, parseRideInput, rideInputSchema } from "../../domain/schemas.ts";
import { googleMapsSearchUrl } from "../../domain/share.ts";
import { fromZonedDateTime, toZonedDateTime } from "../../domain/zones.ts";
import { useMe } from "../auth/use-me.ts";
import { Button, ButtonLink, buttonClass } from "../components/button.tsx";
import { ToggleChip } from "../components/chip.tsx";
import { CityInput } from "../components/city-input.tsx";
import { PageHeader, Skeleton } from "../components/feedback.tsx";
import { Field, inputClass, LengthHint, TextField } from "../components/field.tsx";
import { call, client } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";
import { RIDES_KEY, useRide } from "./queries.ts";
import { GpxField, MeetingPinField, type RouteExtras, useRouteFields } from "./route-fields.tsx";

interface RideFormValues {
  title: string;
  city: string;
  date: string;
  time: string;
  level: Level | "";
  modalities: Modality[];
  meetingPoint: string;
  distanceKm: string;
  elevationM: string;
  maxParticipants: string;
  socialTags: OfferedSocialTag[];
  description: string;
}

const EMPTY: RideFormValues = {
  title: "",
  city: "",
  date: "",
  time: "",
  level: "",
  modalities: [],
  meetingPoint: "",
  distanceKm: "",
  elevationM: "",
  maxParticipants: "",
  socialTags: [],
  description: "",
};

/** Date and time are on the ride's clock (its city's zone, DESIGN.md decision 15). */
function startInstant(values: Pick<RideFormValues, "date" | "time" | "city">): number | null {
  return fromZonedDateTime(values.date, values.time, cityTimeZone(values.city));
}

/** 'YYYY-MM-DD' and 'HH:mm' the ride's clock reads now: the form's today and earliest time. */
function nowOnRideClock(city: string) {
  return toZonedDateTime(Date.now(), cityTimeZone(city)) ?? { date: "", time: "" };
}

/** What the API receives (rideInputSchema's input). */
function toPayload(values: RideFormValues) {
  const start = startInstant(values);
  return {
    title: values.title,
    city: values.city,
    startTime: start === null ? "" : new Date(start).toISOString(),
    level: values.level || undefined,
    modalities: values.modalities,
    meetingPoint: values.meetingPoint,
    distanceKm: values.distanceKm,
    elevationM: values.elevationM,
    maxParticipants: values.maxParticipants,
    socialTags: values.socialTags,
    description: values.description,
  };
}

/**
 * The create request (rideCreateSchema's input): the form plus this form session's create key,
 * so a retry after a lost answer gets the ride already stored instead of a second one
 * (decision 0012). JSON, or multipart with the same JSON in `data` when a GPX goes along.
 */
function createRideBody(
  values: RideFormValues,
  createKey: string,
  gpx: File | null,
  route: RouteExtras,
) {
  return requestBody({ ...toPayload(values), createKey, ...route }, gpx);
}

function requestBody<P extends object>(payload: P, gpx: File | null) {
  return gpx ? { form: { data: JSON.stringify(payload), gpx } } : { json: payload };
}

/**
 * Which of the two fields a start-time error belongs to: the one left blank, else the date when
 * the day itself has passed or is beyond the last one allowed, else the time (that day, but too
 * early or too late).
 */
export function startErrorField(
  values: Pick<RideFormValues, "date" | "time" | "city">,
): "date" | "time" {
  if (!values.date) return "date";
  if (!values.time) return "time";
  const today = nowOnRideClock(values.city).date;
  return values.date < today || values.date > toIsoDate(new Date(latestRideStart(Date.now())))
    ? "date"
    : "time";
}

/** The shared rules decide, every field at once; their field names map back onto the form's. */
const rideResolver: Resolver<RideFormValues> = async (values) => {
  const parsed = parseRideInput(rideInputSchema, toPayload(values), Date.now());
  if (parsed.ok) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const [field, message] of Object.entries(parsed.error.fields ?? {})) {
    errors[field === "startTime" ? startErrorField(values) : field] ??= {
      type: "validation",
      message,
    };
  }
  return { values: {}, errors };
};

function valuesFromRide(ride: RideDetailResponse["ride"]): RideFormValues {
  const local = toZonedDateTime(ride.startTime, cityTimeZone(ride.city));
  return {
    title: ride.title,
    city: ride.city,
    date: local?.date ?? "",
    time: local?.time ?? "",
    level: ride.level,
    modalities: ride.modalities,
    meetingPoint: ride.meetingPoint,
    distanceKm: ride.routeKm === null ? "" : String(ride.routeKm),
    elevationM: ride.routeElev === null ? "" : String(ride.routeElev),
    maxParticipants: ride.maxParticipants === null ? "" : String(ride.maxParticipants),
    socialTags: ride.socialTags.filter((t): t is OfferedSocialTag =>
      (OFFERED_SOCIAL_TAGS as readonly string[]).includes(t),
    ),
    description: ride.description ?? "",
  };
}

/** /app/create and /app/create?edit=ID: 'Propón una ruta' / 'Edita tu grupeta'. */
export default function CreateRideScreen() {
  const [searchParams] = useSearchParams();
  const editId = searchParams.get("edit");
  const navigate = useNavigate();
  const me = useMe().data?.user;
  const existing = useRide(editId ?? undefined);

  useEffect(() => {
    if (!editId) return;
    if (existing.isError || (existing.data && !existing.data.ride.viewer.isOrganizer)) {
      toast.error(MSG.rideLoadForEditFailed);
      navigate("/app/feed", { replace: true });
    }
  }, [editId, existing.isError, existing.data, navigate]);

  if (editId && !existing.data) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title="Edita tu grupeta" />
        <Skeleton className="h-96" />
      </div>
    );
  }
  const initial: RideFormValues = existing.data
    ? valuesFromRide(existing.data.ride)
    : { ...EMPTY, city: me?.city ?? "", modalities: me?.modalities ?? [] };
  return (
    <RideForm key={editId ?? "new"} editId={editId} initial={initial} ride={existing.data?.ride} />
  );
}

function RideForm({
  editId,
  initial,
  ride,
}: {
  editId: string | null;
  initial: RideFormValues;
  ride?: RideDetail;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<RideFormValues>({ defaultValues: initial, resolver: rideResolver });
  const { register, handleSubmit, watch, setValue, formState } = form;
  const errors = formState.errors;
  // One per form session: every retry of the same create sends it; a success starts a new one.
  const [createKey, setCreateKey] = useState(() => crypto.randomUUID());

  const [title, date, time, meetingPoint, city, modalities, socialTags, level] = watch([
    "title",
    "date",
    "time",
    "meetingPoint",
    "city",
    "modalities",
    "socialTags",
    "level",
  ]);
  const route = useRouteFields(ride, city);
  const rideNow = nowOnRideClock(city);
  const todayIso = rideNow.date;
  const latestDate = toIsoDate(new Date(latestRideStart(Date.now())));
  const minTime = date === todayIso ? rideNow.time : undefined;
  const zoneHint = rideClockHint(city, startInstant({ date, time, city }));

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const { ride } = editId
          ? await call(
              client.rides[":id"].$put({
                param: { id: encodeURIComponent(editId) },
                ...requestBody({ ...toPayload(values), ...route.extras() }, route.file),
              }),
            )
          : await call(
              client.rides.$post(createRideBody(values, createKey, route.file, route.extras())),
            );
        await queryClient.invalidateQueries({ queryKey: RIDES_KEY });
        toast.success(editId ? MSG.rideUpdated : MSG.rideCreated);
        if (!editId) setCreateKey(crypto.randomUUID());
        navigate(`/app/ride/${ride.id}`);
      } catch (error) {
        // The values stay in the form; she can fix and resend.
        toast.error(editId ? MSG.rideUpdateFailed : MSG.rideCreateFailed, {
          description: errorText(error),
        });
        if (error instanceof ApiError && error.fields) {
          for (const [field, message] of Object.entries(error.fields)) {
            const name = field === "startTime" ? startErrorField(values) : field;
            if (name in EMPTY) form.setError(name as keyof RideFormValues, { message });
          }
        }
      }
    },
    (invalid) => {
      const first = Object.values(invalid)[0]?.message;
      if (first) toast.error(first);
    },
  );

  const mapsDisabled = meetingPoint.trim() === "";

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <PageHeader title={editId ? "Edita tu grupeta" : "Propón una ruta"} />
      <TextField
        label="Título"
        maxLength={RIDE_TITLE_MAX}
        hint={<LengthHint length={title.length} max={RIDE_TITLE_MAX} atLimit={MSG.titleAtLimit} />}
        error={errors.title?.message}
        {...register("title")}
      />
      <Field label="Ciudad" error={errors.city?.message}>
        {({ id, describedBy, invalid }) => (
          <CityInput
            id={id}
            describedBy={describedBy}
            invalid={invalid}
            limit={8}
            value={city}
            onChange={(value) => setValue("city", value.slice(0, CITY_MAX), { shouldDirty: true })}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Fecha"
          type="date"
          min={todayIso}
          max={latestDate}
          error={errors.date?.message}
          {...register("date")}
        />
        <TextField
          label="Hora"
          type="time"
          min={minTime}
          hint={zoneHint}
          error={errors.time?.message}
          {...register("time")}
        />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-bold">Nivel</legend>
        <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Nivel">
          {LEVELS.map((l) => (
            <ToggleChip
              key={l}
              role="radio"
              aria-checked={level === l}
              pressed={level === l}
              onClick={() => setValue("level", l, { shouldDirty: true })}
            >
              {LEVEL_LABELS[l]}
            </ToggleChip>
          ))}
        </div>
        {errors.level?.message ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {errors.level.message}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-bold">Modalidades</legend>
        <div className="flex flex-wrap gap-2">
          {MODALITIES.map((m) => (
            <ToggleChip
              key={m}
              pressed={modalities.includes(m)}
              onClick={() =>
                setValue(
                  "modalities",
                  modalities.includes(m) ? modalities.filter((x) => x !== m) : [...modalities, m],
                  { shouldDirty: true },
                )
              }
            >
              {MODALITY_LABELS[m]}
            </ToggleChip>
          ))}
        </div>
        {errors.modalities?.message ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {errors.modalities.message}
          </p>
        ) : null}
      </fieldset>

      <div className="flex flex-col gap-2">
        <TextField
          label="Punto de encuentro"
          maxLength={MEETING_POINT_MAX}
          hint={MSG.meetingPointHint}
          error={errors.meetingPoint?.message}
          {...register("meetingPoint")}
        />
        {mapsDisabled ? (
          <Button variant="ghost" className="self-start px-2" disabled>
            <ExternalLink aria-hidden="true" size={16} />
            Ver en Google Maps
          </Button>
        ) : (
          <a
            href={googleMapsSearchUrl(meetingPoint, city)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("ghost", "self-start px-2")}
          >
            <ExternalLink aria-hidden="true" size={16} />
            Ver en Google Maps
          </a>
        )}
      </div>

      <MeetingPinField fields={route} city={city} />

      <GpxField
        fields={route}
        onPrefill={({ distanceKm, elevationM }) => {
          // Under 1 km the field is left for her, emptied: the note under the file says why.
          setValue("distanceKm", distanceKm ?? "", { shouldDirty: true });
          setValue("elevationM", elevationM, { shouldDirty: true });
        }}
      />

      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Distancia (km)"
          type="number"
          inputMode="decimal"
          min={MIN_DISTANCE_KM}
          max={MAX_DISTANCE_KM}
          step={0.1}
          error={errors.distanceKm?.message}
          {...register("distanceKm")}
        />
        <TextField
          label="Desnivel (m)"
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
        label="Máximo de participantes (opcional)"
        type="number"
        inputMode="numeric"
        min={MIN_PARTICIPANTS}
        max={MAX_PARTICIPANTS}
        step={1}
        error={errors.maxParticipants?.message}
        {...register("maxParticipants")}
      />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-bold">Etiquetas (opcional, máximo 2)</legend>
        <div className="flex flex-wrap gap-2">
          {OFFERED_SOCIAL_TAGS.map((tag) => {
            const chosen = socialTags.includes(tag);
            return (
              <ToggleChip
                key={tag}
                pressed={chosen}
                disabled={!chosen && socialTags.length >= MAX_SOCIAL_TAGS}
                onClick={() =>
                  setValue(
                    "socialTags",
                    chosen ? socialTags.filter((t) => t !== tag) : [...socialTags, tag],
                    { shouldDirty: true },
                  )
                }
              >
                {SOCIAL_TAG_LABELS[tag]}
              </ToggleChip>
            );
          })}
        </div>
      </fieldset>

      <Field label="Comentarios adicionales (opcional)" error={errors.description?.message}>
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            maxLength={RIDE_DESCRIPTION_MAX}
            className={`${inputClass} min-h-28`}
            {...register("description")}
          />
        )}
      </Field>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ButtonLink to="/app/feed" variant="secondary">
          Cancelar
        </ButtonLink>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Guardando..." : editId ? "Guardar cambios" : "Crear salida"}
        </Button>
      </div>
    </form>
  );
}

/** 'En hora canaria' under the time when her device's clock reads differently from the ride's. */
function rideClockHint(city: string, start: number | null): string | undefined {
  const zone = cityTimeZone(city);
  const at = start ?? Date.now();
  const label = zoneLabelFor(at, zone);
  return label ? `En ${label}` : undefined;
}
