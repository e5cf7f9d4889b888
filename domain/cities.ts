// Built-in city list for autocompletion and accent-insensitive city search
// (docs/product.md#cities), and the time zone of each city (a ride's clock).
import { DEFAULT_RIDE_TIME_ZONE, type RideTimeZone } from "./zones.ts";

/** Lowercase, strip diacritics, trim and collapse inner whitespace: the search key everywhere. */
export function normalizeText(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim().replace(/\s+/g, " ");
}

export const CITY_SUGGESTIONS_PROFILE = 8;
export const CITY_SUGGESTIONS_SIGNUP = 10;

/**
 * Spanish provincial capitals, larger towns and cycling hubs, plus the Andorran parishes, by the
 * IANA zone their clocks keep (docs/product.md#times-and-time-zones): a ride's times read in its
 * city's zone.
 */
const CITIES_BY_ZONE: Record<RideTimeZone, readonly string[]> = {
  // Mainland Spain and the Balearics
  "Europe/Madrid": [
    // Provincial capitals
    "A Coruña",
    "Albacete",
    "Alicante",
    "Almería",
    "Ávila",
    "Badajoz",
    "Barcelona",
    "Bilbao",
    "Burgos",
    "Cáceres",
    "Cádiz",
    "Castellón de la Plana",
    "Ciudad Real",
    "Córdoba",
    "Cuenca",
    "Girona",
    "Granada",
    "Guadalajara",
    "Huelva",
    "Huesca",
    "Jaén",
    "León",
    "Lleida",
    "Logroño",
    "Lugo",
    "Madrid",
    "Málaga",
    "Mérida",
    "Murcia",
    "Ourense",
    "Oviedo",
    "Palencia",
    "Palma",
    "Pamplona",
    "Pontevedra",
    "Salamanca",
    "San Sebastián",
    "Santander",
    "Santiago de Compostela",
    "Segovia",
    "Sevilla",
    "Soria",
    "Tarragona",
    "Teruel",
    "Toledo",
    "Valencia",
    "Valladolid",
    "Vitoria-Gasteiz",
    "Zamora",
    "Zaragoza",
    // Comunidad de Madrid
    "Alcalá de Henares",
    "Alcobendas",
    "Alcorcón",
    "Aranjuez",
    "Arganda del Rey",
    "Boadilla del Monte",
    "Collado Villalba",
    "Colmenar Viejo",
    "Coslada",
    "Fuenlabrada",
    "Getafe",
    "Las Rozas de Madrid",
    "Leganés",
    "Majadahonda",
    "Móstoles",
    "Navacerrada",
    "Parla",
    "Pozuelo de Alarcón",
    "Rivas-Vaciamadrid",
    "San Lorenzo de El Escorial",
    "San Sebastián de los Reyes",
    "Torrejón de Ardoz",
    "Tres Cantos",
    "Valdemoro",
    // Cataluña
    "Badalona",
    "Banyoles",
    "Blanes",
    "Cambrils",
    "Castelldefels",
    "Cornellà de Llobregat",
    "Figueres",
    "Granollers",
    "Igualada",
    "L'Hospitalet de Llobregat",
    "La Seu d'Urgell",
    "Lloret de Mar",
    "Manresa",
    "Mataró",
    "Olot",
    "Puigcerdà",
    "Reus",
    "Rubí",
    "Sabadell",
    "Salou",
    "Sant Boi de Llobregat",
    "Sant Cugat del Vallès",
    "Sitges",
    "Terrassa",
    "Tortosa",
    "Vic",
    "Vilanova i la Geltrú",
    // Comunitat Valenciana
    "Alcoy",
    "Alzira",
    "Benicàssim",
    "Benidorm",
    "Calp",
    "Dénia",
    "Elche",
    "Elda",
    "Gandia",
    "Jávea",
    "Ontinyent",
    "Orihuela",
    "Paterna",
    "Sagunto",
    "Torrent",
    "Torrevieja",
    "Vila-real",
    "Vinaròs",
    "Xàtiva",
    // Andalucía
    "Alcalá de Guadaíra",
    "Algeciras",
    "Almuñécar",
    "Antequera",
    "Baeza",
    "Benalmádena",
    "Chiclana de la Frontera",
    "Dos Hermanas",
    "Écija",
    "El Ejido",
    "El Puerto de Santa María",
    "Estepona",
    "Fuengirola",
    "Guadix",
    "Jerez de la Frontera",
    "La Línea de la Concepción",
    "Linares",
    "Marbella",
    "Mijas",
    "Motril",
    "Nerja",
    "Ronda",
    "Roquetas de Mar",
    "San Fernando",
    "Sanlúcar de Barrameda",
    "Torremolinos",
    "Úbeda",
    "Vélez-Málaga",
    // Región de Murcia
    "Águilas",
    "Alcantarilla",
    "Caravaca de la Cruz",
    "Cartagena",
    "Lorca",
    "Molina de Segura",
    // Aragón and Navarra
    "Alcañiz",
    "Barbastro",
    "Calatayud",
    "Estella-Lizarra",
    "Jaca",
    "Monzón",
    "Tudela",
    // País Vasco
    "Barakaldo",
    "Durango",
    "Eibar",
    "Getxo",
    "Irun",
    "Zarautz",
    // Cantabria and Asturias
    "Avilés",
    "Cangas de Onís",
    "Castro Urdiales",
    "Gijón",
    "Laredo",
    "Llanes",
    "Mieres",
    "Torrelavega",
    // Galicia
    "Ferrol",
    "Sanxenxo",
    "Vigo",
    "Vilagarcía de Arousa",
    // Castilla y León and La Rioja
    "Aranda de Duero",
    "Astorga",
    "Calahorra",
    "Haro",
    "Medina del Campo",
    "Miranda de Ebro",
    "Ponferrada",
    // Castilla-La Mancha
    "Alcázar de San Juan",
    "Almansa",
    "Hellín",
    "Puertollano",
    "Talavera de la Reina",
    "Tomelloso",
    "Valdepeñas",
    // Extremadura
    "Almendralejo",
    "Don Benito",
    "Plasencia",
    "Villanueva de la Serena",
    "Zafra",
    // Illes Balears
    "Alcúdia",
    "Ciutadella de Menorca",
    "Ibiza",
    "Inca",
    "Mahón",
    "Manacor",
    "Pollença",
    "Sóller",
  ],
  "Atlantic/Canary": [
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
  ],
  "Africa/Ceuta": ["Ceuta", "Melilla"],
  "Europe/Andorra": [
    "Andorra la Vella",
    "Canillo",
    "Encamp",
    "Escaldes-Engordany",
    "La Massana",
    "Ordino",
    "Sant Julià de Lòria",
  ],
};

