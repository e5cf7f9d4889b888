import { useLocation } from "react-router-dom";
import type { RideDetail } from "../../domain/api/rides.ts";
import { ConnectionsCard } from "../connections/connections-card.tsx";

/**
 * Where the ride detail shows the 'He rodado con ella' card (docs/product.md#connections): in the
 * window, or forced by #connections. The organizer is never offered it; cancelled rides hide it
 * (caller).
 */
export function ConnectionsSlot({ ride }: { ride: RideDetail }) {
  const { hash } = useLocation();
  if (!ride.viewer.joined || ride.viewer.isOrganizer) return null;
  return <ConnectionsCard rideId={ride.id} forced={hash === "#connections"} />;
}
