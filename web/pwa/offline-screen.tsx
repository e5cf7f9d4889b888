import { WifiOff } from "lucide-react";
import { SHELL_MSG } from "../../domain/texts/app.ts";
import { ProblemScreen } from "../components/feedback.tsx";

/**
 * /app/offline, also shown in place of any /app page opened without a connection
 * (web/pwa/offline-gate.tsx). 'Reintentar' reloads the page she was on.
 */
export function OfflineScreen() {
  return (
    <ProblemScreen
      icon={WifiOff}
      title={SHELL_MSG.offlineTitle}
      text={SHELL_MSG.networkError}
      onRetry={() => window.location.reload()}
    />
  );
}
