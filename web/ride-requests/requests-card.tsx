// The organizer's requests at the top of her ride's page (docs/product.md#join-by-approval): each
// rider with what helps her decide, 'Aceptar' / 'Rechazar' (asked first: it is final for her), and
// 'Denunciar' on a note. The API takes places atomically: a refused accept (full, expired) says
// why and the list refreshes.
import { Flag } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { RideDetail, RideRequestView } from "../../domain/api/rides.ts";
import { LEVEL_LABELS, MODALITY_LABELS } from "../../domain/constants.ts";
import { errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { REQUESTS_CARD_TEXT as TEXT } from "../../domain/texts/ride-requests.ts";
import { Avatar } from "../components/avatar.tsx";
import { Button } from "../components/button.tsx";
import { ConfirmDialog, type ReturnFocus } from "../components/dialog.tsx";
import { toast } from "../lib/toast.ts";
import { ReportDialog } from "../safety/report-dialog.tsx";
import { VerifiedBadge } from "../verification/verified-badge.tsx";
import { useAnswerRequest } from "./queries.ts";

export function RequestsCard({ ride }: { ride: RideDetail }) {
  const requests = ride.requests ?? [];
  const full = ride.participantCount >= ride.capacity;
  // Where focus goes once an answered request leaves the list with the button she used.
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section
      className="rounded-3xl border-2 border-primary bg-surface p-4"
      aria-labelledby="solicitudes"
    >
      <h2 id="solicitudes" ref={heading} tabIndex={-1} className="mb-1 text-lg font-extrabold">
        {TEXT.count(MSG.requestsTitle, requests.length)}
      </h2>
      {requests.length === 0 ? (
        <p className="text-sm text-ink-soft">{MSG.requestsEmpty}</p>
      ) : (
        <>
          {full ? (
            <p className="mb-2 text-sm text-ink-soft">{TEXT.fullThen(MSG.rideFull)}</p>
          ) : null}
          <ul className="flex flex-col gap-3">
            {requests.map((request) => (
              <RequestItem
                key={request.id}
                rideId={ride.id}
                request={request}
                full={full}
                listHeading={heading}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function RequestItem({
  rideId,
  request,
  full,
  listHeading,
}: {
  rideId: string;
  request: RideRequestView;
  full: boolean;
  listHeading: ReturnFocus;
}) {
  const answer = useAnswerRequest();
  const [reportOpen, setReportOpen] = useState(false);
  // A decline is final for her (she cannot ask again): asked first.
  const [declineOpen, setDeclineOpen] = useState(false);
  const name = request.rider.username;
  const facts = [
    request.city,
    request.levels.map((l) => LEVEL_LABELS[l]).join(", "),
    request.modalities.map((m) => MODALITY_LABELS[m]).join(", "),
    MSG.requestCompletedRides(request.completedRides),
  ].filter(Boolean);

  async function onAnswer(accept: boolean) {
    try {
      await answer.mutateAsync({ rideId, requestId: request.id, accept });
      toast.success(accept ? MSG.requestAccepted : MSG.requestDeclinedOrganizer);
    } catch (error) {
      toast.error(MSG.requestAnswerFailed, { description: errorText(error) });
    } finally {
      setDeclineOpen(false);
    }
  }

  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-bg p-3" aria-label={TEXT.request(name)}>
      <div className="flex items-center gap-3">
        <Avatar
          avatarKey={request.rider.avatarKey}
          avatarUrl={request.rider.avatarUrl}
          size={40}
          alt=""
        />
        <div className="flex flex-col">
          <span className="flex flex-wrap items-center gap-1.5">
            <Link to={`/app/profile/${encodeURIComponent(name)}`} className="font-bold underline">
              {name}
            </Link>
            <VerifiedBadge verified={request.rider.verified} />
          </span>
          <span className="text-sm text-ink-soft">{facts.join(" · ")}</span>
        </div>
      </div>
      {request.rodeWithGroup > 0 ? (
        <p className="text-sm font-semibold">{MSG.requestRodeWithGroup(request.rodeWithGroup)}</p>
      ) : null}
      {request.note ? (
        <blockquote className="whitespace-pre-wrap break-words border-l-4 border-line pl-3 text-sm">
          {request.note}
        </blockquote>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => onAnswer(true)}
          disabled={answer.isPending || full}
          aria-label={TEXT.answerTo(MSG.requestAccept, name)}
        >
          {MSG.requestAccept}
        </Button>
        <Button
          variant="secondary"
          onClick={() => setDeclineOpen(true)}
          disabled={answer.isPending}
          aria-label={TEXT.answerTo(MSG.requestDecline, name)}
        >
          {MSG.requestDecline}
        </Button>
        {request.note ? (
          <Button variant="ghost" className="text-ink-soft" onClick={() => setReportOpen(true)}>
            <Flag aria-hidden="true" size={16} />
            {TEXT.report}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={declineOpen}
        onOpenChange={setDeclineOpen}
        title={MSG.requestDeclineConfirmTitle(name)}
        description={MSG.requestDeclineConfirmText}
        confirmLabel={MSG.requestDecline}
        busy={answer.isPending}
        onConfirm={() => void onAnswer(false)}
        returnFocusTo={listHeading}
      />
      <ReportDialog
        open={reportOpen}
        onOpenChange={setReportOpen}
        kind="request"
        targetId={request.id}
        title={TEXT.reportTitle(name)}
      />
    </li>
  );
}
