import clsx from "clsx";
import { useState } from "react";
import { AVATAR_KEYS, AVATARS_SHOWN_INITIALLY, type AvatarKey } from "../../domain/constants.ts";
import { PROFILE_FORM_TEXT as TEXT } from "../../domain/texts/profiles.ts";
import { Avatar } from "../components/avatar.tsx";
import { Button } from "../components/button.tsx";

/** Preset avatars as a radio group: 6 first, all 12 after 'Ver más opciones'. */
export function AvatarGrid({
  value,
  onChange,
}: {
  value: AvatarKey;
  onChange: (key: AvatarKey) => void;
}) {
  const [expanded, setExpanded] = useState(AVATAR_KEYS.indexOf(value) >= AVATARS_SHOWN_INITIALLY);
  const shown = expanded ? AVATAR_KEYS : AVATAR_KEYS.slice(0, AVATARS_SHOWN_INITIALLY);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 font-bold">{TEXT.avatar}</legend>
      <div className="grid grid-cols-3 gap-3 sm:grid-cols-6">
        {shown.map((key, i) => (
          <label
            key={key}
            className={clsx(
              "flex cursor-pointer items-center justify-center rounded-2xl border-2 p-2 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent",
              key === value ? "border-primary bg-primary-soft" : "border-line bg-surface",
            )}
          >
            <input
              type="radio"
              name="avatar"
              value={key}
              checked={key === value}
              onChange={() => onChange(key)}
              className="sr-only"
            />
            <Avatar avatarKey={key} size={56} alt={TEXT.avatarNumber(i + 1)} />
          </label>
        ))}
      </div>
      <Button variant="ghost" className="self-center" onClick={() => setExpanded((v) => !v)}>
        {expanded ? TEXT.fewerAvatars : TEXT.moreAvatars}
      </Button>
    </fieldset>
  );
}
