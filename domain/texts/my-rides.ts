// 'Mis salidas' (docs/product.md#my-rides).

export const MY_RIDES_TEXT = {
  title: "Mis salidas",
  upcoming: "En marcha",
  past: "Ya rodadas",
  explore: "Explorar salidas",
  upcomingEmpty: "Aquí aparecerán tus próximas rutas.",
  upcomingEmptyHint: "¿Y si hoy te unes a una nueva grupeta?",
  pastEmpty: "Todavía no has rodado con ninguna grupeta",
  cancelled: (n: number) => `Canceladas (${n})`,
  cancelledEmpty: "No tienes salidas canceladas.",
  /** The rides she asked to join or waits for a place on. */
  awaiting: (n: number) => `A la espera de plaza (${n})`,
} as const;
