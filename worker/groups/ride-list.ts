// A group's next open rides on its page (docs/product.md#grupos): published, not started, soonest
// first, as she may see them: 'Solo el grupo' ones only for its members (rideVisibleTo, the rule
// every listing asks), and none a block hides. One statement, read through rides_group_start_idx,
// each card's riders, waiting list and requests computed for the rides shown only.
import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import type { RideSummary } from "../../domain/api/rides.ts";
import { groups, profiles, rides } from "../db/schema.ts";
import { StatementCache, type Viewer, viewerValue } from "../db/statements.ts";
import type { Database } from "../env.ts";
import { rideVisibleTo } from "../ride-core/block-sql.ts";
import {
  participantsFromJson,
  participantsJson,
  rideColumns,
  summaryOf,
} from "../ride-core/read-model.ts";
import { myRequestStatusSql, pendingRequestCountSql } from "../ride-core/request-sql.ts";
import { waitingCountSql, waitingPositionSql } from "../ride-core/waiting-list-sql.ts";
import { activeGroupIdSql } from "./reads.ts";

/** How many of its next rides the page lists. */
export const GROUP_RIDES_MAX = 10;

/**
 * The active group at this address and its next rides, in one round trip; null: not found.
 * `viewer` is her id, or her session read in the same batch (ADR 0046).
 */
export async function groupRidesBySlug(
  db: Database,
  slug: string,
  viewer: Viewer,
  now: number,
): Promise<RideSummary[] | null> {
  const {
    viewerId,
    results: [[group], rows],
  } = await groupRidesStatements.batchFor(
    db,
    viewer,
    "rides",
    { slug, viewer: viewerValue(viewer), now },
    (template, p) =>
      [
        template
          .select({ id: groups.id })
          .from(groups)
          .where(and(eq(groups.slug, p.slug), eq(groups.status, "active"))),
        groupRidesQuery(template, activeGroupIdSql(p.slug), p.viewer, p.now),
      ] as const,
  );
  return group ? summariesOf(rows, viewerId, now) : null;
}

/** What the page's rides bind: the group's address, her (or her session) and the time. */
interface GroupRidesParams {
  slug: string;
  viewer: string;
  now: number;
}

/** Written once, for her id, her session, or her likely id beside it (a one-trip read, ADR 0046). */
const groupRidesStatements = new StatementCache<GroupRidesParams>(3);

function groupRidesQuery(
  db: Database,
  groupId: string | SQL<string>,
  viewerId: string,
  now: number,
) {
  return db
    .select({
      ...rideColumns,
      participants: participantsJson(rides.id, viewerId),
      waitingCount: waitingCountSql(rides.id),
      waitingPosition: waitingPositionSql(rides.id, viewerId),
      pendingRequests: pendingRequestCountSql(rides.id),
      myRequest: myRequestStatusSql(rides.id, viewerId),
    })
    .from(rides)
    .leftJoin(profiles, eq(profiles.userId, rides.organizerId))
    .where(
      and(
        eq(rides.groupId, groupId),
        gt(rides.startTime, now),
        eq(rides.status, "published"),
        rideVisibleTo(rides.id, viewerId),
      ),
    )
    .orderBy(asc(rides.startTime), asc(rides.id))
    .limit(GROUP_RIDES_MAX);
}

type GroupRideRow = Awaited<ReturnType<typeof groupRidesQuery>>[number];

function summariesOf(rows: GroupRideRow[], viewerId: string, now: number): RideSummary[] {
  return rows.map(
    ({ participants, waitingCount, waitingPosition, pendingRequests, myRequest, ...row }) =>
      summaryOf(
        row,
        participantsFromJson(row.id, participants),
        viewerId,
        { count: waitingCount, position: waitingPosition },
        { pending: pendingRequests, mine: myRequest },
        now,
      ),
  );
}
