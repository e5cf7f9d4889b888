// Every change to a ride, each one statement or one D1 batch so that the rule it checks (hers,
// not started, below capacity, not hidden by a block, nobody else in it) holds in the same
// statement as the write: create, edit, join, leave, cancel, delete.

import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { normalizeText } from "../../domain/cities.ts";
import { DEFAULT_MAX_PARTICIPANTS } from "../../domain/constants.ts";
import { approximateCentre, areaStillHolds } from "../../domain/meeting-area.ts";
import { MSG } from "../../domain/messages.ts";
import { estimatedMinutes } from "../../domain/ride-day.ts";
import type { RideInput } from "../../domain/schemas.ts";
import { capacityOf } from "../../domain/time.ts";
import { runSql } from "../db/client.ts";
import {
  rideMessages,
  rideParticipants,
  rideRequests,
  rides,
  rideWaitingList,
  rodeWith,
} from "../db/schema.ts";
import { columnNames, subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { rideHiddenFrom } from "./block-sql.ts";
import { INSERT_MESSAGE, MESSAGE_KIND } from "./message-insert.ts";
import {
  NO_PROMOTION,
  oneRide,
  type Promotion,
  promotionOf,
  promotionQueries,
} from "./promotion.ts";
import { participantCountOf, type RideRow, ridesWithOrganizer } from "./read-model.ts";
import { pendingRequestersQuery } from "./request-reads.ts";
import { clearedEntries, clearWaitingListsOfCancelled } from "./waiting-list-sql.ts";

/** Columns written from the validated form. */
export function rideValues(input: RideInput) {
  return {
    title: input.title,
    description: input.description,
    city: input.city,
    cityKey: normalizeText(input.city),
    searchText: normalizeText(`${input.title} ${input.city}`),
    startTime: Date.parse(input.startTime),
    maxParticipants: input.maxParticipants,
    modality: input.modalities[0]!,
    modalities: input.modalities,
    level: input.level,
    socialTags: input.socialTags,
    routeKm: input.distanceKm,
    routeElev: input.elevationM,
    estimatedMinutes: input.estimatedMinutes ?? estimatedMinutes(input.distanceKm, input.level),
    meetingPoint: input.meetingPoint,
    // Left out (an older client's edit): the stored pin stays.
    ...(input.meetingPin === undefined
      ? {}
      : { meetingLat: input.meetingPin?.lat ?? null, meetingLon: input.meetingPin?.lon ?? null }),
    // Left out (an older client's edit): the join mode stays.
    ...(input.joinMode === undefined ? {} : { joinMode: input.joinMode }),
    // Switched on, those already in stay (docs/product.md#verificada).
    ...(input.verifiedOnly === undefined ? {} : { verifiedOnly: input.verifiedOnly }),
  };
}

/** 'Publicar en' (docs/product.md#grupos): the group a new ride goes in, checked by the route. */
export interface GroupPlace {
  groupId?: string | null | undefined;
  groupOnly?: boolean | undefined;
}

/** The columns of a ride's group: none for her own ride ('Solo el grupo' needs a group). */
export function groupPlaceValues(place: GroupPlace) {
  const groupId = place.groupId ?? null;
  return { groupId, groupOnly: groupId !== null && place.groupOnly === true };
}

/**
 * The approximate area's centre to store (docs/decisions/0036-join-by-approval.md): drawn anew only
 * when the pin moves out of the stored area's inner part (areaStillHolds) or the ride had none, so
 * it stays fixed for the ride otherwise. `stored` is the ride before the edit (null on create).
 */
export function meetingAreaValues(
  input: RideInput,
  stored: Pick<RideRow, "meetingLat" | "meetingLon" | "meetingAreaLat" | "meetingAreaLon"> | null,
) {
  const pin =
    input.meetingPin === undefined
      ? stored && stored.meetingLat !== null && stored.meetingLon !== null
        ? { lat: stored.meetingLat, lon: stored.meetingLon }
        : null
      : input.meetingPin;
  if (!pin) return { meetingAreaLat: null, meetingAreaLon: null };
  const area =
    stored && stored.meetingAreaLat !== null && stored.meetingAreaLon !== null
      ? { lat: stored.meetingAreaLat, lon: stored.meetingAreaLon }
      : null;
  if (area && areaStillHolds(area, pin)) {
    return { meetingAreaLat: area.lat, meetingAreaLon: area.lon };
  }
  return freshMeetingArea(pin);
}

/** A newly drawn approximate area around `pin` (none without a pin). */
export function freshMeetingArea(pin: { lat: number; lon: number } | null) {
  if (!pin) return { meetingAreaLat: null, meetingAreaLon: null };
  const centre = approximateCentre(pin, secureRandom);
  return { meetingAreaLat: centre.lat, meetingAreaLon: centre.lon };
}

/** A uniform number in [0, 1) from the platform's CSPRNG: the offset must not be guessable. */
function secureRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
}

