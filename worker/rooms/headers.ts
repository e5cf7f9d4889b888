// The identity the worker passes to a Durable Object on a socket upgrade. The chat routes set
// these headers on a fresh request (clients cannot set them: chat/routes.ts); the RideRoom and the
// UserHub read them. Kept here so the routes need no value import of the objects' classes.

/** What a ride's RideRoom reads on a chat socket's upgrade. */
export const ROOM_HEADERS = {
  rideId: "X-Rodamos-Ride-Id",
  userId: "X-Rodamos-User-Id",
  sessionId: "X-Rodamos-Session-Id",
} as const;

/** What her UserHub reads on a notification socket's upgrade. */
export const HUB_HEADERS = {
  userId: "X-Rodamos-User-Id",
  sessionId: "X-Rodamos-Session-Id",
} as const;
