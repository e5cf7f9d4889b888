import { Eye, EyeOff } from "lucide-react";
import { forwardRef, type InputHTMLAttributes, useState } from "react";
import { AUTH_TEXT } from "../../domain/texts/auth.ts";
import { Field, TextInput } from "../components/field.tsx";

/** A labelled password field with a show/hide toggle. */
export const PasswordField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null }
>(function PasswordField({ label, error, ...props }, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <TextInput
            ref={ref}
            id={id}
            type={visible ? "text" : "password"}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className="pr-14"
            {...props}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? AUTH_TEXT.hidePassword : AUTH_TEXT.showPassword}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 flex min-w-11 items-center justify-center rounded-r-xl text-ink-soft hover:text-primary"
          >
            {visible ? (
              <EyeOff aria-hidden="true" size={20} />
            ) : (
              <Eye aria-hidden="true" size={20} />
            )}
          </button>
        </div>
      )}
    </Field>
  );
});