/**
 * Creates the ride (published) and its organizer's participation in one transaction. With a
 * create key another ride of hers already holds, the unique index turns the insert into a no-op
 * and the participation, which copies the new row, inserts nothing: returns false then.
 */
export async function insertRide(
  db: Database,
  values: {
    id: string;
    organizerId: string;
    createKey: string | null;
    routeGpxKey: string | null;
    routeFileName: string | null;
    /** Its clock, set by the server (worker/rides/ride-zone.ts). */
    timeZone: string;
    now: number;
  },
  input: RideInput & GroupPlace,
): Promise<boolean> {
  const [ride] = await db.batch([
    db
      .insert(rides)
      .values({
        ...rideValues(input),
        ...groupPlaceValues(input),
        ...meetingAreaValues(input, null),
        id: values.id,
        organizerId: values.organizerId,
        createKey: values.createKey,
        routeGpxKey: values.routeGpxKey,
        routeFileName: values.routeFileName,
        timeZone: values.timeZone,
        status: "published",
        createdAt: values.now,
      })
      .onConflictDoNothing({ target: [rides.organizerId, rides.createKey] }),
    runSql(
      db,
      sql`insert into ${rideParticipants} (${columnNames(rideParticipants.rideId, rideParticipants.userId, rideParticipants.joinedAt)})
        select ${rides.id}, ${rides.organizerId}, ${values.now} from ${rides} where ${eq(rides.id, values.id)}`,
    ),
  ]);
  return ride.meta.changes > 0;
}

/** Her ride created with this key (rides_organizer_create_key_unique). */
export function rideByCreateKeyQuery(db: Database, organizerId: string, createKey: string) {
  return ridesWithOrganizer(db).where(
    and(eq(rides.organizerId, organizerId), eq(rides.createKey, createKey)),
  );
}

export async function findRideByCreateKey(db: Database, organizerId: string, createKey: string) {
  return (await rideByCreateKeyQuery(db, organizerId, createKey).get()) ?? null;
}

/** A system chat notice, inserted only when someone other than the organizer participates. */
export function systemNoticeWhenOthers(notice: {
  id: string;
  rideId: string;
  organizerId: string;
  body: string;
  now: number;
}) {
  return sql`${INSERT_MESSAGE}
    select ${notice.id}, ${notice.rideId}, null, ${MESSAGE_KIND.system}, ${notice.body}, ${notice.now}
    where exists ${subquery`select 1 from ${rideParticipants}
      where ${rideParticipants.rideId} = ${notice.rideId} and ${rideParticipants.userId} != ${notice.organizerId}`}`;
}

/**
 * Her edit and its chat notice, in one batch. The edit applies only while the ride is still
 * hers, not cancelled and has no more riders than the new cap: the route counted before, but a
 * join (or a cancel) can land in between, and the check here runs in the same statement as the
 * write. Returns false when nothing was changed (the notice is then not posted either).
 */
