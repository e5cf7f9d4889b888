// A ride's group as its card and page name it (docs/product.md#grupos): read inside the ride's
// own statement, one primary-key lookup for a ride in a group and none for the others.
import { alias } from "drizzle-orm/sqlite-core";
import type { RideGroup } from "../../domain/api/rides.ts";
import { groups, rides } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";

const rideGroup = alias(groups, "rgp");

/** Its group's address and name as a JSON pair, while the group is active; else null. */
export const rideGroupSql = subquery<
  string | null
>`select json_array(${rideGroup.slug}, ${rideGroup.name})
  from ${groups} ${rideGroup} where ${rideGroup.id} = ${rides.groupId} and ${rideGroup.status} = 'active'`;

export function rideGroupOf(row: {
  groupRef: string | null;
  groupOnly: boolean;
}): RideGroup | null {
  if (!row.groupRef) return null;
  const [slug, name] = JSON.parse(row.groupRef) as [string, string];
  return { slug, name, only: Boolean(row.groupOnly) };
}
