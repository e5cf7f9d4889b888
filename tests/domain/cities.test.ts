import { describe, expect, it } from "vitest";
import {
  CITIES,
  CITY_SUGGESTIONS_PROFILE,
  CITY_SUGGESTIONS_SIGNUP,
  normalizeText,
  searchCities,
} from "../../domain/cities.ts";

describe("normalizeText", () => {
  it("lowercases, strips accents, trims and collapses spaces", () => {
    expect(normalizeText("  Ávila   de  los  CABALLEROS ")).toBe("avila de los caballeros");
    expect(normalizeText("Logroño")).toBe("logrono");
    expect(normalizeText("Sant Julià de Lòria")).toBe("sant julia de loria");
    expect(normalizeText("A\u0301vila")).toBe("avila");
  });
});

describe("CITIES", () => {
  it("holds about 200 distinct Spanish and Andorran cities", () => {
    expect(CITIES.length).toBeGreaterThanOrEqual(190);
    expect(new Set(CITIES.map(normalizeText)).size).toBe(CITIES.length);
    for (const city of ["Madrid", "Ávila", "A Coruña", "Andorra la Vella", "Escaldes-Engordany"]) {
      expect(CITIES).toContain(city);
    }
    for (const city of CITIES) expect(city).toBe(city.trim());
  });

  it("has suggestion limits from the spec", () => {
    expect(CITY_SUGGESTIONS_PROFILE).toBe(8);
    expect(CITY_SUGGESTIONS_SIGNUP).toBe(10);
  });
});

describe("searchCities", () => {
  it("matches without accents or case", () => {
    expect(searchCities("AVILA", 10)[0]).toBe("Ávila");
    expect(searchCities("logrono", 10)).toEqual(["Logroño"]);
    expect(searchCities("cadiz", 10)).toEqual(["Cádiz"]);
  });

  it("orders exact, then prefix, then contains, each alphabetically", () => {
    expect(searchCities("León", 10)[0]).toBe("León");
    expect(searchCities("palma", 10)).toEqual([
      "Palma",
      "Las Palmas de Gran Canaria",
      "Santa Cruz de La Palma",
    ]);
    expect(searchCities("madrid", 10)).toEqual([
      "Madrid",
      "Las Rozas de Madrid",
      "Rivas-Vaciamadrid",
    ]);
    expect(searchCities("vila", 10)).toEqual([
      "Vila-real",
      "Vilagarcía de Arousa",
      "Vilanova i la Geltrú",
      "Ávila",
    ]);
  });

  it("puts prefix matches before contains matches", () => {
    const result = searchCities("san", 50);
    const firstContains = result.findIndex((c) => !normalizeText(c).startsWith("san"));
    const prefixGroup = firstContains === -1 ? result : result.slice(0, firstContains);
    const containsGroup = firstContains === -1 ? [] : result.slice(firstContains);
    expect(prefixGroup.length).toBeGreaterThan(5);
    expect(prefixGroup).toEqual([...prefixGroup].sort((a, b) => a.localeCompare(b, "es")));
    expect(containsGroup).toEqual([...containsGroup].sort((a, b) => a.localeCompare(b, "es")));
    for (const c of containsGroup) expect(normalizeText(c)).toContain("san");
    expect(prefixGroup).toContain("Santander");
    expect(containsGroup).toContain("Alcázar de San Juan");
  });

  it("puts an exact match before longer names starting with it", () => {
    expect(searchCities("san sebastian", 10)).toEqual([
      "San Sebastián",
      "San Sebastián de los Reyes",
    ]);
    expect(searchCities("sant", 20)).toEqual([
      "Sant Boi de Llobregat",
      "Sant Cugat del Vallès",
      "Sant Julià de Lòria",
      "Santa Cruz de La Palma",
      "Santa Cruz de Tenerife",
      "Santander",
      "Santiago de Compostela",
      "El Puerto de Santa María",
    ]);
  });

  it("respects the limit", () => {
    expect(searchCities("a", 8)).toHaveLength(8);
    expect(searchCities("a", 10)).toHaveLength(10);
    expect(searchCities("a", 0)).toEqual([]);
  });

  it("shows the first cities alphabetically for an empty query", () => {
    const sorted = [...CITIES].sort((a, b) => a.localeCompare(b, "es"));
    expect(searchCities("", 8)).toEqual(sorted.slice(0, 8));
    expect(searchCities("   ", 10)).toEqual(sorted.slice(0, 10));
    expect(searchCities("")[0]).toBe("A Coruña");
    expect(searchCities("")).toHaveLength(8);
  });

  it("returns nothing for unknown text", () => {
    expect(searchCities("zzzz", 10)).toEqual([]);
  });
});
