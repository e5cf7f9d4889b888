import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { MSG } from "../../domain/messages.ts";
import { FullPageSpinner } from "../components/spinner.tsx";
import { call, client } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";
import { disablePush } from "../notifications/push-client.ts";
import { clearRuntimeCaches } from "../pwa/clear-caches.ts";
import { forgetSession } from "../session/use-me.ts";

/** /app/logout: signs out and goes to login, also when signing out failed. */
export default function Logout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // This device stops receiving her pushes before her session ends (a shared device).
    disablePush()
      .catch(() => undefined)
      .then(() => call(client.auth.logout.$post()))
      .then(() => toast.success(MSG.logoutSuccess))
      .catch(() => toast.error(MSG.logoutFailed))
      .finally(async () => {
        // Nothing of her stays in memory or in the service worker's caches.
        await clearRuntimeCaches().catch(() => undefined);
        forgetSession(queryClient);
        navigate("/app/login", { replace: true });
      });
  }, [navigate, queryClient]);
  return <FullPageSpinner />;
}
