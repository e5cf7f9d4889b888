// The card's small mark of a regular grupeta (docs/product.md#regular-grupetas), apart from
// domain/series.ts so that cards on the feed's first screen load no schema code.

/** 'cada semana' (1) or 'cada dos semanas' (2). */
export const SERIES_EVERY_WEEKS = [1, 2] as const;
export type SeriesEveryWeeks = (typeof SERIES_EVERY_WEEKS)[number];

/** 'Semanal' / 'Cada dos semanas'. */
export const SERIES_MARKS: Record<SeriesEveryWeeks, string> = {
  1: "Semanal",
  2: "Cada dos semanas",
};
