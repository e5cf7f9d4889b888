// 'Publicar en' on the new ride form (docs/product.md#grupos): her own ride, or a group she may
// publish in (she leads it, or its members may publish); then 'Solo el grupo' or 'Abierta'. Her
// groups are read only once she reaches for the list, so the form's first paint asks nothing more.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useFormContext } from "react-hook-form";
import type { GroupSummary } from "../../domain/api/groups.ts";
import { GROUP_PUBLISH_TEXT as TEXT } from "../../domain/texts/groups-publish.ts";
import { Field, inputClass } from "../components/field.tsx";
import { call, client } from "../lib/api.ts";
import type { RideFormValues } from "../ride-core/ride-form-values.ts";

/** Her groups (GET /api/groups/mine); under the groups' key, so their changes refresh it. */
export const MY_GROUPS_KEY = ["groups", "mine"] as const;

const mayPublishIn = (group: GroupSummary) =>
  group.myRole === "leader" || (group.myRole === "member" && group.membersMayPublish);

export function PublishInField() {
  const { register, watch, formState } = useFormContext<RideFormValues>();
  const [wanted, setWanted] = useState(false);
  const mine = useQuery({
    queryKey: MY_GROUPS_KEY,
    queryFn: () => call(client.groups.mine.$get()),
    enabled: wanted,
  });
  const groups = mine.data?.groups.filter(mayPublishIn) ?? [];
  const groupId = watch("groupId");
  const reach = () => setWanted(true);
  return (
    <>
      <Field
        label={TEXT.label}
        hint={mine.isError ? TEXT.loadFailed : TEXT.hint}
        error={formState.errors.groupId?.message}
      >
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={inputClass}
            onFocus={reach}
            onPointerDown={reach}
            {...register("groupId")}
          >
            <option value="">{TEXT.herself}</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
            {mine.isFetching && !mine.data ? (
              <option value="" disabled>
                {TEXT.loading}
              </option>
            ) : null}
          </select>
        )}
      </Field>
      {groupId ? <AudienceField /> : null}
    </>
  );
}

const CHOICES = [
  { value: "group", label: TEXT.groupOnly, hint: TEXT.groupOnlyHint },
  { value: "open", label: TEXT.open, hint: TEXT.openHint },
] as const;

function AudienceField() {
  const { register } = useFormContext<RideFormValues>();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 font-bold">{TEXT.audience}</legend>
      {CHOICES.map((choice) => (
        <label
          key={choice.value}
          className="flex min-h-11 cursor-pointer items-start gap-3 rounded-2xl border border-line bg-surface p-3 has-[:checked]:border-primary"
        >
          <input
            type="radio"
            value={choice.value}
            aria-labelledby={`audience-${choice.value}-label`}
            aria-describedby={`audience-${choice.value}-hint`}
            className="mt-1 h-5 w-5 accent-primary"
            {...register("audience")}
          />
          <span className="flex flex-col">
            <span id={`audience-${choice.value}-label`} className="font-semibold">
              {choice.label}
            </span>
            <span id={`audience-${choice.value}-hint`} className="text-sm text-ink-soft">
              {choice.hint}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
