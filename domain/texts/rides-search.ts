// /app/search, 'Buscar salidas' (docs/product.md#search-and-filters). The cards in its results
// speak through rides-card.ts.
import { NEAR_RADIUS_KM } from "../constants.ts";

export const SEARCH_TEXT = {
  title: "Buscar salidas",
  search: "Buscar",
  placeholder: "Escribe ciudad, ruta o zona…",
  modality: "Modalidad",
  level: "Nivel",
  date: "Fecha",
  today: "Hoy",
  week: "Esta semana",
  custom: "Personalizado",
  city: "Dónde ruedas",
  apply: "Aplicar",
  reset: "Restablecer",
  order: "Ordenar",
  results: "Resultados",
  create: "Propón ruta",
  empty: "Aquí no hay salidas aún… ¿y si creas la primera?",
} as const;

/** The search's two tabs (docs/product.md#grupos): rides, and the groups to join. */
export const SEARCH_TABS_TEXT = {
  label: "Qué buscas",
  rides: "Salidas",
  groups: "Grupos",
} as const;

/** Ours: 'Cerca de mí' (docs/product.md#meeting-pin-and-near-me). */
export const NEAR_ORDER_TEXT = {
  near: "Cerca de mí",
  date: "Por fecha",
  locating: "Buscando tu ubicación…",
  fromPosition: "Ordenadas por distancia a tu ubicación (aproximada, no se guarda).",
  fromCity: (city: string) => `Ordenadas por distancia al centro de ${city}.`,
  unknown: "No sabemos dónde buscar: permite la ubicación o indica tu ciudad en tu perfil.",
  empty: `No hay salidas a menos de ${NEAR_RADIUS_KM} km. Prueba con otras fechas o quita algún filtro.`,
} as const;
