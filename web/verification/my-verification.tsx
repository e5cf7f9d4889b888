// Her own verification on her profile (docs/product.md#verificada): the badge's meaning once she
// holds it, else what she lacks ('Te respaldan 2 compañeras de 3') and how to get there. Nobody
// else sees it: riders see only the badge.
import { useQuery } from "@tanstack/react-query";
import { MY_VERIFICATION_TEXT as TEXT } from "../../domain/texts/verification.ts";
import { VERIFICATION_MSG } from "../../domain/verification.ts";
import { RetryButton } from "../components/feedback.tsx";
import { myVerificationQuery } from "./queries.ts";

export function MyVerification() {
  const query = useQuery(myVerificationQuery);
  return (
    <section
      aria-labelledby="my-verification"
      className="flex flex-col gap-2 rounded-3xl border border-line bg-surface p-4"
    >
      <h2 id="my-verification" className="text-lg font-extrabold">
        {TEXT.title}
      </h2>
      {query.isPending ? (
        <p role="status" className="text-ink-soft">
          {TEXT.loading}
        </p>
      ) : !query.data ? (
        <div className="flex flex-col items-start gap-2">
          <p className="text-ink-soft">{TEXT.loadFailed}</p>
          <RetryButton onRetry={() => query.refetch()} />
        </div>
      ) : query.data.verified ? (
        <p>{VERIFICATION_MSG.ownVerified}</p>
      ) : (
        <>
          <p className="font-bold">{VERIFICATION_MSG.progress(query.data.vouchers)}</p>
          <p className="text-sm text-ink-soft">{VERIFICATION_MSG.progressRides}</p>
          <p className="text-sm">{VERIFICATION_MSG.howTo}</p>
        </>
      )}
      <p className="text-sm text-ink-soft">{VERIFICATION_MSG.noDocuments}</p>
    </section>
  );
}
