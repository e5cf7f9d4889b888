// The one query of the public ride preview: only the columns it may show, and the count.
import { eq } from "drizzle-orm";
import type { PublicRideFacts } from "../../domain/share-preview.ts";
import { rides } from "../db/schema.ts";
import type { Database } from "../env.ts";
import { participantCountOf } from "../ride-core/read-model.ts";

export async function publicRideFacts(
  db: Database,
  rideId: string,
): Promise<(PublicRideFacts & { groupOnly: boolean }) | null> {
  const row = await db
    .select({
      id: rides.id,
      title: rides.title,
      city: rides.city,
      startTime: rides.startTime,
      timeZone: rides.timeZone,
      level: rides.level,
      modalities: rides.modalities,
      routeKm: rides.routeKm,
      status: rides.status,
      maxParticipants: rides.maxParticipants,
      participantCount: participantCountOf(rides.id),
      joinMode: rides.joinMode,
      groupOnly: rides.groupOnly,
    })
    .from(rides)
    .where(eq(rides.id, rideId))
    .get();
  return row ?? null;
}
