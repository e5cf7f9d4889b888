import { WifiOff } from "lucide-react";
import { MSG } from "../../domain/messages.ts";
import { Button } from "../components/button.tsx";

/**
 * /app/offline, also shown in place of any /app page opened without a connection
 * (web/pwa/offline-gate.tsx). 'Reintentar' reloads the page she was on.
 */
export function OfflineScreen() {
  return (
    <div className="flex min-h-[80dvh] flex-col items-center justify-center gap-4 text-center">
      <WifiOff aria-hidden="true" size={48} className="text-primary" />
      <h1 className="text-2xl font-extrabold">{MSG.offlineTitle}</h1>
      <p className="max-w-xs text-ink-soft">{MSG.networkError}</p>
      <Button onClick={() => window.location.reload()}>Reintentar</Button>
    </div>
  );
}
