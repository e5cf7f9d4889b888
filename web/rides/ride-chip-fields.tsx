// The ride form's chip groups (create.tsx): the level (one of them), the modalities and the
// social tags (several), each under its legend with its own error. They read and write the form
// through react-hook-form's context.
import type { ReactNode } from "react";
import { useFormContext } from "react-hook-form";
import {
  LEVEL_LABELS,
  LEVELS,
  MAX_SOCIAL_TAGS,
  MODALITIES,
  MODALITY_LABELS,
  OFFERED_SOCIAL_TAGS,
  SOCIAL_TAG_LABELS,
} from "../../domain/constants.ts";
import { RIDE_FORM_TEXT as TEXT } from "../../domain/texts/rides-create.ts";
import { ToggleChip } from "../components/chip.tsx";
import { toggle } from "../lib/toggle.ts";
import { type RideFormValues, setValueOptions } from "../ride-core/ride-form-values.ts";

function ChipFieldset({
  legend,
  error,
  children,
}: {
  legend: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-bold">{legend}</legend>
      {children}
      {error ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** 'Nivel': one chip of a radio group. */
export function LevelField() {
  const { watch, setValue, formState } = useFormContext<RideFormValues>();
  const level = watch("level");
  return (
    <ChipFieldset legend={TEXT.level} error={formState.errors.level?.message}>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={TEXT.level}>
        {LEVELS.map((l) => (
          <ToggleChip
            key={l}
            role="radio"
            aria-checked={level === l}
            pressed={level === l}
            onClick={() => setValue("level", l, setValueOptions(formState.isSubmitted))}
          >
            {LEVEL_LABELS[l]}
          </ToggleChip>
        ))}
      </div>
    </ChipFieldset>
  );
}

/** 'Modalidades': any of them, at least one (the shared rules say so). */
export function ModalitiesField() {
  const { watch, setValue, formState } = useFormContext<RideFormValues>();
  const modalities = watch("modalities");
  return (
    <ChipFieldset legend={TEXT.modalities} error={formState.errors.modalities?.message}>
      <div className="flex flex-wrap gap-2">
        {MODALITIES.map((m) => (
          <ToggleChip
            key={m}
            pressed={modalities.includes(m)}
            onClick={() =>
              setValue("modalities", toggle(modalities, m), setValueOptions(formState.isSubmitted))
            }
          >
            {MODALITY_LABELS[m]}
          </ToggleChip>
        ))}
      </div>
    </ChipFieldset>
  );
}

/** 'Etiquetas': at most MAX_SOCIAL_TAGS; the others are disabled once she has chosen them. */
export function SocialTagsField() {
  const { watch, setValue, formState } = useFormContext<RideFormValues>();
  const socialTags = watch("socialTags");
  return (
    <ChipFieldset legend={TEXT.socialTags}>
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
                  toggle(socialTags, tag),
                  setValueOptions(formState.isSubmitted),
                )
              }
            >
              {SOCIAL_TAG_LABELS[tag]}
            </ToggleChip>
          );
        })}
      </div>
    </ChipFieldset>
  );
}
