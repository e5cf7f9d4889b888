// A group's ride on its card and page (docs/product.md#grupos): the group's name, a link to its
// page, and for a 'Solo el grupo' ride that it is only for the group's members.
import { Link } from "react-router-dom";
import type { RideGroup } from "../../domain/api/rides.ts";
import { RIDE_GROUP_TEXT as TEXT } from "../../domain/texts/groups-publish.ts";

export function RideGroupLine({ group }: { group: RideGroup | null }) {
  if (!group) return null;
  return (
    <p className="text-sm">
      {TEXT.of}{" "}
      <Link
        to={`/app/grupo/${encodeURIComponent(group.slug)}`}
        className="font-semibold text-primary underline"
      >
        {group.name}
      </Link>
      {group.only ? <span className="block text-ink-soft">{TEXT.onlyMembers}</span> : null}
    </p>
  );
}
