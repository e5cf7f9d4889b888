// The leaders' management on the group's page (docs/product.md#grupos): 'Editar el grupo' (the
// create form's fields), whether members may publish, its people (name or remove a co-leader,
// remove a member, asked first) and the invitation link (copy, revoke). A refusal says the API's
// reason ('Un grupo puede tener como mucho 5 líderes', …).
import { useState } from "react";
import type { GroupDetail, GroupMemberView } from "../../domain/api/groups.ts";
import { DEFAULT_AVATAR_KEY, isAvatarKey } from "../../domain/constants.ts";
import { errorText } from "../../domain/errors.ts";
import {
  GROUP_INVITE_PARAM,
  GROUP_MSG,
  GROUP_PAGE_TEXT,
  GROUP_MANAGE_TEXT as TEXT,
} from "../../domain/texts/groups.ts";
import { Avatar } from "../components/avatar.tsx";
import { Button } from "../components/button.tsx";
import { Chip } from "../components/chip.tsx";
import { ConfirmDialog } from "../components/dialog.tsx";
import { toast } from "../lib/toast.ts";
import { useMe } from "../session/use-me.ts";
import { GroupForm, type GroupFormValues } from "./group-form.tsx";
import { useEditGroup, useInviteLink, useRemoveMember, useSetLeader } from "./queries.ts";

const failed = (error: unknown) =>
  toast.error(GROUP_PAGE_TEXT.actionFailed, { description: errorText(error) });

/** Every field the API's edit takes, as the group has them now. */
const inputOf = (
  group: GroupDetail,
): GroupFormValues & { membersMayPublish: boolean; indexable: boolean } => ({
  name: group.name,
  city: group.city,
  description: group.description,
  modalities: group.modalities,
  levels: group.levels,
  avatarKey: isAvatarKey(group.avatarKey) ? group.avatarKey : DEFAULT_AVATAR_KEY,
  joinMode: group.joinMode,
  membersMayPublish: group.membersMayPublish,
  verifiedOnly: group.verifiedOnly,
  indexable: group.indexable,
});

export function GroupManage({ group }: { group: GroupDetail }) {
  return (
    <section
      className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-4"
      aria-labelledby="gestionar"
    >
      <h2 id="gestionar" className="text-lg font-extrabold">
        {TEXT.title}
      </h2>
      <EditGroup group={group} />
      <PublishSwitch group={group} />
      <InviteLink group={group} />
      <People slug={group.slug} members={group.members ?? []} />
    </section>
  );
}

function EditGroup({ group }: { group: GroupDetail }) {
  const edit = useEditGroup(group.slug);
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="secondary" className="self-start" onClick={() => setOpen(true)}>
        {TEXT.edit}
      </Button>
    );
  }
  return (
    <section aria-labelledby="editar-grupo" className="flex flex-col gap-3">
      <h3 id="editar-grupo" className="font-extrabold">
        {TEXT.edit}
      </h3>
      <GroupForm
        initial={inputOf(group)}
        submitLabel={TEXT.save}
        savingLabel={TEXT.saving}
        failedText={TEXT.saveFailed}
        pending={edit.isPending}
        onSubmit={async (input) => {
          // What the form does not show stays as it is.
          const { membersMayPublish, indexable } = group;
          await edit.mutateAsync({ ...input, membersMayPublish, indexable });
          toast.success(TEXT.saved);
          setOpen(false);
        }}
        extraActions={
          <Button variant="ghost" onClick={() => setOpen(false)}>
            {TEXT.cancel}
          </Button>
        }
      />
    </section>
  );
}

function PublishSwitch({ group }: { group: GroupDetail }) {
  const edit = useEditGroup(group.slug);
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3">
      <input
        type="checkbox"
        role="switch"
        className="mt-1 h-5 w-5 accent-primary"
        aria-labelledby="publicar-label"
        aria-describedby="publicar-hint"
        aria-checked={group.membersMayPublish}
        checked={group.membersMayPublish}
        disabled={edit.isPending}
        onChange={(event) =>
          edit
            .mutateAsync({ ...inputOf(group), membersMayPublish: event.target.checked })
            .then(() => toast.success(TEXT.saved), failed)
        }
      />
      <span className="flex flex-col">
        <span id="publicar-label" className="font-semibold">
          {TEXT.membersMayPublish}
        </span>
        <span id="publicar-hint" className="text-sm text-ink-soft">
          {TEXT.membersMayPublishHint}
        </span>
      </span>
    </label>
  );
}

