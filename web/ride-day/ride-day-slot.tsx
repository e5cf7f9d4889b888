// Where the ride day appears in a participant's chat: from 30 minutes before the start until 6
// hours after it (domain/time.ts), on a ride that is not cancelled. The panel, the group map and
// Leaflet load only then (lazily), never with the feed.
import { lazy, Suspense, useEffect, useState } from "react";
import type { ChatInfoResponse } from "../../domain/api/chat.ts";
import { rideDayOpen } from "../../domain/time.ts";
import type { LiveChannel } from "./live-channel.ts";

const RideDayPanel = lazy(() => import("./ride-day-panel.tsx"));

/** Whether the window is open now, re-checked every half minute while she looks. */
function useRideDayOpen(startTime: number): boolean {
  const [open, setOpen] = useState(() => rideDayOpen(startTime, Date.now()));
  useEffect(() => {
    const check = () => setOpen(rideDayOpen(startTime, Date.now()));
    check();
    const timer = setInterval(check, 30_000);
    return () => clearInterval(timer);
  }, [startTime]);
  return open;
}

export function RideDaySlot({ info, live }: { info: ChatInfoResponse; live: LiveChannel }) {
  const open = useRideDayOpen(info.ride.startTime);
  if (!open || info.ride.status === "cancelled") return null;
  return (
    <Suspense fallback={null}>
      <RideDayPanel rideId={info.ride.id} live={live} />
    </Suspense>
  );
}
