// A rider's public profile (docs/product.md#public-profile) and its honest levels
// (docs/product.md#trust-signals-and-honest-levels).
import { plural } from "../plural.ts";

export const PUBLIC_PROFILE_TEXT = {
  titleOwn: "Así te ves en la grupeta",
  titleOther: "Así te ven en la grupeta",
  edit: "Editar",
  settings: "Ajustes",
  completedRides: "Rutas completadas",
  /** Said to her only: on another rider's profile it would promise her a ride. */
  completedRidesNoneOwn: "Tu primera rodada está por venir",
  completedRidesNone: "Sin rutas completadas (de momento)",
  connections: "Conexiones",
  connectionsNone: "Sin conexiones (de momento)",
  history: "Historial",
  memberSince: (since: string) => `Miembro desde ${since}`,
  logout: "Cerrar sesión",
  deleteAccount: "Eliminar mi cuenta",
  deleteTitle: "¿Seguro que quieres eliminar tu cuenta?",
  deleteText: "Se borrarán todos tus datos y no podrás recuperarlos.",
  deleteConfirm: "Eliminar cuenta",
} as const;

export const ORGANIZER_LEVELS_TEXT = {
  title: "Cómo son sus salidas",
  intro:
    "Según las respuestas anónimas de quienes rodaron con ella. Se actualiza por tandas de varias salidas, para que ninguna respuesta se pueda atribuir a nadie.",
  yes: "Sí",
  no: "No",
  answers: (n: number) => plural(n, "respuesta", "respuestas"),
} as const;
