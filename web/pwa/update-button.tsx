import { RefreshCw } from "lucide-react";
import { MSG } from "../../domain/messages.ts";
import { Button } from "../components/button.tsx";
import { useUpdateCheck } from "./use-update-check.ts";

/**
 * 'Check for updates' for the login page and /app/settings: one press runs the whole flow
 * (the update texts of docs/product.md#the-installable-app as toasts; a waiting version takes over
 * and the page reloads).
 */
export function UpdateButton({
  label,
  errorMessage,
  variant = "secondary",
  className,
}: {
  label: string;
  /** Settings words a failed check as MSG.updateSettingsError; the login page uses the default. */
  errorMessage?: string;
  variant?: "primary" | "secondary" | "ghost";
  className?: string;
}) {
  const { check, checking, updateAvailable } = useUpdateCheck({ errorMessage });
  return (
    <div className="flex flex-col items-center gap-1">
      <Button
        variant={variant}
        className={className}
        onClick={() => void check()}
        disabled={checking}
        aria-busy={checking}
      >
        <RefreshCw aria-hidden="true" size={18} className={checking ? "animate-spin" : undefined} />
        {checking ? MSG.updateChecking : label}
      </Button>
      {updateAvailable && !checking ? (
        <p role="status" className="text-sm font-semibold text-primary">
          {MSG.updateFound}
        </p>
      ) : null}
    </div>
  );
}
