// Rides published in a group (docs/product.md#grupos): who may publish in it, the members told of
// a new one, and the 'Solo el grupo' rides a leaving member leaves with the usual notice.
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Context } from "hono";
import { DomainError } from "../../domain/errors.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";
import { createDb } from "../db/client.ts";
import { groupMembers, groups, rideParticipants, rides } from "../db/schema.ts";
import type { AppEnv, Bindings, Database } from "../env.ts";
import { inBackground } from "../http/background.ts";
import { sendPush } from "../push/send.ts";
import { blockedBetween } from "../ride-core/block-sql.ts";
import { leaveRide } from "../ride-core/writes.ts";
import { notifyParticipantLeft } from "../rooms/system-messages.ts";
import { announcePromotion } from "../waiting-list/notify.ts";

const DAY_S = 24 * 60 * 60;

/**
 * 'Publicar en': she may publish in an active group she leads, or is a member of when it lets
 * members publish. Refused otherwise, as a group she cannot publish in.
 */
export async function refuseUnlessPublisher(db: Database, groupId: string, userId: string) {
  const row = await db
    .select({ one: sql<number>`1` })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
        eq(groups.status, "active"),
        sql`(${groupMembers.role} = 'leader' or ${groups.membersMayPublish} = 1)`,
      ),
    )
    .get();
  if (!row) throw new DomainError("not_authorized", GROUP_MSG.cannotPublish);
}

/**
 * A new ride in a group: every member but its organizer hears of it ('Nuevas salidas de mis
 * grupos'), none she and the organizer blocked each other.
 */
export async function groupRideCreated(env: Bindings, rideId: string) {
  const db = createDb(env.DB);
  const ride = await db
    .select({
      title: rides.title,
      organizerId: rides.organizerId,
      groupId: rides.groupId,
      startTime: rides.startTime,
      groupName: groups.name,
    })
    .from(rides)
    .innerJoin(groups, eq(groups.id, rides.groupId))
    .where(eq(rides.id, rideId))
    .get();
  if (!ride?.groupId || !ride.organizerId) return;
  const members = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, ride.groupId),
        ne(groupMembers.userId, ride.organizerId),
        sql`not ${blockedBetween(groupMembers.userId, ride.organizerId)}`,
      ),
    )
    .all();
  await sendPush(
    env,
    members.map((m) => m.userId),
    "groupRides",
    {
      payload: {
        title: GROUP_MSG.pushNewRideTitle(ride.groupName),
        body: ride.title,
        url: `/app/ride/${encodeURIComponent(rideId)}`,
        tag: `group-ride-${rideId}`,
      },
      ttl: Math.max(DAY_S, Math.floor((ride.startTime - Date.now()) / 1000)),
    },
  );
}

/**
 * She is no longer a member: she leaves the group's upcoming 'Solo el grupo' rides she is in (not
 * her own), each with the usual notice and its freed place to the first in line.
 */
export async function leaveGroupOnlyRides(c: Context<AppEnv>, groupId: string, userId: string) {
  const now = Date.now();
  const joined = await c.var.db
    .select({ rideId: rides.id })
    .from(rideParticipants)
    .innerJoin(rides, eq(rides.id, rideParticipants.rideId))
    .where(
      and(
        eq(rideParticipants.userId, userId),
        gt(rideParticipants.rideStartTime, now),
        eq(rides.groupId, groupId),
        eq(rides.groupOnly, true),
        sql`(${rides.organizerId} is null or ${rides.organizerId} != ${userId})`,
      ),
    )
    .all();
  for (const { rideId } of joined) {
    const { left, promotion } = await leaveRide(c.var.db, rideId, userId, now);
    if (!left) continue;
    inBackground(c, notifyParticipantLeft(c.env, rideId, userId));
    announcePromotion(c, promotion, { changed: [rideId] });
  }
}
