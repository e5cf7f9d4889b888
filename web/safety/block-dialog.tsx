// 'Bloquear' (docs/product.md#blocking), with its confirmation. When the blocked rider is in an
// upcoming ride of hers, the dialog then offers 'Quitarla de la salida' for each.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { useState } from "react";
import type { SharedRide } from "../../domain/api/safety.ts";
import { errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { labelledTime, rideStartTexts } from "../../domain/ride-time.ts";
import { BLOCK_DIALOG_TEXT as TEXT } from "../../domain/texts/safety-block.ts";
import { Button } from "../components/button.tsx";
import { ConfirmDialog, Dialog, type ReturnFocus } from "../components/dialog.tsx";
import { call, client, pathParams } from "../lib/api.ts";
import { profileKeys } from "../lib/profile-queries.ts";
import { toast } from "../lib/toast.ts";
import { ME_KEY } from "../session/use-me.ts";

/**
 * After a block or an unblock every list may change (rides, chats, profiles): refetch what is on
 * screen, drop the profiles (the blocked one is now 'not found'), keep who she is.
 */
export function refreshAfterBlockChange(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: profileKeys.all });
  void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== ME_KEY[0] });
}

export function BlockDialog({
  open,
  onOpenChange,
  user,
  onBlocked,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: { id: string; username: string };
  /** Called once she is done (the blocked rider's profile and messages are gone for her). */
  onBlocked: () => void;
  /** Its button: focus goes back there from this dialog and from the shared rides after it. */
  returnFocusTo?: ReturnFocus;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [shared, setShared] = useState<SharedRide[] | null>(null);

  function finish() {
    setShared(null);
    onOpenChange(false);
    onBlocked();
    refreshAfterBlockChange(queryClient);
  }

  async function confirm() {
    setBusy(true);
    try {
      const res = await call(client.blocks.$post({ json: { userId: user.id } }));
      toast.success(MSG.blocked(user.username));
      setBusy(false);
      if (res.sharedRides.length > 0) setShared(res.sharedRides);
      else finish();
    } catch (error) {
      setBusy(false);
      toast.error(errorText(error, MSG.blockFailed));
    }
  }

  if (shared) {
    return (
      <SharedRidesDialog
        username={user.username}
        userId={user.id}
        rides={shared}
        onDone={finish}
        returnFocusTo={returnFocusTo}
      />
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={TEXT.title(user.username)}
      description={TEXT.text}
      confirmLabel={busy ? TEXT.blocking : TEXT.block}
      busy={busy}
      onConfirm={confirm}
      returnFocusTo={returnFocusTo}
    />
  );
}

/** On the ride's clock, labelled when hers differs (domain/ride-time.ts). */
function rideWhen(ride: SharedRide) {
  const start = rideStartTexts(ride);
  return `${start.longDate} · ${labelledTime(start)}`;
}

/** Her upcoming rides the blocked rider is in, each with 'Quitarla de la salida'. */
function SharedRidesDialog({
  username,
  userId,
  rides,
  onDone,
  returnFocusTo,
}: {
  username: string;
  userId: string;
  rides: SharedRide[];
  onDone: () => void;
  returnFocusTo: ReturnFocus | undefined;
}) {
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);

  async function remove(rideId: string) {
    setBusy(rideId);
    try {
      await call(
        client.rides[":id"].participants[":userId"].$delete({
          param: pathParams({ id: rideId, userId }),
        }),
      );
      setRemoved((current) => new Set(current).add(rideId));
      toast.success(MSG.removedFromRide);
    } catch (error) {
      toast.error(errorText(error, MSG.removeFromRideFailed));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !busy && onDone()}
      title={TEXT.sharedTitle}
      returnFocusTo={returnFocusTo}
      description={TEXT.sharedText(username)}
    >
      <ul className="flex flex-col gap-3">
        {rides.map((ride) => (
          <li key={ride.id} className="flex flex-col gap-2 rounded-2xl border border-line p-3">
            <p className="font-bold">{ride.title}</p>
            <p className="text-sm text-ink-soft">{rideWhen(ride)}</p>
            {removed.has(ride.id) ? (
              <p className="flex items-center gap-1 text-sm font-semibold text-success">
                <Check aria-hidden="true" size={16} />
                {TEXT.removed}
              </p>
            ) : (
              <Button
                variant="secondary"
                disabled={busy !== null}
                onClick={() => remove(ride.id)}
                aria-label={TEXT.removeFrom(ride.title)}
              >
                {busy === ride.id ? TEXT.removing : TEXT.remove}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-5 flex justify-end">
        <Button disabled={busy !== null} onClick={onDone}>
          {TEXT.done}
        </Button>
      </div>
    </Dialog>
  );
}
