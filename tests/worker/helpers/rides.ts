import { eq } from "drizzle-orm";
import { rideMessages, rideParticipants, rides } from "../../../worker/db/schema.ts";
import { db, HOUR } from "./factories.ts";

/** A valid create/edit body starting `startsIn` ms from now. */
export function rideBody(overrides: Record<string, unknown> = {}, startsIn = 48 * HOUR) {
  return {
    title: "Café y Casa de Campo",
    city: "Madrid",
    startTime: new Date(Date.now() + startsIn).toISOString(),
    level: "chill",
    modalities: ["road"],
    meetingPoint: "Puente del Rey",
    distanceKm: 35.5,
    elevationM: 250,
    maxParticipants: null,
    socialTags: ["coffee"],
    description: "Ritmo tranquilo",
    ...overrides,
  };
}

export async function rideRow(id: string) {
  return (await db().select().from(rides).where(eq(rides.id, id)).get()) ?? null;
}

export async function participantIds(rideId: string) {
  const rows = await db()
    .select({ userId: rideParticipants.userId })
    .from(rideParticipants)
    .where(eq(rideParticipants.rideId, rideId))
    .all();
  return rows.map((r) => r.userId).sort();
}

export async function messagesOf(rideId: string) {
  return db().select().from(rideMessages).where(eq(rideMessages.rideId, rideId)).all();
}

export const SMALL_GPX = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>Casa de Campo</name><trkseg>
    <trkpt lat="40.4168" lon="-3.7038"><ele>650</ele></trkpt>
    <trkpt lat="40.4200" lon="-3.7100"><ele>660</ele></trkpt>
    <trkpt lat="40.4250" lon="-3.7200"><ele>655</ele></trkpt>
    <trkpt lat="40.4300" lon="-3.7300"><ele>680</ele></trkpt>
  </trkseg></trk>
</gpx>`;

/** Multipart body with the form as JSON in `data` and an optional GPX file. */
export function multipart(data: unknown, gpx?: string | Uint8Array, name = "ruta.gpx") {
  const form = new FormData();
  form.set("data", JSON.stringify(data));
  if (gpx !== undefined) {
    form.set("gpx", new File([gpx], name, { type: "application/gpx+xml" }));
  }
  return form;
}
