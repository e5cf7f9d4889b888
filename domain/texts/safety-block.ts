// Blocking (docs/product.md#blocking): the block dialog and her blocked list in Settings. Its
// messages are MSG's.

export const BLOCK_DIALOG_TEXT = {
  /** The button that opens it, on a profile and in a message's menu, and its confirmation. */
  block: "Bloquear",
  title: (username: string) => `¿Bloquear a ${username}?`,
  text: "No veréis vuestras salidas ni vuestros mensajes, no podrá unirse a tus salidas ni ver tu perfil. No se lo diremos. Puedes desbloquearla en Ajustes.",
  blocking: "Bloqueando...",
  /** Her upcoming rides the blocked rider is in, each with 'Quitarla de la salida'. */
  sharedTitle: "Está en tus próximas salidas",
  sharedText: (username: string) =>
    `${username} está apuntada a estas salidas tuyas. Si la quitas, solo le diremos que ya no forma parte de la salida.`,
  removed: "Ya no está en esta salida",
  remove: "Quitarla de la salida",
  removeFrom: (title: string) => `Quitarla de la salida ${title}`,
  removing: "Quitando...",
  done: "Hecho",
} as const;

/** Settings → Usuarias bloqueadas. */
export const BLOCKED_USERS_TEXT = {
  title: "Usuarias bloqueadas",
  intro: "No veis vuestras salidas ni vuestros mensajes. Ellas no saben que las has bloqueado.",
  none: "No has bloqueado a nadie.",
  unblock: "Desbloquear",
  unblockUser: (username: string) => `Desbloquear a ${username}`,
} as const;
