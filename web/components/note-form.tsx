// The form of a request with an optional note (a ride's 'Solicitar plaza', a group's 'Solicitar
// unirme'): the note with its length counter and the refusal under it, then Cancel and Send. The
// note lives with the caller, so a failed request keeps what she wrote.
import type { FormEvent } from "react";
import { REQUEST_NOTE_MAX } from "../../domain/constants.ts";
import { Button } from "./button.tsx";
import { Field, inputClass, LengthHint } from "./field.tsx";

export function NoteForm({
  note,
  setNote,
  failure,
  pending,
  onSubmit,
  onCancel,
  text,
}: {
  note: string;
  setNote: (note: string) => void;
  /** Why the last request was refused, shown on the note. */
  failure: string | null;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  text: { label: string; atLimit: string; cancel: string; send: string; sending: string };
}) {
  return (
    <form className="flex flex-col gap-3" onSubmit={onSubmit} noValidate>
      <Field
        label={text.label}
        hint={<LengthHint length={note.length} max={REQUEST_NOTE_MAX} atLimit={text.atLimit} />}
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
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          {text.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? text.sending : text.send}
        </Button>
      </div>
    </form>
  );
}
