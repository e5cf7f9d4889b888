import { Navigate } from "react-router-dom";
import { WELCOME_TEXT as TEXT } from "../../domain/texts/screens.ts";
import { ButtonLink } from "../components/button.tsx";
import { FullPageSpinner } from "../components/spinner.tsx";
import { useMe } from "../session/use-me.ts";

/** /app for visitors: a signed-in visitor goes straight to her feed. */
export default function Welcome() {
  const me = useMe();
  if (me.isPending) return <FullPageSpinner />;
  if (me.data?.user) return <Navigate to="/app/feed" replace />;
  return (
    <div className="flex min-h-[85dvh] flex-col items-center justify-center gap-6 text-center">
      <img src="/icons/icon.svg" alt="" width={96} height={96} className="rounded-3xl" />
      <h1 className="text-3xl font-extrabold leading-tight">{TEXT.title}</h1>
      <p className="max-w-sm text-lg text-ink-soft">{TEXT.intro}</p>
      <div className="flex w-full max-w-xs flex-col gap-3">
        <ButtonLink to="/app/signup">{TEXT.signup}</ButtonLink>
        <ButtonLink to="/app/login" variant="ghost">
          {TEXT.login}
        </ButtonLink>
      </div>
    </div>
  );
}