export async function updateRide(
  db: Database,
  change: {
    rideId: string;
    organizerId: string;
    routeGpxKey: string | null;
    routeFileName: string | null;
    /** The approximate area's centre (meetingAreaValues); left out, it stays. */
    meetingArea?: { meetingAreaLat: number | null; meetingAreaLon: number | null };
    /** Its clock, set by the server from the edited pin and city (worker/rides/ride-zone.ts). */
    timeZone: string;
    noticeId: string;
    now: number;
  },
  input: RideInput,
): Promise<{ edited: boolean; promotion: Promotion }> {
  const stillEditable = and(
    eq(rides.id, change.rideId),
    eq(rides.organizerId, change.organizerId),
    ne(rides.status, "cancelled"),
    // Not started: checked as it writes, like the leave and the cancel (the route answers early).
    gt(rides.startTime, change.now),
    sql`${participantCountOf(change.rideId)} <= ${capacityOf(input.maxParticipants)}`,
  );
  const [edit, , , , ...promotion] = await db.batch([
    db
      .update(rides)
      .set({
        ...rideValues(input),
        ...(change.meetingArea ?? {}),
        timeZone: change.timeZone,
        routeGpxKey: change.routeGpxKey,
        routeFileName: change.routeFileName,
        updatedAt: change.now,
      })
      .where(stillEditable),
    // Same batch, same condition: the update above changes none of its columns.
    runSql(
      db,
      sql`${systemNoticeWhenOthers({
        id: change.noticeId,
        rideId: change.rideId,
        organizerId: change.organizerId,
        body: MSG.systemEditNotice,
        now: change.now,
      })} and exists ${subquery`select 1 from ${rides} where ${stillEditable}`}`,
    ),
    // Now 'Con aprobación': its waiting list becomes its requests, in the same order (such a ride
    // has no separate list, docs/product.md#join-by-approval).
    ...waitingListToRequests(db, change.rideId),
    // A raised cap frees places: the first in line get them in this transaction.
    ...promotionQueries(db, oneRide(change.rideId), change.now),
  ]);
  return { edited: edit.meta.changes > 0, promotion: promotionOf(promotion) };
}

/** For the edit's batch: an approval ride's waiting list moves into its requests, then empties. */
function waitingListToRequests(db: Database, rideId: string) {
  const w = rideWaitingList;
  const q = rideRequests;
  const nowApproval = sql`exists ${subquery`select 1 from ${rides} where ${rides.id} = ${rideId} and ${eq(rides.joinMode, "approval")}`}`;
  return [
    runSql(
      db,
      sql`insert into ${q} (${columnNames(q.id, q.rideId, q.userId, q.status, q.createdAt)})
        select lower(hex(randomblob(16))), ${w.rideId}, ${w.userId}, 'pending', ${w.createdAt}
        from ${w} where ${w.rideId} = ${rideId} and ${nowApproval}
        on conflict do nothing`,
    ),
    db.delete(w).where(and(eq(w.rideId, rideId), nowApproval)),
  ] as const;
}

/**
 * The atomic join: one conditional INSERT … SELECT that only inserts while the ride is
 * open (an approval ride takes requests instead), published, not started, below capacity and not hidden from her by a block (nobody in it and
 * she blocked each other). D1 runs each statement serially, so concurrent joins can never
 * overbook. last_seen_at is null when the chat already has messages
 * (docs/product.md#unread-messages). Returns true when she was added.
 */
export async function joinRideAtomically(
  db: Database,
  rideId: string,
  userId: string,
  now: number,
): Promise<boolean> {
  const p = rideParticipants;
  const result =
    await db.run(sql`insert into ${p} (${columnNames(p.rideId, p.userId, p.joinedAt, p.lastSeenAt)})
    select ${rides.id}, ${userId}, ${now},
      case when exists ${subquery`select 1 from ${rideMessages} where ${rideMessages.rideId} = ${rides.id}`}
        then null else ${now} end
    from ${rides}
    where ${rides.id} = ${rideId} and ${eq(rides.status, "published")} and ${rides.startTime} > ${now}
      and ${eq(rides.joinMode, "open")}
      and ${subquery`select count(*) from ${p} where ${p.rideId} = ${rides.id}`}
        < coalesce(${rides.maxParticipants}, ${DEFAULT_MAX_PARTICIPANTS})
      and not exists ${subquery`select 1 from ${rideWaitingList} where ${rideWaitingList.rideId} = ${rides.id}`}
      and not ${rideHiddenFrom(rides.id, userId)}
    on conflict do nothing`);
  return result.meta.changes > 0;
}

