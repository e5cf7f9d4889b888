// 'Crear un grupo' (/app/grupos/nuevo, docs/product.md#grupos): name, city, description,
// modalities, levels, join mode and an image from the avatar set. The API checks every rule
// (look-alike names, banned words, 3 groups per account); its refusal shows on its field, or
// above the button when it is about no field. On success she lands on the group's page.
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { CITY_SUGGESTIONS_PROFILE } from "../../domain/cities.ts";
import {
  type AvatarKey,
  DEFAULT_AVATAR_KEY,
  JOIN_MODES,
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
import { CityInput } from "../components/city-input.tsx";
import { PageHeader } from "../components/feedback.tsx";
import { Field, inputClass, LengthHint, TextInput } from "../components/field.tsx";
import { toast } from "../lib/toast.ts";
import { toggle } from "../lib/toggle.ts";
import { AvatarGrid } from "../profiles/avatar-grid.tsx";
import { ModalityCheckboxes } from "../profiles/modality-checkboxes.tsx";
import { type GroupFormInput, useCreateGroup } from "./queries.ts";

const JOIN_CHOICES: Record<JoinMode, { label: string; hint: string }> = {
  open: { label: TEXT.open, hint: TEXT.openHint },
  approval: { label: TEXT.approval, hint: TEXT.approvalHint },
};

export default function CreateGroupScreen() {
  const navigate = useNavigate();
  const create = useCreateGroup();
  const [name, setName] = useState("");
  const [city, setCity] = useState("");
  const [description, setDescription] = useState("");
  const [modalities, setModalities] = useState<Modality[]>([]);
  const [levels, setLevels] = useState<Level[]>([]);
  const [joinMode, setJoinMode] = useState<JoinMode>("open");
  const [verifiedOnly, setVerifiedOnly] = useState(false);
  const [avatarKey, setAvatarKey] = useState<AvatarKey>(DEFAULT_AVATAR_KEY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const input: GroupFormInput = {
      name,
      city,
      description: description || null,
      modalities,
      levels,
      joinMode,
      verifiedOnly,
      avatarKey,
    };
    try {
      const { group } = await create.mutateAsync(input);
      setErrors({});
      toast.success(TEXT.created);
      navigate(`/app/grupo/${encodeURIComponent(group.slug)}`);
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      setErrors(fields);
      // A refusal about no field (her 4th group) shows above the button.
      if (Object.keys(fields).length === 0) setFailure(errorText(error, TEXT.failed));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={TEXT.title} />
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
        <Field label={TEXT.city} error={errors.city}>
          {({ id, describedBy, invalid }) => (
            <CityInput
              id={id}
              name="city"
              value={city}
              onChange={setCity}
              limit={CITY_SUGGESTIONS_PROFILE}
              describedBy={describedBy}
              invalid={invalid}
              placeholder={TEXT.cityPlaceholder}
            />
          )}
        </Field>
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
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 font-bold">{TEXT.joinMode}</legend>
          {JOIN_MODES.map((mode) => (
            <label
              key={mode}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-2xl border border-line bg-surface p-3 has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name="joinMode"
                value={mode}
                checked={joinMode === mode}
                onChange={() => setJoinMode(mode)}
                className="mt-1 h-5 w-5 accent-primary"
              />
              <span className="flex flex-col">
                <span className="font-semibold">{JOIN_CHOICES[mode].label}</span>
                <span className="text-sm text-ink-soft">{JOIN_CHOICES[mode].hint}</span>
              </span>
            </label>
          ))}
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
        </fieldset>
        <AvatarGrid value={avatarKey} onChange={setAvatarKey} />
        {failure ? (
          <p role="alert" className="font-semibold text-danger">
            {failure}
          </p>
        ) : null}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? TEXT.saving : TEXT.submit}
        </Button>
      </form>
    </div>
  );
}
