// The organizer's "Sigue en pie" is said once per ride: her tap on the push's button and her tap
// on the ride page (or two taps at once) post one notice in the chat, and the ride page knows it
// was said (docs/product.md#weather-at-the-start).
import { and, eq, sql } from "drizzle-orm";
import { WEATHER_TEXTS } from "../../domain/weather.ts";
import { rideMessages } from "../db/schema.ts";
import { subquery } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { INSERT_MESSAGE, MESSAGE_KIND } from "../ride-core/message-insert.ts";

const isStillOnNotice = (rideId: string) =>
  and(
    eq(rideMessages.rideId, rideId),
    eq(rideMessages.kind, MESSAGE_KIND.system),
    eq(rideMessages.body, WEATHER_TEXTS.stillOnNotice),
  );

/**
 * Stores the notice unless the ride's chat already has it, in one statement (two requests at once
 * cannot both find it missing). True when this call stored it.
 */
export async function storeStillOnNoticeOnce(
  db: Database,
  notice: { id: string; rideId: string; now: number },
): Promise<boolean> {
  const stored = await db.all<{ id: string }>(
    sql`${INSERT_MESSAGE}
      select ${notice.id}, ${notice.rideId}, null, ${MESSAGE_KIND.system}, ${WEATHER_TEXTS.stillOnNotice}, ${notice.now}
      where not exists ${subquery`select 1 from ${rideMessages} where ${isStillOnNotice(notice.rideId)}`}
      returning ${rideMessages.id}`,
  );
  return stored.length > 0;
}

/** Whether the organizer has already said the ride is still on. */
export async function stillOnSaid(db: Database, rideId: string): Promise<boolean> {
  const row = await db
    .select({ one: sql<number>`1` })
    .from(rideMessages)
    .where(isStillOnNotice(rideId))
    .limit(1)
    .get();
  return row !== undefined;
}
