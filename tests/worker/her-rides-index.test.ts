// The ride's start time and status copied into each participation (migration 0004, ADR 0015):
// every writer keeps the copy equal to the ride, and "her rides" lists read by it.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client.ts";
import { rides } from "../../worker/db/schema.ts";
import { myRides, myRidesCountsQuery, myRidesPageQuery } from "../../worker/rides/my-rides.ts";
import { createRide, createUser, db, HOUR, signedIn } from "./helpers/factories.ts";
import { json } from "./helpers/http.ts";
import { rideBody } from "./helpers/rides.ts";
import { runnable } from "./helpers/runnable.ts";

const DAY = 24 * HOUR;

/** Participations whose copy differs from their ride, with both sides for the message. */
async function outOfStep() {
  const { results } = await env.DB.prepare(
    `SELECT p.ride_id, p.user_id, p.ride_start_time, r.start_time, p.ride_status, r.status
     FROM ride_participants p JOIN rides r ON r.id = p.ride_id
     WHERE p.ride_start_time IS NOT r.start_time OR p.ride_status IS NOT r.status`,
  ).all();
  return results;
}

async function copyOf(rideId: string) {
  const { results } = await env.DB.prepare(
    "SELECT ride_start_time AS startTime, ride_status AS status FROM ride_participants WHERE ride_id = ?",
  )
    .bind(rideId)
    .all<{ startTime: number; status: string }>();
  return results;
}

describe("the ride copied into her participations", () => {
  it("follows every change of the ride, whoever writes it", async () => {
    const organizer = await signedIn();
    const rider = await signedIn();

    // Created through the API: the organizer's own participation gets the copy.
    const created = await organizer.browser.post("/api/rides", rideBody({}, 3 * DAY));
    expect(created.status).toBe(201);
    const { ride } = await json(created);
    expect(await copyOf(ride.id)).toEqual([{ startTime: ride.startTime, status: "published" }]);

    // Joined through the API.
    expect((await rider.browser.post(`/api/rides/${ride.id}/join`)).status).toBe(200);
    expect(await outOfStep()).toEqual([]);

    // Moved by an edit: both participations follow.
    const moved = rideBody({}, 5 * DAY);
    expect((await organizer.browser.put(`/api/rides/${ride.id}`, moved)).status).toBe(200);
    const copies = await copyOf(ride.id);
    expect(copies).toHaveLength(2);
    for (const copy of copies) expect(copy.startTime).toBe(Date.parse(moved.startTime));
    expect(await outOfStep()).toEqual([]);

    // Cancelled: both see it as cancelled.
    const cancel = await organizer.browser.post(`/api/rides/${ride.id}/cancel`, { reason: "" });
    expect(cancel.status).toBe(200);
    expect((await copyOf(ride.id)).map((c) => c.status)).toEqual(["cancelled", "cancelled"]);
    expect(await outOfStep()).toEqual([]);
  });

  it("follows direct writes too: fixtures, scripts and account deletion", async () => {
    const her = await signedIn();
    const other = await createUser();
    const hers = await createRide({ organizerId: her.user.id, participants: [other.id] });
    const theirs = await createRide({
      organizerId: other.id,
      status: "closed",
      participants: [her.user.id],
    });
    expect(await outOfStep()).toEqual([]);

    await db()
      .update(rides)
      .set({ status: "completed", startTime: Date.now() - DAY })
      .where(eq(rides.id, theirs.id));
    expect((await copyOf(theirs.id)).map((c) => c.status)).toEqual(["completed", "completed"]);
    expect(await outOfStep()).toEqual([]);

    // Deleting her account cancels her ride that has other riders
    // (docs/product.md#account-deletion).
    expect((await her.browser.delete("/api/account")).status).toBe(200);
    expect(await copyOf(hers.id)).toEqual([{ startTime: expect.any(Number), status: "cancelled" }]);
    expect(await outOfStep()).toEqual([]);
  });
});

/** D1's rows_read for one statement (index entries and table rows alike). */
async function rowsReadOf(statement: { toSQL(): { sql: string; params: unknown[] } }) {
  const { text, params } = runnable(statement);
  const result = await env.DB.prepare(text)
    .bind(...params)
    .all();
  return result.meta.rows_read;
}

describe("cost of My Rides with a long history", () => {
  it("reads the page's rides, not every ride she was ever in", async () => {
    const her = await createUser();
    const other = await createUser();
    const history = 60;
    for (let i = 0; i < history; i++) {
      await createRide({ organizerId: other.id, startsIn: -(i + 1) * DAY, participants: [her.id] });
    }
    for (let i = 0; i < 3; i++) {
      await createRide({ organizerId: other.id, startsIn: (i + 1) * DAY, participants: [her.id] });
    }
    const now = Date.now();
    const result = await myRides(db(), her.id, "upcoming", 0, now);
    expect(result.rides).toHaveLength(3);
    expect(result.counts).toEqual({ upcoming: 3, past: history, cancelled: 0 });

    const d = createDb(env.DB);
    // The upcoming page: her 3 upcoming entries, their rides and organizers; none of the 60.
    expect(await rowsReadOf(myRidesPageQuery(d, her.id, "upcoming", 0, now))).toBeLessThan(
      history / 4,
    );
    // The counts walk her index entries once and read no ride.
    expect(await rowsReadOf(myRidesCountsQuery(d, her.id, now))).toBeLessThanOrEqual(
      history + 3 + 1,
    );
  });
});
