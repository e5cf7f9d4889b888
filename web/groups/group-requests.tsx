// The leaders' requests, first on the group's page: each rider with what helps decide (her
// completed rides, how many members rode with her, her note), 'Aceptar' / 'Rechazar' (asked
// first: she cannot ask again). A refused accept (the group full) says why.

import type { GroupRequestView } from "../../domain/api/groups.ts";
import { GROUP_PAGE_TEXT as TEXT } from "../../domain/texts/groups.ts";
import type { ReturnFocus } from "../components/dialog.tsx";
import { RequestItem, RequestsSection, type RequestTexts } from "../components/request-card.tsx";
import { VerifiedBadge } from "../verification/verified-badge.tsx";
import { useAnswerGroupRequest } from "./queries.ts";

const ANSWER_TEXTS: RequestTexts = { ...TEXT, failed: TEXT.actionFailed };

export function GroupRequests({ slug, requests }: { slug: string; requests: GroupRequestView[] }) {
  return (
    <RequestsSection
      title={TEXT.requestsTitle}
      emptyText={TEXT.requestsEmpty}
      empty={requests.length === 0}
    >
      {(heading) => (
        <ul className="flex flex-col gap-3">
          {requests.map((request) => (
            <GroupRequestItem
              key={request.id}
              slug={slug}
              request={request}
              listHeading={heading}
            />
          ))}
        </ul>
      )}
    </RequestsSection>
  );
}

function GroupRequestItem({
  slug,
  request,
  listHeading,
}: {
  slug: string;
  request: GroupRequestView;
  listHeading: ReturnFocus;
}) {
  const answer = useAnswerGroupRequest(slug);
  const name = request.rider.username;
  return (
    <RequestItem
      label={name}
      name={name}
      avatar={request.rider}
      who={
        <span className="flex items-center gap-1.5 font-bold">
          {name}
          <VerifiedBadge verified={request.rider.verified} />
        </span>
      }
      facts={TEXT.completedRides(request.completedRides)}
      rodeWith={request.rodeWithMembers > 0 ? TEXT.rodeWithMembers(request.rodeWithMembers) : null}
      note={request.note}
      texts={ANSWER_TEXTS}
      answer={(accept) => answer.mutateAsync({ requestId: request.id, accept })}
      pending={answer.isPending}
      listHeading={listHeading}
    />
  );
}
