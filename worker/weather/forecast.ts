// The forecast at a ride's start, cached per ride and clock hour (ride_forecasts): the provider is
// asked at most once an hour for a ride, and never for longer than 2 seconds. A failure or a
// timeout is "no forecast" — the ride page leaves the weather out and says nothing wrong
// (docs/product.md#weather-at-the-start).
import { eq } from "drizzle-orm";
import { cityCentre } from "../../domain/city-centres.ts";
import { type Forecast, forecastWindowOpen } from "../../domain/weather.ts";
import { rideForecasts } from "../db/schema.ts";
import { excluded } from "../db/sql.ts";
import type { Database } from "../env.ts";
import { weatherProvider } from "./provider.ts";

const HOUR = 60 * 60 * 1000;
export const FORECAST_TIMEOUT_MS = 2000;

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
 * The provider's answer within `timeoutMs`, else null. Every way of getting none is logged as a
 * warning (a failure, no answer in time, an answer without the hour): riders see nothing wrong,
 * so a provider that went slow or changed its answer would otherwise leave no trace.
 */
async function askProvider(lat: number, lon: number, hourStart: number, timeoutMs: number) {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, timeoutMs);
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
    console.warn("weather provider failed", String(error));
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The forecast at the ride's start hour: null outside the 7 days before it, for a cancelled ride,
 * without a place, or when the provider has none (failed, slow).
 */
export async function rideForecast(
  db: Database,
  ride: ForecastRide,
  now: number,
  timeoutMs = FORECAST_TIMEOUT_MS,
): Promise<Forecast | null> {
  if (ride.status === "cancelled" || !forecastWindowOpen(ride.startTime, now)) return null;
  const point = forecastPoint(ride);
  if (!point) return null;
  const fetchedHour = Math.floor(now / HOUR);
  const startHour = Math.floor(ride.startTime / HOUR);
  const cached = await db
    .select()
    .from(rideForecasts)
    .where(eq(rideForecasts.rideId, ride.id))
    .get();
  if (
    cached &&
    cached.fetchedHour === fetchedHour &&
    cached.startHour === startHour &&
    cached.lat === point.lat &&
    cached.lon === point.lon
  ) {
    return cached.forecast;
  }
  const forecast = await askProvider(point.lat, point.lon, startHour * HOUR, timeoutMs);
  await db
    .insert(rideForecasts)
    .values({ rideId: ride.id, fetchedHour, startHour, ...point, forecast })
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
