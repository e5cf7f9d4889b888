import clsx from "clsx";
import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from "react";

/** Label, control, hint and error wired together for screen readers. */
export function Field({
  label,
  hint,
  error,
  children,
  className,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="font-bold">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const inputClass =
  "min-h-11 w-full rounded-xl border-2 border-line bg-surface px-3 py-2 text-base text-ink placeholder:text-ink-soft/80 focus:border-primary focus:outline-none aria-[invalid=true]:border-danger disabled:opacity-60";

export const TextInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function TextInput({ className, ...props }, ref) {
    return <input ref={ref} className={clsx(inputClass, className)} {...props} />;
  },
);

/** A labelled text field in one line: `<TextField label="Email" error={...} {...register('email')} />`. */
export const TextField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & {
    label: ReactNode;
    hint?: ReactNode;
    error?: string | null;
  }
>(function TextField({ label, hint, error, className, ...props }, ref) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy, invalid }) => (
        <TextInput
          ref={ref}
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...props}
        />
      )}
    </Field>
  );
});

/**
 * A field's hint counting its characters ('42/80'); at the limit it says `atLimit`, in a live
 * region so a screen reader hears why her typing stops.
 */
export function LengthHint({
  length,
  max,
  atLimit,
}: {
  length: number;
  max: number;
  atLimit: string;
}) {
  return (
    <>
      <span>
        {length}/{max}
      </span>
      <span role="status" className="ml-2 font-semibold text-ink">
        {length >= max ? atLimit : ""}
      </span>
    </>
  );
}
