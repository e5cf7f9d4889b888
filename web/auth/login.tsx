import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { LOGIN_TEXT, RESET_PASSWORD_TEXT } from "../../domain/texts/auth.ts";
import { Button } from "../components/button.tsx";
import { FullPageSpinner } from "../components/spinner.tsx";
import { validateForm } from "../components/validate-form.ts";
import { call, client } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";
import { UpdateButton } from "../pwa/update-button.tsx";
import { useSuspendedNotice } from "../safety/suspended-notice.ts";
import { ME_KEY, useMe } from "../session/use-me.ts";
import { AuthScreen, AuthSwitch, OrDivider } from "./auth-screen.tsx";
import { AuthForm, CredentialForm, useCredentials } from "./credential-fields.tsx";
import { GoogleButton, useGoogleFailureToast } from "./google-button.tsx";
import { PasswordField } from "./password-input.tsx";
import { safeReturnPath, withReturnPath } from "./redirect.ts";

/** /app/login: sign in, forgot password, and reset mode when the link carries #reset=TOKEN. */
export default function Login() {
  const resetToken = useResetToken();
  useGoogleFailureToast(MSG.googleLoginFailed);
  useSuspendedNotice();
  return resetToken ? <ResetPassword token={resetToken} /> : <LoginForm />;
}

/**
 * The mailed reset link's token, from the address's fragment (/app/login#reset=TOKEN): browsers
 * never send a fragment, so no request URL (and no server log) holds it. It is kept in memory
 * and leaves the address bar at once (history, screenshots); the form posts it in the body. The
 * link may also land on a login page already open (only the fragment changes). An older link
 * (?reset=TOKEN) was sent to the server in its URL: it is refused, and she asks for a new one
 * (docs/decisions/0034-nothing-secret-in-a-logged-url.md).
 */
function useResetToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState(() => resetTokenIn(location.hash));
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the address only
  useEffect(() => {
    const fromLink = resetTokenIn(location.hash);
    const query = new URLSearchParams(location.search);
    const oldLink = query.has("reset");
    if (!fromLink && !oldLink) return;
    if (fromLink) setToken(fromLink);
    query.delete("reset");
    const search = query.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "" },
      { replace: true },
    );
    if (oldLink && !fromLink) toast.error(MSG.resetTokenInvalid);
  }, [location.hash, location.search]);
  return token;
}

function resetTokenIn(hash: string): string | null {
  return new URLSearchParams(hash.slice(1)).get("reset");
}

function LoginForm() {
  const me = useMe();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const credentials = useCredentials();
  const { email, password, setErrors, busy, setBusy } = credentials;
  const [sendingReset, setSendingReset] = useState(false);
  const from = params.get("from");
  const target = safeReturnPath(from);

  if (me.isPending) return <FullPageSpinner />;
  if (me.data?.user && !busy) return <Navigate to={target} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const data = await validateForm((s) => s.loginSchema, { email, password }, setErrors);
    if (!data) return;
    setBusy(true);
    try {
      const res = await call(client.auth.login.$post({ json: data }));
      queryClient.setQueryData(ME_KEY, res);
      toast.success(MSG.loginSuccess);
      navigate(target, { replace: true });
    } catch (err) {
      toast.error(errorText(err) ?? MSG.loginFailed);
      setBusy(false);
    }
  }

  async function forgotPassword() {
    if (!email.trim()) {
      toast.error(MSG.forgotPasswordEmailFirst);
      return;
    }
    setSendingReset(true);
    try {
      await call(client.auth.reset.request.$post({ json: { email } }));
      toast.success(MSG.recoveryMailSentTitle, { description: MSG.recoveryMailSentText });
    } catch (err) {
      toast.error(errorText(err, MSG.recoveryMailFailed));
    } finally {
      setSendingReset(false);
    }
  }

  return (
    <AuthScreen title={LOGIN_TEXT.title} subtitle={LOGIN_TEXT.subtitle}>
      <CredentialForm
        credentials={credentials}
        onSubmit={submit}
        passwordAutoComplete="current-password"
        submitLabel={LOGIN_TEXT.submit}
        busyLabel={LOGIN_TEXT.submitting}
      >
        <Button
          variant="ghost"
          className="self-center"
          onClick={forgotPassword}
          disabled={sendingReset}
        >
          {LOGIN_TEXT.forgotPassword}
        </Button>
      </CredentialForm>
      <OrDivider />
      <GoogleButton returnTo={from} />
      <AuthSwitch
        question={LOGIN_TEXT.noAccount}
        to={withReturnPath("/app/signup", from)}
        label={LOGIN_TEXT.signup}
      />
      {/* The PWA 'check for updates' button (web/pwa/update-button.tsx) goes here. */}
      <div className="flex justify-center">
        <UpdateButton label={LOGIN_TEXT.checkUpdates} variant="ghost" />
      </div>
    </AuthScreen>
  );
}

function ResetPassword({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const data = await validateForm(
      (s) => s.resetPasswordFormSchema,
      { password, confirmPassword },
      setErrors,
    );
    if (!data) return;
    setBusy(true);
    try {
      const res = await call(client.auth.reset.confirm.$post({ json: { token, password } }));
      queryClient.setQueryData(ME_KEY, res);
      toast.success(MSG.passwordUpdated);
      navigate("/app/feed", { replace: true });
    } catch (err) {
      const detail = errorText(err, null);
      toast.error(detail ? MSG.passwordUpdateFailed(detail) : MSG.passwordUpdateUnexpected);
      setBusy(false);
    }
  }

  return (
    <AuthScreen title={RESET_PASSWORD_TEXT.title} subtitle={RESET_PASSWORD_TEXT.subtitle}>
      <AuthForm onSubmit={submit}>
        <PasswordField
          label={RESET_PASSWORD_TEXT.password}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <PasswordField
          label={RESET_PASSWORD_TEXT.confirm}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          error={errors.confirmPassword}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? RESET_PASSWORD_TEXT.submitting : RESET_PASSWORD_TEXT.submit}
        </Button>
      </AuthForm>
    </AuthScreen>
  );
}
