// /app/grupo/:slug (docs/product.md#grupos): the group's public facts for everyone signed in,
// joining or leaving, the member list for its members, and for its leaders the requests first.

import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router-dom";
import type { GroupDetail, GroupMemberView } from "../../domain/api/groups.ts";
import { LEVEL_LABELS, MODALITY_LABELS } from "../../domain/constants.ts";
import { GROUP_MSG, GROUP_PAGE_TEXT as TEXT } from "../../domain/texts/groups.ts";
import { Avatar } from "../components/avatar.tsx";
import { Chip } from "../components/chip.tsx";
import { EmptyState, LoadFailed, Skeleton } from "../components/feedback.tsx";
import { isNotFound } from "../lib/api.ts";
import { VerifiedBadge } from "../verification/verified-badge.tsx";
import { GroupActions } from "./group-actions.tsx";
import { GroupChatEntry } from "./group-chat-entry.tsx";
import { GroupManage } from "./group-manage.tsx";
import { GroupRequests } from "./group-requests.tsx";
import { GroupRides } from "./group-rides.tsx";
import { GroupSafety } from "./group-safety.tsx";
import { groupQuery } from "./queries.ts";

export default function GroupScreen() {
  const { slug = "" } = useParams();
  const group = useQuery(groupQuery(slug));
  if (isNotFound(group.error)) {
    return (
      <EmptyState>
        <h1 className="font-bold">{GROUP_MSG.notFound}</h1>
      </EmptyState>
    );
  }
  if (group.isPending) {
    return (
      <div className="flex flex-col gap-4" role="status" aria-label={TEXT.loading}>
        <Skeleton className="h-40" />
        <Skeleton className="h-28" />
      </div>
    );
  }
  if (!group.data) {
    return (
      <LoadFailed error={group.error} onRetry={() => group.refetch()}>
        <p className="font-bold">{TEXT.loadFailed}</p>
      </LoadFailed>
    );
  }
  // A failed refetch keeps the group she is reading.
  return <GroupView group={group.data.group} />;
}

function GroupView({ group }: { group: GroupDetail }) {
  return (
    <div className="flex flex-col gap-5">
      {group.requests ? <GroupRequests slug={group.slug} requests={group.requests} /> : null}
      <section className="flex flex-col items-center gap-3 rounded-3xl border border-line bg-surface p-5 text-center">
        <Avatar avatarKey={group.avatarKey} size={96} alt="" />
        <h1 className="text-2xl font-extrabold">{group.name}</h1>
        <p className="text-ink-soft">
          {group.city} · {GROUP_MSG.members(group.memberCount)} ·{" "}
          {group.joinMode === "open" ? TEXT.openGroup : TEXT.approvalGroup}
        </p>
        <ul className="flex flex-wrap justify-center gap-1.5">
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
        <GroupActions group={group} />
      </section>
      {group.myRole ? <GroupChatEntry slug={group.slug} /> : null}
      {group.description ? (
        <section className="rounded-3xl border border-line bg-surface p-4" aria-labelledby="sobre">
          <h2 id="sobre" className="mb-2 text-lg font-extrabold">
            {TEXT.description}
          </h2>
          <p className="whitespace-pre-wrap break-words">{group.description}</p>
        </section>
      ) : null}
      <GroupRides slug={group.slug} member={group.myRole !== null} />
      <section className="rounded-3xl border border-line bg-surface p-4" aria-labelledby="lideres">
        <h2 id="lideres" className="mb-2 text-lg font-extrabold">
          {TEXT.leaders}
        </h2>
        <ul className="flex flex-col gap-2">
          {group.leaders.map((leader) => (
            <li key={leader.id ?? leader.username} className="flex items-center gap-3">
              <Avatar avatarKey={leader.avatarKey} avatarUrl={leader.avatarUrl} size={32} alt="" />
              <span className="font-semibold">{leader.username}</span>
              <VerifiedBadge verified={leader.verified} />
            </li>
          ))}
        </ul>
      </section>
      {group.members ? <MemberList members={group.members} /> : null}
      {group.myRole === "leader" ? <GroupManage group={group} /> : null}
      <GroupSafety group={group} />
    </div>
  );
}

function MemberList({ members }: { members: GroupMemberView[] }) {
  return (
    <section className="rounded-3xl border border-line bg-surface p-4" aria-labelledby="miembros">
      <h2 id="miembros" className="mb-2 text-lg font-extrabold">
        {TEXT.membersTitle}
      </h2>
      <ul className="flex flex-col gap-2" aria-labelledby="miembros">
        {members.map((member) => (
          <li key={member.id} className="flex min-h-11 items-center gap-3">
            <Avatar avatarKey={member.avatarKey} avatarUrl={member.avatarUrl} size={36} alt="" />
            <span className="font-semibold">{member.username}</span>
            <VerifiedBadge verified={member.verified} />
            {member.role === "leader" ? <Chip>{GROUP_MSG.leader}</Chip> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
