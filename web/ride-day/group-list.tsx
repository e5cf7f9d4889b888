// The group as a list beside the map: who shares (name, escoba, how old her fix is, approximate)
// with "Ver en el mapa", and who does not. What the map shows, for screen readers and keyboards too.

import { fixAge, isApproximate, RIDE_DAY_TEXT } from "../../domain/ride-day-live.ts";
import { OFFLINE_MAP_TEXT } from "../../domain/texts/maps-offline.ts";
import { LIVE_GROUP_TEXT as TEXT } from "../../domain/texts/ride-day.ts";
import { groupLists, type LiveState } from "./live-state.ts";

export function GroupList({
  state,
  myId,
  now,
  onFocus,
  offline = false,
}: {
  state: LiveState;
  myId: string | undefined;
  now: number;
  onFocus: (userId: string) => void;
  /** No connection: each age is the last known ("hace 12 min, sin conexión"). */
  offline?: boolean;
}) {
  const age = (at: string) => {
    const text = fixAge(Date.parse(at), now);
    return offline ? OFFLINE_MAP_TEXT.offlineAge(text) : text;
  };
  const { sharing, notSharing } = groupLists(state);
  const name = (userId: string, username: string) =>
    userId === myId ? TEXT.me(username) : username;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <ul aria-label={TEXT.sharing} className="flex flex-col gap-1">
        {sharing.map((rider) => {
          const fix = state.positions.get(rider.userId)!;
          const escoba = rider.userId === state.sweeperId;
          return (
            <li
              key={rider.userId}
              data-testid="live-rider"
              className="flex items-center justify-between gap-2 rounded-xl bg-surface px-3 py-1"
            >
              <span>
                <span className="font-bold">{name(rider.userId, rider.username)}</span>
                {escoba ? (
                  <span className="ml-1 rounded-full bg-accent px-2 text-xs font-bold text-ink">
                    {RIDE_DAY_TEXT.escoba}
                  </span>
                ) : null}
                <span className="text-ink-soft"> · {age(fix.at)}</span>
                {isApproximate(fix.accuracy) ? (
                  <span className="text-ink-soft"> · {RIDE_DAY_TEXT.approximate}</span>
                ) : null}
              </span>
              <button
                type="button"
                className="min-h-11 shrink-0 rounded-full px-3 font-bold text-primary hover:bg-primary-soft"
                aria-label={TEXT.showOnMapOf(rider.username)}
                onClick={() => onFocus(rider.userId)}
              >
                {TEXT.showOnMap}
              </button>
            </li>
          );
        })}
      </ul>
      {notSharing.length > 0 ? (
        <p data-testid="live-not-sharing">
          <span className="font-bold">{RIDE_DAY_TEXT.notSharing}: </span>
          {notSharing
            .map(
              (r) =>
                `${name(r.userId, r.username)}${r.userId === state.sweeperId ? ` (${RIDE_DAY_TEXT.escoba})` : ""}`,
            )
            .join(", ")}
        </p>
      ) : null}
    </div>
  );
}
