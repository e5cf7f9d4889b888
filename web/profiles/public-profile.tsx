import { useQuery } from "@tanstack/react-query";
import { LogOut, Pencil, Settings, Trash2, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, Navigate, useParams } from "react-router-dom";
import type { PublicProfileResponse } from "../../domain/api/users.ts";
import { MODALITY_LABELS } from "../../domain/constants.ts";
import { formatMemberSince } from "../../domain/format.ts";
import { MSG } from "../../domain/messages.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import { PUBLIC_PROFILE_TEXT as TEXT } from "../../domain/texts/profiles-public.ts";
import { Avatar } from "../components/avatar.tsx";
import { Button, ButtonLink, buttonClass } from "../components/button.tsx";
import { Chip } from "../components/chip.tsx";
import { ConfirmDialog } from "../components/dialog.tsx";
import { LoadFailed, PageHeader, Skeleton } from "../components/feedback.tsx";
import { isNotFound } from "../lib/api.ts";
import { publicProfileQuery } from "../lib/profile-queries.ts";
import { toast } from "../lib/toast.ts";
import { ProfileSafetyActions } from "../safety/profile-actions.tsx";
import { MyVerification } from "../verification/my-verification.tsx";
import { VerifiedBadge } from "../verification/verified-badge.tsx";
import { OrganizerLevelsCard } from "./organizer-levels.tsx";
import { useDeleteAccount } from "./use-delete-account.ts";

/** /app/profile/:username (docs/product.md#public-profile). */
export default function PublicProfileScreen() {
  const { username = "" } = useParams();
  const profile = useQuery(publicProfileQuery(username));
  const notFound = isNotFound(profile.error);

  useEffect(() => {
    if (notFound) toast.error(MSG.profileNotFound);
  }, [notFound]);

  if (notFound) return <Navigate to="/app/feed" replace />;
  if (profile.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <Skeleton className="h-40" />
        <Skeleton className="h-28" />
      </div>
    );
  }
  if (!profile.data) {
    return (
      <LoadFailed error={profile.error} onRetry={() => profile.refetch()}>
        <p className="font-bold">{MSG.profileLoadFailed}</p>
      </LoadFailed>
    );
  }
  // A failed refetch keeps the profile she is reading.
  return <ProfileView data={profile.data} />;
}

function ProfileView({ data }: { data: PublicProfileResponse }) {
  const { profile, stats, isOwner } = data;
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={isOwner ? TEXT.titleOwn : TEXT.titleOther} />
      <section className="flex flex-col items-center gap-3 rounded-3xl border border-line bg-surface p-5 text-center">
        <Avatar avatarKey={profile.avatarKey} avatarUrl={profile.avatarUrl} size={96} alt="" />
        <p className="flex flex-wrap items-center justify-center gap-2 text-2xl font-extrabold">
          {profile.username}
          <VerifiedBadge verified={profile.verified} className="text-sm" />
        </p>
        {profile.city ? <p className="text-ink-soft">{profile.city}</p> : null}
        <div className="flex flex-wrap justify-center gap-1.5">
          {profile.modalities.map((m) => (
            <Chip key={m} tone={m}>
              {MODALITY_LABELS[m]}
            </Chip>
          ))}
        </div>
        {isOwner ? (
          <div className="flex flex-wrap justify-center gap-2">
            <ButtonLink to="/app/profile/edit" variant="secondary">
              <Pencil aria-hidden="true" size={18} />
              {TEXT.edit}
            </ButtonLink>
            {/* The app's settings: 'Actualizar app', and what she sets for her account. */}
            <ButtonLink to="/app/settings" variant="secondary">
              <Settings aria-hidden="true" size={18} />
              {TEXT.settings}
            </ButtonLink>
            <ButtonLink to="/app/grupos/nuevo" variant="secondary">
              <Users aria-hidden="true" size={18} />
              {GROUP_MSG.createTitle}
            </ButtonLink>
          </div>
        ) : null}
      </section>

      <div className="grid grid-cols-2 gap-3">
        <StatTile
          value={stats.completedRides}
          label={TEXT.completedRides}
          zeroText={isOwner ? TEXT.completedRidesNoneOwn : TEXT.completedRidesNone}
        />
        <StatTile
          value={stats.connections}
          label={TEXT.connections}
          zeroText={TEXT.connectionsNone}
        />
      </div>

      {isOwner ? <MyVerification /> : null}

      <OrganizerLevelsCard levels={stats.levels} />

      {stats.history.length > 0 ? (
        <section
          className="rounded-3xl border border-line bg-surface p-4"
          aria-labelledby="historial"
        >
          <h2 id="historial" className="mb-2 text-lg font-extrabold">
            {TEXT.history}
          </h2>
          <ul className="flex flex-col gap-1">
            {stats.history.map((h) => (
              <li key={h.userId}>
                <Link
                  to={`/app/profile/${encodeURIComponent(h.username)}`}
                  className="flex min-h-11 items-center hover:underline"
                >
                  {h.times}× {h.username}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className="text-center text-ink-soft">
        {TEXT.memberSince(formatMemberSince(profile.memberSince))}
      </p>

      {isOwner ? (
        <OwnerActions />
      ) : (
        <ProfileSafetyActions user={{ id: profile.userId, username: profile.username }} />
      )}
    </div>
  );
}

function StatTile({ value, label, zeroText }: { value: number; label: string; zeroText: string }) {
  return (
    <div className="flex min-h-28 flex-col items-center justify-center rounded-3xl bg-primary-soft p-3 text-center">
      {value > 0 ? (
        <>
          <span className="text-3xl font-extrabold text-primary-dark">{value}</span>
          <span className="text-sm font-bold">{label}</span>
        </>
      ) : (
        <span className="text-sm font-bold">{zeroText}</span>
      )}
    </div>
  );
}

function OwnerActions() {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const deleteAccount = useDeleteAccount();

  return (
    <div className="flex flex-col gap-2">
      <Link to="/app/logout" className={buttonClass("secondary")}>
        <LogOut aria-hidden="true" size={18} />
        {TEXT.logout}
      </Link>
      <Button variant="ghost" className="text-danger" onClick={() => setConfirmOpen(true)}>
        <Trash2 aria-hidden="true" size={18} />
        {TEXT.deleteAccount}
      </Button>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={TEXT.deleteTitle}
        description={TEXT.deleteText}
        confirmLabel={TEXT.deleteConfirm}
        busy={deleteAccount.isPending}
        onConfirm={() => deleteAccount.mutate()}
      />
    </div>
  );
}
