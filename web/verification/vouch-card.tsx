// The post-ride step's vouches (docs/product.md#verificada): a verified rider who was at the
// meeting point sees the others who were there, with 'La conozco en persona: la respaldo' or
// 'Retirar mi respaldo'. Nothing shows to a rider the API does not open it for. The API enforces
// every rule; the card mirrors them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { useId } from "react";
import type { VouchCandidate } from "../../domain/api/verification.ts";
import { errorText } from "../../domain/errors.ts";
import { VOUCH_STEP_TEXT as TEXT } from "../../domain/texts/verification.ts";
import { VERIFICATION_MSG, vouchWindowOpen } from "../../domain/verification.ts";
import { Avatar } from "../components/avatar.tsx";
import { Button } from "../components/button.tsx";
import { RetryButton, Skeleton } from "../components/feedback.tsx";
import { toast } from "../lib/toast.ts";
import { RIDES_KEY } from "../ride-core/queries.ts";
import { giveVouch, rideVouchesQuery, verificationKeys, withdrawVouch } from "./queries.ts";

/** Asked only while the step can be open for anyone: the API still decides for her. */
export function VouchCard({ rideId, startTime }: { rideId: string; startTime: number }) {
  const inWindow = vouchWindowOpen(startTime, Date.now());
  const query = useQuery({ ...rideVouchesQuery(rideId), enabled: inWindow });
  if (!inWindow) return null;
  if (query.isPending) return <Skeleton className="h-32" />;
  if (!query.data) {
    return (
      <section className="flex flex-col items-start gap-2 rounded-3xl bg-surface p-4">
        <p className="text-ink-soft">{TEXT.loadFailed}</p>
        <RetryButton onRetry={() => query.refetch()} />
      </section>
    );
  }
  if (!query.data.open) return null;
  return (
    <section
      aria-labelledby="vouches-title"
      className="flex flex-col gap-3 rounded-3xl bg-surface p-5 shadow-sm"
    >
      <h2 id="vouches-title" className="text-lg font-extrabold">
        {VERIFICATION_MSG.stepTitle}
      </h2>
      <p className="text-ink-soft">{VERIFICATION_MSG.stepIntro}</p>
      {query.data.riders.length === 0 ? (
        <p className="text-ink-soft">{TEXT.nobody}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {query.data.riders.map((rider) => (
            <VouchRow key={rider.userId} rideId={rideId} rider={rider} />
          ))}
        </ul>
      )}
    </section>
  );
}

function VouchRow({ rideId, rider }: { rideId: string; rider: VouchCandidate }) {
  const queryClient = useQueryClient();
  const nameId = useId();
  const change = useMutation({
    mutationFn: () =>
      rider.vouched ? withdrawVouch(rider.userId) : giveVouch(rideId, rider.userId),
    onSuccess: () => {
      toast.success(rider.vouched ? VERIFICATION_MSG.withdrawDone : VERIFICATION_MSG.vouchDone);
    },
    onError: (error) => toast.error(errorText(error, TEXT.saveFailed)),
    // Her vouch may verify the rider: every badge on screen is read again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: RIDES_KEY }),
      ]),
  });
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-2xl px-1 py-1">
      <Avatar avatarKey={rider.avatarKey} size={36} alt="" />
      <span id={nameId} className="flex-1 font-semibold">
        {rider.username}
      </span>
      {rider.vouched ? (
        <span className="flex items-center gap-1 text-sm font-semibold text-success">
          <Check aria-hidden="true" size={16} />
          {VERIFICATION_MSG.vouched}
        </span>
      ) : null}
      <Button
        variant={rider.vouched ? "ghost" : "primary"}
        aria-describedby={nameId}
        disabled={change.isPending}
        onClick={() => change.mutate()}
      >
        {change.isPending
          ? TEXT.sending
          : rider.vouched
            ? VERIFICATION_MSG.withdraw
            : VERIFICATION_MSG.vouch}
      </Button>
    </li>
  );
}
