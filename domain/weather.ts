// Weather at the start (docs/product.md#weather-at-the-start): the forecast for a ride's meeting
// point at its start hour, and when it is worth asking the organizer "¿Sigue en pie?".

/** The forecast shows from 7 days before the start (the provider's range). */
export const FORECAST_FROM_MS = 7 * 24 * 60 * 60 * 1000;

/** "¿Sigue en pie?" is asked 12 hours before the start. */
export const STILL_ON_CHECK_BEFORE_MS = 12 * 60 * 60 * 1000;

/** The thresholds that make the forecast a warning. */
export const WEATHER_LIMITS = {
  rainChancePct: 60,
  windKmh: 40,
  coldC: 2,
  hotC: 35,
} as const;

export type WeatherIcon = "sun" | "cloud-sun" | "cloud" | "fog" | "rain" | "snow" | "storm";

export interface Forecast {
  /** °C at the start hour. */
  temperatureC: number;
  /** 0–100. */
  rainChancePct: number;
  /** km/h at 10 m. */
  windKmh: number;
  icon: WeatherIcon;
}

export type WeatherWarning = "rain" | "wind" | "cold" | "heat";

/** Which thresholds the forecast crosses (empty: nothing to warn about). */
export function weatherWarnings(forecast: Forecast): WeatherWarning[] {
  const warnings: WeatherWarning[] = [];
  if (forecast.rainChancePct >= WEATHER_LIMITS.rainChancePct) warnings.push("rain");
  if (forecast.windKmh >= WEATHER_LIMITS.windKmh) warnings.push("wind");
  if (forecast.temperatureC <= WEATHER_LIMITS.coldC) warnings.push("cold");
  if (forecast.temperatureC >= WEATHER_LIMITS.hotC) warnings.push("heat");
  return warnings;
}

/** Whether the ride page asks for the forecast: from 7 days before the start until it. */
export function forecastWindowOpen(startTime: number, now: number): boolean {
  return now < startTime && startTime - now <= FORECAST_FROM_MS;
}

/** The WMO weather code (what Open-Meteo answers) as one of our icons. */
export function iconOfWeatherCode(code: number): WeatherIcon {
  if (code <= 1) return "sun";
  if (code === 2) return "cloud-sun";
  if (code === 3) return "cloud";
  if (code === 45 || code === 48) return "fog";
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return "snow";
  if (code >= 95) return "storm";
  return code >= 51 ? "rain" : "cloud";
}

export const WEATHER_TEXTS = {
  title: "El tiempo a la salida",
  rain: (pct: number) => `${pct} % de lluvia`,
  wind: (kmh: number) => `viento ${kmh} km/h`,
  temperature: (c: number) => `${c} °C`,
  warning: "Aviso: el tiempo puede complicar la salida",
  warningParts: {
    rain: "probabilidad de lluvia alta",
    wind: "viento fuerte",
    cold: "mucho frío",
    heat: "mucho calor",
  } satisfies Record<WeatherWarning, string>,
  stillOnQuestion: "¿Sigue en pie?",
  stillOn: "Sigue en pie",
  stillOnNotice: "La organizadora confirma: la salida sigue en pie",
  stillOnPosted: "Hemos avisado en el chat de que la salida sigue en pie",
  cancelInstead: "Cancelar la salida",
  loading: "Consultando el tiempo…",
  /** The weather's own rate limit (429). */
  tooManyAsks:
    "Has consultado el tiempo muchas veces seguidas. Espera un minuto y vuelve a intentarlo.",
  icons: {
    sun: "Despejado",
    "cloud-sun": "Poco nuboso",
    cloud: "Nublado",
    fog: "Niebla",
    rain: "Lluvia",
    snow: "Nieve",
    storm: "Tormenta",
  } satisfies Record<WeatherIcon, string>,
} as const;

/** "Lluvia 70 %, viento fuerte": the warning's reasons, for the push and the page. */
export function warningSummary(warnings: WeatherWarning[]): string {
  const text = warnings.map((w) => WEATHER_TEXTS.warningParts[w]).join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** GET /api/rides/:id/weather: null when there is no forecast to show (silently). */
export interface RideWeatherResponse {
  forecast: Forecast | null;
  warnings: WeatherWarning[];
  /** The organizer has said "Sigue en pie" (its notice is in the chat). */
  stillOn: boolean;
}
