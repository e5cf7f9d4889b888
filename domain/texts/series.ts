// Regular grupetas (docs/product.md#regular-grupetas): the list of next dates on a ride's page.
// The texts the API shares are SERIES_TEXTS (domain/series-texts.ts); the ride form's repeat field has
// its own module (series-repeat.ts).
import { plural } from "../plural.ts";

export const SERIES_CARD_TEXT = {
  loadFailed: "No se pudieron cargar las fechas de la grupeta.",
  /** A date's state in the list. */
  cancelled: "Cancelada",
  going: "Vas",
  waiting: "En lista de espera",
  full: "Completa",
  places: (n: number) => plural(n, "plaza", "plazas"),
  joining: "Apuntándote...",
  joinFailed: "No se pudo apuntarte a la grupeta. Inténtalo de nuevo.",
  leaving: "Saliendo...",
  leaveFailed: "No se pudo dejar la serie. Inténtalo de nuevo.",
} as const;
