import { useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import { CANCEL_REASON_MAX } from "../../domain/constants.ts";
import { ApiError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import type { SeriesScope } from "../../domain/series.ts";
import { CANCEL_DIALOG_TEXT as TEXT } from "../../domain/texts/rides-cancel-dialog.ts";
import { ConfirmDialog, type ReturnFocus } from "../components/dialog.tsx";
import { inputClass } from "../components/field.tsx";
import { toast } from "../lib/toast.ts";
import { useCancelRide } from "../ride-core/queries.ts";
import { SeriesScopeField } from "../series/scope-field.tsx";

const CANCELLED_PATH = "/app/my-rides?showCancelled=true";

/**
 * '¿Cancelar la salida?' with an optional reason (docs/product.md#cancelling-and-deleting).
 * Wherever she cancels (a list or the ride's page) the dialog's texts apply, and she goes on to
 * My Rides > Ya rodadas > Canceladas, where the ride now is.
 */
export function CancelDialog({
  rideId,
  open,
  onOpenChange,
  returnFocusTo,
  inSeries = false,
}: {
  rideId: string;
  /** A date of a regular grupeta: she chooses "Solo esta salida" or "Esta y las siguientes". */
  inSeries?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once 'Cancelar salida' is gone (the ride is cancelled). */
  returnFocusTo?: ReturnFocus;
}) {
  const [reason, setReason] = useState("");
  const [scope, setScope] = useState<SeriesScope>("this");
  const cancel = useCancelRide();
  const navigate = useNavigate();
  const reasonId = useId();

  async function confirm() {
    try {
      await cancel.mutateAsync({ id: rideId, reason: reason.trim() || null, scope });
      toast.success(MSG.rideCancelledTitle, {
        description: MSG.rideCancelledNotice,
        action: {
          label: MSG.viewCancelled,
          onClick: () => navigate(CANCELLED_PATH),
        },
      });
      onOpenChange(false);
      navigate(CANCELLED_PATH);
    } catch (error) {
      const notAllowed = error instanceof ApiError && error.code === "not_authorized";
      toast.error(notAllowed ? MSG.cancelNotAuthorizedDialog : MSG.cancelFailedRetry);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={TEXT.title}
      description={TEXT.text}
      confirmLabel={cancel.isPending ? TEXT.cancelling : TEXT.confirm}
      busy={cancel.isPending}
      onConfirm={confirm}
      returnFocusTo={returnFocusTo}
    >
      {inSeries ? <SeriesScopeField value={scope} onChange={setScope} legend={TEXT.scope} /> : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={reasonId} className="font-bold">
          {TEXT.reason}
        </label>
        <textarea
          id={reasonId}
          className={`${inputClass} min-h-24`}
          maxLength={CANCEL_REASON_MAX}
          placeholder={TEXT.reasonPlaceholder}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
