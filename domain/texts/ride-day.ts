// The ride day in the chat (docs/product.md#ride-day, #check-in-and-arrivals): the check-in
// panel, the live group's panel, its map and the route mode. The texts the worker shares stay in
// domain/ride-day.ts (RIDE_DAY_MSG), domain/ride-day-live.ts (RIDE_DAY_TEXT) and
// domain/sweeper-text.ts (SWEEPER_TEXT); the ride form's duration field has its own module
// (ride-day-duration.ts).
import { plural } from "../plural.ts";

export const CHECK_IN_TEXT = {
  title: "Día de salida",
  imHome: "He llegado a casa",
  checkedIn: "✓ Estás en el punto de encuentro",
  checkIn: "Estoy en el punto de encuentro",
  arrived: "✓ Has llegado a casa",
  timer:
    "Aviso de llegada: si no marcas «He llegado a casa», te preguntaremos «¿Has llegado bien?» y, una hora después, avisaremos a la organizadora y a la escoba.",
  arrivals: "Han llegado a casa:",
  present: "En el punto de encuentro",
  presentCount: (n: number) => `En el punto de encuentro (${n})`,
  noneYet: "Aún no ha llegado nadie.",
  missing: "Faltan",
  missingCount: (n: number) => `Faltan (${n})`,
  callMissing: "Avisar a las que faltan",
  called: (n: number) => `Hemos avisado a ${plural(n, "compañera", "compañeras")}.`,
} as const;

export const LIVE_GROUP_TEXT = {
  title: "Día de ruta",
  /** Her own name in the group's list and on its map. */
  me: (username: string) => `${username} (tú)`,
  sharing: "Comparten su ubicación",
  showOnMap: "Ver en el mapa",
  showOnMapOf: (username: string) => `Ver en el mapa: ${username}`,
  leftBehind: "se ha quedado atrás",
  leftBehindOf: (username: string) => `${username} se ha quedado atrás`,
  /** Read after a 'Me he quedado atrás' notice: who else sees it. */
  leftBehindSeenBy: " (solo lo veis la organizadora y la escoba)",
  notices: "Avisos de la grupeta",
  paused: " (en pausa)",
  offline: "Sin conexión. Inténtalo de nuevo en un momento.",
  mapLabel: (groupMap: string) =>
    `${groupMap}: la ruta y quién comparte su ubicación. La lista de la grupeta dice lo mismo.`,
  /** What sharing her position is doing, under the button. */
  status: {
    starting: "Buscando tu ubicación…",
    paused: "En pausa: la página está oculta.",
    unsupported: "Este navegador no puede compartir tu ubicación.",
  },
} as const;

export const ROUTE_MODE_TEXT = {
  exit: "Salir del modo ruta",
  /** Whether the screen stays on. */
  wakeLock: {
    pending: "",
    on: "La pantalla se mantiene encendida mientras estés en el modo ruta.",
    off: "No hemos podido mantener la pantalla encendida.",
    unsupported: "Este navegador no puede mantener la pantalla encendida.",
  },
} as const;
