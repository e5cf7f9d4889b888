// 'Verificada' beside a rider's username (docs/product.md#verificada): a small mark whose
// accessible name is the badge and whose description says what it means; the title shows it to
// a pointer too.
import clsx from "clsx";
import { BadgeCheck } from "lucide-react";
import { useId } from "react";
import { VERIFICATION_MSG as TEXT } from "../../domain/verification.ts";

export function VerifiedBadge({
  verified,
  className,
}: {
  verified: boolean | undefined;
  className?: string;
}) {
  const id = useId();
  if (!verified) return null;
  return (
    <span
      role="img"
      aria-label={TEXT.badge}
      aria-describedby={id}
      title={TEXT.badgeExplained}
      className={clsx(
        "inline-flex shrink-0 items-center gap-0.5 rounded-full bg-primary-soft px-1.5 py-0.5 text-xs font-bold text-primary-dark",
        className,
      )}
    >
      <BadgeCheck aria-hidden="true" size={14} />
      <span aria-hidden="true">{TEXT.badge}</span>
      <span id={id} hidden>
        {TEXT.badgeExplained}
      </span>
    </span>
  );
}
