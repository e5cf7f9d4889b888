// The IANA zone a ride keeps (DESIGN.md decision 15): the calendar export and the share preview
// need it. Branch defects-b adds `cityTimeZone` to domain/cities.ts with the whole city list by
// zone; when both land, this file goes and its importers use that one (same name, same answer).
import { normalizeText } from "./cities.ts";

const CANARY_TOWNS = [
  "Adeje",
  "Arona",
  "Arrecife",
  "Las Palmas de Gran Canaria",
  "Puerto de la Cruz",
  "Puerto del Rosario",
  "San Cristóbal de La Laguna",
  "Santa Cruz de La Palma",
  "Santa Cruz de Tenerife",
  "Telde",
];
const ANDORRAN_PARISHES = [
  "Andorra la Vella",
  "Canillo",
  "Encamp",
  "Escaldes-Engordany",
  "La Massana",
  "Ordino",
  "Sant Julià de Lòria",
];

const ZONE_BY_KEY = new Map<string, string>([
  ...CANARY_TOWNS.map((name) => [normalizeText(name), "Atlantic/Canary"] as const),
  ...ANDORRAN_PARISHES.map((name) => [normalizeText(name), "Europe/Andorra"] as const),
  ["ceuta", "Africa/Ceuta"],
  ["melilla", "Africa/Ceuta"],
]);

/** Island names a Canarian town may come with when it is not in the list ('Mogán, Gran Canaria'). */
const CANARY_ISLANDS =
  /\b(gran canaria|tenerife|lanzarote|fuerteventura|la gomera|el hierro|la palma(?! del condado)|la graciosa)\b/;

/** Mainland Spain and the Balearics keep Europe/Madrid, the default for a town the list lacks. */
export function cityTimeZone(city: string): string {
  const key = normalizeText(city);
  return ZONE_BY_KEY.get(key) ?? (CANARY_ISLANDS.test(key) ? "Atlantic/Canary" : "Europe/Madrid");
}

const ZONE_LABELS: Record<string, string> = {
  "Europe/Madrid": "hora de Madrid",
  "Atlantic/Canary": "hora canaria",
  "Africa/Ceuta": "hora de Ceuta y Melilla",
  "Europe/Andorra": "hora de Andorra",
};

/** 'hora canaria': says which clock a time is on, for texts read away from the app. */
export function zoneLabel(zone: string): string {
  return ZONE_LABELS[zone] ?? zone;
}
