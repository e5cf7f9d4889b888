// 'Charla del grupo' (docs/product.md#grupos): the group's chat, its entry on the group's page,
// its push and the notice a new leader's arrival leaves in it. The messages themselves and their
// errors are the ride chat's (MSG, CHAT_TEXT).
import { plural } from "../plural.ts";

export const GROUP_CHAT_TEXT = {
  title: "Charla del grupo",
  /** The entry's count on the group's page. */
  unread: (n: number) => plural(n, "mensaje sin leer", "mensajes sin leer"),
  back: "Volver al grupo",
  loading: "Cargando la charla",
  loadFailed: "No hemos podido cargar la charla del grupo.",
  empty: "Aún no hay mensajes. ¡Saluda al grupo!",
  membersOnly: "La charla es solo para las miembros del grupo.",
  pushTitle: (group: string) => `Charla de «${group}»`,
  pushBody: (n: number) =>
    `Tienes ${plural(n, "mensaje nuevo", "mensajes nuevos")} en la charla del grupo.`,
  /** Leadership passed on (the last leader left, was suspended or deleted her account). */
  newLeader: (username: string) => `@${username} es ahora la líder del grupo.`,
} as const;
