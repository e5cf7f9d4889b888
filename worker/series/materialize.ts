// The daily cron's part for regular grupetas (docs/product.md#regular-grupetas): every series gets
// the dates that fall within the next 12 weeks. Idempotent: a date is unique per series and
// number, so a second run (or a run racing another) creates nothing twice.
import { isModeratorEmail } from "../../domain/safety.ts";
import { createDb } from "../db/client.ts";
import type { Bindings, Database } from "../env.ts";
import { placeRequested, rideCreated } from "../push/events.ts";
import { joinSeriesDate, membersOf } from "./members.ts";
import { createSeriesDates, ruleOf, type SeriesRow, seriesDue } from "./queries.ts";

/** Series handled per query; the loop goes on until none is due. */
const PAGE = 50;
/** A bound on one run's work; what is left waits for the next day (still 11 weeks ahead). */
const MAX_PAGES = 40;

/**
 * The new dates of one series: created, with the reminder each ride has, and with every rider who
 * follows the series in it (or on its waiting list, or her request filed on a 'Con aprobación'
 * date, its organizer told); on a 'Solo verificadas' series, only those who hold the badge. Returns the new rides.
 */
export async function extendSeries(env: Bindings, db: Database, series: SeriesRow, now: number) {
  const created = await createSeriesDates(db, series, now);
  if (created.length === 0) return created;
  // Followers from before the series became 'Solo verificadas' join its new dates only verified.
  const admitted = (m: { verified: boolean; email: string }) =>
    !series.template.verifiedOnly || m.verified || isModeratorEmail(env.MODERATOR_EMAILS, m.email);
  const members = (await membersOf(db, series.id))
    .filter((m) => m.userId !== series.organizerId && admitted(m))
    .map((m) => m.userId);
  const requested: { rideId: string; userId: string }[] = [];
  for (const ride of created) {
    for (const userId of members) {
      const { outcome } = await joinSeriesDate(db, ride.id, userId, now);
      if (outcome === "requested") requested.push({ rideId: ride.id, userId });
    }
  }
  const zone = ruleOf(series).zone;
  await Promise.all([
    ...created.map((ride) => rideCreated(env, ride.id, ride.startTime, zone)),
    // Each request filed tells the organizer, as 'Apuntarme a las próximas' does.
    ...requested.map(({ rideId, userId }) => placeRequested(env, rideId, userId)),
  ]);
  return created;
}

/** The cron: every series due gets its dates. Returns how many rides were created. */
export async function materializeSeries(env: Bindings, now: number): Promise<number> {
  const db = createDb(env.DB);
  let total = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const due = await seriesDue(db, now, PAGE);
    if (due.length === 0) break;
    for (const { series } of due) total += (await extendSeries(env, db, series, now)).length;
  }
  return total;
}
