import { useState } from "react";
import { avatarKeyOrDefault } from "../../domain/constants.ts";
import { avatarInitials } from "../../domain/display.ts";

/** A preset avatar (ava01–ava12) or a provider picture; falls back to initials on failure. */
export function Avatar({
  avatarKey,
  avatarUrl,
  size = 40,
  alt,
}: {
  avatarKey?: string | null;
  avatarUrl?: string | null;
  size?: number;
  alt: string;
}) {
  const key = avatarKeyOrDefault(avatarKey);
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span
        {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
        className="inline-flex items-center justify-center rounded-full bg-primary-soft font-bold text-primary"
        style={{ width: size, height: size, fontSize: size * 0.36 }}
      >
        {avatarInitials(key)}
      </span>
    );
  }
  return (
    <img
      src={avatarUrl || `/avatars/${key}.svg`}
      alt={alt}
      width={size}
      height={size}
      className="rounded-full bg-primary-soft object-cover"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}
