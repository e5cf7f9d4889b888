import { ServerCrash } from "lucide-react";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { SHELL_MSG } from "../../domain/texts/app.ts";
import { ProblemScreen } from "../components/feedback.tsx";
import { FullPageSpinner } from "../components/spinner.tsx";
import { useMe } from "../session/use-me.ts";
import { withReturnPath } from "./redirect.ts";

/** Signed-in only; visitors go to login carrying where they came from (history replaced). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <FullPageSpinner />;
  // The server failed to say who she is (no connection is OfflineGate's): she may well be
  // signed in, so she stays on her page with a retry instead of landing on the login form.
  if (me.data === undefined) {
    return (
      <ProblemScreen
        icon={ServerCrash}
        title={SHELL_MSG.errorTitle}
        text={SHELL_MSG.internal}
        onRetry={() => void me.refetch()}
      />
    );
  }
  if (!me.data.user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/app/login?from=${encodeURIComponent(from)}`} replace />;
  }
  return <>{children}</>;
}

/** Signed in with a username; without one she completes her profile first, then comes back. */
export function RequireProfile({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.data?.user && !me.data.user.profileComplete) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={withReturnPath("/app/profile-setup", from)} replace />;
  }
  return <RequireAuth>{children}</RequireAuth>;
}
