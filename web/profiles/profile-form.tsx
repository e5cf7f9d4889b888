import clsx from "clsx";
import { type FormEvent, type ReactNode, useState } from "react";
import { type AvatarKey, avatarKeyOrDefault, type Modality } from "../../domain/constants.ts";
import { type ProfileInput, parseInput, profileSchema } from "../../domain/schemas.ts";
import { PROFILE_FORM_TEXT as TEXT } from "../../domain/texts/profiles.ts";
import { USERNAME_HINT } from "../../domain/username.ts";
import { Button } from "../components/button.tsx";
import { CityField } from "../components/city-input.tsx";
import { Field, TextInput } from "../components/field.tsx";
import { AvatarGrid } from "./avatar-grid.tsx";
import { ModalityCheckboxes } from "./modality-checkboxes.tsx";
import { type UsernameCheckState, useUsernameCheck } from "./use-username-check.ts";

export interface ProfileFormValues {
  username: string;
  city: string;
  modalities: Modality[];
  avatarKey: AvatarKey;
}

function statusText(state: UsernameCheckState): { text: string; tone: string } | null {
  switch (state.status) {
    case "checking":
      return { text: TEXT.checking, tone: "text-ink-soft" };
    case "available":
      return { text: TEXT.available, tone: "text-success" };
    case "invalid":
    case "taken":
      return { text: state.message, tone: "text-danger" };
    default:
      return null;
  }
}

/**
 * Profile setup and edit share this form: username with live check, city with suggestions,
 * modalities and avatar. `onSave` receives validated values; it may return field errors.
 */
export function ProfileForm({
  initial,
  currentUsername,
  submitLabel,
  savingLabel,
  onSave,
  secondary,
}: {
  initial: ProfileFormValues;
  currentUsername?: string | null;
  submitLabel: string;
  savingLabel: string;
  onSave: (values: ProfileInput) => Promise<Record<string, string> | undefined>;
  secondary?: ReactNode;
}) {
  const [username, setUsername] = useState(initial.username);
  const [city, setCity] = useState(initial.city);
  const [modalities, setModalities] = useState<Modality[]>(initial.modalities);
  const [avatarKey, setAvatarKey] = useState<AvatarKey>(avatarKeyOrDefault(initial.avatarKey));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const check = useUsernameCheck(username, currentUsername);
  const status = statusText(check);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseInput(profileSchema, { username, city, modalities, avatarKey });
    if (!parsed.ok) {
      setErrors(parsed.error.fields ?? {});
      return;
    }
    if (check.status === "taken" || check.status === "invalid") {
      setErrors({ username: check.message });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const fieldErrors = await onSave(parsed.data);
      if (fieldErrors) setErrors(fieldErrors);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <Field label={TEXT.username} hint={USERNAME_HINT} error={errors.username}>
        {({ id, describedBy, invalid }) => (
          <>
            <TextInput
              id={id}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              aria-describedby={[describedBy, "username-status"].filter(Boolean).join(" ")}
              aria-invalid={invalid || undefined}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
            <p
              id="username-status"
              aria-live="polite"
              className={clsx("min-h-5 text-sm font-semibold", status?.tone)}
            >
              {status?.text ?? ""}
            </p>
          </>
        )}
      </Field>
      <CityField text={TEXT} value={city} onChange={setCity} error={errors.city} />
      <ModalityCheckboxes value={modalities} onChange={setModalities} error={errors.modalities} />
      <AvatarGrid value={avatarKey} onChange={setAvatarKey} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {secondary}
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          {saving ? savingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
