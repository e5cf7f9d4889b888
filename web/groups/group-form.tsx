// The group's form (docs/product.md#grupos): name, city, description, modalities, levels, join
// mode, 'Solo verificadas' and an image from the avatar set, for 'Crear un grupo' and the leaders'
// 'Editar el grupo'. The API checks every rule (look-alike names, banned words, 3 groups per
// account); its refusal shows on its field, or above the button when it is about no field.
import { type FormEvent, type ReactNode, useState } from "react";
import {
  type AvatarKey,
  DEFAULT_AVATAR_KEY,
  type JoinMode,
  LEVEL_LABELS,
  LEVELS,
  type Level,
  type Modality,
} from "../../domain/constants.ts";
import { ApiError, errorText } from "../../domain/errors.ts";
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_MSG,
  GROUP_NAME_MAX,
  GROUP_CREATE_TEXT as TEXT,
} from "../../domain/texts/groups.ts";
import { Button } from "../components/button.tsx";
import { type Choice, ChoiceCards } from "../components/choice-cards.tsx";
import { CityField } from "../components/city-input.tsx";
import { Field, inputClass, LengthHint, TextInput } from "../components/field.tsx";
import { toggle } from "../lib/toggle.ts";
import { AvatarGrid } from "../profiles/avatar-grid.tsx";
import { ModalityCheckboxes } from "../profiles/modality-checkboxes.tsx";
import type { GroupFormInput } from "./queries.ts";

const JOIN_CHOICES: Choice<JoinMode>[] = [
  { value: "open", label: TEXT.open, hint: TEXT.openHint },
  { value: "approval", label: TEXT.approval, hint: TEXT.approvalHint },
];

/** The fields the form edits (the rest of the group, such as who may publish, stays as it is). */
export interface GroupFormValues {
  name: string;
  city: string;
  description: string | null;
  modalities: Modality[];
  levels: Level[];
  joinMode: JoinMode;
  verifiedOnly: boolean;
  avatarKey: AvatarKey;
}

export const EMPTY_GROUP: GroupFormValues = {
  name: "",
  city: "",
  description: null,
  modalities: [],
  levels: [],
  joinMode: "open",
  verifiedOnly: false,
  avatarKey: DEFAULT_AVATAR_KEY,
};

export function GroupForm({
  initial,
  submitLabel,
  savingLabel,
  failedText,
  pending,
  onSubmit,
  extraActions,
}: {
  initial: GroupFormValues;
  submitLabel: string;
  savingLabel: string;
  /** What a refusal about no field says when the API gives no reason. */
  failedText: string;
  pending: boolean;
  /** Sends the values; a rejection with the API's refusal shows on the form. */
  onSubmit: (input: GroupFormInput) => Promise<unknown>;
  extraActions?: ReactNode;
}) {
  const [name, setName] = useState(initial.name);
  const [city, setCity] = useState(initial.city);
  const [description, setDescription] = useState(initial.description ?? "");
  const [modalities, setModalities] = useState<Modality[]>(initial.modalities);
  const [levels, setLevels] = useState<Level[]>(initial.levels);
  const [joinMode, setJoinMode] = useState<JoinMode>(initial.joinMode);
  const [verifiedOnly, setVerifiedOnly] = useState(initial.verifiedOnly);
  const [avatarKey, setAvatarKey] = useState<AvatarKey>(initial.avatarKey);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await onSubmit({
        name,
        city,
        description: description || null,
        modalities,
        levels,
        joinMode,
        verifiedOnly,
        avatarKey,
      });
      setErrors({});
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      setErrors(fields);
      // A refusal about no field (her 4th group) shows above the button.
      if (Object.keys(fields).length === 0) setFailure(errorText(error, failedText));
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <Field label={TEXT.name} error={errors.name}>
        {({ id, describedBy, invalid }) => (
          <TextInput
            id={id}
            name="name"
            maxLength={GROUP_NAME_MAX}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      <CityField text={TEXT} value={city} onChange={setCity} error={errors.city} />
      <Field
        label={TEXT.description}
        error={errors.description}
        hint={
          <LengthHint
            length={description.length}
            max={GROUP_DESCRIPTION_MAX}
            atLimit={TEXT.descriptionAtLimit}
          />
        }
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            className={`${inputClass} min-h-24`}
            maxLength={GROUP_DESCRIPTION_MAX}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      <ModalityCheckboxes value={modalities} onChange={setModalities} error={errors.modalities} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 font-bold">{TEXT.levels}</legend>
        {LEVELS.map((level) => (
          <label
            key={level}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border-2 border-line bg-surface px-3"
          >
            <input
              type="checkbox"
              className="h-5 w-5 accent-primary"
              checked={levels.includes(level)}
              onChange={() => setLevels(LEVELS.filter((l) => toggle(levels, level).includes(l)))}
            />
            {LEVEL_LABELS[level]}
          </label>
        ))}
        {errors.levels ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {errors.levels}
          </p>
        ) : null}
      </fieldset>
      <ChoiceCards
        legend={TEXT.joinMode}
        choices={JOIN_CHOICES}
        radio={(mode) => ({
          name: "joinMode",
          checked: joinMode === mode,
          onChange: () => setJoinMode(mode),
        })}
      >
        <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-2xl border border-line bg-surface p-3 has-[:checked]:border-primary">
          <input
            type="checkbox"
            aria-labelledby="group-verified-only-label"
            aria-describedby="group-verified-only-hint"
            checked={verifiedOnly}
            onChange={(event) => setVerifiedOnly(event.target.checked)}
            className="mt-1 h-5 w-5 accent-primary"
          />
          <span className="flex flex-col">
            <span id="group-verified-only-label" className="font-semibold">
              {GROUP_MSG.verifiedOnlyOption}
            </span>
            <span id="group-verified-only-hint" className="text-sm text-ink-soft">
              {GROUP_MSG.verifiedOnlyHint}
            </span>
          </span>
        </label>
      </ChoiceCards>
      <AvatarGrid value={avatarKey} onChange={setAvatarKey} />
      {failure ? (
        <p role="alert" className="font-semibold text-danger">
          {failure}
        </p>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? savingLabel : submitLabel}
      </Button>
      {extraActions}
    </form>
  );
}