/**
 * Leaves a ride that has not started (never removes the organizer); the place she frees goes to
 * the first in line in the same batch (worker/ride-core/promotion.ts).
 */
export async function leaveRide(
  db: Database,
  rideId: string,
  userId: string,
  now: number,
): Promise<{ left: boolean; promotion: Promotion }> {
  const [left, ...promotion] = await db.batch([
    db.delete(rideParticipants).where(
      and(
        eq(rideParticipants.rideId, rideId),
        eq(rideParticipants.userId, userId),
        sql`exists ${subquery`select 1 from ${rides} where ${rides.id} = ${rideId}
          and ${rides.startTime} > ${now} and ${ne(rides.status, "cancelled")}
          and (${rides.organizerId} is null or ${rides.organizerId} != ${userId})`}`,
      ),
    ),
    ...promotionQueries(db, oneRide(rideId), now),
  ]);
  const done = left.meta.changes > 0;
  return { left: done, promotion: done ? promotionOf(promotion) : NO_PROMOTION };
}

/**
 * Cancels a future published/closed ride of hers, and empties its waiting list in the same
 * batch: whether it changed, who was waiting and who had asked for a place (read before the
 * cancellation's trigger clears the requests): they are told.
 */
export async function cancelRide(
  db: Database,
  change: { rideId: string; organizerId: string; reason: string | null; now: number },
): Promise<{
  cancelled: boolean;
  waiting: { rideId: string; userId: string }[];
  requesters: string[];
}> {
  const cancel = db
    .update(rides)
    .set({
      status: "cancelled",
      cancelledAt: change.now,
      cancelReason: change.reason,
      updatedAt: change.now,
    })
    .where(
      and(
        eq(rides.id, change.rideId),
        eq(rides.organizerId, change.organizerId),
        inArray(rides.status, ["published", "closed"]),
        sql`${rides.startTime} > ${change.now}`,
      ),
    );
  const [pending, result, cleared] = await db.batch([
    pendingRequestersQuery(db, change.rideId),
    cancel,
    runSql(db, clearWaitingListsOfCancelled(sql`(${change.rideId})`)),
  ]);
  const cancelled = result.meta.changes > 0;
  return {
    cancelled,
    waiting: clearedEntries(cleared),
    requesters: cancelled ? pending.map((r) => r.userId) : [],
  };
}

const others = alias(rideParticipants, "p");
const theRide = alias(rides, "r");

/**
 * Deletes her ride with its messages and her participation, only while nobody else
 * participates (checked in every statement, so a join racing the delete wins). The app offers
 * 'Eliminar' by the same rule (canDeleteRide in domain/ride-card.ts).
 */
export async function deleteRideIfAlone(db: Database, rideId: string, organizerId: string) {
  const alone = sql`not exists ${subquery`select 1 from ${rideParticipants} ${others}
      where ${others.rideId} = ${rideId} and ${others.userId} != ${organizerId}`}
    and exists ${subquery`select 1 from ${rides} ${theRide}
      where ${theRide.id} = ${rideId} and ${theRide.organizerId} = ${organizerId}`}`;
  const [, , , deleted] = await db.batch([
    db.delete(rideMessages).where(and(eq(rideMessages.rideId, rideId), alone)),
    db.delete(rodeWith).where(and(eq(rodeWith.rideId, rideId), alone)),
    db
      .delete(rideParticipants)
      .where(
        and(eq(rideParticipants.rideId, rideId), eq(rideParticipants.userId, organizerId), alone),
      ),
    db.delete(rides).where(and(eq(rides.id, rideId), eq(rides.organizerId, organizerId), alone)),
  ]);
  return deleted.meta.changes > 0;
}
