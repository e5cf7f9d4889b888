import { useNavigate, useSearchParams } from "react-router-dom";
import { avatarKeyOrDefault } from "../../domain/constants.ts";
import { ApiError, errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { PROFILE_FORM_TEXT, PROFILE_SETUP_TEXT as TEXT } from "../../domain/texts/profiles.ts";
import { safeReturnPath } from "../auth/redirect.ts";
import { PageHeader } from "../components/feedback.tsx";
import { FullPageSpinner } from "../components/spinner.tsx";
import { toast } from "../lib/toast.ts";
import { useMe } from "../session/use-me.ts";
import { ProfileForm } from "./profile-form.tsx";
import { useSaveProfile } from "./save-profile.ts";

/**
 * /app/profile-setup: first-time completion (no back button); saving goes to the page she was
 * sent to (`?from=`, carried from login and sign-up), else the feed.
 */
export default function ProfileSetup() {
  const me = useMe();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const save = useSaveProfile();
  const user = me.data?.user;
  if (!user) return <FullPageSpinner />;
  return (
    <div className="flex flex-col gap-2">
      <PageHeader title={TEXT.title} />
      <p className="mb-2 text-ink-soft">{TEXT.intro}</p>
      <ProfileForm
        initial={{
          username: user.username ?? "",
          city: user.city ?? "",
          modalities: user.modalities.length > 0 ? user.modalities : ["road"],
          avatarKey: avatarKeyOrDefault(user.avatarKey),
        }}
        currentUsername={user.username}
        submitLabel={TEXT.save}
        savingLabel={PROFILE_FORM_TEXT.saving}
        onSave={async (values) => {
          try {
            await save(values);
            toast.success(MSG.profileSaved);
            navigate(safeReturnPath(params.get("from")), { replace: true });
            return undefined;
          } catch (err) {
            const message = errorText(err, MSG.profileSetupFailed);
            toast.error(message);
            if (err instanceof ApiError && err.code === "username_taken")
              return { username: message };
            return err instanceof ApiError ? err.fields : undefined;
          }
        }}
      />
    </div>
  );
}
