// The 'Solicitar plaza' dialog (docs/product.md#join-by-approval): her optional note, sent as her
// request. Loaded on her first tap, so the cards' first paint carries no dialog code. A failed
// request keeps the dialog open with her note in it (the note lives in the card: nothing is lost).
import { type FormEvent, useState } from "react";
import type { RideSummary } from "../../domain/api/rides.ts";
import { errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { REQUEST_DIALOG_TEXT as TEXT } from "../../domain/texts/ride-requests-dialog.ts";
import { Dialog, type ReturnFocus } from "../components/dialog.tsx";
import { NoteForm } from "../components/note-form.tsx";
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
      <NoteForm
        note={note}
        setNote={setNote}
        failure={failure}
        pending={request.isPending}
        onSubmit={send}
        onCancel={() => setOpen(false)}
        text={{
          label: MSG.requestNoteLabel,
          atLimit: MSG.requestNoteAtLimit,
          cancel: TEXT.cancel,
          send: MSG.requestPlace,
          sending: TEXT.sending,
        }}
      />
    </Dialog>
  );
}
