import { TextField } from "../components/field.tsx";
import { PasswordField } from "./password-input.tsx";

/** The e-mail + password pair of the login and sign-up forms. */
export function CredentialFields({
  email,
  password,
  onEmailChange,
  onPasswordChange,
  errors,
  passwordAutoComplete,
}: {
  email: string;
  password: string;
  onEmailChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  errors: Record<string, string>;
  /** "current-password" to log in, "new-password" to sign up (password managers use it). */
  passwordAutoComplete: "current-password" | "new-password";
}) {
  return (
    <>
      <TextField
        label="Correo electrónico"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => onEmailChange(e.target.value)}
        error={errors.email}
      />
      <PasswordField
        label="Contraseña"
        name="password"
        autoComplete={passwordAutoComplete}
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
        error={errors.password}
      />
    </>
  );
}
