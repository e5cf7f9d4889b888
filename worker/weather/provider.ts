// The weather provider at the edge of the code (docs/product.md#weather-at-the-start): Open-Meteo's
// forecast API over HTTPS, no key. Everything else reads forecasts through `WeatherProvider`, so
// tests put a stand-in here (replaceWeatherProvider) and never reach the network.
import { type Forecast, iconOfWeatherCode } from "../../domain/weather.ts";

export interface WeatherProvider {
  /** The forecast at `lat`,`lon` for the UTC hour starting at `hourStart`; null when it has none. */
  forecast(
    lat: number,
    lon: number,
    hourStart: number,
    signal: AbortSignal,
  ): Promise<Forecast | null>;
}

const OPEN_METEO_URL = "https://api.open-meteo.com/v1/forecast";

/** '2026-11-28T08:00': an hour as Open-Meteo reads it with timezone=GMT. */
function utcHour(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 13)}:00`;
}

interface OpenMeteoHourly {
  hourly?: {
    time?: string[];
    temperature_2m?: (number | null)[];
    precipitation_probability?: (number | null)[];
    wind_speed_10m?: (number | null)[];
    weather_code?: (number | null)[];
  };
}

/** Open-Meteo's hourly forecast for one hour; any answer it cannot read is "no forecast". */
export function openMeteo(send: typeof fetch = (...args) => fetch(...args)): WeatherProvider {
  return {
    async forecast(lat, lon, hourStart, signal) {
      const url = new URL(OPEN_METEO_URL);
      url.search = new URLSearchParams({
        latitude: lat.toFixed(4),
        longitude: lon.toFixed(4),
        hourly: "temperature_2m,precipitation_probability,wind_speed_10m,weather_code",
        wind_speed_unit: "kmh",
        timezone: "GMT",
        start_hour: utcHour(hourStart),
        end_hour: utcHour(hourStart),
      }).toString();
      const res = await send(url, { signal, headers: { Accept: "application/json" } });
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`weather provider answered ${res.status}`);
      }
      const hourly = ((await res.json()) as OpenMeteoHourly).hourly;
      const i = hourly?.time?.indexOf(utcHour(hourStart)) ?? -1;
      const temperature = hourly?.temperature_2m?.[i];
      const rain = hourly?.precipitation_probability?.[i];
      const wind = hourly?.wind_speed_10m?.[i];
      const code = hourly?.weather_code?.[i];
      if (i < 0 || typeof temperature !== "number" || typeof wind !== "number") return null;
      return {
        temperatureC: Math.round(temperature),
        rainChancePct: typeof rain === "number" ? Math.round(rain) : 0,
        windKmh: Math.round(wind),
        icon: iconOfWeatherCode(typeof code === "number" ? code : 3),
      };
    },
  };
}

let current: WeatherProvider = openMeteo();

export function weatherProvider(): WeatherProvider {
  return current;
}

/** Tests: puts a stand-in in the provider's place; returns what puts the previous one back. */
export function replaceWeatherProvider(provider: WeatherProvider): () => void {
  const previous = current;
  current = provider;
  return () => {
    current = previous;
  };
}
