// drizzle queries of web push: her devices and her switches per event.
import { and, asc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import {
  DEFAULT_PUSH_PREFERENCES,
  type PushEvent,
  type PushPreferences,
  type PushSubscriptionInput,
} from "../../domain/push.ts";
import {
  profiles,
  pushPreferences,
  pushSubscriptions,
  rideParticipants,
  rides,
  users,
} from "../db/schema.ts";
import type { Database } from "../env.ts";
import { pendingRequestCountSql } from "../ride-core/request-sql.ts";

/** More devices than this and her oldest subscription goes (a browser she no longer uses). */
export const MAX_DEVICES = 10;

/** Saves this device for her; a device someone else had signed in on becomes hers. */
export async function saveSubscription(
  db: Database,
  userId: string,
  subscription: PushSubscriptionInput,
  now: number,
) {
  await db
    .insert(pushSubscriptions)
    .values({
      endpoint: subscription.endpoint,
      userId,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        createdAt: now,
      },
    });
  const newest = db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(sql`${pushSubscriptions.createdAt} desc`)
    .limit(MAX_DEVICES);
  await db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.endpoint, newest)),
    );
}

/** Her device stops receiving pushes (she switched them off, or signed out on it). */
export async function deleteSubscription(db: Database, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** The push service said the subscription is gone (404/410). */
export async function forgetEndpoint(db: Database, endpoint: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function hasSubscription(db: Database, userId: string, endpoint: string) {
  const row = await db
    .select({ one: sql<number>`1` })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .get();
  return Boolean(row);
}

const EVENT_COLUMN = {
  chat: pushPreferences.chat,
  rideChanges: pushPreferences.rideChanges,
  participants: pushPreferences.participants,
  waitlist: pushPreferences.waitlist,
  reminders: pushPreferences.reminders,
  groupRides: pushPreferences.groupRides,
} satisfies Record<PushEvent, unknown>;

/**
 * The devices of these riders who want pushes for `event` (no preferences row: every event on);
 * `null` takes every device, for the test push she asks for herself.
 */
export function subscriptionsFor(db: Database, userIds: string[], event: PushEvent | null) {
  const wanted = event === null ? sql`1` : sql`coalesce(${EVENT_COLUMN[event]}, 1) = 1`;
  return (
    db
      .select({
        endpoint: pushSubscriptions.endpoint,
        userId: pushSubscriptions.userId,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .leftJoin(pushPreferences, eq(pushPreferences.userId, pushSubscriptions.userId))
      // A suspended rider hears nothing more from the app (her devices stay, for when it is lifted):
      // every push goes through here, whatever still counts her in (a ride under way keeps her).
      .innerJoin(users, and(eq(users.id, pushSubscriptions.userId), isNull(users.suspendedAt)))
      .where(and(inArray(pushSubscriptions.userId, userIds), wanted))
      .orderBy(asc(pushSubscriptions.userId), asc(pushSubscriptions.createdAt))
      .all()
  );
}

export async function loadPreferences(db: Database, userId: string): Promise<PushPreferences> {
  const row = await db
    .select()
    .from(pushPreferences)
    .where(eq(pushPreferences.userId, userId))
    .get();
  if (!row) return { ...DEFAULT_PUSH_PREFERENCES };
  return {
    chat: row.chat,
    rideChanges: row.rideChanges,
    participants: row.participants,
    waitlist: row.waitlist,
    reminders: row.reminders,
    groupRides: row.groupRides,
  };
}

export async function savePreferences(
  db: Database,
  userId: string,
  preferences: PushPreferences,
  now: number,
) {
  await db
    .insert(pushPreferences)
    .values({ userId, ...preferences, updatedAt: now })
    .onConflictDoUpdate({
      target: pushPreferences.userId,
      set: { ...preferences, updatedAt: now },
    });
}

/** What a push about a ride needs to know of it. */
export async function rideForPush(db: Database, rideId: string) {
  return (
    (await db
      .select({
        id: rides.id,
        title: rides.title,
        city: rides.city,
        startTime: rides.startTime,
        timeZone: rides.timeZone,
        status: rides.status,
        organizerId: rides.organizerId,
        cancelReason: rides.cancelReason,
        meetingLat: rides.meetingLat,
        meetingLon: rides.meetingLon,
      })
      .from(rides)
      .where(eq(rides.id, rideId))
      .get()) ?? null
  );
}

export type RideForPush = NonNullable<Awaited<ReturnType<typeof rideForPush>>>;

export async function participantIds(db: Database, rideId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: rideParticipants.userId })
    .from(rideParticipants)
    .where(eq(rideParticipants.rideId, rideId))
    .all();
  return rows.map((row) => row.userId);
}

/** Usernames by user id (riders without a profile are left out). */
export async function usernamesOf(db: Database, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: profiles.userId, username: profiles.username })
    .from(profiles)
    .where(inArray(profiles.userId, userIds))
    .all();
  return new Map(rows.map((row) => [row.userId, row.username]));
}

/** Pending requests of an approval ride, as her badge counts them (none hidden by a block). */
export async function pendingRequestCount(db: Database, rideId: string): Promise<number> {
  const row = await db
    .select({ n: pendingRequestCountSql(rides.id) })
    .from(rides)
    .where(eq(rides.id, rideId))
    .get();
  return row?.n ?? 0;
}
