// The ride's chat screen (docs/product.md#ride-chat). Its messages and errors are MSG's; the
// unread badges other screens show are in chat-badge.ts, so those screens do not load these.
import { plural } from "../plural.ts";

export const CHAT_TEXT = {
  messageCount: (n: number) => plural(n, "mensaje", "mensajes"),
  back: "Volver",
  viewRide: "Ver la salida",
  sending: "Enviando…",
  inputLabel: "Escribe un mensaje",
  placeholder: "Escribe un mensaje…",
  send: "Enviar",
  connecting: "Conectando…",
  messages: "Mensajes",
  loadingOlder: "Cargando mensajes anteriores...",
  empty: "Aún no hay mensajes. ¡Saluda a la grupeta!",
} as const;

/** The chat of a ride she is not in. */
export const OUTSIDER_CHAT_TEXT = {
  banner: "Mensajes en esta salida",
  bannerText: (count: string) => `Hay ${count} en esta conversación.`,
  close: "Cerrar",
  view: "Ver",
  title: "El chat es para las participantes",
  joinToRead: "Únete a la salida para leer y escribir en el chat.",
  join: "UNIRME",
  joining: "Uniéndote...",
} as const;
