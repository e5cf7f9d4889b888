import { type FormEvent, type ReactNode, useState } from "react";
import { AUTH_TEXT } from "../../domain/texts/auth.ts";
import { Button } from "../components/button.tsx";
import { TextField } from "../components/field.tsx";
import { preloadFormSchemas } from "../components/validate-form.ts";
import { PasswordField } from "./password-input.tsx";

/**
 * A form of the auth screens: checked by the app's own schemas (loaded at the first focus), not
 * by the browser's validation bubbles.
 */
export function AuthForm({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onFocusCapture={preloadFormSchemas}
      className="flex flex-col gap-4"
    >
      {children}
    </form>
  );
}

/** What the login and sign-up forms hold: her e-mail and password, each field's error, sending. */
export function useCredentials() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  return { email, setEmail, password, setPassword, errors, setErrors, busy, setBusy };
}

export type Credentials = ReturnType<typeof useCredentials>;

/**
 * The login and sign-up form: e-mail, password and the submit button, which says `busyLabel`
 * and waits while it sends; `children` come under the button.
 */
export function CredentialForm({
  credentials,
  onSubmit,
  passwordAutoComplete,
  submitLabel,
  busyLabel,
  children,
}: {
  credentials: Credentials;
  onSubmit: (event: FormEvent) => void;
  /** "current-password" to log in, "new-password" to sign up (password managers use it). */
  passwordAutoComplete: "current-password" | "new-password";
  submitLabel: string;
  busyLabel: string;
  children?: ReactNode;
}) {
  const { email, setEmail, password, setPassword, errors, busy } = credentials;
  return (
    <AuthForm onSubmit={onSubmit}>
      <TextField
        label={AUTH_TEXT.email}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <PasswordField
        label={AUTH_TEXT.password}
        name="password"
        autoComplete={passwordAutoComplete}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
      {children}
    </AuthForm>
  );
}
