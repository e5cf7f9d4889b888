import { ChevronRight, Users } from "lucide-react";
import { Link } from "react-router-dom";
import { formatDayMonth } from "../../domain/format.ts";
import { usePendingConnections } from "./pending.ts";

/** The feed's 'He rodado con ella' rows (max 3); each opens the ride's connections card. */
export function PendingConnectionsList() {
  const { shown } = usePendingConnections();
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {shown.map((ride) => (
        <li key={ride.rideId}>
          <Link
            to={`/app/ride/${ride.rideId}#connections`}
            className="flex min-h-14 items-center gap-3 rounded-2xl bg-surface px-4 py-3 shadow-sm"
          >
            <Users aria-hidden="true" className="shrink-0 text-primary" size={22} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-bold">{ride.title}</span>
              <span className="text-sm text-ink-soft">{formatDayMonth(ride.startTime)}</span>
            </span>
            <ChevronRight aria-hidden="true" className="text-ink-soft" size={20} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
