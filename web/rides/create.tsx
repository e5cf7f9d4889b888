import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { RideDetail } from "../../domain/api/rides.ts";
import { CITY_MAX, RIDE_DESCRIPTION_MAX, RIDE_TITLE_MAX } from "../../domain/constants.ts";
import { ApiError, errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { RIDE_FORM_TEXT, CREATE_TEXT as TEXT } from "../../domain/texts/rides-create.ts";
import { Button, ButtonLink } from "../components/button.tsx";
import { CityInput } from "../components/city-input.tsx";
import { PageHeader, Skeleton } from "../components/feedback.tsx";
import { Field, inputClass, LengthHint, TextField } from "../components/field.tsx";
import { call, client, pathParams } from "../lib/api.ts";
import { useRedirectWhileHere } from "../lib/screen-address.ts";
import { toast } from "../lib/toast.ts";
import { RIDES_KEY, useRide } from "../ride-core/queries.ts";
import {
  createRideBody,
  EMPTY,
  type RideClock,
  type RideFormValues,
  requestBody,
  rideResolver,
  setValueOptions,
  startErrorField,
  toPayload,
  valuesFromRide,
} from "../ride-core/ride-form-values.ts";
import { useRideZone } from "../ride-core/ride-zone.ts";
import { DurationField } from "../ride-day/duration-field.tsx";
import { RepeatField } from "../series/repeat-field.tsx";
import { SeriesScopeField } from "../series/scope-field.tsx";
import { useMe } from "../session/use-me.ts";
import { VerifiedOnlyField } from "../verification/verified-only-field.tsx";
import { JoinModeField } from "./join-mode-field.tsx";
import { MeetingPointField } from "./meeting-point-field.tsx";
import { PublishInField } from "./publish-in-field.tsx";
import { LevelField, ModalitiesField, SocialTagsField } from "./ride-chip-fields.tsx";
import { RideSizeFields } from "./ride-size-fields.tsx";
import { RideStartFields } from "./ride-start-fields.tsx";
import { GpxField, MeetingPinField, useRouteFields } from "./route-fields.tsx";

/** /app/create and /app/create?edit=ID: 'Propón una ruta' / 'Edita tu grupeta'. */
export default function CreateRideScreen() {
  const [searchParams] = useSearchParams();
  const editId = searchParams.get("edit");
  // To the feed when the ride cannot be edited, unless she has already gone elsewhere.
  const toFeed = useRedirectWhileHere();
  const me = useMe().data?.user;
  const existing = useRide(editId ?? undefined);

  useEffect(() => {
    if (!editId) return;
    // isLoadingError, not isError: a failed refetch (her return to the tab, a chat notice) keeps
    // the ride it had, and the form keeps what she typed.
    if (existing.isLoadingError || (existing.data && !existing.data.ride.viewer.isOrganizer)) {
      toast.error(MSG.rideLoadForEditFailed);
      toFeed("/app/feed");
    }
  }, [editId, existing.isLoadingError, existing.data, toFeed]);

  if (editId && !existing.data) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={TEXT.editTitle} />
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
  // The ride's clock for the form's own checks: set below, once the pin and city say which.
  const clock = useRef<string | null>(null);
  const form = useForm<RideFormValues, RideClock>({
    defaultValues: initial,
    resolver: rideResolver,
    context: clock,
  });
  const { register, handleSubmit, watch, setValue, formState } = form;
  const errors = formState.errors;
  // One per form session: every retry of the same create sends it; a success starts a new one.
  const [createKey, setCreateKey] = useState(() => crypto.randomUUID());

  const [title, city, scope] = watch(["title", "city", "scope"]);
  const route = useRouteFields(ride, city);
  // The ride's clock: a pin abroad sets it (the server says which), else the city.
  const zone = useRideZone(route.pin, city);
  useEffect(() => {
    clock.current = zone;
  }, [zone]);
  const setOptions = setValueOptions(formState.isSubmitted);

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const { ride } = editId
          ? await call(
              client.rides[":id"].$put({
                param: pathParams({ id: editId }),
                ...requestBody(
                  { ...toPayload(values, zone), scope: values.scope, ...route.extras() },
                  route.file,
                ),
              }),
            )
          : await call(
              client.rides.$post(
                createRideBody(values, createKey, route.file, route.extras(), zone),
              ),
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
            const name = field === "startTime" ? startErrorField(values, zone) : field;
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

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <PageHeader title={editId ? TEXT.editTitle : TEXT.title} />
        <TextField
          label={RIDE_FORM_TEXT.title}
          maxLength={RIDE_TITLE_MAX}
          hint={
            <LengthHint length={title.length} max={RIDE_TITLE_MAX} atLimit={MSG.titleAtLimit} />
          }
          error={errors.title?.message}
          {...register("title")}
        />
        <Field label={RIDE_FORM_TEXT.city} error={errors.city?.message}>
          {({ id, describedBy, invalid }) => (
            <CityInput
              id={id}
              describedBy={describedBy}
              invalid={invalid}
              limit={8}
              value={city}
              onChange={(value) => setValue("city", value.slice(0, CITY_MAX), setOptions)}
            />
          )}
        </Field>
        <RideStartFields zone={zone} />
        {editId ? null : <RepeatField zone={zone} />}
        {editId && ride?.series ? (
          <SeriesScopeField
            legend={TEXT.scope}
            value={scope}
            onChange={(next) => setValue("scope", next, setOptions)}
          />
        ) : null}
        <LevelField />
        <ModalitiesField />
        <MeetingPointField />
        <MeetingPinField fields={route} city={city} />

        <GpxField
          fields={route}
          onPrefill={({ distanceKm, elevationM }) => {
            // Under 1 km the field is left for her, emptied: the note under the file says why.
            setValue("distanceKm", distanceKm ?? "", setOptions);
            setValue("elevationM", elevationM, setOptions);
          }}
        />

        <RideSizeFields />
        {editId ? null : <PublishInField />}
        <JoinModeField />
        <VerifiedOnlyField />
        <DurationField />
        <SocialTagsField />

        <Field label={RIDE_FORM_TEXT.description} error={errors.description?.message}>
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
            {TEXT.cancel}
          </ButtonLink>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? TEXT.saving : editId ? TEXT.save : TEXT.create}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
