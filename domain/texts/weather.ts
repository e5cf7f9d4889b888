// The weather card on a ride's page (docs/product.md#weather-at-the-start). The texts the API shares with it are
// WEATHER_TEXTS (domain/weather.ts).

export const WEATHER_CARD_TEXT = {
  /** Her 'Sigue en pie' on its way to the chat. */
  stillOnPosting: "Avisando...",
  stillOnFailed: "No se pudo avisar en el chat. Inténtalo de nuevo.",
} as const;
