// The moderators' 'Verificar a una compañera' (docs/product.md#verificada): she finds a rider by
// username, sees her badge and her vouches one step out (who vouches for her, whom she vouches
// for, withdrawn ones too, to spot a ring), and verifies a rider she met or undoes it, each with a
// reason.
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import type { VouchEdge } from "../../domain/api/verification.ts";
import { participantName } from "../../domain/display.ts";
import { VERIFY_MODERATION_TEXT as TEXT } from "../../domain/texts/verification-moderation.ts";
import { VERIFICATION_MSG } from "../../domain/verification.ts";
import { Button } from "../components/button.tsx";
import { EmptyState, RetryButton, Skeleton } from "../components/feedback.tsx";
import { inputClass } from "../components/field.tsx";
import { call, client, isNotFound, pathParams } from "../lib/api.ts";
import { publicProfileQuery } from "../lib/profile-queries.ts";
import { VerifiedBadge } from "../verification/verified-badge.tsx";
import { ActionDialog, when } from "./moderation-action.tsx";
import { vouchGraphQuery } from "./queries.ts";

export function VerifyRider() {
  const [typed, setTyped] = useState("");
  const [username, setUsername] = useState("");
  const inputId = useId();
  const profile = useQuery({ ...publicProfileQuery(username), enabled: username !== "" });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUsername(typed.trim());
  };
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} className="flex items-end gap-2">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor={inputId} className="font-bold">
            {TEXT.username}
          </label>
          <input
            id={inputId}
            className={inputClass}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={typed.trim() === ""}>
          {TEXT.find}
        </Button>
      </form>
      {username === "" ? null : profile.isFetching && !profile.data ? (
        <p role="status" className="text-ink-soft">
          {TEXT.finding}
        </p>
      ) : isNotFound(profile.error) ? (
        <p role="status" className="font-bold">
          {TEXT.notFound}
        </p>
      ) : !profile.data ? (
        <EmptyState action={<RetryButton onRetry={() => profile.refetch()} />}>
          <p className="font-bold">{TEXT.loadFailed}</p>
        </EmptyState>
      ) : (
        <RiderVerification userId={profile.data.profile.userId} />
      )}
    </div>
  );
}

function RiderVerification({ userId }: { userId: string }) {
  const graph = useQuery(vouchGraphQuery(userId));
  const [action, setAction] = useState<"verify" | "unverify" | null>(null);
  if (graph.isPending) return <Skeleton className="h-40" />;
  if (!graph.data) {
    return (
      <EmptyState action={<RetryButton onRetry={() => graph.refetch()} />}>
        <p className="font-bold">{TEXT.loadFailed}</p>
      </EmptyState>
    );
  }
  const { rider, received, given } = graph.data;
  const name = participantName(rider.username);
  const sources: Record<string, string> = TEXT.status;
  const status = rider.verified
    ? (sources[rider.source ?? ""] ?? TEXT.status.community)
    : TEXT.status.none;
  return (
    <section
      aria-labelledby="verify-rider"
      className="flex flex-col gap-3 rounded-3xl bg-surface p-4 shadow-sm"
    >
      <h2 id="verify-rider" className="flex items-center gap-2 text-lg font-extrabold">
        {name}
        <VerifiedBadge verified={rider.verified} />
      </h2>
      <p className="font-semibold">{status}</p>
      <div className="flex flex-wrap gap-2">
        {rider.verified ? null : (
          <Button onClick={() => setAction("verify")}>{VERIFICATION_MSG.moderatorVerify}</Button>
        )}
        {rider.source === "seed" ? (
          <Button variant="secondary" onClick={() => setAction("unverify")}>
            {VERIFICATION_MSG.moderatorUnverify}
          </Button>
        ) : null}
      </div>
      <Edges title={TEXT.received} edges={received} />
      <Edges title={TEXT.given} edges={given} />
      {action ? (
        <ActionDialog
          open
          onOpenChange={(next) => !next && setAction(null)}
          title={action === "verify" ? TEXT.verifyTitle(name) : TEXT.unverifyTitle(name)}
          description={action === "verify" ? TEXT.verifyText : TEXT.unverifyText}
          confirmLabel={
            action === "verify"
              ? VERIFICATION_MSG.moderatorVerify
              : VERIFICATION_MSG.moderatorUnverify
          }
          send={(reason) =>
            call(
              client.moderation.users[":userId"][action].$post({
                param: pathParams({ userId }),
                json: { reason },
              }),
            )
          }
          done={action === "verify" ? TEXT.verifyDone : TEXT.unverifyDone}
        />
      ) : null}
    </section>
  );
}

/** One direction of her vouches, withdrawn ones included and said so. */
function Edges({ title, edges }: { title: string; edges: VouchEdge[] }) {
  const headingId = useId();
  return (
    <div>
      <h3 id={headingId} className="font-bold">
        {title} ({edges.length})
      </h3>
      {edges.length === 0 ? (
        <p className="text-sm text-ink-soft">{TEXT.none}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-1">
          {edges.map((edge) => (
            <li key={`${edge.user.id}-${edge.rideId}`} className="text-sm">
              <span className="inline-flex items-center gap-1 font-semibold">
                {participantName(edge.user.username)}
                <VerifiedBadge verified={edge.user.verified} />
                {edge.user.suspended ? ` · ${TEXT.suspended}` : ""}
              </span>
              <span className="block text-ink-soft">
                {TEXT.edge(edge.rideTitle ?? TEXT.rideGone, when(edge.givenAt))}
                {edge.withdrawnAt === null ? "" : ` · ${TEXT.withdrawn(when(edge.withdrawnAt))}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
