import { useNavigate } from "react-router-dom";
import { avatarKeyOrDefault } from "../../domain/constants.ts";
import { ApiError, errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { PROFILE_FORM_TEXT, PROFILE_EDIT_TEXT as TEXT } from "../../domain/texts/profiles.ts";
import { useBack } from "../components/back-button.tsx";
import { Button } from "../components/button.tsx";
import { EmptyState, PageHeader, RetryButton, Skeleton } from "../components/feedback.tsx";
import { toast } from "../lib/toast.ts";
import { useMe } from "../session/use-me.ts";
import { ProfileForm } from "./profile-form.tsx";
import { useSaveProfile } from "./save-profile.ts";

function EditSkeleton() {
  return (
    <div className="flex flex-col gap-5" role="status" aria-busy="true" aria-label={TEXT.loading}>
      <Skeleton className="h-16" />
      <Skeleton className="h-16" />
      <Skeleton className="h-36" />
      <Skeleton className="h-44" />
    </div>
  );
}

/** /app/profile/edit: same form; 'Cancelar' goes back, saving goes to her public profile. */
export default function ProfileEdit() {
  const me = useMe();
  const navigate = useNavigate();
  const save = useSaveProfile();
  const user = me.data?.user;
  const back = useBack(`/app/profile/${encodeURIComponent(user?.username ?? "")}`);
  return (
    <div className="flex flex-col gap-2">
      <PageHeader title={TEXT.title} />
      {me.isPending ? (
        <EditSkeleton />
      ) : !user ? (
        <EmptyState action={<RetryButton onRetry={() => me.refetch()} />}>
          {MSG.profileLoadFailed}
        </EmptyState>
      ) : (
        <ProfileForm
          initial={{
            username: user.username ?? "",
            city: user.city ?? "",
            modalities: user.modalities,
            avatarKey: avatarKeyOrDefault(user.avatarKey),
          }}
          currentUsername={user.username}
          submitLabel={TEXT.save}
          savingLabel={PROFILE_FORM_TEXT.saving}
          secondary={
            <Button variant="secondary" className="w-full sm:w-auto" onClick={back}>
              {TEXT.cancel}
            </Button>
          }
          onSave={async (values) => {
            try {
              const saved = await save(values);
              toast.success(MSG.profileUpdated);
              navigate(`/app/profile/${encodeURIComponent(saved.username ?? values.username)}`, {
                replace: true,
              });
              return undefined;
            } catch (err) {
              const message = errorText(err, MSG.profileEditFailed);
              toast.error(message);
              if (err instanceof ApiError && err.code === "username_taken") {
                return { username: message };
              }
              return err instanceof ApiError ? err.fields : undefined;
            }
          }}
        />
      )}
    </div>
  );
}