export const CITIES: readonly string[] = Object.values(CITIES_BY_ZONE).flat();

const byName = (a: string, b: string) => a.localeCompare(b, "es");

// Built on the first search (not on import: ride cards need only the zones, and sorting with
// Spanish collation costs the first screen ICU's start-up): the list in Spanish alphabetical
// order with its search keys.
let sortedCities: { name: string; key: string }[] | undefined;
const SORTED_CITIES = () =>
  (sortedCities ??= [...CITIES].sort(byName).map((name) => ({ name, key: normalizeText(name) })));

let zoneByKey: Map<string, RideTimeZone> | undefined;

/** Island names a Canarian town may come with when it is not in the list ('Mogán, Gran Canaria'). */
const CANARY_ISLANDS =
  /\b(gran canaria|tenerife|lanzarote|fuerteventura|la gomera|el hierro|la palma(?! del condado)|la graciosa)\b/;

/**
 * The IANA zone a ride in `city` keeps: the list's zone for a known city (any case or accents),
 * Canary time for a town named with its island, else mainland Spain's.
 */
export function cityTimeZone(city: string): RideTimeZone {
  // Only the cities off mainland time: everything else is on it (and ride cards call this on
  // the first screen).
  zoneByKey ??= new Map(
    Object.entries(CITIES_BY_ZONE)
      .filter(([zone]) => zone !== DEFAULT_RIDE_TIME_ZONE)
      .flatMap(([zone, names]) =>
        names.map((name) => [normalizeText(name), zone as RideTimeZone] as const),
      ),
  );
  const key = normalizeText(city);
  return (
    zoneByKey.get(key) ?? (CANARY_ISLANDS.test(key) ? "Atlantic/Canary" : DEFAULT_RIDE_TIME_ZONE)
  );
}

/**
 * Cities matching `query` (accent- and case-insensitive): exact matches, then prefix matches,
 * then other contains matches, each group alphabetical. An empty query gives the first
 * `limit` cities alphabetically.
 */
export function searchCities(query: string, limit: number = CITY_SUGGESTIONS_PROFILE): string[] {
  const max = Math.max(0, Math.floor(limit));
  const q = normalizeText(query);
  if (q === "")
    return SORTED_CITIES()
      .slice(0, max)
      .map((c) => c.name);

  const exact: string[] = [];
  const prefix: string[] = [];
  const contains: string[] = [];
  // SORTED_CITIES is already alphabetical, so each group stays alphabetical.
  for (const { name, key } of SORTED_CITIES()) {
    if (key === q) exact.push(name);
    else if (key.startsWith(q)) prefix.push(name);
    else if (key.includes(q)) contains.push(name);
  }
  return [...exact, ...prefix, ...contains].slice(0, max);
}
