// One report of the moderation queue: what was reported (its snapshot), by whom, about whom, its
// context, and the actions (dismiss, hide the message, suspend the account or the group).
import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useState } from "react";
import { Link } from "react-router-dom";
import type { QueuedReport } from "../../domain/api/safety.ts";
import { participantName } from "../../domain/display.ts";
import { MSG } from "../../domain/messages.ts";
import { REPORT_REASON_LABELS, type ReportSnapshot } from "../../domain/safety.ts";
import { GROUP_SAFETY_TEXT } from "../../domain/texts/groups.ts";
import { REPORT_CARD_TEXT as TEXT } from "../../domain/texts/safety-moderation.ts";
import { Button } from "../components/button.tsx";
import { RetryButton, Skeleton } from "../components/feedback.tsx";
import { groupPath } from "../group-core/group-card.tsx";
import { call, client, pathParams } from "../lib/api.ts";
import { ActionDialog, rideWhen, when } from "./moderation-action.tsx";
import { reportContextQuery } from "./queries.ts";
import { SuspendGroupDialog } from "./suspend-group-dialog.tsx";

type Action = "dismiss" | "hide" | "suspend" | "suspend-group";

export function ReportCard({ report }: { report: QueuedReport }) {
  const [action, setAction] = useState<Action | null>(null);
  const [showContext, setShowContext] = useState(false);
  const titleId = `report-${report.id}`;
  const reported = report.reported;
  const reportedName = reported ? (reported.username ?? reported.email) : null;
  return (
    <article aria-labelledby={titleId} className="rounded-3xl bg-surface p-4 shadow-sm">
      <h2 id={titleId} className="text-lg font-extrabold">
        {TEXT.kinds[report.kind]}: {REPORT_REASON_LABELS[report.reason]}
      </h2>
      <p className="text-sm text-ink-soft">{when(report.createdAt)}</p>

      <Snapshot snapshot={report.snapshot} />
      {report.details ? (
        <blockquote className="mt-2 whitespace-pre-wrap break-words border-l-4 border-line pl-3">
          {report.details}
        </blockquote>
      ) : null}

      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-bold">{TEXT.reporter}</dt>
        <dd>
          {report.reporter
            ? TEXT.reporterFacts(
                participantName(report.reporter.username),
                report.reporter.earlierReports,
              )
            : TEXT.deletedAccount}
        </dd>
        <dt className="font-bold">{TEXT.reportedRider}</dt>
        <dd>
          {reported
            ? TEXT.reportedFacts(
                reported.username ?? reported.email,
                reported.email,
                reported.openReports,
                reported.suspended,
              )
            : TEXT.deletedAccount}
        </dd>
        {report.snapshot.kind === "group" ? (
          <>
            <dt className="font-bold">{TEXT.group}</dt>
            <dd>
              <Link to={groupPath(report.snapshot.slug)} className="underline">
                {report.snapshot.name}
              </Link>
            </dd>
          </>
        ) : null}
        {report.ride ? (
          <>
            <dt className="font-bold">{TEXT.ride}</dt>
            <dd>
              <Link to={`/app/ride/${report.ride.id}`} className="underline">
                {report.ride.title}
              </Link>{" "}
              · {rideWhen(report.ride)} · {TEXT.participants(report.ride.participantCount)}
              {report.ride.status === "cancelled" ? TEXT.cancelled : ""}
            </dd>
          </>
        ) : null}
      </dl>

      {report.kind === "message" ? (
        <div className="mt-3">
          {report.messageHidden ? (
            <p className="text-sm font-semibold">{MSG.messageHidden}</p>
          ) : null}
          {showContext ? (
            <MessageContext reportId={report.id} />
          ) : (
            <Button variant="ghost" className="px-2" onClick={() => setShowContext(true)}>
              {TEXT.showContext}
            </Button>
          )}
        </div>
      ) : null}

      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setAction("dismiss")}>
          {report.messageHidden ? TEXT.close : TEXT.dismiss}
        </Button>
        {report.kind === "message" && !report.messageHidden ? (
          <Button variant="secondary" onClick={() => setAction("hide")}>
            {TEXT.hide}
          </Button>
        ) : null}
        {report.kind === "group" ? (
          <Button variant="danger" onClick={() => setAction("suspend-group")}>
            {GROUP_SAFETY_TEXT.suspend}
          </Button>
        ) : null}
        {reported && !reported.suspended ? (
          <Button variant="danger" onClick={() => setAction("suspend")}>
            {TEXT.suspend}
          </Button>
        ) : null}
      </div>

      <ActionDialog
        open={action === "dismiss"}
        onOpenChange={(next) => setAction(next ? "dismiss" : null)}
        title={report.messageHidden ? TEXT.closeTitle : TEXT.dismissTitle}
        description={TEXT.dismissText}
        confirmLabel={report.messageHidden ? TEXT.close : TEXT.dismiss}
        send={(reason) =>
          call(
            client.moderation.reports[":id"].dismiss.$post({
              param: pathParams({ id: report.id }),
              json: { reason },
            }),
          )
        }
        done={report.messageHidden ? TEXT.closed : TEXT.dismissed}
      />
      <ActionDialog
        open={action === "hide"}
        onOpenChange={(next) => setAction(next ? "hide" : null)}
        title={TEXT.hideTitle}
        description={TEXT.hideText(MSG.messageHidden)}
        confirmLabel={TEXT.hide}
        send={(reason) =>
          call(
            client.moderation.messages[":id"].hide.$post({
              param: pathParams({ id: report.targetId }),
              json: { reportId: report.id, reason },
            }),
          )
        }
        done={TEXT.hidden}
      />
      {report.snapshot.kind === "group" ? (
        <SuspendGroupDialog
          open={action === "suspend-group"}
          onOpenChange={(next) => setAction(next ? "suspend-group" : null)}
          group={report.snapshot}
          reportId={report.id}
        />
      ) : null}
      {reported ? (
        <ActionDialog
          open={action === "suspend"}
          onOpenChange={(next) => setAction(next ? "suspend" : null)}
          title={TEXT.suspendTitle(reportedName)}
          description={TEXT.suspendText}
          confirmLabel={TEXT.suspend}
          send={(reason) =>
            call(
              client.moderation.users[":userId"].suspend.$post({
                param: pathParams({ userId: reported.id }),
                json: { reportId: report.id, reason },
              }),
            )
          }
          done={TEXT.suspendedDone}
        />
      ) : null}
    </article>
  );
}

