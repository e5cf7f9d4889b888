// What the app's shell shows around every screen: the navigation, the screens' names, the
// loading and error pages, the toasts the notification channel raises. The shell loads with the
// first screen, so only its own texts belong here: a screen's texts go in its feature's module
// (docs/decisions/0053-texts-in-one-place-per-feature.md).
import { CONTACT_EMAIL } from "../constants.ts";
import { plural, pluralForm } from "../plural.ts";

/** The bottom navigation. */
export const NAV_TEXT = {
  label: "Navegación principal",
  home: "Inicio",
  search: "Buscar",
  create: "Crear",
  myRides: "Mis Salidas",
  profile: "Perfil",
  /** After the badge's number, for a screen reader: '3 novedades'. */
  news: (n: number) => pluralForm(n, "novedad", "novedades"),
} as const;

/** A screen's name for the page title and the announcer, by the path's first segment. */
export const ROUTE_NAMES: Readonly<Record<string, string>> = {
  "": "Inicio",
  signup: "Crear cuenta",
  login: "Iniciar sesión",
  logout: "Cerrar sesión",
  offline: "Sin conexión",
  blog: "Blog",
  faqs: "Preguntas frecuentes",
  contacto: "Contacto",
  "profile-setup": "Completa tu perfil",
  profile: "Perfil",
  feed: "Inicio",
  search: "Buscar salidas",
  create: "Propón una ruta",
  ride: "Salida",
  chat: "Chat",
  "my-rides": "Mis salidas",
  settings: "Ajustes",
};

export const SHELL_TEXT = {
  loading: "Cargando...",
  /** sonner's region and close buttons, which it would name in English. */
  toasts: "Avisos",
  closeToast: "Cerrar aviso",
  /** The error page (docs/product.md#the-installable-app). */
  errorTitle: "Unexpected Application Error!",
  unknownError: "Error desconocido",
  backHome: "Volver al inicio",
  /** The waiting list's toast: open the ride she got a place in. */
  viewRide: "Ver salida",
} as const;

/**
 * The messages (MSG, domain/messages.ts) that the shell's own code raises or shows: the offline
 * and error pages, a call that failed, the notification channel's frames and toasts, a
 * suspension. MSG names each of them too, so every other screen and the API read them as before;
 * they are written here so that the first screen loads these few and not the whole table.
 */
export const SHELL_MSG = {
  errorTitle: "Error",
  offlineTitle: "Sin conexión",
  networkError: "No tienes conexión a internet. Revisa tu conexión e inténtalo de nuevo.",
  retry: "Reintentar",
  invalidInput: "Datos no válidos",
  internal: "Algo ha fallado. Inténtalo de nuevo.",
  messageTooLong: "El mensaje es demasiado largo",
  accountSuspended: `Cuenta suspendida. Escríbenos a ${CONTACT_EMAIL}`,
  waitingListPromotedTitle: "¡Tienes plaza!",
  waitingListPromotedText: (title: string) => `Has entrado en "${title}" desde la lista de espera.`,
  waitingListClosedTitle: "Salida cancelada",
  // Whoever cancelled it (the organizer, or a suspension of her account): true in every case.
  waitingListClosedText: (title: string) =>
    `"${title}" se ha cancelado y su lista de espera se ha cerrado.`,
} as const;

/** docs/product.md#unread-messages: the toast for a chat she is not looking at. */
export const CONVERSATION_TOAST_TEXT = {
  title: "Conversación en curso",
  messages: (n: number) => plural(n, "mensaje", "mensajes"),
  inRide: (title: string) => `Ya hay mensajes en "${title}"`,
  open: "Ver mensajes",
} as const;
