import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { ApiError, errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { SIGNUP_TEXT } from "../../domain/texts/auth.ts";
import { buttonClass } from "../components/button.tsx";
import { FullPageSpinner } from "../components/spinner.tsx";
import { validateForm } from "../components/validate-form.ts";
import { call, client } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";
import { ME_KEY, useMe } from "../session/use-me.ts";
import { AuthScreen, AuthSwitch, OrDivider } from "./auth-screen.tsx";
import { CredentialForm, useCredentials } from "./credential-fields.tsx";
import { GoogleButton, useGoogleFailureToast } from "./google-button.tsx";
import { safeReturnPath, withReturnPath } from "./redirect.ts";
import { clearStoredReferral, storedReferral, storeReferral } from "./referral.ts";

/**
 * /app/signup: email + password or Google; `?ref=` is kept until claimed, and `?from=` (the page
 * she was sent to) goes on to profile setup, which takes her there.
 */
export default function Signup() {
  const me = useMe();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const credentials = useCredentials();
  const { email, password, setErrors, setBusy } = credentials;
  const [invitationMissing, setInvitationMissing] = useState(false);
  const refParam = params.get("ref");
  const from = params.get("from");
  const googleNeedsInvitation = params.get("error") === "invitation";

  useEffect(() => {
    storeReferral(refParam);
  }, [refParam]);

  useGoogleFailureToast(MSG.googleSignupFailed);

  if (me.isPending) return <FullPageSpinner />;
  if (me.data?.user) {
    return (
      <Navigate
        to={
          me.data.user.profileComplete
            ? safeReturnPath(from)
            : withReturnPath("/app/profile-setup", from)
        }
        replace
      />
    );
  }
  const ref = storedReferral();
  const needsInvitation =
    (me.data?.signupMode === "invite" && !ref) || invitationMissing || googleNeedsInvitation;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const data = await validateForm(
      (s) => s.signupSchema,
      { email, password, ref: ref ?? undefined },
      setErrors,
    );
    if (!data) return;
    setBusy(true);
    try {
      const res = await call(client.auth.signup.$post({ json: data }));
      queryClient.setQueryData(ME_KEY, res);
      toast.success(MSG.signupSuccess);
      if (res.referralClaimed) {
        clearStoredReferral();
        toast.success(MSG.referralClaimed);
      }
      navigate(withReturnPath("/app/profile-setup", from), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === "invitation_required") setInvitationMissing(true);
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      toast.error(errorText(err, MSG.signupFailed));
    } finally {
      setBusy(false);
    }
  }

  if (needsInvitation) {
    return (
      <AuthScreen title={SIGNUP_TEXT.title} subtitle={MSG.invitationRequired}>
        <a href="/#join" className={buttonClass("primary", "w-full")}>
          {SIGNUP_TEXT.waitingList}
        </a>
        <AuthSwitch
          question={SIGNUP_TEXT.haveAccount}
          to={withReturnPath("/app/login", from)}
          label={SIGNUP_TEXT.login}
        />
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title={SIGNUP_TEXT.title} subtitle={SIGNUP_TEXT.subtitle}>
      <CredentialForm
        credentials={credentials}
        onSubmit={submit}
        passwordAutoComplete="new-password"
        submitLabel={SIGNUP_TEXT.submit}
        busyLabel={SIGNUP_TEXT.submitting}
      />
      <OrDivider />
      <GoogleButton from="signup" returnTo={from} />
      <AuthSwitch
        question={SIGNUP_TEXT.haveAccount}
        to={withReturnPath("/app/login", from)}
        label={SIGNUP_TEXT.login}
      />
    </AuthScreen>
  );
}
