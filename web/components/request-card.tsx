// Join requests as their deciders see them, a ride's organizer (web/ride-requests/requests-card.tsx)
// and a group's leaders (web/groups/group-requests.tsx): the card with its heading and list, and
// each rider with what helps decide, 'Aceptar' / 'Rechazar' (asked first: it is final for her).
import { type ReactNode, useRef, useState } from "react";
import { errorText } from "../../domain/errors.ts";
import { toast } from "../lib/toast.ts";
import { Avatar } from "./avatar.tsx";
import { Button } from "./button.tsx";
import { ConfirmDialog, type ReturnFocus } from "./dialog.tsx";

/** The card around the list: `children` gets the heading, where focus goes once an answered
 * request leaves the list with the button she used. */
export function RequestsSection({
  title,
  emptyText,
  empty,
  children,
}: {
  title: string;
  emptyText: string;
  empty: boolean;
  children: (listHeading: ReturnFocus) => ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section
      className="rounded-3xl border-2 border-primary bg-surface p-4"
      aria-labelledby="solicitudes"
    >
      <h2 id="solicitudes" ref={heading} tabIndex={-1} className="mb-1 text-lg font-extrabold">
        {title}
      </h2>
      {empty ? <p className="text-sm text-ink-soft">{emptyText}</p> : children(heading)}
    </section>
  );
}

export interface RequestTexts {
  accept: string;
  decline: string;
  answerTo: (action: string, name: string) => string;
  declineConfirmTitle: (name: string) => string;
  declineConfirmText: string;
  accepted: string;
  declined: string;
  failed: string;
}

/** One request: `who` is her name (with its badge), `facts` the line under it. */
export function RequestItem({
  label,
  name,
  avatar,
  who,
  facts,
  rodeWith,
  note,
  texts,
  answer,
  pending,
  acceptDisabled = false,
  actions,
  children,
  listHeading,
}: {
  label: string;
  name: string;
  avatar: { avatarKey?: string | null; avatarUrl?: string | null };
  who: ReactNode;
  facts: string;
  /** How many of the deciders' side rode with her, said; null when none did. */
  rodeWith: string | null;
  note: string | null;
  texts: RequestTexts;
  /** Sends the answer; a rejection's reason shows in the toast. */
  answer: (accept: boolean) => Promise<unknown>;
  pending: boolean;
  acceptDisabled?: boolean;
  /** More buttons after 'Aceptar' / 'Rechazar'. */
  actions?: ReactNode;
  /** Their dialogs. */
  children?: ReactNode;
  listHeading: ReturnFocus;
}) {
  const [declineOpen, setDeclineOpen] = useState(false);

  async function onAnswer(accept: boolean) {
    try {
      await answer(accept);
      toast.success(accept ? texts.accepted : texts.declined);
    } catch (error) {
      toast.error(texts.failed, { description: errorText(error) });
    } finally {
      setDeclineOpen(false);
    }
  }

  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-bg p-3" aria-label={label}>
      <div className="flex items-center gap-3">
        <Avatar avatarKey={avatar.avatarKey} avatarUrl={avatar.avatarUrl} size={40} alt="" />
        <div className="flex flex-col">
          {who}
          <span className="text-sm text-ink-soft">{facts}</span>
        </div>
      </div>
      {rodeWith ? <p className="text-sm font-semibold">{rodeWith}</p> : null}
      {note ? (
        <blockquote className="whitespace-pre-wrap break-words border-l-4 border-line pl-3 text-sm">
          {note}
        </blockquote>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => onAnswer(true)}
          disabled={pending || acceptDisabled}
          aria-label={texts.answerTo(texts.accept, name)}
        >
          {texts.accept}
        </Button>
        <Button
          variant="secondary"
          onClick={() => setDeclineOpen(true)}
          disabled={pending}
          aria-label={texts.answerTo(texts.decline, name)}
        >
          {texts.decline}
        </Button>
        {actions}
      </div>
      <ConfirmDialog
        open={declineOpen}
        onOpenChange={setDeclineOpen}
        title={texts.declineConfirmTitle(name)}
        description={texts.declineConfirmText}
        confirmLabel={texts.decline}
        busy={pending}
        onConfirm={() => void onAnswer(false)}
        returnFocusTo={listHeading}
      />
      {children}
    </li>
  );
}
