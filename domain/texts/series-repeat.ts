// The ride form's 'Se repite' (docs/product.md#regular-grupetas), on 'Propón una ruta'. The texts
// the API shares with it are SERIES_TEXTS (domain/series.ts).

export const REPEAT_FIELD_TEXT = {
  untilQuestion: "¿Hasta cuándo?",
  countLabel: "Número de salidas",
  countUnit: "salidas",
  untilLabel: "Fecha final",
} as const;
