import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { AUTH_TEXT } from "../../domain/texts/auth.ts";

/** Frame shared by sign-up and login: back to /app, title, content, legal links. */
export function AuthScreen({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-sm flex-col gap-5 pb-6">
      <Link
        to="/app"
        aria-label={AUTH_TEXT.back}
        className="-ml-2 inline-flex min-h-11 min-w-11 items-center justify-center self-start rounded-full text-ink hover:bg-primary-soft"
      >
        <ArrowLeft aria-hidden="true" size={24} />
      </Link>
      <div className="flex flex-col items-center gap-3 text-center">
        <img src="/icons/icon.svg" alt="" width={64} height={64} className="rounded-2xl" />
        <h1 className="text-2xl font-extrabold">{title}</h1>
        {subtitle ? <p className="text-ink-soft">{subtitle}</p> : null}
      </div>
      {children}
      <p className="text-center text-sm text-ink-soft">
        <a className="underline hover:text-primary" href="/privacy">
          {AUTH_TEXT.privacy}
        </a>{" "}
        ·{" "}
        <a className="underline hover:text-primary" href="/terms">
          {AUTH_TEXT.terms}
        </a>{" "}
        ·{" "}
        <a className="underline hover:text-primary" href="/waiver">
          {AUTH_TEXT.waiver}
        </a>
      </p>
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-sm text-ink-soft" aria-hidden="true">
      <span className="h-px flex-1 bg-line" />
      {AUTH_TEXT.or}
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}

/** "¿No tienes cuenta? Crear cuenta" and the like, under the auth forms. */
export function AuthSwitch({
  question,
  to,
  label,
}: {
  question: string;
  to: string;
  label: string;
}) {
  return (
    <p className="text-center">
      {question}{" "}
      <Link to={to} className="font-bold text-primary underline">
        {label}
      </Link>
    </p>
  );
}
