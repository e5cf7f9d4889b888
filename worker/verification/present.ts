// Who was at the meeting point (docs/product.md#verificada): the riders who checked in there
// (kept by the ride's room only, docs/product.md#check-in-and-arrivals), and the organizer, who
// sees who is there instead of checking in. Null when `userId` was not there herself: she then
// learns nothing of anyone else's check-in.
import type { Bindings } from "../env.ts";
import { rideRoomStub } from "../rooms/location-hint.ts";

export async function presentAt(
  env: Bindings,
  ride: { id: string; organizerId: string | null },
  userId: string,
): Promise<Set<string> | null> {
  const answer = await rideRoomStub(env.RIDE_ROOM, ride.id).rideDayCommand({ kind: "read" });
  if (!answer.ok) return null;
  const present = new Set(answer.riders.filter((r) => r.checkedInAt).map((r) => r.userId));
  if (ride.organizerId) present.add(ride.organizerId);
  return present.has(userId) ? present : null;
}
