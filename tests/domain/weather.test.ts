import { describe, expect, it } from "vitest";
import {
  type Forecast,
  forecastWindowOpen,
  iconOfWeatherCode,
  warningSummary,
  weatherWarnings,
} from "../../domain/weather.ts";

const calm: Forecast = { temperatureC: 15, rainChancePct: 0, windKmh: 10, icon: "sun" };

describe("weather warnings (¿Sigue en pie?)", () => {
  it.each([
    [{ rainChancePct: 59 }, []],
    [{ rainChancePct: 60 }, ["rain"]],
    [{ windKmh: 39 }, []],
    [{ windKmh: 40 }, ["wind"]],
    [{ temperatureC: 3 }, []],
    [{ temperatureC: 2 }, ["cold"]],
    [{ temperatureC: -4 }, ["cold"]],
    [{ temperatureC: 34 }, []],
    [{ temperatureC: 35 }, ["heat"]],
    [{ rainChancePct: 90, windKmh: 50 }, ["rain", "wind"]],
  ])("%o → %o", (change, expected) => {
    expect(weatherWarnings({ ...calm, ...change })).toEqual(expected);
  });

  it("names the reasons in Spanish", () => {
    expect(warningSummary(["rain", "wind"])).toBe("Probabilidad de lluvia alta, viento fuerte");
  });

  it("opens 7 days before the start and closes at it", () => {
    const start = Date.UTC(2027, 0, 10, 8);
    expect(forecastWindowOpen(start, start - 7 * 24 * 3600_000 - 1)).toBe(false);
    expect(forecastWindowOpen(start, start - 7 * 24 * 3600_000)).toBe(true);
    expect(forecastWindowOpen(start, start)).toBe(false);
  });

  it("maps WMO codes to icons", () => {
    expect([0, 2, 3, 45, 61, 73, 95].map(iconOfWeatherCode)).toEqual([
      "sun",
      "cloud-sun",
      "cloud",
      "fog",
      "rain",
      "snow",
      "storm",
    ]);
  });
});
