// 'Solicitar plaza' on a 'Con aprobación' ride's card (docs/product.md#join-by-approval): a dialog
// with her optional note, then her request's status. A failed request keeps the dialog open with
// her note in it, so nothing she wrote is lost.
import { Hourglass } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { RideSummary } from "../../domain/api/rides.ts";
import { REQUEST_NOTE_MAX } from "../../domain/constants.ts";
import { errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { Button } from "../components/button.tsx";
import { Dialog } from "../components/dialog.tsx";
import { inputClass, LengthHint } from "../components/field.tsx";
import { toast } from "../lib/toast.ts";
import { useRequestPlace, useWithdrawRequest } from "./queries.ts";

export function RequestPlace({ ride, canRequest }: { ride: RideSummary; canRequest: boolean }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const request = useRequestPlace();
  const withdraw = useWithdrawRequest();
  const noteId = useId();
  const errorId = useId();
  const status = ride.viewer.request;

  async function send(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await request.mutateAsync({ rideId: ride.id, note });
      toast.success(MSG.requestSent, { description: MSG.requestSentText });
      setNote("");
      setOpen(false);
    } catch (error) {
      setFailure(`${MSG.requestFailed} ${errorText(error) ?? ""}`.trim());
    }
  }

  async function onWithdraw() {
    try {
      await withdraw.mutateAsync(ride.id);
      toast.success(MSG.requestWithdrawn);
    } catch (error) {
      toast.error(MSG.requestAnswerFailed, { description: errorText(error) });
    }
  }

  return (
    <>
      {status === "pending" ? (
        <p
          className="flex basis-full items-center gap-2 rounded-xl bg-accent-soft px-3 py-2 text-sm font-bold"
          role="status"
        >
          <Hourglass aria-hidden="true" size={16} />
          {MSG.requestPending}
        </p>
      ) : null}
      {status === "declined" || status === "expired" ? (
        <p className="basis-full rounded-xl bg-bg px-3 py-2 text-sm" role="status">
          <span className="font-bold">{MSG.requestDeclined}. </span>
          {status === "declined" ? MSG.requestDeclinedText : null}
        </p>
      ) : null}
      {canRequest ? <Button onClick={() => setOpen(true)}>{MSG.requestPlace}</Button> : null}
      {status === "pending" ? (
        <Button variant="ghost" onClick={onWithdraw} disabled={withdraw.isPending}>
          {MSG.requestWithdraw}
        </Button>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={(next) => !request.isPending && setOpen(next)}
        title={MSG.requestPlace}
        description={MSG.meetingAreaHidden}
      >
        <form className="flex flex-col gap-3" onSubmit={send} noValidate>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={noteId} className="font-bold">
              {MSG.requestNoteLabel}
            </label>
            <textarea
              id={noteId}
              className={`${inputClass} min-h-24`}
              maxLength={REQUEST_NOTE_MAX}
              value={note}
              aria-describedby={failure ? errorId : undefined}
              aria-invalid={failure ? true : undefined}
              onChange={(e) => setNote(e.target.value)}
            />
            <p className="text-sm text-ink-soft">
              <LengthHint
                length={note.length}
                max={REQUEST_NOTE_MAX}
                atLimit={MSG.requestNoteTooLong}
              />
            </p>
          </div>
          {failure ? (
            <p id={errorId} role="alert" className="text-sm font-semibold text-danger">
              {failure}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              type="button"
              variant="ghost"
              onClick={() => setOpen(false)}
              disabled={request.isPending}
            >
              Cancelar
            </Button>
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? "Enviando..." : MSG.requestPlace}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
