// Who holds the badge, for the rules that ask (docs/product.md#verificada): vouching, and the ways
// into a 'Solo verificadas' ride (joining, asking for a place, the waiting list, a series).
import { DomainError } from "../../domain/errors.ts";
import { isModeratorEmail } from "../../domain/safety.ts";
import { VERIFICATION_MSG } from "../../domain/verification.ts";
import type { Bindings, Database } from "../env.ts";
import { moderatorBadge } from "./queries.ts";
import { hasBadge } from "./recompute.ts";

/** She holds the badge, or her account is a moderator's (which gets its badge row here). */
export async function holdsBadge(
  env: Bindings,
  db: Database,
  user: { id: string; email: string },
): Promise<boolean> {
  if (isModeratorEmail(env.MODERATOR_EMAILS, user.email)) {
    await moderatorBadge(db, user.id, Date.now());
    return true;
  }
  return hasBadge(db, user.id);
}

/** A 'Solo verificadas' ride refuses a rider without the badge, saying how to get it. */
export async function refuseUnverified(
  env: Bindings,
  db: Database,
  ride: { verifiedOnly: boolean },
  user: { id: string; email: string },
): Promise<void> {
  if (!ride.verifiedOnly || (await holdsBadge(env, db, user))) return;
  throw new DomainError("not_authorized", VERIFICATION_MSG.verifiedOnly);
}
