// 'Publicar en' on the new ride form (docs/product.md#grupos): her own ride, or a group she may
// publish in (she leads it, or its members may publish); then 'Solo el grupo' or 'Abierta'. Her
// groups are read only once she reaches for the list, so the form's first paint asks nothing more.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useFormContext } from "react-hook-form";
import type { GroupSummary } from "../../domain/api/groups.ts";
import { GROUP_PUBLISH_TEXT as TEXT } from "../../domain/texts/groups-publish.ts";
import { ChoiceCards } from "../components/choice-cards.tsx";
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
    <ChoiceCards
      legend={TEXT.audience}
      choices={CHOICES}
      idPrefix="audience"
      radio={() => register("audience")}
    />
  );
}
