// The organizer's requests at the top of her ride's page (docs/product.md#join-by-approval): each
// rider with what helps her decide, 'Aceptar' / 'Rechazar' (asked first: it is final for her), and
// 'Denunciar' on a note. The API takes places atomically: a refused accept (full, expired) says
// why and the list refreshes.
import { Flag } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import type { RideDetail, RideRequestView } from "../../domain/api/rides.ts";
import { LEVEL_LABELS, MODALITY_LABELS } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { REQUESTS_CARD_TEXT as TEXT } from "../../domain/texts/ride-requests.ts";
import { Button } from "../components/button.tsx";
import type { ReturnFocus } from "../components/dialog.tsx";
import { RequestItem, RequestsSection, type RequestTexts } from "../components/request-card.tsx";
import { ReportDialog } from "../safety/report-dialog.tsx";
import { VerifiedBadge } from "../verification/verified-badge.tsx";
import { useAnswerRequest } from "./queries.ts";

const ANSWER_TEXTS: RequestTexts = {
  accept: MSG.requestAccept,
  decline: MSG.requestDecline,
  answerTo: TEXT.answerTo,
  declineConfirmTitle: MSG.requestDeclineConfirmTitle,
  declineConfirmText: MSG.requestDeclineConfirmText,
  accepted: MSG.requestAccepted,
  declined: MSG.requestDeclinedOrganizer,
  failed: MSG.requestAnswerFailed,
};

export function RequestsCard({ ride }: { ride: RideDetail }) {
  const requests = ride.requests ?? [];
  const full = ride.participantCount >= ride.capacity;
  return (
    <RequestsSection
      title={TEXT.count(MSG.requestsTitle, requests.length)}
      emptyText={MSG.requestsEmpty}
      empty={requests.length === 0}
    >
      {(heading) => (
        <>
          {full ? (
            <p className="mb-2 text-sm text-ink-soft">{TEXT.fullThen(MSG.rideFull)}</p>
          ) : null}
          <ul className="flex flex-col gap-3">
            {requests.map((request) => (
              <RideRequestItem
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
    </RequestsSection>
  );
}

function RideRequestItem({
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
  const name = request.rider.username;
  const facts = [
    request.city,
    request.levels.map((l) => LEVEL_LABELS[l]).join(", "),
    request.modalities.map((m) => MODALITY_LABELS[m]).join(", "),
    MSG.requestCompletedRides(request.completedRides),
  ].filter(Boolean);

  return (
    <RequestItem
      label={TEXT.request(name)}
      name={name}
      avatar={request.rider}
      who={
        <span className="flex flex-wrap items-center gap-1.5">
          <Link to={`/app/profile/${encodeURIComponent(name)}`} className="font-bold underline">
            {name}
          </Link>
          <VerifiedBadge verified={request.rider.verified} />
        </span>
      }
      facts={facts.join(" · ")}
      rodeWith={request.rodeWithGroup > 0 ? MSG.requestRodeWithGroup(request.rodeWithGroup) : null}
      note={request.note}
      texts={ANSWER_TEXTS}
      answer={(accept) => answer.mutateAsync({ rideId, requestId: request.id, accept })}
      pending={answer.isPending}
      acceptDisabled={full}
      actions={
        request.note ? (
          <Button variant="ghost" className="text-ink-soft" onClick={() => setReportOpen(true)}>
            <Flag aria-hidden="true" size={16} />
            {TEXT.report}
          </Button>
        ) : null
      }
      listHeading={listHeading}
    >
      <ReportDialog
        open={reportOpen}
        onOpenChange={setReportOpen}
        kind="request"
        targetId={request.id}
        title={TEXT.reportTitle(name)}
      />
    </RequestItem>
  );
}
