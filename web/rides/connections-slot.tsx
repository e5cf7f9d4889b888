import type { RideDetail } from "../../domain/api/rides.ts";

/**
 * Where the ride detail shows the "¿Con quién has rodado?" card (spec 02 §2). The connections
 * issue renders it here; nothing to show until then.
 */
export function ConnectionsSlot(_props: { ride: RideDetail }) {
  return null;
}
