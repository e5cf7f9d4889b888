import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import {
  LOGOUT_EVERYWHERE_MSG,
  LOGOUT_EVERYWHERE_TEXT as TEXT,
} from "../../domain/texts/settings.ts";
import { Button } from "../components/button.tsx";
import { ConfirmDialog } from "../components/dialog.tsx";
import { call, client } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";
import { disablePush } from "../notifications/push-client.ts";
import { clearRuntimeCaches } from "../pwa/clear-caches.ts";
import { forgetSession } from "../session/use-me.ts";

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
        {TEXT.title}
      </h2>
      <p className="mt-1 text-ink-soft">{TEXT.intro}</p>
      <Button variant="secondary" className="mt-4 w-full" onClick={() => setConfirmOpen(true)}>
        <LogOut aria-hidden="true" size={18} />
        {TEXT.button}
      </Button>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={TEXT.confirmTitle}
        description={TEXT.confirmText}
        confirmLabel={TEXT.confirm}
        busy={logoutEverywhere.isPending}
        onConfirm={() => logoutEverywhere.mutate()}
      />
    </section>
  );
}