function Snapshot({ snapshot }: { snapshot: ReportSnapshot }) {
  const box = "mt-3 rounded-2xl bg-bg p-3";
  switch (snapshot.kind) {
    case "user":
      return (
        <div className={box}>
          <p className="font-bold">{snapshot.username}</p>
          {snapshot.city ? <p className="text-sm text-ink-soft">{snapshot.city}</p> : null}
        </div>
      );
    case "ride":
      return (
        <div className={box}>
          <p className="font-bold">{snapshot.title}</p>
          <p className="text-sm text-ink-soft">
            {snapshot.city} · {rideWhen(snapshot)} · {snapshot.meetingPoint} ·{" "}
            {TEXT.organizedBy(snapshot.organizerUsername)}
          </p>
          {snapshot.description ? (
            <p className="mt-1 whitespace-pre-wrap break-words">{snapshot.description}</p>
          ) : null}
        </div>
      );
    case "message":
      return (
        <div className={box}>
          <p className="text-sm font-bold">
            {TEXT.messageIn(participantName(snapshot.authorUsername), snapshot.rideTitle)} ·{" "}
            {when(snapshot.createdAt)}
          </p>
          <p className="whitespace-pre-wrap break-words">{snapshot.text}</p>
        </div>
      );
    case "request":
      return (
        <div className={box}>
          <p className="text-sm font-bold">
            {TEXT.requestIn(participantName(snapshot.requesterUsername), snapshot.rideTitle)} ·{" "}
            {when(snapshot.createdAt)}
          </p>
          <p className="whitespace-pre-wrap break-words">{snapshot.note ?? TEXT.noNote}</p>
        </div>
      );
    case "group":
      return (
        <div className={box}>
          <p className="font-bold">{snapshot.name}</p>
          <p className="text-sm text-ink-soft">{snapshot.city}</p>
          {snapshot.description ? (
            <p className="mt-1 whitespace-pre-wrap break-words">{snapshot.description}</p>
          ) : null}
        </div>
      );
  }
}

function MessageContext({ reportId }: { reportId: string }) {
  const context = useQuery(reportContextQuery(reportId));
  if (context.isPending) return <Skeleton className="h-24" />;
  if (!context.data) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="font-semibold">{MSG.moderationLoadFailed}</p>
        <RetryButton onRetry={() => context.refetch()} />
      </div>
    );
  }
  return (
    <ol className="flex flex-col gap-1 text-sm" aria-label={TEXT.context}>
      {context.data.messages.map((m) => (
        <li
          key={m.id}
          className={clsx("rounded-xl px-3 py-1.5", m.reported ? "bg-accent-soft" : "bg-bg")}
        >
          <span className="font-bold">
            {m.kind === "system" ? TEXT.systemNotice : participantName(m.author?.username)}
          </span>
          {m.reported ? TEXT.reportedMark : ""}
          {m.hidden ? TEXT.hiddenMark : ""}: <span className="break-words">{m.text}</span>
        </li>
      ))}
    </ol>
  );
}
