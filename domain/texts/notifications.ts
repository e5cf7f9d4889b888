// Settings → Notificaciones (docs/product.md#web-push). The switches' labels and the messages are
// in domain/push.ts (PUSH_EVENT_LABELS, PUSH_MSG), which the worker shares; these are the card's
// own words.

export const NOTIFICATIONS_TEXT = {
  title: "Notificaciones",
  intro:
    "Te avisamos de mensajes, cambios y recordatorios de tus salidas aunque tengas la app cerrada.",
  enable: "Activar avisos en este dispositivo",
  disable: "Desactivar en este dispositivo",
  events: "Avisos que quieres recibir",
  test: "Enviar un aviso de prueba",
  /** `npm run dev` only: 'Para probarlos en local: npm run build y después npm run preview.' */
  devHint: {
    before: "Para probarlos en local:",
    build: "npm run build",
    andThen: "y después",
    preview: "npm run preview",
  },
} as const;
