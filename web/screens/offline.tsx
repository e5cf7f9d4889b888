import { WifiOff } from "lucide-react";
import { Button } from "../components/button.tsx";

export default function Offline() {
  return (
    <div className="flex min-h-[80dvh] flex-col items-center justify-center gap-4 text-center">
      <WifiOff aria-hidden="true" size={48} className="text-primary" />
      <h1 className="text-2xl font-extrabold">Sin conexión</h1>
      <p className="max-w-xs text-ink-soft">
        No tienes conexión a internet. Revisa tu conexión e inténtalo de nuevo.
      </p>
      <Button onClick={() => window.location.reload()}>Reintentar</Button>
    </div>
  );
}
