import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { GroupSummary } from "../../domain/api/groups.ts";
import { LEVEL_LABELS, MODALITY_LABELS } from "../../domain/constants.ts";
import { GROUP_MSG, GROUP_SEARCH_TEXT } from "../../domain/texts/groups.ts";
import { Avatar } from "../components/avatar.tsx";
import { Chip } from "../components/chip.tsx";

export const groupPath = (slug: string) => `/app/grupo/${encodeURIComponent(slug)}`;

/**
 * A group in a list (the search's 'Grupos', 'Tus grupos'): its name links to its page; city,
 * size, how to join, and her place in it. `children` adds a line (the feed's next ride).
 */
export function GroupCard({ group, children }: { group: GroupSummary; children?: ReactNode }) {
  return (
    <article className="flex gap-3 rounded-3xl border border-line bg-surface p-4">
      <Avatar avatarKey={group.avatarKey} size={56} alt="" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h3 className="text-lg font-extrabold leading-tight">
          <Link to={groupPath(group.slug)} className="-my-2.5 block py-2.5 hover:underline">
            {group.name}
          </Link>
        </h3>
        <p className="text-sm text-ink-soft">
          {group.city} · {GROUP_MSG.members(group.memberCount)} ·{" "}
          {group.joinMode === "open" ? GROUP_MSG.joinModeOpen : GROUP_MSG.joinModeApproval}
        </p>
        <ul className="flex flex-wrap gap-1.5">
          {group.myRole ? (
            <li>
              <Chip tone="primary">
                {group.myRole === "leader" ? GROUP_MSG.leader : GROUP_SEARCH_TEXT.yours}
              </Chip>
            </li>
          ) : null}
          {group.modalities.map((m) => (
            <li key={m}>
              <Chip tone={m}>{MODALITY_LABELS[m]}</Chip>
            </li>
          ))}
          {group.levels.map((l) => (
            <li key={l}>
              <Chip>{LEVEL_LABELS[l]}</Chip>
            </li>
          ))}
        </ul>
        {children}
      </div>
    </article>
  );
}
