// 'Denunciar' (docs/product.md#reports-and-moderation): a reason, optional details, then the API's
// thanks. The limits are checked here for feedback; the API checks them again
// (domain/safety-schemas.ts).
import { type FormEvent, useId, useState } from "react";
import { errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from "../../domain/safety.ts";
import { SAFETY_TEXT, REPORT_DIALOG_TEXT as TEXT } from "../../domain/texts/safety.ts";
import { Button } from "../components/button.tsx";
import { Dialog, type ReturnFocus } from "../components/dialog.tsx";
import { inputClass } from "../components/field.tsx";
import { call, client } from "../lib/api.ts";
import { toast } from "../lib/toast.ts";

export function ReportDialog({
  open,
  onOpenChange,
  kind,
  targetId,
  title,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: ReportTarget;
  targetId: string;
  /** e.g. 'Denunciar a Bea', 'Denunciar esta salida'. */
  title: string;
  /** Opened from another dialog (a message's menu): where focus goes back on closing. */
  returnFocusTo?: ReturnFocus;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const detailsId = useId();
  const counterId = useId();
  const errorId = useId();

  function close(next: boolean) {
    if (busy) return;
    onOpenChange(next);
    if (!next) {
      setReason(null);
      setDetails("");
      setError(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setError(MSG.reportReasonRequired);
      return;
    }
    setBusy(true);
    try {
      const res = await call(
        client.reports.$post({
          json: { kind, targetId, reason, details: details.trim() || null },
        }),
      );
      toast.success(res.message);
      setBusy(false);
      close(false);
    } catch (err) {
      setBusy(false);
      toast.error(errorText(err, MSG.reportFailed));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={title}
      description={TEXT.anonymous}
      returnFocusTo={returnFocusTo}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <fieldset aria-describedby={error ? errorId : undefined}>
          <legend className="mb-2 font-bold">{TEXT.reason}</legend>
          <div className="flex flex-col gap-1">
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 hover:bg-primary-soft"
              >
                <input
                  type="radio"
                  name="report-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setError(null);
                  }}
                  className="size-5 accent-primary"
                />
                {REPORT_REASON_LABELS[value]}
              </label>
            ))}
          </div>
          {error ? (
            <p id={errorId} role="alert" className="mt-1 text-sm font-semibold text-danger">
              {error}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={detailsId} className="font-bold">
            {TEXT.details}
          </label>
          <textarea
            id={detailsId}
            className={`${inputClass} min-h-24`}
            maxLength={REPORT_DETAILS_MAX}
            aria-describedby={counterId}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
          />
          <p id={counterId} className="text-right text-sm text-ink-soft">
            {details.length}/{REPORT_DETAILS_MAX}
          </p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={() => close(false)}>
            {SAFETY_TEXT.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? TEXT.sending : TEXT.send}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
