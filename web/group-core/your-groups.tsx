import type { UseQueryResult } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import type { MyGroupsResponse } from "../../domain/api/groups.ts";
import { formatLongDate, formatTime } from "../../domain/format.ts";
import { YOUR_GROUPS_TEXT as TEXT } from "../../domain/texts/groups.ts";
import { Chip } from "../components/chip.tsx";
import { GroupCard } from "./group-card.tsx";

/**
 * 'Tus grupos' in the feed (docs/product.md#grupos): only when she has groups, each with its next
 * ride she may see. Nothing while it loads or when it failed: the feed has its own sections.
 */
export function YourGroups({ query }: { query: UseQueryResult<MyGroupsResponse> }) {
  const groups = query.data?.groups ?? [];
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="tus-grupos" className="flex flex-col gap-3">
      <h2 id="tus-grupos" className="text-xl font-extrabold">
        {TEXT.title}
      </h2>
      <ul className="flex flex-col gap-3">
        {groups.map((group) => (
          <li key={group.id}>
            <GroupCard group={group}>
              {group.nextRide ? (
                <p className="text-sm">
                  <span className="font-bold">{TEXT.nextRide}</span>{" "}
                  <Link
                    to={`/app/ride/${encodeURIComponent(group.nextRide.id)}`}
                    className="font-semibold text-primary underline"
                  >
                    {group.nextRide.title}
                  </Link>{" "}
                  · {formatLongDate(group.nextRide.startTime, group.nextRide.timeZone)},{" "}
                  {formatTime(group.nextRide.startTime, group.nextRide.timeZone)}{" "}
                  {group.nextRide.groupOnly ? <Chip>{TEXT.groupOnly}</Chip> : null}
                </p>
              ) : (
                <p className="text-sm text-ink-soft">{TEXT.noRide}</p>
              )}
            </GroupCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