function InviteLink({ group }: { group: GroupDetail }) {
  const invite = useInviteLink(group.slug);
  const [revokeOpen, setRevokeOpen] = useState(false);
  const link = group.inviteToken
    ? `${window.location.origin}/app/grupo/${encodeURIComponent(group.slug)}?${GROUP_INVITE_PARAM}=${encodeURIComponent(group.inviteToken)}`
    : null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-extrabold">{TEXT.invite}</h3>
      <p className="text-sm text-ink-soft">{TEXT.inviteHint}</p>
      {link ? (
        <>
          <input
            readOnly
            aria-label={TEXT.invite}
            value={link}
            className="w-full rounded-xl border border-line bg-bg px-3 py-2 text-sm"
            onFocus={(event) => event.target.select()}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() =>
                navigator.clipboard
                  .writeText(link)
                  .then(() => toast.success(TEXT.inviteCopied), failed)
              }
            >
              {TEXT.inviteCopy}
            </Button>
            <Button variant="ghost" onClick={() => setRevokeOpen(true)}>
              {TEXT.inviteRevoke}
            </Button>
          </div>
          <ConfirmDialog
            open={revokeOpen}
            onOpenChange={setRevokeOpen}
            title={TEXT.inviteRevokeConfirmTitle}
            description={TEXT.inviteRevokeConfirmText}
            confirmLabel={TEXT.inviteRevoke}
            busy={invite.isPending}
            onConfirm={() =>
              invite
                .mutateAsync(false)
                .then(() => toast.success(TEXT.inviteRevoked), failed)
                .finally(() => setRevokeOpen(false))
            }
          />
        </>
      ) : (
        <Button
          variant="secondary"
          className="self-start"
          disabled={invite.isPending}
          onClick={() => invite.mutateAsync(true).catch(failed)}
        >
          {TEXT.inviteCreate}
        </Button>
      )}
    </div>
  );
}

function People({ slug, members }: { slug: string; members: GroupMemberView[] }) {
  const myId = useMe().data?.user?.id;
  return (
    <div className="flex flex-col gap-2">
      <h3 id="gestionar-personas" className="font-extrabold">
        {TEXT.people}
      </h3>
      <ul className="flex flex-col gap-3" aria-labelledby="gestionar-personas">
        {members
          .filter((member) => member.id !== myId)
          .map((member) => (
            <Person key={member.id} slug={slug} member={member} />
          ))}
      </ul>
    </div>
  );
}

function Person({ slug, member }: { slug: string; member: GroupMemberView }) {
  const setLeader = useSetLeader(slug);
  const remove = useRemoveMember(slug);
  const [removeOpen, setRemoveOpen] = useState(false);
  const name = member.username;
  const leader = member.role === "leader";
  return (
    <li className="flex flex-col gap-2 border-t border-line pt-3">
      <span className="flex items-center gap-3">
        <Avatar avatarKey={member.avatarKey} avatarUrl={member.avatarUrl} size={32} alt="" />
        <span className="font-semibold">{name}</span>
        {leader ? <Chip>{GROUP_MSG.leader}</Chip> : null}
      </span>
      <span className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          aria-label={TEXT.forName(leader ? TEXT.removeLeader : TEXT.makeLeader, name)}
          disabled={setLeader.isPending}
          onClick={() =>
            setLeader
              .mutateAsync({ userId: member.id, leader: !leader })
              .then(
                () => toast.success(leader ? TEXT.leaderRemoved(name) : TEXT.leaderNamed(name)),
                failed,
              )
          }
        >
          {leader ? TEXT.removeLeader : TEXT.makeLeader}
        </Button>
        {/* A leader is first removed as leader: removal is of members. */}
        {leader ? null : (
          <Button
            variant="ghost"
            aria-label={TEXT.forName(TEXT.remove, name)}
            onClick={() => setRemoveOpen(true)}
          >
            {TEXT.remove}
          </Button>
        )}
      </span>
      <ConfirmDialog
        open={removeOpen}
        onOpenChange={setRemoveOpen}
        title={TEXT.removeConfirmTitle(name)}
        description={TEXT.removeConfirmText}
        confirmLabel={TEXT.remove}
        busy={remove.isPending}
        onConfirm={() =>
          remove
            .mutateAsync(member.id)
            .then(() => toast.success(TEXT.removed(name)), failed)
            .finally(() => setRemoveOpen(false))
        }
      />
    </li>
  );
}
