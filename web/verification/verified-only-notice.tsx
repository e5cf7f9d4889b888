// On a 'Solo verificadas' ride's page, for a rider who is not in it (docs/product.md#verificada):
// when she is not verified, the API's own refusal, which says how to become verified, before she
// tries to join.
import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { VERIFICATION_MSG } from "../../domain/verification.ts";
import { myVerificationQuery } from "./queries.ts";

export function VerifiedOnlyNotice() {
  const mine = useQuery(myVerificationQuery);
  // Loading or failed: the join's own refusal says the same if she tries.
  if (!mine.data || mine.data.verified) return null;
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-2xl bg-accent-soft p-3 text-sm font-semibold"
    >
      <ShieldAlert aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
      {VERIFICATION_MSG.verifiedOnly}
    </p>
  );
}
