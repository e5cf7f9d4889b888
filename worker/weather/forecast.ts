// The forecast at a ride's start, cached per ride and clock hour (ride_forecasts): the provider is
// asked at most once an hour for a ride, and never for longer than 2 seconds. A failure or a
// timeout is "no forecast" — the ride page leaves the weather out and says nothing wrong
// (docs/product.md#weather-at-the-start). Every ask goes through the ride's room (RideForecasts),
// the one place per ride where asks arriving together can share one call.
import { eq } from "drizzle-orm";
import { cityCentre } from "../../domain/city-centres.ts";
import { type Forecast, forecastWindowOpen } from "../../domain/weather.ts";
import { createDb } from "../db/client.ts";
import { rideForecasts } from "../db/schema.ts";
import { excluded } from "../db/sql.ts";
import type { Bindings, Database } from "../env.ts";
import { weatherProvider } from "./provider.ts";

const HOUR = 60 * 60 * 1000;
const FORECAST_TIMEOUT_MS = 2000;

export interface ForecastRide {
  id: string;
  city: string;
  startTime: number;
  status: string;
  meetingLat: number | null;
  meetingLon: number | null;
}

/** Where the forecast is for: the meeting pin, else the city's centre. */
export function forecastPoint(ride: ForecastRide): { lat: number; lon: number } | null {
  if (ride.meetingLat !== null && ride.meetingLon !== null) {
    return { lat: ride.meetingLat, lon: ride.meetingLon };
  }
  const centre = cityCentre(ride.city);
  return centre ? { lat: centre[0], lon: centre[1] } : null;
}

/**
 * The provider's answer within 2 seconds, else null. Every way of getting none is logged as a
 * warning (a failure, no answer in time, an answer without the hour): riders see nothing wrong,
 * so a provider that went slow or changed its answer would otherwise leave no trace.
 */
async function askProvider(lat: number, lon: number, hourStart: number) {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, FORECAST_TIMEOUT_MS);
  });
  try {
    const forecast = await Promise.race([
      weatherProvider().forecast(lat, lon, hourStart, controller.signal),
      timeout,
    ]);
    if (forecast === null) {
      console.warn(
        controller.signal.aborted
          ? "weather provider gave no answer in time"
          : "weather provider had no forecast for the hour",
      );
    }
    return forecast;
  } catch (error) {
    console.warn(`weather provider failed: ${oneLine(error)}`);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** What one ask is about: the ride, the clock hour it is asked in, the start hour and the place. */
interface ForecastQuestion {
  rideId: string;
  fetchedHour: number;
  startHour: number;
  lat: number;
  lon: number;
}

/** Null when there is nothing to ask: outside the 7 days before the start, cancelled, no place. */
function forecastQuestion(ride: ForecastRide, now: number): ForecastQuestion | null {
  if (ride.status === "cancelled" || !forecastWindowOpen(ride.startTime, now)) return null;
  const point = forecastPoint(ride);
  if (!point) return null;
  return {
    rideId: ride.id,
    fetchedHour: Math.floor(now / HOUR),
    startHour: Math.floor(ride.startTime / HOUR),
    ...point,
  };
}

/** Whether there is a forecast to ask for (else the ride's room need not be woken). */
export function hasForecastQuestion(ride: ForecastRide, now: number): boolean {
  return forecastQuestion(ride, now) !== null;
}

/** The cached answer to `question`, else the provider's, cached (a failure too) for the hour. */
async function answer(db: Database, question: ForecastQuestion) {
  const { rideId, fetchedHour, startHour, lat, lon } = question;
  const cached = await db
    .select()
    .from(rideForecasts)
    .where(eq(rideForecasts.rideId, rideId))
    .get();
  if (
    cached &&
    cached.fetchedHour === fetchedHour &&
    cached.startHour === startHour &&
    cached.lat === lat &&
    cached.lon === lon
  ) {
    return cached.forecast;
  }
  const forecast = await askProvider(lat, lon, startHour * HOUR);
  await db
    .insert(rideForecasts)
    .values({ ...question, forecast })
    .onConflictDoUpdate({
      target: rideForecasts.rideId,
      set: {
        fetchedHour: excluded(rideForecasts.fetchedHour),
        startHour: excluded(rideForecasts.startHour),
        lat: excluded(rideForecasts.lat),
        lon: excluded(rideForecasts.lon),
        forecast: excluded(rideForecasts.forecast),
      },
    });
  return forecast;
}

/**
 * Lives in the ride's RideRoom, one object per ride in the world: the forecast at the ride's start
 * hour (null outside the 7 days before it, for a cancelled ride, without a place, or when the
 * provider has none). The cache alone cannot keep its promise of one call per ride and hour: asks
 * arriving together all find it empty before the first answer is written. Here they wait on the
 * first one's promise instead, kept until its answer is in the cache, which the later ones read.
 * In memory only: a room evicted in between finds the cache.
 */
export class RideForecasts {
  private readonly inFlight = new Map<string, Promise<Forecast | null>>();

  constructor(private readonly env: Bindings) {}

  forecast(ride: ForecastRide, now: number): Promise<Forecast | null> {
    const question = forecastQuestion(ride, now);
    if (!question) return Promise.resolve(null);
    const key = JSON.stringify(question);
    // Looked up and set with no await between: asks of one question share one promise.
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = answer(createDb(this.env.DB), question).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }
}

/** An error as one log line: a provider's message may carry a page of text or a stack. */
export function oneLine(error: unknown, max = 300): string {
  const text = String(error).replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
