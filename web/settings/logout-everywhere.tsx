import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../components/button.tsx";
import { ConfirmDialog } from "../components/dialog.tsx";
import { call, client } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";
import { disablePush } from "../notifications/push-client.ts";
import { clearRuntimeCaches } from "../pwa/clear-caches.ts";
import { forgetSession } from "../session/use-me.ts";

export const LOGOUT_EVERYWHERE_MSG = {
  done: "Has cerrado la sesión en todos tus dispositivos.",
  failed: "No se pudo cerrar la sesión en todos los dispositivos. Inténtalo de nuevo.",
};

/**
 * Settings → 'Cerrar sesión en todos los dispositivos': the API ends every session of hers (this
 * one too), closes her open tabs and chats and stops her calendar feed's URL; then, as after a
 * logout, nothing of hers stays here and she lands on the login screen.
 */
export function LogoutEverywhereSection() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const logoutEverywhere = useMutation({
    mutationFn: async () => {
      // This device stops receiving her pushes while its session still works (the API then
      // forgets her other devices' subscriptions).
      await disablePush().catch(() => undefined);
      return call(client.auth["logout-everywhere"].$post());
    },
    onSuccess: async () => {
      await clearRuntimeCaches().catch(() => undefined);
      forgetSession(queryClient);
      toast.success(LOGOUT_EVERYWHERE_MSG.done);
      navigate("/app/login", { replace: true });
    },
    onError: () => toast.error(LOGOUT_EVERYWHERE_MSG.failed),
  });
  return (
    <section aria-labelledby="settings-sessions" className="rounded-3xl bg-surface p-5 shadow-sm">
      <h2 id="settings-sessions" className="text-lg font-extrabold">
        Sesiones
      </h2>
      <p className="mt-1 text-ink-soft">
        Si has iniciado sesión en un dispositivo que ya no tienes, ciérrala en todos a la vez.
      </p>
      <Button variant="secondary" className="mt-4 w-full" onClick={() => setConfirmOpen(true)}>
        <LogOut aria-hidden="true" size={18} />
        Cerrar sesión en todos los dispositivos
      </Button>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="¿Cerrar sesión en todos los dispositivos?"
        description="Se cerrará tu sesión en todos tus dispositivos, también en este, y tu enlace de calendario dejará de funcionar. Tendrás que volver a iniciar sesión."
        confirmLabel="Cerrar sesión en todos"
        busy={logoutEverywhere.isPending}
        onConfirm={() => logoutEverywhere.mutate()}
      />
    </section>
  );
}
