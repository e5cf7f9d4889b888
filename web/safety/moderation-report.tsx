// One report of the moderation queue: what was reported (its snapshot), by whom, about whom, its
// context, and the actions (dismiss, hide the message, suspend the account).
import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useState } from "react";
import { Link } from "react-router-dom";
import type { QueuedReport } from "../../domain/api/safety.ts";
import { participantName } from "../../domain/display.ts";
import { MSG } from "../../domain/messages.ts";
import { plural } from "../../domain/plural.ts";
import { REPORT_REASON_LABELS, type ReportSnapshot } from "../../domain/safety.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import { Button } from "../components/button.tsx";
import { RetryButton, Skeleton } from "../components/feedback.tsx";
import { call, client, pathParams } from "../lib/api.ts";
import { ActionDialog, rideWhen, when } from "./moderation-action.tsx";
import { reportContextQuery } from "./queries.ts";

const KIND_LABELS = {
  user: "Perfil",
  ride: "Salida",
  message: "Mensaje",
  request: "Solicitud de plaza",
  group: GROUP_MSG.reportKind,
} as const;

type Action = "dismiss" | "hide" | "suspend";

export function ReportCard({ report }: { report: QueuedReport }) {
  const [action, setAction] = useState<Action | null>(null);
  const [showContext, setShowContext] = useState(false);
  const titleId = `report-${report.id}`;
  const reported = report.reported;
  const reportedName = reported ? (reported.username ?? reported.email) : null;
  return (
    <article aria-labelledby={titleId} className="rounded-3xl bg-surface p-4 shadow-sm">
      <h2 id={titleId} className="text-lg font-extrabold">
        {KIND_LABELS[report.kind]}: {REPORT_REASON_LABELS[report.reason]}
      </h2>
      <p className="text-sm text-ink-soft">{when(report.createdAt)}</p>

      <Snapshot snapshot={report.snapshot} />
      {report.details ? (
        <blockquote className="mt-2 whitespace-pre-wrap break-words border-l-4 border-line pl-3">
          {report.details}
        </blockquote>
      ) : null}

      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-bold">Denuncia</dt>
        <dd>
          {report.reporter
            ? `${participantName(report.reporter.username)} · ${plural(report.reporter.earlierReports, "denuncia anterior", "denuncias anteriores")}`
            : "Cuenta eliminada"}
        </dd>
        <dt className="font-bold">Denunciada</dt>
        <dd>
          {reported
            ? `${reportedName} (${reported.email}) · ${plural(reported.openReports, "denuncia abierta", "denuncias abiertas")}${reported.suspended ? " · Suspendida" : ""}`
            : "Cuenta eliminada"}
        </dd>
        {report.ride ? (
          <>
            <dt className="font-bold">Salida</dt>
            <dd>
              <Link to={`/app/ride/${report.ride.id}`} className="underline">
                {report.ride.title}
              </Link>{" "}
              · {rideWhen(report.ride)} ·{" "}
              {plural(report.ride.participantCount, "participante", "participantes")}
              {report.ride.status === "cancelled" ? " · Cancelada" : ""}
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
              Ver la conversación
            </Button>
          )}
        </div>
      ) : null}

      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setAction("dismiss")}>
          {report.messageHidden ? "Cerrar la denuncia" : "Descartar"}
        </Button>
        {report.kind === "message" && !report.messageHidden ? (
          <Button variant="secondary" onClick={() => setAction("hide")}>
            Ocultar mensaje
          </Button>
        ) : null}
        {reported && !reported.suspended ? (
          <Button variant="danger" onClick={() => setAction("suspend")}>
            Suspender cuenta
          </Button>
        ) : null}
      </div>

      <ActionDialog
        open={action === "dismiss"}
        onOpenChange={(next) => setAction(next ? "dismiss" : null)}
        title={report.messageHidden ? "¿Cerrar la denuncia?" : "¿Descartar la denuncia?"}
        description="Sale de la cola sin más acciones."
        confirmLabel={report.messageHidden ? "Cerrar la denuncia" : "Descartar"}
        send={(reason) =>
          call(
            client.moderation.reports[":id"].dismiss.$post({
              param: pathParams({ id: report.id }),
              json: { reason },
            }),
          )
        }
        done={report.messageHidden ? "Denuncia cerrada" : "Denuncia descartada"}
      />
      <ActionDialog
        open={action === "hide"}
        onOpenChange={(next) => setAction(next ? "hide" : null)}
        title="¿Ocultar el mensaje?"
        description={`Todas verán «${MSG.messageHidden}» en su lugar, también en los chats abiertos.`}
        confirmLabel="Ocultar mensaje"
        send={(reason) =>
          call(
            client.moderation.messages[":id"].hide.$post({
              param: pathParams({ id: report.targetId }),
              json: { reportId: report.id, reason },
            }),
          )
        }
        done="Mensaje ocultado"
      />
      {reported ? (
        <ActionDialog
          open={action === "suspend"}
          onOpenChange={(next) => setAction(next ? "suspend" : null)}
          title={`¿Suspender la cuenta de ${reportedName}?`}
          description="Se cierran sus sesiones al momento, se cancelan sus próximas salidas con aviso a las participantes, sale de las salidas de otras y no podrá iniciar sesión."
          confirmLabel="Suspender cuenta"
          send={(reason) =>
            call(
              client.moderation.users[":userId"].suspend.$post({
                param: pathParams({ userId: reported.id }),
                json: { reportId: report.id, reason },
              }),
            )
          }
          done="Cuenta suspendida"
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
            {snapshot.city} · {rideWhen(snapshot)} · {snapshot.meetingPoint} · organiza{" "}
            {snapshot.organizerUsername ?? "una cuenta eliminada"}
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
            {participantName(snapshot.authorUsername)} en «{snapshot.rideTitle}» ·{" "}
            {when(snapshot.createdAt)}
          </p>
          <p className="whitespace-pre-wrap break-words">{snapshot.text}</p>
        </div>
      );
    case "request":
      return (
        <div className={box}>
          <p className="text-sm font-bold">
            {participantName(snapshot.requesterUsername)} pidió plaza en «{snapshot.rideTitle}» ·{" "}
            {when(snapshot.createdAt)}
          </p>
          <p className="whitespace-pre-wrap break-words">{snapshot.note ?? "(sin nota)"}</p>
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
    <ol className="flex flex-col gap-1 text-sm" aria-label="Conversación alrededor del mensaje">
      {context.data.messages.map((m) => (
        <li
          key={m.id}
          className={clsx("rounded-xl px-3 py-1.5", m.reported ? "bg-accent-soft" : "bg-bg")}
        >
          <span className="font-bold">
            {m.kind === "system" ? "Aviso" : participantName(m.author?.username)}
          </span>
          {m.reported ? " (denunciado)" : ""}
          {m.hidden ? " (oculto)" : ""}: <span className="break-words">{m.text}</span>
        </li>
      ))}
    </ol>
  );
}
