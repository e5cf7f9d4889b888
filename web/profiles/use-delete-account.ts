import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MSG } from "../../domain/messages.ts";
import { noteAccountDeleted } from "../lib/account-deleted-note.ts";
import { call, client } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";
import { forgetSession } from "../session/use-me.ts";

/**
 * Deletes her account (docs/product.md#account-deletion). On success nothing of hers stays in
 * memory and the page reloads on the public home, which says 'Cuenta eliminada correctamente' (a
 * toast raised here would be lost in the page load). Usage:
 * `const del = useDeleteAccount(); del.mutate()`.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.account.$delete()),
    onSuccess: () => {
      forgetSession(queryClient);
      noteAccountDeleted();
      // A full page load: no state of the deleted account survives in the SPA.
      window.location.assign("/");
    },
    onError: () => {
      toast.error(MSG.accountDeleteFailed);
    },
  });
}
