import type { ReactNode } from "react";
import { useState } from "react";
import { isNetworkError } from "../lib/api.ts";
import { useMe } from "../session/use-me.ts";
import { OfflineScreen } from "./offline-screen.tsx";

/**
 * Shows the offline screen in place of the page when it was opened without a connection: the
 * browser said so when the page loaded, or the first /api/me never reached the server. The
 * address stays the page's own, so 'Reintentar' (a reload) lands where she was going. A
 * connection lost later keeps the page as it is (forms keep their values; requests show the
 * Spanish network error, and a load that fails says 'Sin conexión' in place of its content until
 * the connection is back: components/feedback.tsx LoadFailed).
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const [offlineAtLoad] = useState(() => typeof navigator !== "undefined" && !navigator.onLine);
  const me = useMe();
  const neverReachedServer = me.data === undefined && isNetworkError(me.error);
  if (offlineAtLoad || neverReachedServer) return <OfflineScreen />;
  return <>{children}</>;
}
