// Where the ride day appears in a participant's chat, on a ride that is not cancelled (both
// panels load lazily, only then, never with the feed):
// - the live panel (positions, the group map, "Modo ruta") inside the window: from 30 minutes
//   before the start until 6 hours after it (domain/time.ts);
// - the check-in panel (check-ins, "He llegado a casa", the timer) from the window's opening until
//   what the ride day kept is erased, 24 h after it: arrivals come after the ride;
// - under them, while either may show, that Rodamos is no emergency service (emergency-note.tsx).
import { lazy, Suspense, useEffect, useState } from "react";
import type { ChatInfoResponse } from "../../domain/api/chat.ts";
import { rideDayErasedAt, rideDayOpen, rideDayWindow } from "../../domain/time.ts";
import { EmergencyNote } from "./emergency-note.tsx";
import type { LiveChannel } from "./live-channel.ts";

const RideDayPanel = lazy(() => import("./ride-day-panel.tsx"));
const CheckInPanel = lazy(() => import("./check-in-panel.tsx"));

/** The clock, re-read every half minute while she looks (the panels come and go with it). */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function RideDaySlot({
  info,
  live,
  isOrganizer,
}: {
  info: ChatInfoResponse;
  live: LiveChannel;
  isOrganizer: boolean;
}) {
  const now = useNow(30_000);
  const { startTime, status, id } = info.ride;
  if (status === "cancelled") return null;
  const checkIns = now >= rideDayWindow(startTime).opensAt && now < rideDayErasedAt(startTime);
  if (!checkIns) return null;
  return (
    <>
      <Suspense fallback={null}>
        {rideDayOpen(startTime, now) ? <RideDayPanel rideId={id} live={live} /> : null}
      </Suspense>
      <Suspense fallback={null}>
        <CheckInPanel rideId={id} isOrganizer={isOrganizer} />
      </Suspense>
      {/* Once under both panels: the live tools, the timer's switch and '¿Has llegado bien?'. */}
      <EmergencyNote className="shrink-0 border-b border-line py-2" />
    </>
  );
}
