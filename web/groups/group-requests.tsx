// The leaders' requests, first on the group's page: each rider with what helps decide (her
// completed rides, how many members rode with her, her note), 'Aceptar' / 'Rechazar' (asked
// first: she cannot ask again). A refused accept (the group full) says why.

import { useRef, useState } from "react";
import type { GroupRequestView } from "../../domain/api/groups.ts";
import { errorText } from "../../domain/errors.ts";
import { GROUP_PAGE_TEXT as TEXT } from "../../domain/texts/groups.ts";
import { Avatar } from "../components/avatar.tsx";
import { Button } from "../components/button.tsx";
import { ConfirmDialog, type ReturnFocus } from "../components/dialog.tsx";
import { toast } from "../lib/toast.ts";
import { VerifiedBadge } from "../verification/verified-badge.tsx";
import { useAnswerGroupRequest } from "./queries.ts";

export function GroupRequests({ slug, requests }: { slug: string; requests: GroupRequestView[] }) {
  // Where focus goes once an answered request leaves the list with the button she used.
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section
      className="rounded-3xl border-2 border-primary bg-surface p-4"
      aria-labelledby="solicitudes"
    >
      <h2 id="solicitudes" ref={heading} tabIndex={-1} className="mb-1 text-lg font-extrabold">
        {TEXT.requestsTitle}
      </h2>
      {requests.length === 0 ? (
        <p className="text-sm text-ink-soft">{TEXT.requestsEmpty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {requests.map((request) => (
            <RequestItem key={request.id} slug={slug} request={request} listHeading={heading} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestItem({
  slug,
  request,
  listHeading,
}: {
  slug: string;
  request: GroupRequestView;
  listHeading: ReturnFocus;
}) {
  const answer = useAnswerGroupRequest(slug);
  const [declineOpen, setDeclineOpen] = useState(false);
  const name = request.rider.username;

  async function onAnswer(accept: boolean) {
    try {
      await answer.mutateAsync({ requestId: request.id, accept });
      toast.success(accept ? TEXT.accepted : TEXT.declined);
    } catch (error) {
      toast.error(TEXT.actionFailed, { description: errorText(error) });
    } finally {
      setDeclineOpen(false);
    }
  }

  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-bg p-3" aria-label={name}>
      <div className="flex items-center gap-3">
        <Avatar
          avatarKey={request.rider.avatarKey}
          avatarUrl={request.rider.avatarUrl}
          size={40}
          alt=""
        />
        <div className="flex flex-col">
          <span className="flex items-center gap-1.5 font-bold">
            {name}
            <VerifiedBadge verified={request.rider.verified} />
          </span>
          <span className="text-sm text-ink-soft">
            {TEXT.completedRides(request.completedRides)}
          </span>
        </div>
      </div>
      {request.rodeWithMembers > 0 ? (
        <p className="text-sm font-semibold">{TEXT.rodeWithMembers(request.rodeWithMembers)}</p>
      ) : null}
      {request.note ? (
        <blockquote className="whitespace-pre-wrap break-words border-l-4 border-line pl-3 text-sm">
          {request.note}
        </blockquote>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => onAnswer(true)}
          disabled={answer.isPending}
          aria-label={TEXT.answerTo(TEXT.accept, name)}
        >
          {TEXT.accept}
        </Button>
        <Button
          variant="secondary"
          onClick={() => setDeclineOpen(true)}
          disabled={answer.isPending}
          aria-label={TEXT.answerTo(TEXT.decline, name)}
        >
          {TEXT.decline}
        </Button>
      </div>
      <ConfirmDialog
        open={declineOpen}
        onOpenChange={setDeclineOpen}
        title={TEXT.declineConfirmTitle(name)}
        description={TEXT.declineConfirmText}
        confirmLabel={TEXT.decline}
        busy={answer.isPending}
        onConfirm={() => void onAnswer(false)}
        returnFocusTo={listHeading}
      />
    </li>
  );
}
