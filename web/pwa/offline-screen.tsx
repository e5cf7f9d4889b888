import { WifiOff } from "lucide-react";
import { MSG } from "../../domain/messages.ts";
import { ProblemScreen } from "../components/feedback.tsx";

/**
 * /app/offline, also shown in place of any /app page opened without a connection
 * (web/pwa/offline-gate.tsx). 'Reintentar' reloads the page she was on.
 */
export function OfflineScreen() {
  return (
    <ProblemScreen
      icon={WifiOff}
      title={MSG.offlineTitle}
      text={MSG.networkError}
      onRetry={() => window.location.reload()}
    />
  );
}
