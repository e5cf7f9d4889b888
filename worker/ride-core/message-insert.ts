// How a ride's chat message is stored: the kinds and the insert's column list that the chat's
// send, every system notice (an edit, a cancellation, a promotion from the waiting list, the
// forecast's warning) and account erasure write inside their own statements.
import { sql } from "drizzle-orm";
import { type RideMessage, rideMessages } from "../db/schema.ts";
import { columnNames } from "../db/sql.ts";

/** The kinds a message is stored with (ride_messages.kind). */
export const MESSAGE_KIND = {
  user: "user",
  system: "system",
} as const satisfies Record<string, RideMessage["kind"]>;

/** `insert into ride_messages (…)` with the columns every stored message sets, in this order. */
export const INSERT_MESSAGE = sql`insert into ${rideMessages} (${columnNames(
  rideMessages.id,
  rideMessages.rideId,
  rideMessages.userId,
  rideMessages.kind,
  rideMessages.body,
  rideMessages.createdAt,
)})`;
