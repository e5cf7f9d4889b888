// Check-ins preselect riders in 'He rodado con ella' (docs/product.md#check-in-and-arrivals): a rider who
// checked in at the meeting point finds ticked the companions who checked in there too — whom she
// met there. One who did not check in sees nothing preselected, so the step tells nobody of
// anyone else's check-in, and an unticked rider loses nothing (it never counts against anyone).
import type { Bindings } from "../env.ts";
import { rideRoomStub } from "../rooms/location-hint.ts";

export async function checkedInWith(
  env: Bindings,
  rideId: string,
  userId: string,
  companionIds: string[],
): Promise<string[]> {
  const room = rideRoomStub(env.RIDE_ROOM, rideId);
  const answer = await room.rideDayCommand({ kind: "read" });
  if (!answer.ok) return [];
  const checkedIn = new Set(answer.riders.filter((r) => r.checkedInAt).map((r) => r.userId));
  if (!checkedIn.has(userId)) return [];
  return companionIds.filter((id) => checkedIn.has(id));
}
