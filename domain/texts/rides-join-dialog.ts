// The dialog after she joins a ride from its card (docs/product.md#joining-and-leaving), loaded
// with it.

export const JOINED_DIALOG_TEXT = {
  title: "¡Apuntada!",
  text: "Contamos contigo para esta salida",
  route: "Ruta completa",
  chat: "Chat",
  info: "Info adicional",
  /** On the waiting list instead. */
  gotIt: "Entendido",
} as const;
