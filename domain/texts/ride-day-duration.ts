// The ride form's estimated duration (docs/product.md#check-in-and-arrivals): shown on 'Propón una
// ruta', apart from the chat's ride day texts (ride-day.ts), which that screen does not load.

export const DURATION_FIELD_TEXT = {
  label: "Duración estimada (min)",
  hint: "Calculada con la distancia y el nivel (chill 15 km/h, intermedio 20 km/h, cañero 25 km/h); puedes cambiarla. Si no marcas «He llegado a casa», una hora después te preguntaremos si has llegado bien.",
} as const;
