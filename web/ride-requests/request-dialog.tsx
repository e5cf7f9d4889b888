// The 'Solicitar plaza' dialog (docs/product.md#join-by-approval): her optional note, sent as her
// request. Loaded on her first tap, so the cards' first paint carries no dialog code. A failed
// request keeps the dialog open with her note in it (the note lives in the card: nothing is lost).
import { type FormEvent, useState } from "react";
import type { RideSummary } from "../../domain/api/rides.ts";
import { REQUEST_NOTE_MAX } from "../../domain/constants.ts";
import { errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { REQUEST_DIALOG_TEXT as TEXT } from "../../domain/texts/ride-requests-dialog.ts";
import { Button } from "../components/button.tsx";
import { Dialog, type ReturnFocus } from "../components/dialog.tsx";
import { Field, inputClass, LengthHint } from "../components/field.tsx";
import { toast } from "../lib/toast.ts";
import { useRequestPlace } from "./queries.ts";

export default function RequestDialog({
  ride,
  open,
  setOpen,
  note,
  setNote,
  returnFocusTo,
}: {
  ride: RideSummary;
  open: boolean;
  setOpen: (open: boolean) => void;
  note: string;
  setNote: (note: string) => void;
  /** Where focus goes once the request is sent and 'Solicitar plaza' has gone. */
  returnFocusTo: ReturnFocus;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const request = useRequestPlace();

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

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !request.isPending && setOpen(next)}
      title={MSG.requestPlace}
      description={MSG.meetingAreaHidden}
      returnFocusTo={returnFocusTo}
    >
      <form className="flex flex-col gap-3" onSubmit={send} noValidate>
        <Field
          label={MSG.requestNoteLabel}
          hint={
            <LengthHint
              length={note.length}
              max={REQUEST_NOTE_MAX}
              atLimit={MSG.requestNoteAtLimit}
            />
          }
          error={failure}
        >
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              className={`${inputClass} min-h-24`}
              maxLength={REQUEST_NOTE_MAX}
              value={note}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            type="button"
            variant="ghost"
            onClick={() => setOpen(false)}
            disabled={request.isPending}
          >
            {TEXT.cancel}
          </Button>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? TEXT.sending : MSG.requestPlace}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
