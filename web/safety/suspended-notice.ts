import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { MSG } from "../../domain/messages.ts";
import { toast } from "../lib/toast.ts";

/**
 * A suspended account that tried Google comes back to /app/login?error=suspended (the API's
 * answer to a password sign-in says the same): 'Cuenta suspendida. Escríbenos a …', once.
 */
export function useSuspendedNotice() {
  const [params] = useSearchParams();
  const suspended = params.get("error") === "suspended";
  const shown = useRef(false);
  useEffect(() => {
    if (suspended && !shown.current) {
      shown.current = true;
      toast.error(MSG.accountSuspended, { id: "account-suspended" });
    }
  }, [suspended]);
}
